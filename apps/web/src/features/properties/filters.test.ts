import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n';
import { filterChips, readFilters, writeFilters } from './filters';
import en from './i18n/en-IN.json';
import hi from './i18n/hi-IN.json';

const t = translator<keyof typeof en>(en);

describe('property filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    const f = readFilters(
      new URLSearchParams('q=metro&propertyType=Villa&minRent=5000&maxRent=10000&sort=rent_asc&page=2&city=Pune&state=MH'),
    );
    expect(f).toEqual({
      q: 'metro',
      propertyType: 'Villa',
      minRent: 5000,
      maxRent: 10000,
      sort: 'rent_asc',
      page: 2,
      city: 'Pune',
      state: 'MH',
    });
    const bad = readFilters(new URLSearchParams('propertyType=Castle&sort=random&page=-3&minRent=abc'));
    expect(bad).toEqual({
      q: undefined,
      city: undefined,
      state: undefined,
      propertyType: undefined,
      minRent: undefined,
      maxRent: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  it('writes a round-trippable query string without defaults', () => {
    const sp = writeFilters({ q: 'lake view', minRent: 0, maxRent: 5000, sort: 'newest', page: 1 });
    expect(sp.toString()).toBe('q=lake+view&minRent=0&maxRent=5000');
    expect(readFilters(sp)).toMatchObject({ q: 'lake view', minRent: 0, maxRent: 5000 });
  });

  it('shows each active filter as a chip, a known price range by its label', () => {
    const chips = filterChips({ q: 'metro', minRent: 15000, propertyType: 'Duplex', city: 'Pune', sort: 'rent_desc' }, t);
    expect(chips.map((c) => c.label)).toEqual(['“metro”', 'Rent ₹15,000+', 'Duplex', 'City: Pune', 'Rent: high to low']);
    expect(chips.find((c) => c.key === 'price')?.remove).toEqual(['minRent', 'maxRent']);
    expect(filterChips({}, t)).toEqual([]);
    // In Hindi (issue 27): the words translated, the amount as it is.
    const hiChips = filterChips({ minRent: 15000, propertyType: 'Duplex', city: 'Pune', sort: 'rent_asc' }, translator(hi));
    expect(hiChips.map((c) => c.label)).toEqual(['किराया ₹15,000+', 'डुप्लेक्स', 'शहर: Pune', 'किराया: कम से ज़्यादा']);
  });
});
