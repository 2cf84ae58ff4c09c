import { paiseToRupees } from '@kiraya/contract/money';
import { MSG } from '@kiraya/contract/messages';
import { CreditCard, ShieldCheck, Smartphone } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FormSummaryContext, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import type { CheckoutOutcome, CheckoutRequest } from '../api/checkout';
import { sandboxPay } from '../api/payments';
import { usePaymentsT } from '../i18n';

type Method = 'upi' | 'card';
const METHODS: { value: Method; Icon: typeof Smartphone }[] = [
  { value: 'upi', Icon: Smartphone },
  { value: 'card', Icon: CreditCard },
];

/** The id (in the payments catalogue) of what is wrong with a detail. */
export type SandboxProblem = 'sandbox.error.vpa' | 'sandbox.error.card' | 'sandbox.error.expiry' | 'sandbox.error.cvv';

const UPI_ID = /^[A-Za-z0-9._-]{2,64}@[A-Za-z]{2,32}$/;
const digits = (s: string) => s.replace(/\D/g, '');

type Details = { vpa: string; card: string; expiry: string; cvv: string };
type Values = Details & { method: Method };

/** The first problem with the method's details and the field it is about (its message is a catalogue id), or null. */
function sandboxProblem(method: Method, d: Details): { field: keyof Details; message: SandboxProblem } | null {
  if (method === 'upi') return UPI_ID.test(d.vpa.trim()) ? null : { field: 'vpa', message: 'sandbox.error.vpa' };
  if (digits(d.card).length !== 16) return { field: 'card', message: 'sandbox.error.card' };
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(d.expiry.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return { field: 'expiry', message: 'sandbox.error.expiry' };
  if (!/^\d{3}$/.test(d.cvv.trim())) return { field: 'cvv', message: 'sandbox.error.cvv' };
  return null;
}

/** The first problem with the method's details (its catalogue id), or null. Plausible checks only: nothing is charged. */
export function checkSandboxDetails(method: Method, d: Details): SandboxProblem | null {
  return sandboxProblem(method, d)?.message ?? null;
}

/** The form's resolver: the first problem lands on its field (there is no contract schema: nothing is sent but the outcome). */
const sandboxResolver: Resolver<Values> = (values) => {
  const problem = sandboxProblem(values.method, values);
  return problem ? { values: {}, errors: { [problem.field]: { type: 'sandbox', message: problem.message } } } : { values, errors: {} };
};

/**
 * The sandbox gateway's payment window (issue 10): looks and behaves like a provider's checkout. Pay asks
 * POST /payments/sandbox/pay for a signed success, "Simulate failure" for a failed attempt; the close
 * button and Escape dismiss it. Nothing leaves Kiraya and no money moves.
 */
export function SandboxCheckoutDialog({ request, onDone }: { request: CheckoutRequest; onDone: (o: CheckoutOutcome) => void }) {
  const t = usePaymentsT();
  /** A field's problem (a catalogue id) in words. */
  const say = (id: string | undefined) => (id ? t(id as SandboxProblem) : undefined);
  const form = useForm<Values>({
    resolver: sandboxResolver,
    defaultValues: { method: 'upi', vpa: '', card: '4111 1111 1111 1111', expiry: '12/30', cvv: '' },
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const setMethod = (m: Method) => form.setValue('method', m);
  const error = errors.vpa?.message ?? errors.card?.message ?? errors.expiry?.message ?? errors.cvv?.message ?? null;
  const [busy, setBusy] = useState<null | 'success' | 'failure'>(null);
  const tabsId = useId();
  const tabRefs = useRef<Record<Method, HTMLButtonElement | null>>({ upi: null, card: null });
  const amount = paiseToRupees(request.order.amount);

  const pay = async (outcome: 'success' | 'failure') => {
    setBusy(outcome);
    try {
      const result = await sandboxPay(request.order.id, outcome, method);
      onDone(outcome === 'success' ? { kind: 'paid', result } : { kind: 'failed', message: MSG.paymentFailed });
    } catch (e) {
      onDone({ kind: 'failed', message: outcome === 'failure' ? MSG.paymentFailed : errorMessage(e, MSG.paymentFailed) });
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next: Method = method === 'upi' ? 'card' : 'upi';
    setMethod(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onDone({ kind: 'dismissed' }))}
      title={t('sandbox.title')}
      description={t('sandbox.description')}
      busy={busy !== null}
      size="sm"
    >
      <div className="-mx-5 -mt-4 mb-4 bg-slate-900 px-5 py-4 text-white">
        <p className="text-sm text-slate-300">{t('sandbox.paying', { merchant: request.merchant })}</p>
        <p className="text-3xl font-bold" data-testid="sandbox-amount">
          {formatMoney(amount)}
        </p>
        <p className="mt-1 text-xs text-slate-300">
          {t.rich('sandbox.order', { id: <span className="font-mono">{request.order.id}</span> })}
        </p>
      </div>
      <div role="tablist" aria-label={t('sandbox.methods')} className="grid grid-cols-2 gap-2">
        {METHODS.map(({ value, Icon }) => (
          <button
            key={value}
            ref={(el) => {
              tabRefs.current[value] = el;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${value}`}
            aria-selected={method === value}
            aria-controls={`${tabsId}-panel`}
            tabIndex={method === value ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => {
              setMethod(value);
              form.clearErrors();
            }}
            className={`inline-flex items-center justify-center gap-2 rounded-lg border px-3 py-2 font-semibold ${
              method === value
                ? 'border-brand-700 bg-brand-50 text-brand-800'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {t(`sandbox.method.${value}`)}
          </button>
        ))}
      </div>
      <form
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${method}`}
        className="mt-4 space-y-3"
        noValidate
        onSubmit={form.handleSubmit(() => pay('success'))}
      >
        {method === 'upi' ? (
          <TextField
            label={t('sandbox.upiId')}
            placeholder={t('sandbox.upiPlaceholder')}
            autoComplete="off"
            error={say(errors.vpa?.message)}
            hint={t('sandbox.upiHint')}
            {...form.register('vpa')}
          />
        ) : (
          // The card's problem is said once, in the alert below; the field it is about is marked.
          <FormSummaryContext.Provider value={say(error ?? undefined) ?? null}>
            <TextField
              label={t('sandbox.cardNumber')}
              inputMode="numeric"
              autoComplete="off"
              error={say(errors.card?.message)}
              hint={t('sandbox.cardHint')}
              {...form.register('card')}
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField label={t('sandbox.expiry')} autoComplete="off" error={say(errors.expiry?.message)} {...form.register('expiry')} />
              <TextField
                label={t('sandbox.cvv')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                error={say(errors.cvv?.message)}
                {...form.register('cvv')}
              />
            </div>
          </FormSummaryContext.Provider>
        )}
        {error && method === 'card' ? (
          <p role="alert" className="text-sm text-red-700">
            {say(error)}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy !== null}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-3 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy === 'success' ? t('common.processing') : t('sandbox.pay', { amount: formatMoney(amount) })}
        </button>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void pay('failure')}
          className="w-full rounded-lg border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {busy === 'failure' ? t('common.processing') : t('sandbox.fail')}
        </button>
        <p className="flex items-center justify-center gap-1 text-xs text-slate-600">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          {t('sandbox.secured')}
        </p>
      </form>
    </Modal>
  );
}
