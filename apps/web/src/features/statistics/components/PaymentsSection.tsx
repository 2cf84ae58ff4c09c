import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings } from '@kiraya/contract/statistics';
import { useMsg } from '../../../lib/useMsg';
import type { BillingsFilters } from '../api/statistics';
import { useStatsT } from '../i18n';
import { ExportSection } from './ExportSection';
import { fullRupees } from './charts';
import { PaymentsTable } from './PaymentsTable';

/** Payments received under the filters, with their CSV export. */
export function PaymentsSection({ b, filters }: { b: OwnerBillings; filters: BillingsFilters }) {
  const t = useStatsT();
  const msg = useMsg();
  return (
    <ExportSection
      kind="payments"
      filters={filters}
      heading={t.rich('payments.heading', {
        total: <span className="text-base font-normal text-slate-600">({fullRupees(b.paymentsTotal)})</span>,
      })}
    >
      <PaymentsTable payments={b.payments} empty={msg(MSG.noPaymentsReceived)} backLabel={t('payments.backToBillings')} />
    </ExportSection>
  );
}
