import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings } from '@kiraya/contract/statistics';
import { Download } from 'lucide-react';
import { secondaryButton } from '../../../components/FormField';
import { type BillingsFilters, exportUrl } from '../api/statistics';
import { fullRupees } from './charts';
import { PaymentsTable } from './PaymentsTable';

/** Payments received under the filters, with their CSV export. */
export function PaymentsSection({ b, filters }: { b: OwnerBillings; filters: BillingsFilters }) {
  return (
    <section className="mt-6" aria-labelledby="payments-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">
          Payments received <span className="text-base font-normal text-slate-600">({fullRupees(b.paymentsTotal)})</span>
        </h2>
        <a href={exportUrl('payments', filters)} className={secondaryButton} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export payments (CSV)
        </a>
      </div>
      <PaymentsTable payments={b.payments} empty={MSG.noPaymentsReceived} backLabel="Back to Billings" />
    </section>
  );
}
