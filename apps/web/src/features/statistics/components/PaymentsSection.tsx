import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings } from '@kiraya/contract/statistics';
import type { BillingsFilters } from '../api/statistics';
import { ExportSection } from './ExportSection';
import { fullRupees } from './charts';
import { PaymentsTable } from './PaymentsTable';

/** Payments received under the filters, with their CSV export. */
export function PaymentsSection({ b, filters }: { b: OwnerBillings; filters: BillingsFilters }) {
  return (
    <ExportSection
      kind="payments"
      filters={filters}
      heading={
        <>
          Payments received <span className="text-base font-normal text-slate-600">({fullRupees(b.paymentsTotal)})</span>
        </>
      }
    >
      <PaymentsTable payments={b.payments} empty={MSG.noPaymentsReceived} backLabel="Back to Billings" />
    </ExportSection>
  );
}
