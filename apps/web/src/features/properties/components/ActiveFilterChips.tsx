import { X } from 'lucide-react';
import type { PropertyFilters } from '../api/properties';
import { filterChips } from '../filters';
import { usePropertiesT } from '../i18n';
import type { UpdateFilters } from './usePropertySearch';

/** The removable chips of the active filters, with "Clear all"; nothing when no filter is set. */
export function ActiveFilterChips({
  filters,
  update,
  clearAll,
}: {
  filters: PropertyFilters;
  update: UpdateFilters;
  clearAll: () => void;
}) {
  const t = usePropertiesT();
  const chips = filterChips(filters, t);
  if (!chips.length) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">{t('chips.title')}</span>
      <ul aria-label={t('chips.label')} className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              onClick={() => update(Object.fromEntries(c.remove.map((k) => [k, undefined])))}
              aria-label={t('chips.remove', { label: c.label })}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-100 hover:bg-brand-100"
            >
              {c.label}
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={clearAll} className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
        {t('chips.clearAll')}
      </button>
    </div>
  );
}
