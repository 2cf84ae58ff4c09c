import type { ReceivedPayment } from '@kiraya/contract/statistics';
import { formatDate } from '../../../lib/format';
import { fullRupees } from './charts';

/** Payments received: a table that scrolls sideways on a phone rather than squeezing. */
export function PaymentsTable({ payments, empty }: { payments: ReceivedPayment[]; empty: string }) {
  if (payments.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Tenant
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Room
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Receipt
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {payments.map((p) => (
            <tr key={p._id}>
              <td className="whitespace-nowrap px-3 py-2">{formatDate(p.paidAt)}</td>
              <td className="px-3 py-2">{p.tenant.fullName}</td>
              <td className="px-3 py-2">
                {p.property.title} · {p.room.roomNumber}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{fullRupees(p.amount)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-600">{p.receiptNumber}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
