import type { OwnerBillRow } from '@kiraya/contract/statistics';
import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { fullRupees } from './charts';
import { WideTable } from './WideTable';

export const STATUS_LABEL: Record<string, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid', overdue: 'Overdue' };

function StatusBadge({ bill }: { bill: OwnerBillRow }) {
  if (bill.overdue) return <Badge tone="red">Overdue</Badge>;
  return (
    <Badge tone={bill.status === 'paid' ? 'green' : bill.status === 'partly_paid' ? 'yellow' : 'grey'}>{STATUS_LABEL[bill.status]}</Badge>
  );
}

/** The bills of one page: a card per bill on phones, the table from sm up. */
export function BillsTable({ bills }: { bills: OwnerBillRow[] }) {
  return (
    <>
      {/* Phones: one card per bill; from sm up: the table. */}
      <ul className="space-y-2 sm:hidden">
        {bills.map((bill) => (
          <li key={bill._id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{bill.billType}</span>
              <StatusBadge bill={bill} />
            </div>
            <p className="text-slate-700">
              {bill.property.title} · Room {bill.room.roomNumber} · {bill.tenant.fullName}
            </p>
            <p className="text-xs text-slate-600">
              Billed {formatDate(bill.billDate)} · due {formatDate(bill.dueDate)}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-slate-800">
              <span>Amount {fullRupees(bill.amount)}</span>
              <span>Paid {fullRupees(bill.paid)}</span>
              <span className="font-semibold">Owed {fullRupees(bill.outstanding)}</span>
            </p>
          </li>
        ))}
      </ul>
      <WideTable
        columns={['Bill date', 'Room', 'Tenant', 'Bill', 'Amount', 'Paid', 'Outstanding', 'Status']}
        numeric={['Amount', 'Paid', 'Outstanding']}
      >
        {bills.map((bill) => (
          <tr key={bill._id}>
            <td className="whitespace-nowrap px-3 py-2">
              {formatDate(bill.billDate)}
              <span className="block text-xs text-slate-600">due {formatDate(bill.dueDate)}</span>
            </td>
            <td className="px-3 py-2">
              {bill.property.title} · {bill.room.roomNumber}
            </td>
            <td className="px-3 py-2">{bill.tenant.fullName}</td>
            <td className="whitespace-nowrap px-3 py-2">{bill.billType}</td>
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
