import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { secondaryButton } from '../../../components/FormField';
import { type BillingsFilters, exportUrl } from '../api/statistics';
import { useStatsT } from '../i18n';

/** A section of Billings: its heading, the CSV export of what the filters select, then its content. */
export function ExportSection({
  kind,
  heading,
  filters,
  children,
}: {
  kind: 'bills' | 'payments';
  heading: ReactNode;
  filters: BillingsFilters;
  children: ReactNode;
}) {
  const t = useStatsT();
  const id = `${kind}-heading`;
  return (
    <section className="mt-6" aria-labelledby={id}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <a href={exportUrl(kind, filters)} className={secondaryButton} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t(`export.${kind}`)}
        </a>
      </div>
      {children}
    </section>
  );
}
