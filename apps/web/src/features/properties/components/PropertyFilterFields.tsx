import { PRICE_RANGES, PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort } from '@kiraya/contract/constants';
import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import type { PropertyFilters } from '../api/properties';
import { priceRangeIndex, SORT_LABELS } from '../filters';
import type { UpdateFilters } from './usePropertySearch';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';
export const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/** The filter fields of the search form: price range, type and sort apply at once; city and state on Search. */
export function PropertyFilterFields({
  id,
  open,
  filters,
  update,
}: {
  id: string;
  open: boolean;
  filters: PropertyFilters;
  update: UpdateFilters;
}) {
  const ids = { price: useId(), type: useId(), city: useId(), state: useId(), sort: useId() };
  const priceIdx = priceRangeIndex(filters);
  return (
    <fieldset id={id} className={`mt-4 grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5 ${open ? 'grid' : 'hidden'}`}>
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
            update(e.target.value === '' || !r ? { minRent: undefined, maxRent: undefined } : { minRent: r.minRent, maxRent: r.maxRent });
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
        <input id={ids.city} name="city" defaultValue={filters.city ?? ''} maxLength={80} className={inputClass} placeholder="e.g. Pune" />
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
  );
}
