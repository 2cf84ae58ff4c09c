import { usePropertiesT } from '../i18n';
import type { UpdateFilters } from './usePropertySearch';

/** Previous / next through the result pages; nothing when there is a single page. */
export function PropertyPagination({ page, pages, update }: { page: number; pages: number; update: UpdateFilters }) {
  const t = usePropertiesT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pages.label')} className="mt-8 flex items-center justify-center gap-4">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => update({ page: page - 1 }, true)}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('pages.previous')}
      </button>
      <span className="text-sm text-slate-700">{t('pages.of', { page, pages })}</span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => update({ page: page + 1 }, true)}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('pages.next')}
      </button>
    </nav>
  );
}
