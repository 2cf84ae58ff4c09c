import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import type { BillingsFilters } from '../api/statistics';
import { useStatsT } from '../i18n';
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
  const t = useStatsT();
  const msg = useMsg();
  return (
    <ExportSection kind="bills" heading={t('bills.heading')} filters={filters}>
      {b.bills.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
          {filtered ? (
            msg(MSG.noBillsMatch)
          ) : (
            <>
              <p>{msg(MSG.noStatisticsOwner)}</p>
              <Link to={PATHS.owner.properties} className={`${primaryButton} mt-3`}>
                {t('goProperties')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <BillsTable bills={b.bills} />
          {b.pageCount > 1 ? (
            <nav aria-label={t('bills.pages')} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
              <span className="text-slate-700">{t('bills.page', { page: b.page, pages: b.pageCount, count: b.totals.count })}</span>
              <span className="flex gap-2">
                <button type="button" className={secondaryButton} disabled={b.page <= 1} onClick={() => set('page', String(b.page - 1))}>
                  {t('bills.previous')}
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={b.page >= b.pageCount}
                  onClick={() => set('page', String(b.page + 1))}
                >
                  {t('bills.next')}
                </button>
              </span>
            </nav>
          ) : null}
        </>
      )}
    </ExportSection>
  );
}
