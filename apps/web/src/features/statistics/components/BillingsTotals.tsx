import type { OwnerBillings } from '@kiraya/contract/statistics';
import { fullRupees } from './charts';

/** The four totals over every bill the filters match (not only the page shown). */
export function BillingsTotals({ totals }: { totals: OwnerBillings['totals'] }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
      {[
        ['Bills', String(totals.count)],
        ['Billed', fullRupees(totals.amount)],
        ['Paid', fullRupees(totals.paid)],
        ['Outstanding', fullRupees(totals.outstanding)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
