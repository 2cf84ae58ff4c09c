import { MSG, type UpdateAccountBody, type User, updateAccountBodySchema } from '@kiraya/contract';
import { LogOut, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { applyServerErrors, boundFields, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextAreaField, TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { formatPhone } from '../../../lib/format';
import { useCurrentUser, useLogout, useUpdateAccount } from '../api/profile';
import { PATHS } from '../../../lib/paths';
import { pushOff } from '../../../lib/push';
import { ChangePasswordSection } from './ChangePasswordSection';
import { EmailSettingsSection } from './EmailSettingsSection';
import { PushSettingsSection } from './PushSettingsSection';

type FormValues = Omit<UpdateAccountBody, 'role'>;
const FIELDS = ['fullName', 'email', 'phoneNumber', 'aadharCardNumber', 'address', 'pan', 'upiVpa'] as const;

const ROLE_LABEL: Record<string, string> = { owner: 'House Owner', tenant: 'Tenant', admin: 'Moderator' };

const toForm = (u: User): FormValues => ({
  fullName: u.fullName,
  // A change waiting for its link stays in the form, so saving another field keeps it (ADR 033).
  email: u.pendingEmail ?? u.email,
  phoneNumber: u.phoneNumber,
  aadharCardNumber: u.aadharCardNumber,
  address: u.address,
  // Owners only (B18): the PAN printed on their tenants' rent receipts.
  ...(u.role === 'owner' ? { pan: u.pan ?? '', upiVpa: u.upiVpa ?? '' } : {}),
});

/** Why an owner gives a PAN (B18). */
const PAN_HINT = "Printed on your tenants' rent receipts; needed once a tenant's rent passes ₹1,00,000 a year (HRA).";
/** Why an owner gives a UPI ID (issue 23). */
const VPA_HINT = 'Your tenants can pay you straight from their UPI app, with no fee. You confirm each payment they report.';

/** Profile (spec 2, 4, 8), both roles: view, edit, save, cancel, logout; `children`: sections the routes add. */
export function ProfilePage({ children }: { children?: ReactNode } = {}) {
  const me = useCurrentUser();
  const { user, setUser, clear } = useSession();
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (me.isError) toast.error(MSG.profileLoadFailed);
  }, [me.isError]);

  // Keep the saved user in step with the server's view of it (never bringing back a user who just logged out).
  const signedInId = user?._id;
  useEffect(() => {
    if (me.data && me.data._id === signedInId) setUser(me.data);
  }, [me.data, signedInId, setUser]);

  const onLogout = async () => {
    // This device stops getting the user's pushes (best effort: a logout never waits on it for long).
    await Promise.race([pushOff().catch(() => {}), new Promise((r) => setTimeout(r, 3000))]);
    logoutMutation.mutate(undefined, {
      onSuccess: () => {
        clear(PATHS.home);
        queryClient.clear();
        toast.success(MSG.loggedOut);
        navigate(PATHS.home, { replace: true });
      },
      onError: () => toast.error(MSG.logoutFailed),
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Profile" subtitle="Your account details" />
      {me.isPending ? <Spinner label="Loading your profile" /> : null}
      {me.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{MSG.profileLoadFailed}</p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => me.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {me.data ? (
        <section aria-label="Account details" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {editing ? (
            <ProfileForm user={me.data} onDone={() => setEditing(false)} onSaved={setUser} />
          ) : (
            <ProfileView user={me.data} onEdit={() => setEditing(true)} />
          )}
        </section>
      ) : null}
      {me.data ? <ChangePasswordSection /> : null}
      {/* A moderator's account (issue 26) gets no emails of these categories and no pushes. */}
      {me.data && me.data.role !== 'admin' ? <EmailSettingsSection userRole={me.data.role} /> : null}
      {me.data && me.data.role !== 'admin' ? <PushSettingsSection /> : null}
      {/* Sections other features add (routes compose them: the owner's payout account, issue 24). */}
      {me.data ? children : null}
      <div className="mt-6 flex justify-end">
        <button type="button" className={secondaryButton} onClick={() => void onLogout()} disabled={logoutMutation.isPending}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  );
}

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  // A moderator's account is made by `npm run admin` (issue 26): its phone and Aadhaar are placeholders, not shown or edited.
  const moderator = user.role === 'admin';
  const rows: [string, string][] = [
    ['Full name', user.fullName],
    ['Username', user.username],
    ['Email', user.emailVerified === undefined ? user.email : `${user.email} (${user.emailVerified ? 'verified' : 'not verified yet'})`],
    ...(moderator
      ? []
      : ([
          ['Phone number', formatPhone(user.phoneNumber)],
          ['Aadhar number', user.aadharCardNumber],
          ['Address', user.address],
        ] as [string, string][])),
    ['Role', ROLE_LABEL[user.role] ?? user.role],
    ...(user.role === 'owner'
      ? ([
          ['PAN', user.pan || 'Not added'],
          ['UPI ID', user.upiVpa || 'Not added yet'],
        ] as [string, string][])
      : []),
  ];
  return (
    <>
      <div className="mb-6 flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-xl font-bold uppercase text-white"
        >
          {user.fullName.trim().charAt(0)}
        </span>
        <div>
          <p className="text-lg font-semibold text-slate-900">{user.fullName}</p>
          <p className="text-sm text-slate-600">@{user.username}</p>
        </div>
      </div>
      {user.pendingEmail ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {MSG.emailChangePending(user.pendingEmail)}
        </p>
      ) : null}
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className={label === 'Address' ? 'sm:col-span-2' : undefined}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {moderator ? null : (
        <div className="mt-8">
          <button type="button" className={primaryButton} onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </button>
        </div>
      )}
    </>
  );
}

function ProfileForm({ user, onDone, onSaved }: { user: User; onDone: () => void; onSaved: (u: User) => void }) {
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: contractResolver<FormValues>(updateAccountBodySchema.omit({ role: true }), { raw: false }),
    defaultValues: toForm(user),
  });

  useEffect(() => setFocus('fullName'), [setFocus]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { ...values, role: user.role },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          toast.success(
            saved.pendingEmail && saved.pendingEmail !== user.pendingEmail
              ? MSG.emailChangePending(saved.pendingEmail)
              : MSG.profileUpdated,
          );
          onDone();
        },
        onError: (err) => {
          const serverMessage = err instanceof ApiError && err.status > 0 && err.message !== MSG.unexpected ? err.message : null;
          applyServerErrors(err, setError, FIELDS);
          toast.error(serverMessage ?? MSG.profileUpdateFailed);
        },
      },
    ),
  );

  const onCancel = () => {
    reset(toForm(user));
    onDone();
  };

  const busy = update.isPending;
  const bound = boundFields(register, errors);
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" {...bound('fullName')} />
        <TextField label="Email" type="email" autoComplete="email" {...bound('email')} />
        <TextField label="Phone number" type="tel" autoComplete="tel" {...bound('phoneNumber')} />
        <TextField label="Aadhar number" inputMode="numeric" autoComplete="off" {...bound('aadharCardNumber')} />
        <TextAreaField label="Address" className="sm:col-span-2" {...bound('address')} />
        {user.role === 'owner' ? (
          <TextField
            label="PAN"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={10}
            placeholder="ABCDE1234F"
            hint={PAN_HINT}
            {...bound('pan')}
          />
        ) : null}
        {user.role === 'owner' ? (
          <TextField
            label="UPI ID"
            autoComplete="off"
            autoCapitalize="none"
            inputMode="email"
            placeholder="name@okhdfcbank"
            hint={VPA_HINT}
            {...bound('upiVpa')}
          />
        ) : null}
        <TextField label="Role" value={ROLE_LABEL[user.role] ?? user.role} readOnly disabled className="sm:col-span-2" />
      </div>
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
