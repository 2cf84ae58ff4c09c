import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useOwnerBillings } from '../api/statistics';
import { useStatsT } from '../i18n';
import { BillingsFilterForm } from './BillingsFilterForm';
import { BillingsTotals } from './BillingsTotals';
import { BillsSection } from './BillsSection';
import { PaymentsSection } from './PaymentsSection';
import { useBillingsFilters } from './useBillingsFilters';

/** /OwnerDashboard/Billings (B6): every bill of the owner's rooms with filters and totals, payments received, CSV. */
export function OwnerBillingsPage() {
  const t = useStatsT();
  const msg = useMsg();
  const { filters, page, set, clear, filtered } = useBillingsFilters();
  const q = useOwnerBillings({ ...filters, ...(page > 1 ? { page: String(page) } : {}) });
  const heading = <PageHeading title={t('billings.title')} subtitle={t('billings.subtitle')} />;
  if (q.isPending) return <Spinner label={t('billings.loading')} />;
  if (q.isError)
    return (
      <>
        {heading}
        <p role="alert" className="text-red-700">
          {msg(errorMessage(q.error))}
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
