import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useOwnerBillings } from '../api/statistics';
import { BillingsFilterForm } from './BillingsFilterForm';
import { BillingsTotals } from './BillingsTotals';
import { BillsSection } from './BillsSection';
import { PaymentsSection } from './PaymentsSection';
import { useBillingsFilters } from './useBillingsFilters';

export { STATUS_LABEL } from './BillsTable';

/** /OwnerDashboard/Billings (B6): every bill of the owner's rooms with filters and totals, payments received, CSV. */
export function OwnerBillingsPage() {
  const { filters, page, set, clear, filtered } = useBillingsFilters();
  const q = useOwnerBillings({ ...filters, ...(page > 1 ? { page: String(page) } : {}) });
  const heading = <PageHeading title="Billings" subtitle="Every bill of your rooms, what has been paid, and the payments you received" />;
  if (q.isPending) return <Spinner label="Loading billings" />;
  if (q.isError)
    return (
      <>
        {heading}
        <p role="alert" className="text-red-700">
          {errorMessage(q.error)}
        </p>
      </>
    );
  const b = q.data;

  return (
    <>
      {heading}
      <BillingsFilterForm filters={filters} properties={b.properties} filtered={filtered} set={set} clear={clear} />
      <BillingsTotals totals={b.totals} />
      <BillsSection b={b} filters={filters} filtered={filtered} set={set} />
      <PaymentsSection b={b} filters={filters} />
    </>
  );
}
