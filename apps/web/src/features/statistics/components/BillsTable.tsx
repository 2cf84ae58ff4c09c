import type { OwnerBillRow } from '@kiraya/contract/statistics';
import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useStatsT } from '../i18n';
import { fullRupees } from './charts';
import { billTypeText, statusText } from './labels';
import { WideTable } from './WideTable';

function StatusBadge({ bill }: { bill: OwnerBillRow }) {
  const t = useStatsT();
  // One line: "देय तिथि पार" would otherwise break inside a narrow cell.
  const text = <span className="whitespace-nowrap">{bill.overdue ? t('status.overdue') : statusText(t, bill.status)}</span>;
  if (bill.overdue) return <Badge tone="red">{text}</Badge>;
  return <Badge tone={bill.status === 'paid' ? 'green' : bill.status === 'partly_paid' ? 'yellow' : 'grey'}>{text}</Badge>;
}

/** The bills of one page: a card per bill on phones, the table from sm up. */
export function BillsTable({ bills }: { bills: OwnerBillRow[] }) {
  const t = useStatsT();
  const locale = useLocale();
  const cols = {
    date: t('bills.col.date'),
    room: t('bills.col.room'),
    tenant: t('bills.col.tenant'),
    bill: t('bills.col.bill'),
    amount: t('bills.col.amount'),
    paid: t('bills.col.paid'),
    outstanding: t('bills.col.outstanding'),
    status: t('bills.col.status'),
  };
  return (
    <>
      {/* Phones: one card per bill; from sm up: the table. */}
      <ul className="space-y-2 sm:hidden">
        {bills.map((bill) => (
          <li key={bill._id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{billTypeText(t, bill.billType)}</span>
              <StatusBadge bill={bill} />
            </div>
            <p className="text-slate-700">
              {t('bills.card.place', { property: bill.property.title, room: bill.room.roomNumber, tenant: bill.tenant.fullName })}
            </p>
            <p className="text-xs text-slate-600">
              {t('bills.card.dates', { billed: formatDate(bill.billDate, locale), due: formatDate(bill.dueDate, locale) })}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-slate-800">
              <span>{t('bills.card.amount', { amount: fullRupees(bill.amount) })}</span>
              <span>{t('bills.card.paid', { amount: fullRupees(bill.paid) })}</span>
              <span className="font-semibold">{t('bills.card.owed', { amount: fullRupees(bill.outstanding) })}</span>
            </p>
          </li>
        ))}
      </ul>
      <WideTable
        columns={[cols.date, cols.room, cols.tenant, cols.bill, cols.amount, cols.paid, cols.outstanding, cols.status]}
        numeric={[cols.amount, cols.paid, cols.outstanding]}
      >
        {bills.map((bill) => (
          <tr key={bill._id}>
            <td className="whitespace-nowrap px-3 py-2">
              {formatDate(bill.billDate, locale)}
              <span className="block text-xs text-slate-600">{t('due', { date: formatDate(bill.dueDate, locale) })}</span>
            </td>
            <td className="px-3 py-2">{t('place.short', { property: bill.property.title, room: bill.room.roomNumber })}</td>
            <td className="px-3 py-2">{bill.tenant.fullName}</td>
            <td className="whitespace-nowrap px-3 py-2">{billTypeText(t, bill.billType)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right">{fullRupees(bill.amount)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right">{fullRupees(bill.paid)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{fullRupees(bill.outstanding)}</td>
            <td className="px-3 py-2">
              <StatusBadge bill={bill} />
            </td>
          </tr>
        ))}
      </WideTable>
    </>
  );
}
