import {
  AMENITY_KEYS,
  CONFIGURATIONS,
  FURNISHINGS,
  LISTING_TENANT_TYPES,
  PARKINGS,
  PRICE_RANGES,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  type PropertySort,
} from '@kiraya/contract/constants';
import { SlidersHorizontal } from 'lucide-react';
import { CompactFieldsContext, Options, SelectField, TextField } from '../../../components/FormField';
import type { PropertyFilters } from '../api/properties';
import { factLabel, priceRangeIndex, sortLabel, typeLabel } from '../filters';
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
          {/* Nearest first needs a place to measure from (near), set by a shared link or the map. */}
          <Options items={PROPERTY_SORTS.filter((s) => s !== 'distance' || filters.near)} label={(s) => sortLabel(t, s)} />
        </SelectField>
        <FactFilterFields filters={filters} update={update} />
      </CompactFieldsContext.Provider>
    </fieldset>
  );
}

const checkClass = 'h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600';

/**
 * The listing facts (ADR 048): BHK or sharing, furnishing, who may rent, parking and available-by apply at once;
 * locality and deposit on Search; veg, pets and each amenity are checkboxes.
 */
function FactFilterFields({ filters, update }: { filters: PropertyFilters; update: UpdateFilters }) {
  const t = usePropertiesT();
  const amenities = new Set(filters.amenities?.split(',') ?? []);
  const toggleAmenity = (a: string, on: boolean) => {
    const next = new Set(amenities);
    if (on) next.add(a);
    else next.delete(a);
    update({ amenities: next.size ? [...next].join(',') : undefined });
  };
  return (
    <>
      <TextField
        label={t('filters.locality')}
        name="locality"
        defaultValue={filters.locality ?? ''}
        maxLength={80}
        placeholder={t('filters.localityPlaceholder')}
      />
      <SelectField
        label={t('filters.bhk')}
        value={filters.bhk?.split(',')[0] ?? ''}
        onChange={(e) => update({ bhk: e.target.value || undefined })}
      >
        <Options items={CONFIGURATIONS} empty={t('filters.anyBhk')} label={(c) => factLabel(t, 'configuration', c)} />
      </SelectField>
      <SelectField
        label={t('filters.furnishing')}
        value={filters.furnishing ?? ''}
        onChange={(e) => update({ furnishing: e.target.value || undefined })}
      >
        <Options items={FURNISHINGS} empty={t('filters.anyFurnishing')} label={(c) => factLabel(t, 'furnishing', c)} />
      </SelectField>
      <SelectField
        label={t('filters.tenantType')}
        value={filters.tenantType ?? ''}
        onChange={(e) => update({ tenantType: e.target.value || undefined })}
      >
        <Options
          items={LISTING_TENANT_TYPES.filter((x) => x !== 'any')}
          empty={t('filters.anyTenant')}
          label={(c) => factLabel(t, 'tenantType', c)}
        />
      </SelectField>
      <TextField
        label={t('filters.maxDeposit')}
        name="maxDeposit"
        inputMode="numeric"
        defaultValue={filters.maxDeposit === undefined ? '' : String(filters.maxDeposit)}
        maxLength={9}
      />
      <TextField
        label={t('filters.availableBy')}
        name="availableBy"
        type="date"
        value={filters.availableBy ?? ''}
        onChange={(e) => update({ availableBy: e.target.value || undefined })}
      />
      <SelectField
        label={t('filters.parking')}
        value={filters.parking && filters.parking !== 'none' ? filters.parking : ''}
        onChange={(e) => update({ parking: e.target.value || undefined })}
      >
        <Options items={PARKINGS.filter((x) => x !== 'none')} empty={t('filters.anyParking')} label={(c) => factLabel(t, 'parking', c)} />
      </SelectField>
      <div className="flex flex-col justify-end gap-2 text-sm text-slate-800">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            className={checkClass}
            checked={filters.veg === true}
            onChange={(e) => update({ veg: e.target.checked ? true : undefined })}
          />
          {t('filters.veg')}
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            className={checkClass}
            checked={filters.pets === true}
            onChange={(e) => update({ pets: e.target.checked ? true : undefined })}
          />
          {t('filters.pets')}
        </label>
      </div>
      <fieldset className="sm:col-span-2 lg:col-span-5">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('filters.amenities')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-800">
          {AMENITY_KEYS.map((a) => (
            <label key={a} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className={checkClass}
                checked={amenities.has(a)}
                onChange={(e) => toggleAmenity(a, e.target.checked)}
              />
              {factLabel(t, 'amenity', a)}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
