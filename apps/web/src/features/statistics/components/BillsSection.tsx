import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { PATHS } from '../../../lib/paths';
import type { BillingsFilters } from '../api/statistics';
import { BillsTable } from './BillsTable';
import { ExportSection } from './ExportSection';
import type { SetBillingsFilter } from './useBillingsFilters';

/** The Bills section: CSV export, an empty state, the bills of this page and the page buttons. */
export function BillsSection({
  b,
  filters,
  filtered,
  set,
}: {
  b: OwnerBillings;
  filters: BillingsFilters;
  filtered: boolean;
  set: SetBillingsFilter;
}) {
  return (
    <ExportSection kind="bills" heading="Bills" filters={filters}>
      {b.bills.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
          {filtered ? (
            MSG.noBillsMatch
          ) : (
            <>
              <p>{MSG.noStatisticsOwner}</p>
              <Link to={PATHS.owner.properties} className={`${primaryButton} mt-3`}>
                Go to Properties
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <BillsTable bills={b.bills} />
          {b.pageCount > 1 ? (
            <nav aria-label="Bill pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
              <span className="text-slate-700">
                Page {b.page} of {b.pageCount} · totals above cover all {b.totals.count} bills
              </span>
              <span className="flex gap-2">
                <button type="button" className={secondaryButton} disabled={b.page <= 1} onClick={() => set('page', String(b.page - 1))}>
                  Previous
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={b.page >= b.pageCount}
                  onClick={() => set('page', String(b.page + 1))}
                >
                  Next
                </button>
              </span>
            </nav>
          ) : null}
        </>
      )}
    </ExportSection>
  );
}
