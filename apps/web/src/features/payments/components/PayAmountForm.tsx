import { formatPaise, paiseToRupees, tryRupeesToPaise } from '@kiraya/contract/money';
import { payFormSchema } from '@kiraya/contract/payments';
import { useEffect, useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { primaryButton } from '../../../components/FormField';
import { contractResolver, filtered } from '../../../components/form';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { usePaymentsT } from '../i18n';

/** The Pay screen's form: the amount as typed (rupees text) and the room it pays for. */
export type PayValues = { amount: string; roomId: string };

/** The amount field's rule (spec 5): negatives are clamped to 0; anything else is kept as typed. */
export function clampAmountInput(raw: string): string {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) && n < 0 ? '0' : raw;
}

/** The pay button is off while the amount is empty or zero, or while a payment is under way (spec 2). */
export const payDisabled = (amount: string, processing: boolean): boolean => processing || !(Number(tryRupeesToPaise(amount) ?? 0) > 0);

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);

/**
 * The Pay screen's amount (ADR 008): react-hook-form over the contract's `payFormSchema` (create-order's body,
 * at least ₹1, at most what the room owes), prefilled with the whole balance (less any UPI payments reported and
 * waiting for the owner, `startPaise`). Until the amount is edited it
 * follows the balance (a refetch after a new bill, say).
 */
export function usePayForm(roomId: string, balancePaise: number, startPaise = balancePaise): UseFormReturn<PayValues> {
  const resolver = useMemo(() => contractResolver<PayValues>(payFormSchema(balancePaise)), [balancePaise]);
  const form = useForm<PayValues>({
    resolver,
    defaultValues: { amount: startPaise > 0 ? rupees(startPaise) : '0', roomId },
  });
  const { resetField, getFieldState } = form;
  useEffect(() => {
    if (!getFieldState('amount').isDirty) resetField('amount', { defaultValue: startPaise > 0 ? rupees(startPaise) : '0' });
    resetField('roomId', { defaultValue: roomId });
  }, [startPaise, roomId, resetField, getFieldState]);
  return form;
}

/**
 * The amount field, the quick amounts (everything owed; up to the chosen bills) and Pay Now. `onPay` gets
 * the amount as typed once the schema accepts it; `onProblem` the first rule it breaks (said as a toast).
 */
export function PayAmountForm({
  form,
  id,
  balancePaise,
  throughChosen,
  billDate,
  processing,
  onPay,
  onProblem,
}: {
  form: UseFormReturn<PayValues>;
  id: string;
  balancePaise: number;
  throughChosen: number;
  billDate: string;
  processing: boolean;
  onPay: (values: PayValues) => Promise<void>;
  onProblem: (message: string, field: keyof PayValues) => void;
}) {
  const t = usePaymentsT();
  const locale = useLocale();
  const value = form.watch('amount');
  const disabled = payDisabled(value, processing);
  const set = (paise: number) => form.setValue('amount', rupees(paise), { shouldDirty: true });
  const submit = form.handleSubmit(onPay, (errors) => {
    const field = errors.amount ? 'amount' : 'roomId';
    const message = errors[field]?.message;
    if (message) onProblem(message, field);
  });

  return (
    <form
      className="mt-4"
      noValidate
      onSubmit={(e) => {
        if (disabled) return void e.preventDefault();
        void submit(e);
      }}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('common.amountRupees')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={1}
        step="0.01"
        {...filtered(form.register('amount'), clampAmountInput)}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-lg text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
      />
      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t('form.quick')}>
        <button
          type="button"
          className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
          onClick={() => set(balancePaise)}
        >
          {t('form.everything', { amount: formatPaise(balancePaise) })}
        </button>
        {throughChosen > 0 && throughChosen < balancePaise ? (
          <button
            type="button"
            className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
            onClick={() => set(throughChosen)}
          >
            {t('form.upTo', { date: formatLongDate(billDate, locale), amount: formatPaise(throughChosen) })}
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-slate-600">
        {t('form.hint', { max: formatPaise(balancePaise) })}
      </p>
      <button type="submit" className={`${primaryButton} mt-4 w-full py-3 text-lg`} disabled={disabled}>
        {processing ? t('common.processing') : t('form.payNow')}
      </button>
    </form>
  );
}
