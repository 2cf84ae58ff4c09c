import { PRICE_RANGES, PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort } from '@kiraya/contract/constants';
import { SlidersHorizontal } from 'lucide-react';
import { CompactFieldsContext, Options, SelectField, TextField } from '../../../components/FormField';
import type { PropertyFilters } from '../api/properties';
import { priceRangeIndex, sortLabel, typeLabel } from '../filters';
import { usePropertiesT } from '../i18n';
import type { UpdateFilters } from './usePropertySearch';

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
  const t = usePropertiesT();
  const priceIdx = priceRangeIndex(filters);
  const customRange = priceIdx < 0 && (filters.minRent !== undefined || filters.maxRent !== undefined);
  return (
    <fieldset id={id} className={`mt-4 grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-5 ${open ? 'grid' : 'hidden'}`}>
      <legend className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {t('filters.legend')}
      </legend>
      <CompactFieldsContext.Provider value>
        <SelectField
          label={t('filters.price')}
          value={priceIdx >= 0 ? String(priceIdx) : customRange ? 'custom' : ''}
          onChange={(e) => {
            const r = PRICE_RANGES[Number(e.target.value)];
            update(e.target.value === '' || !r ? { minRent: undefined, maxRent: undefined } : { minRent: r.minRent, maxRent: r.maxRent });
          }}
        >
          <Options
            items={PRICE_RANGES.map((r, i) => ({ ...r, i }))}
            empty={t('filters.anyRent')}
            value={(r) => String(r.i)}
            label={(r) => r.label}
          />
          {customRange ? (
            <option value="custom" disabled>
              {t('filters.customRange')}
            </option>
          ) : null}
        </SelectField>
        <SelectField
          label={t('filters.type')}
          value={filters.propertyType ?? ''}
          onChange={(e) => update({ propertyType: e.target.value || undefined })}
        >
          <Options items={PROPERTY_TYPES} empty={t('filters.anyType')} label={(type) => typeLabel(t, type)} />
        </SelectField>
        <TextField
          label={t('filters.city')}
          name="city"
          defaultValue={filters.city ?? ''}
          maxLength={80}
          placeholder={t('filters.cityPlaceholder')}
        />
        <TextField
          label={t('filters.state')}
          name="state"
          defaultValue={filters.state ?? ''}
          maxLength={80}
          placeholder={t('filters.statePlaceholder')}
        />
        <SelectField
          label={t('filters.sort')}
          value={filters.sort ?? 'newest'}
          onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : (e.target.value as PropertySort) })}
        >
          <Options items={PROPERTY_SORTS} label={(s) => sortLabel(t, s)} />
        </SelectField>
      </CompactFieldsContext.Provider>
    </fieldset>
  );
}
