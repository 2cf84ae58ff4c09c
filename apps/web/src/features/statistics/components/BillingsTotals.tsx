import type { OwnerBillings } from '@kiraya/contract/statistics';
import { useStatsT } from '../i18n';
import { fullRupees } from './charts';

/** The four totals over every bill the filters match (not only the page shown). */
export function BillingsTotals({ totals }: { totals: OwnerBillings['totals'] }) {
  const t = useStatsT();
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
      {[
        [t('totals.bills'), String(totals.count)],
        [t('totals.billed'), fullRupees(totals.amount)],
        [t('totals.paid'), fullRupees(totals.paid)],
        [t('totals.outstanding'), fullRupees(totals.outstanding)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
