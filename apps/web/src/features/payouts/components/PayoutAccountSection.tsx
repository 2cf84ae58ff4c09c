import { type LinkedAccountState, MSG, type PayoutAccount } from '@kiraya/contract';
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
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useCheckPayouts, usePayoutAccount, useSavePayoutAccount } from '../api/payouts';
import { usePayoutsT } from '../i18n';

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
  const t = usePayoutsT();
  const msg = useMsg();
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
        {t('account.title')}
      </h2>
      {account.isPending ? <p className="mt-2 text-sm text-slate-700">{t('account.loading')}</p> : null}
      {account.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {msg(errorMessage(account.error))}
        </p>
      ) : null}
      {account.isSuccess && (editing || !account.data) ? (
        editing ? (
          <PayoutForm onDone={() => setEditing(false)} changing={!!account.data} />
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">{t('account.intro')}</p>
            <button type="button" className={`${primaryButton} mt-4`} onClick={() => setEditing(true)}>
              {t('account.add')}
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
              onSuccess: () => toast.success(msg(MSG.payoutsChecked)),
              onError: (err) => toast.error(msg(errorMessage(err))),
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
  const t = usePayoutsT();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('account.holder'), account.holderName],
    [t('account.number'), account.accountNumberMasked],
    [t('account.ifsc'), account.ifsc],
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
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('account.status')}</dt>
          <dd className="mt-1" aria-live="polite" data-testid="payout-status">
            <Badge tone={ACCOUNT_TONE[account.status]}>{t(`accountState.${account.status}`)}</Badge>
          </dd>
        </div>
      </dl>
      {account.statusReason ? (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{t('account.razorpaySays', { reason: account.statusReason })}</p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {account.status === 'activated' ? t('account.activated') : t('account.pending')}
        {account.checkedAt ? t('account.lastChecked', { date: formatDate(account.checkedAt, locale) }) : ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={onCheck} disabled={checking}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {checking ? t('account.checking') : t('account.check')}
        </button>
        <button type="button" className={secondaryButton} onClick={onChange}>
          {t('account.change')}
        </button>
      </div>
    </>
  );
}

function PayoutForm({ onDone, changing }: { onDone: () => void; changing: boolean }) {
  const t = usePayoutsT();
  const msg = useMsg();
  const say = (m: string | undefined) => (m ? msg(m) : undefined);
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
        toast.success(msg(MSG.payoutAccountSaved));
        onDone();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError, FIELDS))
          toast.error(msg(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected));
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('account.title')} className="mt-4 space-y-4">
      <TextField label={t('form.holderName')} autoComplete="name" error={say(errors.holderName?.message)} {...register('holderName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.number')}
          inputMode="numeric"
          autoComplete="off"
          error={say(errors.accountNumber?.message)}
          {...register('accountNumber')}
        />
        <TextField
          label={t('form.numberAgain')}
          inputMode="numeric"
          autoComplete="off"
          onPaste={(e) => e.preventDefault()}
          error={say(errors.confirmAccountNumber?.message)}
          {...register('confirmAccountNumber')}
        />
        <TextField
          label={t('form.ifsc')}
          autoComplete="off"
          hint={t('form.ifscHint')}
          error={say(errors.ifsc?.message)}
          {...register('ifsc')}
        />
        <TextField
          label={t('form.pan')}
          autoComplete="off"
          hint={t('form.panHint')}
          error={say(errors.pan?.message)}
          {...register('pan')}
        />
      </div>
      <TextField
        label={t('form.password')}
        type="password"
        autoComplete="current-password"
        hint={changing ? t('form.passwordChanging') : t('form.passwordAdding')}
        error={say(errors.currentPassword?.message)}
        {...register('currentPassword')}
      />
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone} disabled={save.isPending}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
