import { PRICE_RANGES, PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort } from '@kiraya/contract/constants';
import { formatRupees } from '../../lib/format';
import type { PropertyFilters } from './api/properties';
import type { PropertiesT } from './i18n';

const num = (s: string | null): number | undefined => {
  if (s === null || s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const text = (s: string | null): string | undefined => (s?.trim() ? s.trim() : undefined);

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
  };
}

/** Writes the filters back as a query string; empty values and defaults are left out. */
export function writeFilters(f: PropertyFilters): URLSearchParams {
  const sp = new URLSearchParams();
  const order: (keyof PropertyFilters)[] = ['q', 'propertyType', 'minRent', 'maxRent', 'city', 'state', 'sort', 'page'];
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
  if (f.sort && f.sort !== 'newest') chips.push({ key: 'sort', label: sortLabel(t, f.sort), remove: ['sort'] });
  return chips;
}
