import { LINKED_ACCOUNT_STATE_LABELS, type LinkedAccountState, MSG, type PayoutAccount } from '@kiraya/contract';
import { type PayoutDetailsBody, payoutDetailsBodySchema } from '@kiraya/contract/payouts';
import { Landmark, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useCheckPayouts, usePayoutAccount, useSavePayoutAccount } from '../api/payouts';

const FIELDS = ['holderName', 'accountNumber', 'confirmAccountNumber', 'ifsc', 'pan', 'currentPassword'] as const;
const EMPTY: PayoutDetailsBody = { holderName: '', accountNumber: '', confirmAccountNumber: '', ifsc: '', pan: '', currentPassword: '' };

export const ACCOUNT_TONE: Record<LinkedAccountState, BadgeTone> = {
  created: 'grey',
  under_review: 'yellow',
  activated: 'green',
  needs_clarification: 'red',
};

/** While the account is not yet activated, its status is asked for this often (the sandbox walks on its own). */
const CHECK_EVERY_MS = 4_000;

/**
 * Profile's "Payout account" (issue 24, owners): the bank account online rent is paid out to, through a
 * Razorpay Route linked account. The number is typed twice and never shown again (••••1234); saving needs
 * the password again. Until Razorpay activates the account its status is checked every few seconds.
 */
export function PayoutAccountSection() {
  const account = usePayoutAccount();
  const check = useCheckPayouts();
  const [editing, setEditing] = useState(false);
  const pending = !!account.data && account.data.status !== 'activated' && account.data.status !== 'needs_clarification';

  const checkNow = check.mutate;
  useEffect(() => {
    if (!pending || editing) return;
    const timer = setInterval(() => checkNow(), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [pending, editing, checkNow]);

  return (
    <section aria-labelledby="payout-account" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="payout-account" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Payout account
      </h2>
      {account.isPending ? <p className="mt-2 text-sm text-slate-700">Loading your payout account...</p> : null}
      {account.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(account.error)}
        </p>
      ) : null}
      {account.isSuccess && (editing || !account.data) ? (
        editing ? (
          <PayoutForm onDone={() => setEditing(false)} changing={!!account.data} />
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">
              Rent your tenants pay online reaches your bank through Razorpay. Add the bank account it should be paid out to.
            </p>
            <button type="button" className={`${primaryButton} mt-4`} onClick={() => setEditing(true)}>
              Add bank account
            </button>
          </>
        )
      ) : null}
      {account.isSuccess && account.data && !editing ? (
        <AccountView
          account={account.data}
          checking={check.isPending}
          onCheck={() =>
            check.mutate(undefined, {
              onSuccess: () => toast.success(MSG.payoutsChecked),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
          onChange={() => setEditing(true)}
        />
      ) : null}
    </section>
  );
}

function AccountView({
  account,
  checking,
  onCheck,
  onChange,
}: {
  account: PayoutAccount;
  checking: boolean;
  onCheck: () => void;
  onChange: () => void;
}) {
  const rows: [string, string][] = [
    ['Account holder', account.holderName],
    ['Account number', account.accountNumberMasked],
    ['IFSC', account.ifsc],
  ];
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{k}</dt>
            <dd className="mt-0.5 text-slate-900">{v}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Status</dt>
          <dd className="mt-1" aria-live="polite" data-testid="payout-status">
            <Badge tone={ACCOUNT_TONE[account.status]}>{LINKED_ACCOUNT_STATE_LABELS[account.status]}</Badge>
          </dd>
        </div>
      </dl>
      {account.statusReason ? (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">Razorpay says: {account.statusReason}</p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {account.status === 'activated'
          ? 'Online payments are transferred to this account and paid out to your bank.'
          : 'Online payments are held until Razorpay activates this account, then transferred.'}
        {account.checkedAt ? ` Last checked ${formatDate(account.checkedAt)}.` : ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={onCheck} disabled={checking}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {checking ? 'Checking...' : 'Check status'}
        </button>
        <button type="button" className={secondaryButton} onClick={onChange}>
          Change bank account
        </button>
      </div>
    </>
  );
}

function PayoutForm({ onDone, changing }: { onDone: () => void; changing: boolean }) {
  const save = useSavePayoutAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PayoutDetailsBody>({
    resolver: contractResolver<PayoutDetailsBody>(payoutDetailsBodySchema, { raw: true }),
    defaultValues: EMPTY,
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.payoutAccountSaved);
        onDone();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError, FIELDS))
          toast.error(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected);
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Payout account" className="mt-4 space-y-4">
      <TextField label="Account holder name" autoComplete="name" error={errors.holderName?.message} {...register('holderName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          error={errors.accountNumber?.message}
          {...register('accountNumber')}
        />
        <TextField
          label="Account number again"
          inputMode="numeric"
          autoComplete="off"
          onPaste={(e) => e.preventDefault()}
          error={errors.confirmAccountNumber?.message}
          {...register('confirmAccountNumber')}
        />
        <TextField
          label="IFSC"
          autoComplete="off"
          hint="11 characters, e.g. HDFC0001234"
          error={errors.ifsc?.message}
          {...register('ifsc')}
        />
        <TextField
          label="PAN"
          autoComplete="off"
          hint="Leave blank to use the PAN in your account details"
          error={errors.pan?.message}
          {...register('pan')}
        />
      </div>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        hint={changing ? 'Changing where your money goes needs your password.' : 'Adding a payout account needs your password.'}
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save payout account'}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
