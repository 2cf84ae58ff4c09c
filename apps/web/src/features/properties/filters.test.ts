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

describe('listing-fact filters in the URL (ADR 048)', () => {
  it('reads repeated and comma-joined lists, keeps known values only, and writes them back', () => {
    const f = readFilters(
      new URLSearchParams(
        'bhk=2BHK&bhk=3BHK,9BHK&furnishing=furnished&tenantType=family&maxDeposit=50000&availableBy=2026-12-01&veg=true&pets=false&parking=car&amenities=lift,jacuzzi&amenities=wifi&locality=Indiranagar&near=12.97,77.64&radiusKm=3',
      ),
    );
    expect(f).toMatchObject({
      bhk: '2BHK,3BHK',
      furnishing: 'furnished',
      tenantType: 'family',
      maxDeposit: 50000,
      availableBy: '2026-12-01',
      veg: true,
      pets: false,
      parking: 'car',
      amenities: 'lift,wifi',
      locality: 'Indiranagar',
      near: '12.97,77.64',
      radiusKm: 3,
    });
    expect(readFilters(writeFilters(f))).toEqual(f);
    const bad = readFilters(new URLSearchParams('bhk=9BHK&furnishing=half&tenantType=x&veg=maybe&parking=bus&near=north&availableBy=soon'));
    expect(bad).toMatchObject({
      bhk: undefined,
      furnishing: undefined,
      tenantType: undefined,
      veg: undefined,
      parking: undefined,
      near: undefined,
      availableBy: undefined,
    });
  });

  it('shows each fact filter as a chip that removes itself, in English and Hindi', () => {
    const f = readFilters(
      new URLSearchParams('bhk=2BHK&furnishing=furnished&tenantType=family&maxRent=25000&minRent=0&locality=Indiranagar'),
    );
    const chips = filterChips(f, t);
    expect(chips.map((c) => c.label)).toEqual(['Rent ₹0 - ₹25,000', 'Locality: Indiranagar', '2 BHK', 'Furnished', 'Family']);
    expect(chips.find((c) => c.key === 'bhk')?.remove).toEqual(['bhk']);
    const th = translator<keyof typeof hi>(hi);
    expect(filterChips(f, th).map((c) => c.label)).toContain('फ़र्निश्ड');
    expect(filterChips(f, th).map((c) => c.label)).toContain('इलाका: Indiranagar');
  });
});
