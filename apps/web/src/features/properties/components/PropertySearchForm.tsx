import { Search, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { PropertyFilters } from '../api/properties';
import { CompactFieldsContext, TextField } from '../../../components/FormField';
import { usePropertiesT } from '../i18n';
import { PropertyFilterFields } from './PropertyFilterFields';
import type { UpdateFilters } from './usePropertySearch';

/** A typed deposit bound in whole rupees ("25,000" reads as 25000); anything else is no bound. */
const depositOf = (s: string): number | undefined => {
  const n = Number(s.replace(/[,\s₹]/g, ''));
  return s.trim() && Number.isInteger(n) && n >= 0 && n <= 10_000_000 ? n : undefined;
};

/** PropertyBrowser's search form: the search box, and the filters that fold away on phones. */
export function PropertySearchForm({ filters, update }: { filters: PropertyFilters; update: UpdateFilters }) {
  const t = usePropertiesT();
  const ids = { filters: useId() };
  const [filtersOpen, setFiltersOpen] = useState(false);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    update({
      q: String(fd.get('q') ?? '').trim() || undefined,
      city: String(fd.get('city') ?? '').trim() || undefined,
      state: String(fd.get('state') ?? '').trim() || undefined,
      locality: String(fd.get('locality') ?? '').trim() || undefined,
      maxDeposit: depositOf(String(fd.get('maxDeposit') ?? '')),
    });
  };

  // Uncontrolled text inputs are re-mounted when the URL changes (e.g. a chip is removed).
  const formKey = `${filters.q ?? ''}|${filters.city ?? ''}|${filters.state ?? ''}|${filters.locality ?? ''}|${filters.maxDeposit ?? ''}`;

  return (
    <form
      key={formKey}
      aria-label={t('form.label')}
      onSubmit={onSubmit}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <CompactFieldsContext.Provider value>
          <TextField
            label={t('form.search')}
            className="flex-1"
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            maxLength={100}
            placeholder={t('form.searchPlaceholder')}
          />
        </CompactFieldsContext.Provider>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          <Search aria-hidden="true" className="h-4 w-4" />
          {t('form.search')}
        </button>
      </div>
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls={ids.filters}
        onClick={() => setFiltersOpen((o) => !o)}
        className="mt-3 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {filtersOpen ? t('form.hideFilters') : t('form.showFilters')}
      </button>
      {/* On phones the filters fold away behind the button above so results stay in view. */}
      <PropertyFilterFields id={ids.filters} open={filtersOpen} filters={filters} update={update} />
      <p className="mt-2 text-xs text-slate-600">{t('form.cityStateHint')}</p>
    </form>
  );
}
