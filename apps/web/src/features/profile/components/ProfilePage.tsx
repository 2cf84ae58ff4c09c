import { MSG, type UpdateAccountBody, type User, updateAccountBodySchema } from '@kiraya/contract';
import { Languages, LogOut, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
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
import { useMsg } from '../../../lib/useMsg';
import { useProfileT } from '../i18n';
import { ChangePasswordSection } from './ChangePasswordSection';
import { RevealIdentitySection } from './RevealIdentitySection';
import { EmailSettingsSection } from './EmailSettingsSection';
import { PushSettingsSection } from './PushSettingsSection';

type FormValues = Omit<UpdateAccountBody, 'role'>;
const FIELDS = ['fullName', 'email', 'phoneNumber', 'aadharCardNumber', 'address', 'pan', 'upiVpa'] as const;

type ProfileT = ReturnType<typeof useProfileT>;
/** The role's name (the contract's constant: owner, tenant or admin, keyed in the catalogue). */
const roleLabel = (role: string, t: ProfileT) =>
  role === 'owner' ? t('role.owner') : role === 'tenant' ? t('role.tenant') : role === 'admin' ? t('role.admin') : role;

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

/** Profile (spec 2, 4, 8), both roles: view, edit, save, cancel, logout; `children`: sections the routes add. */
export function ProfilePage({ children }: { children?: ReactNode } = {}) {
  const t = useProfileT();
  const msg = useMsg();
  const me = useCurrentUser();
  const { user, setUser, clear } = useSession();
  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (me.isError) toast.error(msg(MSG.profileLoadFailed));
  }, [me.isError, msg]);

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
        toast.success(msg(MSG.loggedOut));
        navigate(PATHS.home, { replace: true });
      },
      onError: () => toast.error(msg(MSG.logoutFailed)),
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      {me.isPending ? <Spinner label={t('page.loading')} /> : null}
      {me.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{msg(MSG.profileLoadFailed)}</p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => me.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      ) : null}
      {me.data ? (
        <section aria-label={t('page.details')} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {editing ? (
            <ProfileForm user={me.data} onDone={() => setEditing(false)} onSaved={setUser} />
          ) : (
            <ProfileView user={me.data} onEdit={() => setEditing(true)} />
          )}
        </section>
      ) : null}
      {me.data ? <LanguageSection /> : null}
      {me.data && me.data.role !== 'admin' ? <RevealIdentitySection owner={me.data.role === 'owner'} /> : null}
      {me.data ? <ChangePasswordSection /> : null}
      {/* A moderator's account (issue 26) gets no emails of these categories and no pushes. */}
      {me.data && me.data.role !== 'admin' ? <EmailSettingsSection userRole={me.data.role} /> : null}
      {me.data && me.data.role !== 'admin' ? <PushSettingsSection /> : null}
      {/* Sections other features add (routes compose them: the owner's payout account, issue 24). */}
      {me.data ? children : null}
      <div className="mt-6 flex justify-end">
        <button type="button" className={secondaryButton} onClick={() => void onLogout()} disabled={logoutMutation.isPending}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {logoutMutation.isPending ? t('page.loggingOut') : t('page.logout')}
        </button>
      </div>
    </div>
  );
}

/**
 * Profile's language (issue 27, ADR 039): the shared switch, which stores a signed-in user's choice on their
 * account (every device, every email and receipt follows it) and in the `kiraya_lang` cookie.
 */
function LanguageSection() {
  const t = useProfileT();
  return (
    <section aria-labelledby="language-settings" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="language-settings" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Languages aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('language.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('language.text')}</p>
      <LanguageSwitch className="mt-4 text-base" />
    </section>
  );
}

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  const t = useProfileT();
  const msg = useMsg();
  // A moderator's account is made by `npm run admin` (issue 26): its phone and Aadhaar are placeholders, not shown or edited.
  const moderator = user.role === 'admin';
  const email =
    user.emailVerified === undefined
      ? user.email
      : t(user.emailVerified ? 'view.emailVerified' : 'view.emailUnverified', { email: user.email });
  const rows: [string, string, string][] = [
    ['fullName', t('field.fullName'), user.fullName],
    ['username', t('field.username'), user.username],
    ['email', t('field.email'), email],
    ...(moderator
      ? []
      : ([
          ['phone', t('field.phone'), formatPhone(user.phoneNumber)],
          ['aadhaar', t('field.aadhaar'), user.aadharCardNumber],
          ['address', t('field.address'), user.address],
        ] as [string, string, string][])),
    ['role', t('field.role'), roleLabel(user.role, t)],
    ...(user.role === 'owner'
      ? ([
          ['pan', t('field.pan'), user.pan || t('view.panMissing')],
          ['upi', t('field.upi'), user.upiVpa || t('view.upiMissing')],
        ] as [string, string, string][])
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
          {msg(MSG.emailChangePending(user.pendingEmail))}
        </p>
      ) : null}
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
        {rows.map(([id, label, value]) => (
          <div key={id} className={id === 'address' ? 'sm:col-span-2' : undefined}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {moderator ? null : (
        <div className="mt-8">
          <button type="button" className={primaryButton} onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('view.edit')}
          </button>
        </div>
      )}
    </>
  );
}

function ProfileForm({ user, onDone, onSaved }: { user: User; onDone: () => void; onSaved: (u: User) => void }) {
  const t = useProfileT();
  const msg = useMsg();
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
            msg(
              saved.pendingEmail && saved.pendingEmail !== user.pendingEmail
                ? MSG.emailChangePending(saved.pendingEmail)
                : MSG.profileUpdated,
            ),
          );
          onDone();
        },
        onError: (err) => {
          const serverMessage = err instanceof ApiError && err.status > 0 && err.message !== MSG.unexpected ? err.message : null;
          applyServerErrors(err, setError, FIELDS);
          toast.error(msg(serverMessage ?? MSG.profileUpdateFailed));
        },
      },
    ),
  );

  const onCancel = () => {
    reset(toForm(user));
    onDone();
  };

  const busy = update.isPending;
  // The contract's checks answer in English: each field's message in the page's language.
  const bind = boundFields(register, errors);
  const bound = (name: Parameters<typeof bind>[0]) => {
    const b = bind(name);
    return { ...b, error: b.error && msg(b.error) };
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('field.fullName')} autoComplete="name" {...bound('fullName')} />
        <TextField label={t('field.email')} type="email" autoComplete="email" {...bound('email')} />
        <TextField label={t('field.phone')} type="tel" autoComplete="tel" {...bound('phoneNumber')} />
        <TextField label={t('field.aadhaar')} inputMode="numeric" autoComplete="off" {...bound('aadharCardNumber')} />
        <TextAreaField label={t('field.address')} className="sm:col-span-2" {...bound('address')} />
        {user.role === 'owner' ? (
          <TextField
            label={t('field.pan')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={10}
            placeholder={t('form.panPlaceholder')}
            hint={t('form.panHint')}
            {...bound('pan')}
          />
        ) : null}
        {user.role === 'owner' ? (
          <TextField
            label={t('field.upi')}
            autoComplete="off"
            autoCapitalize="none"
            inputMode="email"
            placeholder={t('form.upiPlaceholder')}
            hint={t('form.upiHint')}
            {...bound('upiVpa')}
          />
        ) : null}
        <TextField label={t('field.role')} value={roleLabel(user.role, t)} readOnly disabled className="sm:col-span-2" />
      </div>
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
