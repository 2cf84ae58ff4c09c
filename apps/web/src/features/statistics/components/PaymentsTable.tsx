import type { ReceivedPayment } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { useBackHere } from '../../../lib/back';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useStatsT } from '../i18n';
import { fullRupees } from './charts';
import { methodText } from './labels';
import { WideTable } from './WideTable';

const receiptLink = 'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** Payments received, each with its receipt: one card per payment on a phone; from sm up, a table. */
export function PaymentsTable({ payments, empty, backLabel }: { payments: ReceivedPayment[]; empty: string; backLabel: string }) {
  const t = useStatsT();
  const locale = useLocale();
  const backHere = useBackHere(backLabel);
  if (payments.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">{empty}</p>;
  return (
    <>
      <ul className="space-y-2 sm:hidden">
        {payments.map((p) => (
          <li key={p._id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{p.tenant.fullName}</span>
              <span className="whitespace-nowrap font-semibold text-slate-900">{fullRupees(p.amount)}</span>
            </div>
            <p className="text-slate-700">
              {t('payments.card.place', { property: p.property.title, room: p.room.roomNumber, method: methodText(t, p.methodLabel) })}
              {p.reversed ? <span className="ml-1 font-semibold text-red-800">{t('payments.reversed')}</span> : null}
            </p>
            <p className="mt-1 flex flex-wrap items-center justify-between gap-x-3 text-xs text-slate-600">
              <span>{t('payments.card.paid', { date: formatDate(p.paidAt, locale) })}</span>
              <Link
                to={PATHS.owner.receipt(p._id)}
                state={backHere}
                className={receiptLink}
                aria-label={t('payments.receipt', { number: p.receiptNumber })}
              >
                {p.receiptNumber}
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <WideTable
        columns={[
          t('payments.col.date'),
          t('payments.col.tenant'),
          t('payments.col.room'),
          t('payments.col.method'),
          t('payments.col.amount'),
          t('payments.col.receipt'),
        ]}
        numeric={[t('payments.col.amount')]}
      >
        {payments.map((p) => (
          <tr key={p._id}>
            <td className="whitespace-nowrap px-3 py-2">{formatDate(p.paidAt, locale)}</td>
            <td className="px-3 py-2">{p.tenant.fullName}</td>
            <td className="px-3 py-2">{t('place.short', { property: p.property.title, room: p.room.roomNumber })}</td>
            <td className="whitespace-nowrap px-3 py-2">
              {methodText(t, p.methodLabel)}
              {p.reversed ? <span className="ml-1 font-semibold text-red-800">{t('payments.reversed')}</span> : null}
            </td>
            <td className={`whitespace-nowrap px-3 py-2 text-right font-medium ${p.reversed ? 'text-slate-500 line-through' : ''}`}>
              {fullRupees(p.amount)}
            </td>
            <td className="whitespace-nowrap px-3 py-2">
              <Link
                to={PATHS.owner.receipt(p._id)}
                state={backHere}
                className={receiptLink}
                aria-label={t('payments.receipt', { number: p.receiptNumber })}
              >
                {p.receiptNumber}
              </Link>
            </td>
          </tr>
        ))}
      </WideTable>
    </>
  );
}
