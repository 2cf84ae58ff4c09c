import { PRICE_RANGES, PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { publicPropertiesQuery, type PropertyFilters } from '../api/properties';
import { filterChips, priceRangeIndex, readFilters, SORT_LABELS, writeFilters } from '../filters';
import { PublicPropertyCard } from './PublicPropertyCard';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';
const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/**
 * The property list with search, filters (applied on the server), chips and pagination (B1).
 * All state lives in the URL query string, so a search can be shared and survives a reload.
 */
export function PropertyBrowser() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { data, isPending, isError, isFetching } = useQuery(publicPropertiesQuery(filters));
  const ids = { q: useId(), price: useId(), type: useId(), city: useId(), state: useId(), sort: useId(), filters: useId() };
  const [filtersOpen, setFiltersOpen] = useState(false);

  const update = (patch: Partial<PropertyFilters>, keepPage = false) => {
    const next = { ...filters, ...patch };
    if (!keepPage) next.page = undefined;
    setParams(writeFilters(next));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    update({
      q: String(fd.get('q') ?? '').trim() || undefined,
      city: String(fd.get('city') ?? '').trim() || undefined,
      state: String(fd.get('state') ?? '').trim() || undefined,
    });
  };

  const chips = filterChips(filters);
  const meta = data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit))) : 1;
  const page = meta?.page ?? filters.page ?? 1;
  const priceIdx = priceRangeIndex(filters);
  // Uncontrolled text inputs are re-mounted when the URL changes (e.g. a chip is removed).
  const formKey = `${filters.q ?? ''}|${filters.city ?? ''}|${filters.state ?? ''}`;

  return (
    <div>
      <form
        key={formKey}
        aria-label="Search properties"
        onSubmit={onSubmit}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={ids.q} className={labelClass}>
              Search
            </label>
            <input
              id={ids.q}
              name="q"
              type="search"
              defaultValue={filters.q ?? ''}
              maxLength={100}
              placeholder="Title, city, street, landmark or amenity"
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            <Search aria-hidden="true" className="h-4 w-4" />
            Search
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
          {filtersOpen ? 'Hide filters' : 'Show filters'}
        </button>
        {/* On phones the filters fold away behind the button above so results stay in view. */}
        <fieldset
          id={ids.filters}
          className={`mt-4 grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5 ${filtersOpen ? 'grid' : 'hidden'}`}
        >
          <legend className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            Filters
          </legend>
          <div>
            <label htmlFor={ids.price} className={labelClass}>
              Price range
            </label>
            <select
              id={ids.price}
              className={inputClass}
              value={priceIdx >= 0 ? String(priceIdx) : filters.minRent !== undefined || filters.maxRent !== undefined ? 'custom' : ''}
              onChange={(e) => {
                const r = PRICE_RANGES[Number(e.target.value)];
                update(
                  e.target.value === '' || !r ? { minRent: undefined, maxRent: undefined } : { minRent: r.minRent, maxRent: r.maxRent },
                );
              }}
            >
              <option value="">Any rent</option>
              {PRICE_RANGES.map((r, i) => (
                <option key={r.label} value={String(i)}>
                  {r.label}
                </option>
              ))}
              {priceIdx < 0 && (filters.minRent !== undefined || filters.maxRent !== undefined) ? (
                <option value="custom" disabled>
                  Custom range
                </option>
              ) : null}
            </select>
          </div>
          <div>
            <label htmlFor={ids.type} className={labelClass}>
              Property type
            </label>
            <select
              id={ids.type}
              className={inputClass}
              value={filters.propertyType ?? ''}
              onChange={(e) => update({ propertyType: e.target.value || undefined })}
            >
              <option value="">Any type</option>
              {PROPERTY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.city} className={labelClass}>
              City
            </label>
            <input
              id={ids.city}
              name="city"
              defaultValue={filters.city ?? ''}
              maxLength={80}
              className={inputClass}
              placeholder="e.g. Pune"
            />
          </div>
          <div>
            <label htmlFor={ids.state} className={labelClass}>
              State
            </label>
            <input
              id={ids.state}
              name="state"
              defaultValue={filters.state ?? ''}
              maxLength={80}
              className={inputClass}
              placeholder="e.g. Maharashtra"
            />
          </div>
          <div>
            <label htmlFor={ids.sort} className={labelClass}>
              Sort by
            </label>
            <select
              id={ids.sort}
              className={inputClass}
              value={filters.sort ?? 'newest'}
              onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : (e.target.value as PropertySort) })}
            >
              {PROPERTY_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <p className="mt-2 text-xs text-slate-600">City and state apply when you press Search.</p>
      </form>

      {chips.length ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700">Active filters:</span>
          <ul aria-label="Active filters" className="flex flex-wrap gap-2">
            {chips.map((c) => (
              <li key={c.key}>
                <button
                  type="button"
                  onClick={() => update(Object.fromEntries(c.remove.map((k) => [k, undefined])))}
                  aria-label={`Remove filter ${c.label}`}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-100 hover:bg-brand-100"
                >
                  {c.label}
                  <X aria-hidden="true" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setParams(new URLSearchParams())}
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            Clear all
          </button>
        </div>
      ) : null}

      <section aria-label="Results" aria-busy={isFetching} className="mt-6">
        {/* Always present (same height while loading) so the grid does not jump when results arrive. */}
        <p className="mb-4 h-5 text-sm text-slate-700" aria-live="polite">
          {isPending || isError
            ? ''
            : `${meta?.total ?? data.items.length} ${(meta?.total ?? data.items.length) === 1 ? 'property' : 'properties'} found`}
        </p>
        {isPending ? (
          <div role="status" aria-label="Loading properties" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <div className="aspect-[4/3] bg-slate-200" />
                <div className="space-y-3 p-4">
                  <div className="h-4 w-2/3 rounded bg-slate-200" />
                  <div className="h-3 w-full rounded bg-slate-200" />
                  <div className="h-3 w-1/2 rounded bg-slate-200" />
                </div>
              </div>
            ))}
            <span className="sr-only">Loading properties</span>
          </div>
        ) : isError ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
            {MSG.publicListFailed}
          </p>
        ) : data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold text-slate-900">No properties match your search.</p>
            <p className="mt-1 text-slate-600">Try other words or remove a filter.</p>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((p, i) => (
                <li key={p._id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <PublicPropertyCard property={p} eager={i < 3} priority={i === 0} />
                  </div>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
                <button
                  type="button"
                  disabled={page <= 1}
                  onClick={() => update({ page: page - 1 }, true)}
                  className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Previous
                </button>
                <span className="text-sm text-slate-700">
                  Page {page} of {pages}
                </span>
                <button
                  type="button"
                  disabled={page >= pages}
                  onClick={() => update({ page: page + 1 }, true)}
                  className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Next
                </button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
