import type { OwedBillView, Payment } from '@kiraya/contract';
import { allocatePayment, formatPaise, rupeesToPaise } from '@kiraya/contract/money';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useBillTypeLabel, usePaymentsT } from '../i18n';

/** One owed bill and what a payment of the typed amount settles of it (oldest bill first, as the ledger does). */
export type Settlement = { bill: OwedBillView; owedPaise: number; settlesPaise: number };

/**
 * How a payment of `amountPaise` settles the room's owed bills: the ledger's own rule (contract
 * allocatePayment, oldest bill date first), so the screen shows exactly what the server will record.
 */
export function settlementsFor(owed: readonly OwedBillView[], amountPaise: number | null): Settlement[] {
  const rows = owed.map((bill) => ({ bill, owedPaise: rupeesToPaise(bill.owed) }));
  const { allocations } = allocatePayment(
    amountPaise !== null && amountPaise > 0 ? amountPaise : 0,
    rows.map((r) => ({ id: r.bill.billId, owedPaise: r.owedPaise, date: r.bill.billDate })),
  );
  const by = new Map(allocations.map((a) => [a.id, a.paise]));
  return rows.map((r) => ({ ...r, settlesPaise: by.get(r.bill.billId) ?? 0 }));
}

/** The paise owed by every bill up to and including the bills of `billDate` (what paying that group takes). */
export const owedThrough = (owed: readonly OwedBillView[], billDate: string): number =>
  owed.filter((b) => b.billDate <= billDate).reduce((s, b) => s + rupeesToPaise(b.owed), 0);

/** The owed bills, oldest first, each with what this payment settles of it. */
export function SettlementList({ settlements, chosenDate }: { settlements: Settlement[]; chosenDate?: string }) {
  const t = usePaymentsT();
  const locale = useLocale();
  const billType = useBillTypeLabel();
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('settle.list')}>
      {settlements.map(({ bill, owedPaise, settlesPaise }) => {
        const full = settlesPaise === owedPaise;
        return (
          <li
            key={bill.billId}
            className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-4 py-3 ${bill.billDate === chosenDate ? 'bg-brand-50/60' : ''}`}
          >
            <span className="font-medium text-slate-900">
              {billType(bill.billType)}
              <span className="block text-sm font-normal text-slate-600">
                {t('settle.billsOf', { date: formatLongDate(bill.billDate, locale) })}
              </span>
            </span>
            <span className="text-right font-semibold text-slate-900">
              {formatPaise(owedPaise)}
              <span className="block text-xs font-normal text-slate-600">{t('settle.owed')}</span>
            </span>
            <span
              className={`col-span-2 text-sm ${settlesPaise === 0 ? 'text-slate-500' : full ? 'font-medium text-green-800' : 'font-medium text-blue-800'}`}
              data-testid={`settles-${bill.billId}`}
            >
              {settlesPaise === 0
                ? t('settle.none')
                : full
                  ? t('settle.full', { amount: formatPaise(settlesPaise) })
                  : t('settle.part', { part: formatPaise(settlesPaise), owed: formatPaise(owedPaise) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** After a payment: what was paid, what it settled, its receipt number and what the room still owes (issue 19). */
export function PaymentConfirmation({ payment, balanceLeft }: { payment: Payment; balanceLeft: number | null }) {
  const t = usePaymentsT();
  const locale = useLocale();
  const billType = useBillTypeLabel();
  // The pay form (and the button pressed) is gone: focus goes to the message, so it is read first (ADR 044).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="payment-done"
      className="mx-auto max-w-xl rounded-xl border border-green-200 bg-white p-6 shadow-sm"
      data-testid="payment-confirmation"
    >
      <div className="flex items-center gap-3">
        <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-green-700" />
        <h2 id="payment-done" ref={title} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {t('done.title')}
        </h2>
      </div>
      <dl className="mt-4 space-y-2 text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{t('done.amount')}</dt>
          <dd className="font-bold text-slate-900">{formatMoney(payment.amount)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t('done.receiptNumber')}</dt>
          <dd className="font-mono text-sm font-semibold">{payment.receiptNumber}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t('done.stillOwed')}</dt>
          <dd className="font-semibold" data-testid="balance-left">
            {balanceLeft === null ? '…' : formatMoney(balanceLeft)}
          </dd>
        </div>
      </dl>
      {payment.allocations.length ? (
        <>
          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-600">{t('done.billsSettled')}</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {payment.allocations.map((a) => (
              <li key={a.billId} className="flex justify-between gap-3 px-4 py-2 text-sm">
                <span>{t('done.billLine', { billType: billType(a.billType), date: formatLongDate(a.billDate, locale) })}</span>
                <span className="font-semibold">{formatMoney(a.amount)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={PATHS.tenant.receipt(payment._id)} className={primaryButton}>
          {t('done.viewReceipt')}
        </Link>
        <Link to={PATHS.tenant.myRooms} className={secondaryButton}>
          {t('done.backToRooms')}
        </Link>
      </div>
    </section>
  );
}
