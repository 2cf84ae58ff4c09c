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
  SEARCH_LIMITS,
} from '@kiraya/contract/constants';
import { formatRupees } from '../../lib/format';
import type { PropertyFilters } from './api/properties';
import type { PropertiesT } from './i18n';

const num = (s: string | null): number | undefined => {
  if (s === null || s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const text = (s: string | null): string | undefined => (s?.trim() ? s.trim() : undefined);
const oneOf = (values: readonly string[], s: string | null): string | undefined => (s && values.includes(s) ? s : undefined);
/** The known values of a list parameter, repeated or comma-joined, as one comma-joined string. */
const listOf = (values: readonly string[], all: string[]): string | undefined => {
  const items = [...new Set(all.flatMap((s) => s.split(',')).map((s) => s.trim()))].filter((s) => values.includes(s));
  return items.length ? items.join(',') : undefined;
};
const bool = (s: string | null): boolean | undefined => (s === 'true' ? true : s === 'false' ? false : undefined);
const NEAR_RE = /^-?\d{1,2}(\.\d{1,8})?,-?\d{1,3}(\.\d{1,8})?$/;

/** Reads the filters from the URL query string (unknown values are dropped). */
export function readFilters(sp: URLSearchParams): PropertyFilters {
  const type = sp.get('propertyType');
  const sort = sp.get('sort');
  const page = num(sp.get('page'));
  return {
    q: text(sp.get('q')),
    city: text(sp.get('city')),
    state: text(sp.get('state')),
    propertyType: type && (PROPERTY_TYPES as readonly string[]).includes(type) ? type : undefined,
    minRent: num(sp.get('minRent')),
    maxRent: num(sp.get('maxRent')),
    sort: sort && (PROPERTY_SORTS as readonly string[]).includes(sort) && sort !== 'newest' ? (sort as PropertySort) : undefined,
    page: page && Number.isInteger(page) && page > 1 ? page : undefined,
    bhk: listOf(CONFIGURATIONS, sp.getAll('bhk')),
    furnishing: oneOf(FURNISHINGS, sp.get('furnishing')),
    tenantType: oneOf(LISTING_TENANT_TYPES, sp.get('tenantType')),
    availableBy: /^\d{4}-\d{2}-\d{2}$/.test(sp.get('availableBy') ?? '') ? (sp.get('availableBy') as string) : undefined,
    maxDeposit: num(sp.get('maxDeposit')),
    veg: bool(sp.get('veg')),
    pets: bool(sp.get('pets')),
    parking: oneOf(PARKINGS, sp.get('parking')),
    amenities: listOf(AMENITY_KEYS, sp.getAll('amenities')),
    locality: text(sp.get('locality'))?.slice(0, SEARCH_LIMITS.localityMax),
    near: NEAR_RE.test(sp.get('near') ?? '') ? (sp.get('near') as string) : undefined,
    radiusKm: num(sp.get('radiusKm')),
  };
}

/** Writes the filters back as a query string; empty values and defaults are left out. */
export function writeFilters(f: PropertyFilters): URLSearchParams {
  const sp = new URLSearchParams();
  const order: (keyof PropertyFilters)[] = [
    'q',
    'locality',
    'bhk',
    'furnishing',
    'tenantType',
    'propertyType',
    'minRent',
    'maxRent',
    'maxDeposit',
    'availableBy',
    'veg',
    'pets',
    'parking',
    'amenities',
    'city',
    'state',
    'near',
    'radiusKm',
    'sort',
    'page',
  ];
  for (const k of order) {
    const v = f[k];
    if (v === undefined || v === '' || (k === 'sort' && v === 'newest') || (k === 'page' && v === 1)) continue;
    sp.set(k, String(v));
  }
  return sp;
}

/** "Newest first", "Rent: low to high"… in the page's language. */
export const sortLabel = (t: PropertiesT, sort: PropertySort): string => t(`sort.${sort}`);
/** A property type (the contract's English value) in the page's language; a value the catalogue lacks as it is. */
export const typeLabel = (t: PropertiesT, type: string): string => {
  const text = t(`type.${type}` as Parameters<PropertiesT>[0]);
  return text === `type.${type}` ? type : text;
};

/** The price range index matching minRent/maxRent, or -1. */
export const priceRangeIndex = (f: PropertyFilters): number =>
  PRICE_RANGES.findIndex((r) => r.minRent === (f.minRent ?? -1) && (r.maxRent ?? undefined) === f.maxRent);

export type FilterChip = { key: string; label: string; remove: (keyof PropertyFilters)[] };

/** The active filters as removable chips (B1), worded by `t`. */
export function filterChips(f: PropertyFilters, t: PropertiesT): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.q) chips.push({ key: 'q', label: t('chips.query', { q: f.q }), remove: ['q'] });
  if (f.minRent !== undefined || f.maxRent !== undefined) {
    const range = PRICE_RANGES[priceRangeIndex(f)];
    const label = range
      ? range.label
      : f.maxRent === undefined
        ? `${formatRupees(f.minRent ?? 0)}+`
        : `${formatRupees(f.minRent ?? 0)} - ${formatRupees(f.maxRent)}`;
    chips.push({ key: 'price', label: t('chips.rent', { range: label }), remove: ['minRent', 'maxRent'] });
  }
  if (f.propertyType) chips.push({ key: 'propertyType', label: typeLabel(t, f.propertyType), remove: ['propertyType'] });
  if (f.city) chips.push({ key: 'city', label: t('chips.city', { city: f.city }), remove: ['city'] });
  if (f.state) chips.push({ key: 'state', label: t('chips.state', { state: f.state }), remove: ['state'] });
  if (f.locality) chips.push({ key: 'locality', label: t('chips.locality', { locality: f.locality }), remove: ['locality'] });
  if (f.bhk)
    chips.push({
      key: 'bhk',
      label: f.bhk
        .split(',')
        .map((c) => factLabel(t, 'configuration', c))
        .join(', '),
      remove: ['bhk'],
    });
  if (f.furnishing) chips.push({ key: 'furnishing', label: factLabel(t, 'furnishing', f.furnishing), remove: ['furnishing'] });
  if (f.tenantType) chips.push({ key: 'tenantType', label: factLabel(t, 'tenantType', f.tenantType), remove: ['tenantType'] });
  if (f.maxDeposit !== undefined)
    chips.push({ key: 'maxDeposit', label: t('chips.maxDeposit', { amount: formatRupees(f.maxDeposit) }), remove: ['maxDeposit'] });
  if (f.availableBy) chips.push({ key: 'availableBy', label: t('chips.availableBy', { date: f.availableBy }), remove: ['availableBy'] });
  if (f.veg !== undefined) chips.push({ key: 'veg', label: t(f.veg ? 'chips.vegOnly' : 'chips.noFoodRule'), remove: ['veg'] });
  if (f.pets !== undefined) chips.push({ key: 'pets', label: t(f.pets ? 'chips.pets' : 'chips.noPets'), remove: ['pets'] });
  if (f.parking) chips.push({ key: 'parking', label: factLabel(t, 'parking', f.parking), remove: ['parking'] });
  if (f.amenities)
    chips.push({
      key: 'amenities',
      label: f.amenities
        .split(',')
        .map((a) => factLabel(t, 'amenity', a))
        .join(', '),
      remove: ['amenities'],
    });
  if (f.near)
    chips.push({ key: 'near', label: t('chips.near', { km: f.radiusKm ?? SEARCH_LIMITS.radiusKmDefault }), remove: ['near', 'radiusKm'] });
  if (f.sort && f.sort !== 'newest') chips.push({ key: 'sort', label: sortLabel(t, f.sort), remove: ['sort'] });
  return chips;
}

export type FactKind = 'configuration' | 'furnishing' | 'tenantType' | 'parking' | 'amenity';
/** A listing fact's value (the contract's, e.g. "2BHK", "semi-furnished") in the page's language; unknown ones as they are. */
export const factLabel = (t: PropertiesT, kind: FactKind, value: string): string => {
  const key = `fact.${kind}.${value}`;
  const text = t(key as Parameters<PropertiesT>[0]);
  return text === key ? value : text;
};
