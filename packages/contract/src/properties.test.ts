import { describe, expect, it } from 'vitest';
import { AMENITY_KEYS, chipText, LIMITS, PROPERTY_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { imageFileError, parseAmenities, propertyFieldsSchema, propertyListQuerySchema, propertySteps } from './properties.js';

const valid = {
  title: 'Sunrise Residency',
  amenities: 'WiFi, Parking',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  landmark: '',
  propertyType: 'Villa',
  description: 'Bright rooms near the metro.',
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('property fields (spec 5, Add property / Edit property)', () => {
  it('accepts a complete property, landmark optional, amenities split and trimmed', () => {
    const r = propertyFieldsSchema.parse({ ...valid, landmark: undefined, amenities: ' WiFi ,Parking,, Lift ' });
    expect(r.amenities).toEqual(['WiFi', 'Parking', 'Lift']);
    expect(r.landmark).toBe('');
  });

  it('step 1: title and amenities both non-blank, else "All fields are required"', () => {
    expect(firstMessage(propertySteps[0].safeParse({ title: ' ', amenities: 'WiFi' }))).toBe(MSG.propertyStepRequired);
    expect(firstMessage(propertySteps[0].safeParse({ title: 'A', amenities: ' , ' }))).toBe(MSG.propertyStepRequired);
    expect(MSG.propertyStepRequired).toBe('All fields are required');
    expect(propertySteps[0].safeParse({ title: 'A', amenities: 'WiFi' }).success).toBe(true);
  });

  it('step 2: street, city, state, pincode required; landmark optional; pincode is a 6-digit Indian PIN', () => {
    const base = { street: 'x', city: 'Pune', state: 'MH', pincode: '411001' };
    expect(propertySteps[1].safeParse(base).success).toBe(true);
    for (const k of ['street', 'city', 'state', 'pincode'] as const) {
      expect(firstMessage(propertySteps[1].safeParse({ ...base, [k]: '' }))).toBe(MSG.propertyStepRequired);
    }
    expect(firstMessage(propertySteps[1].safeParse({ ...base, pincode: '41100' }))).toBe(MSG.pincodeFormat);
    expect(firstMessage(propertySteps[1].safeParse({ ...base, pincode: '011001' }))).toBe(MSG.pincodeFormat);
  });

  it('step 3: property type and description required, else "Please fill all required fields"', () => {
    expect(MSG.propertyTypeRequired).toBe('Please fill all required fields');
    expect(firstMessage(propertySteps[2].safeParse({ propertyType: '', description: 'x' }))).toBe(MSG.propertyTypeRequired);
    expect(firstMessage(propertySteps[2].safeParse({ propertyType: 'Castle', description: 'x' }))).toBe(MSG.propertyTypeRequired);
    expect(firstMessage(propertySteps[2].safeParse({ propertyType: 'Villa', description: ' ' }))).toBe(MSG.propertyTypeRequired);
    for (const t of PROPERTY_TYPES) expect(propertySteps[2].safeParse({ propertyType: t, description: 'x' }).success).toBe(true);
  });

  it('parseAmenities accepts a comma-joined first element and drops duplicates case-insensitively', () => {
    expect(parseAmenities(['WiFi,Parking', 'wifi', 'Lift'])).toEqual(['wifi', 'Parking', 'Lift']);
    expect(parseAmenities(undefined)).toEqual([]);
  });
});

describe('image rules (spec 5, 9)', () => {
  it('allows JPEG, PNG and WEBP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(imageFileError({ type, size: LIMITS.imageMaxBytes })).toBeNull();
  });
  it('refuses other types and larger files with the spec messages', () => {
    expect(imageFileError({ type: 'image/gif', size: 10 })).toBe('Only JPG, PNG, and WEBP images are allowed');
    expect(imageFileError({ type: 'image/png', size: 5_242_881 })).toBe('Image size should be less than 5MB');
    expect(LIMITS.imageMaxCount).toBe(10);
  });
});

describe('public list query (B1)', () => {
  it('defaults to the newest first, page 1, 12 a page', () => {
    expect(propertyListQuerySchema.parse({})).toMatchObject({ sort: 'newest', page: 1, limit: 12 });
  });
  it('reads numbers from the query string', () => {
    expect(propertyListQuerySchema.parse({ minRent: '5000', maxRent: '10000', page: '2', limit: '24' })).toMatchObject({
      minRent: 5000,
      maxRent: 10000,
      page: 2,
      limit: 24,
    });
  });
  it('refuses bad values with clear messages', () => {
    expect(firstMessage(propertyListQuerySchema.safeParse({ page: '0' }))).toBe('Page must be a whole number from 1 to 10000.');
    expect(firstMessage(propertyListQuerySchema.safeParse({ limit: '51' }))).toBe('Limit must be a whole number from 1 to 50.');
    expect(firstMessage(propertyListQuerySchema.safeParse({ minRent: '-1' }))).toBe(
      'Minimum rent must be a number of rupees from 0 to 1,00,00,000, with at most two decimals.',
    );
    expect(firstMessage(propertyListQuerySchema.safeParse({ minRent: '9000', maxRent: '5000' }))).toBe(
      'Minimum rent cannot be more than maximum rent.',
    );
    expect(firstMessage(propertyListQuerySchema.safeParse({ sort: 'cheapest' }))).toMatch(/^Sort must be one of/);
    expect(firstMessage(propertyListQuerySchema.safeParse({ propertyType: 'Castle' }))).toMatch(/^Property type must be one of/);
  });
});

describe('amenity chips (spec 9)', () => {
  it('cut at 15 characters plus an ellipsis', () => {
    expect(chipText('Swimming Pool')).toBe('Swimming Pool');
    expect(chipText('24x7 Power Backup')).toBe('24x7 Power Back...');
    expect(chipText('123456789012345')).toBe('123456789012345');
  });
});

describe('the search query: listing facts (ADR 048)', () => {
  const parse = (q: Record<string, unknown>) => propertyListQuerySchema.safeParse(q);
  it('reads each filter alone and all together', () => {
    const all = parse({
      bhk: ['2BHK', '3BHK,2BHK'],
      furnishing: 'furnished',
      tenantType: 'family',
      availableBy: '2026-12-01',
      maxDeposit: '50000',
      veg: 'true',
      pets: 'false',
      parking: 'car',
      amenities: 'lift,wifi',
      locality: ' Indiranagar ',
      near: '12.9716, 77.5946',
      radiusKm: '3',
      sort: 'distance',
    });
    expect(all.success && all.data).toMatchObject({
      bhk: ['2BHK', '3BHK'],
      furnishing: 'furnished',
      tenantType: 'family',
      availableBy: '2026-12-01',
      maxDeposit: 50000,
      veg: true,
      pets: false,
      parking: 'car',
      amenities: ['lift', 'wifi'],
      locality: 'Indiranagar',
      near: { lat: 12.9716, lng: 77.5946 },
      radiusKm: 3,
      sort: 'distance',
    });
    expect(parse({ furnishing: ['unfurnished', 'furnished'] }).data?.furnishing).toBe('furnished');
  });
  it.each([
    [{ bhk: '6BHK' }, MSG.configurationInvalid],
    [{ amenities: 'jacuzzi' }, MSG.amenityUnknown(AMENITY_KEYS.join(', '))],
    [{ near: '1e308,5' }, MSG.nearFormat],
    [{ maxDeposit: '1e308' }, MSG.maxDepositFormat('1,00,00,000')],
    [{ sort: 'distance' }, MSG.sortDistanceNeedsNear],
    [{ veg: 'maybe' }, MSG.yesOrNo('Veg')],
  ])('refuses %j', (q, message) => {
    const r = parse(q);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
