import { MSG } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../seed/factories.js';
import { createProperty, createRoom, propertyInput, sampleImage } from '../../seed/property-factories.js';
import { establishedAccounts, signedIn, type TestContext, createTestContext } from '../../test/harness.js';
import { sendForm } from '../../test/support.js';
import { hasTrgm } from './search.js';

/**
 * The listing facts and the search over them (B31, ADR 048), on both engines (vitest.config.ts ON_BOTH):
 *   indira-2bhk  Bengaluru, Indiranagar, 2BHK furnished, family, from 2026-12-01, deposit 50,000, pets, car parking,
 *                lift + wifi, rooms 18,500 & 24,000; at 12.9719,77.6412
 *   indira-3bhk  Bengaluru, Indiranagar, 3BHK semi-furnished, any, from 2027-01-01, deposit 90,000, veg, two-wheeler,
 *                lift, room 40,000; at 12.9780,77.6400
 *   kora-pg      Bengaluru, Koramangala, sharing (single room, twin room) furnished, girls, from 2026-11-15,
 *                deposit 10,000, veg, wifi + washing machine, rooms 9,000 & 7,000; at 12.9352,77.6245
 *   pune-1rk     Pune, Baner, 1RK unfurnished, bachelors, from 2026-12-10, deposit 20,000, no coordinates, room 9,500
 */
let ctx: TestContext;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createOwner(ctx.deps);
  await establishedAccounts(ctx, [owner._id]);
  const image = [await sampleImage()];
  const mk = async (key: string, o: Parameters<typeof createProperty>[2], rooms: Parameters<typeof createRoom>[3][]) => {
    const p = await createProperty(ctx.deps, owner._id, o, image);
    ids[key] = p._id;
    for (const r of rooms) await createRoom(ctx.deps, owner._id, p._id, r, image);
  };
  await mk(
    'indira-2bhk',
    {
      title: 'Lake View Homes',
      city: 'Bengaluru',
      locality: 'Indiranagar',
      latitude: '12.9719',
      longitude: '77.6412',
      configuration: '2BHK',
      furnishing: 'furnished',
      tenantType: 'family',
      availableFrom: '2026-12-01',
      deposit: '50000',
      pets: 'true',
      parking: 'car',
      amenities: 'Lift, WiFi',
    },
    [{ rentAmount: 18500 }, { rentAmount: 24000 }],
  );
  await mk(
    'indira-3bhk',
    {
      title: 'Metro Heights',
      city: 'Bengaluru',
      locality: 'Indiranagar',
      latitude: '12.978',
      longitude: '77.64',
      configuration: '3BHK',
      furnishing: 'semi-furnished',
      tenantType: 'any',
      availableFrom: '2027-01-01',
      deposit: '90000',
      veg: 'true',
      parking: 'two-wheeler',
      amenities: 'lift',
    },
    [{ rentAmount: 40000 }],
  );
  await mk(
    'kora-pg',
    {
      title: 'Sunrise Ladies PG',
      description: 'Homely food and a quiet reading room.',
      city: 'Bengaluru',
      locality: 'Koramangala',
      latitude: '12.9352',
      longitude: '77.6245',
      configuration: 'single',
      furnishing: 'furnished',
      tenantType: 'girls',
      availableFrom: '2026-11-15',
      deposit: '10000',
      veg: 'true',
      amenities: 'wifi, washing-machine',
    },
    [
      { rentAmount: 9000, configuration: 'single' },
      { rentAmount: 7000, configuration: 'twin' },
    ],
  );
  await mk(
    'pune-1rk',
    {
      title: 'Baner Studio',
      city: 'Pune',
      state: 'Maharashtra',
      locality: 'Baner',
      configuration: '1RK',
      furnishing: 'unfurnished',
      tenantType: 'bachelors',
      availableFrom: '2026-12-10',
      deposit: '20000',
      amenities: 'Parking',
    },
    [{ rentAmount: 9500 }],
  );
});
afterAll(() => ctx.close());

const list = (qs: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/properties/fetch-all-properties?${qs}` });
const keysOf = (data: { _id: string }[]) => data.map((p) => Object.entries(ids).find(([, id]) => id === p._id)?.[0]).sort();
async function keys(qs: string) {
  const res = await list(qs);
  expect(res.statusCode, res.body).toBe(200);
  return keysOf(res.json().data);
}

describe('listing facts', () => {
  it('answers the facts given, rupees for the deposit, coordinates rounded to about 100 m for the public', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${ids['indira-2bhk']}` });
    expect(res.json().data).toMatchObject({
      locality: 'Indiranagar',
      latitude: 12.972,
      longitude: 77.641,
      configuration: '2BHK',
      furnishing: 'furnished',
      tenantType: 'family',
      availableFrom: '2026-12-01',
      deposit: 50000,
      veg: false,
      pets: true,
      parking: 'car',
    });
    expect(res.json().data.factsConfirmed).toBeUndefined();
  });

  it('gives the defaults to a listing made without them, and keeps stored facts on an edit without them', async () => {
    const { cookie } = await signedIn(ctx, 'owner');
    const made = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', cookie, propertyInput({ title: 'Plain listing' }), [
      { field: 'propertyImages', data: await sampleImage() },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const p = made.json().data;
    expect(p).toMatchObject({
      locality: '',
      latitude: null,
      longitude: null,
      configuration: '1BHK',
      furnishing: 'unfurnished',
      tenantType: 'any',
      deposit: 0,
      veg: false,
      pets: false,
      parking: 'none',
      factsConfirmed: false,
    });
    const put = (fields: Record<string, string>) =>
      sendForm(ctx, 'PUT', `/api/v1/properties/update-property/${p._id}`, cookie, {
        ...propertyInput({ title: 'Plain listing' }),
        ...fields,
      });
    const edited = await put({ configuration: '2BHK', latitude: '12.97194', longitude: '77.64123', deposit: '25000.50', veg: 'true' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      configuration: '2BHK',
      latitude: 12.97194,
      longitude: 77.64123,
      deposit: 25000.5,
      veg: true,
      factsConfirmed: true,
    });
    const again = await put({});
    expect(again.json().data).toMatchObject({ configuration: '2BHK', deposit: 25000.5, veg: true, latitude: 12.97194 });
    // Out of the searches below.
    const paused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/properties/pause-property/${p._id}`,
      headers: { cookie },
      payload: { isPaused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
  });

  it.each([
    [{ configuration: '6BHK' }, MSG.configurationInvalid],
    [{ furnishing: 'half' }, MSG.furnishingInvalid],
    [{ tenantType: 'students' }, MSG.listingTenantTypeInvalid],
    [{ parking: 'bus' }, MSG.parkingInvalid],
    [{ availableFrom: '2026-02-30' }, MSG.availableFromFormat],
    [{ deposit: '1e308' }, MSG.depositFormat('1,00,00,000')],
    [{ veg: 'maybe' }, MSG.yesOrNo('Vegetarian only')],
    [{ latitude: '91', longitude: '77' }, MSG.latitudeFormat],
    [{ latitude: '12.9' }, MSG.coordinatesTogether],
    [{ locality: 'Indira\u0000nagar' }, MSG.textControlChars('Locality')],
    [{ locality: 'x'.repeat(1_000_000) }, MSG.textTooLong('Locality', 80)],
  ])('refuses bad facts (case %#) with 400 and the message', async (fields, message) => {
    const { cookie } = await signedIn(ctx, 'owner');
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', cookie, { ...propertyInput(), ...fields }, [
      { field: 'propertyImages', data: await sampleImage() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('search by the facts', () => {
  it.each([
    ['bhk=2BHK', ['indira-2bhk']],
    ['bhk=2BHK&bhk=3BHK', ['indira-2bhk', 'indira-3bhk']],
    ['bhk=2BHK,1RK', ['indira-2bhk', 'pune-1rk']],
    ['bhk=twin', ['kora-pg']],
    ['furnishing=furnished', ['indira-2bhk', 'kora-pg']],
    ['tenantType=family', ['indira-2bhk', 'indira-3bhk']],
    ['tenantType=girls', ['indira-3bhk', 'kora-pg']],
    ['tenantType=any', ['indira-2bhk', 'indira-3bhk', 'kora-pg', 'pune-1rk']],
    ['availableBy=2026-12-01', ['indira-2bhk', 'kora-pg']],
    ['maxDeposit=20000', ['kora-pg', 'pune-1rk']],
    ['veg=true', ['indira-3bhk', 'kora-pg']],
    ['veg=false', ['indira-2bhk', 'pune-1rk']],
    ['pets=true', ['indira-2bhk']],
    ['parking=two-wheeler', ['indira-2bhk', 'indira-3bhk']],
    ['parking=car', ['indira-2bhk']],
    ['amenities=lift', ['indira-2bhk', 'indira-3bhk']],
    ['amenities=lift&amenities=wifi', ['indira-2bhk']],
    ['amenities=wifi,washing-machine', ['kora-pg']],
    ['locality=indiranagar', ['indira-2bhk', 'indira-3bhk']],
    ['near=12.9716,77.6412&radiusKm=1', ['indira-2bhk', 'indira-3bhk']],
    ['near=12.9716,77.6412&radiusKm=5', ['indira-2bhk', 'indira-3bhk', 'kora-pg']],
    ['near=18.52,73.85', []],
    ['q=reading room', ['kora-pg']],
    ['q=indiranagar', ['indira-2bhk', 'indira-3bhk']],
  ])('alone: %s', async (qs, expected) => {
    expect(await keys(qs)).toEqual(expected);
  });

  it.each([
    ['bhk=2BHK&furnishing=furnished&tenantType=family&maxRent=25000&locality=Indiranagar', ['indira-2bhk']],
    ['city=Bengaluru&veg=true&maxDeposit=50000', ['kora-pg']],
    ['tenantType=girls&furnishing=furnished&amenities=wifi&availableBy=2026-11-30', ['kora-pg']],
    ['near=12.9716,77.6412&radiusKm=3&bhk=3BHK&parking=two-wheeler&minRent=30000', ['indira-3bhk']],
    ['bhk=2BHK&city=Pune', []],
  ])('together: %s', async (qs, expected) => {
    expect(await keys(qs)).toEqual(expected);
  });

  it('sorts by distance from near, and counts every match', async () => {
    const res = await list('near=12.9352,77.6245&radiusKm=10&sort=distance');
    const order = res.json().data.map((p: { _id: string }) => Object.entries(ids).find(([, id]) => id === p._id)?.[0]);
    expect(order).toEqual(['kora-pg', 'indira-2bhk', 'indira-3bhk']);
    expect(res.json().meta.total).toBe(3);
  });

  it('forgives a typo in a locality (pg_trgm, also in PGlite)', async () => {
    expect(await hasTrgm(ctx.deps.db)).toBe(true);
    expect(await keys('q=Koramangla')).toEqual(['kora-pg']);
    expect(await keys('locality=Indranagar')).toEqual(['indira-2bhk', 'indira-3bhk']);
  });

  it.each([
    ['bhk=6BHK', MSG.configurationInvalid],
    [Array(40).fill('bhk=2BHK').join('&'), null],
    ['furnishing=half', MSG.furnishingInvalid],
    ['tenantType=students', MSG.listingTenantTypeInvalid],
    ['availableBy=tomorrow', MSG.availableByFormat],
    ['maxDeposit=1e308', MSG.maxDepositFormat('1,00,00,000')],
    ['veg=maybe', MSG.yesOrNo('Veg')],
    ['amenities=jacuzzi', null],
    ['near=north', MSG.nearFormat],
    ['near=91,77', MSG.nearFormat],
    ['near=12.9,77.6&radiusKm=500', MSG.radiusFormat(50)],
    ['sort=distance', MSG.sortDistanceNeedsNear],
    ['locality=a%00b', MSG.textControlChars('Locality')],
    [`locality=${'k'.repeat(100_000)}`, MSG.textTooLong('Locality', 80)],
  ])('refuses bad search parameters (case %#) with 400', async (qs, message) => {
    const res = await list(qs);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('takes the last of a repeated single-valued parameter', async () => {
    expect(await keys('furnishing=unfurnished&furnishing=furnished&bhk=2BHK')).toEqual(['indira-2bhk']);
  });
});

describe('GET /localities', () => {
  const get = (qs: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/localities?${qs}`, headers });

  it('suggests listed localities with their counts, starting ones first, typos forgiven', async () => {
    const res = await get('q=ind');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ locality: 'Indiranagar', city: 'Bengaluru', count: 2 }]);
    expect((await get('q=koramangla')).json().data).toEqual([{ locality: 'Koramangala', city: 'Bengaluru', count: 1 }]);
    expect((await get('q=ban&city=pune')).json().data).toEqual([{ locality: 'Baner', city: 'Pune', count: 1 }]);
    expect((await get('q=zzzz')).json().data).toEqual([]);
  });

  it('answers every caller alike: visitor, tenant and owner', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    const owner = await signedIn(ctx, 'owner');
    const callers: Record<string, string>[] = [{}, { cookie: tenant.cookie }, { cookie: owner.cookie }];
    for (const headers of callers) {
      const res = await get('q=indi', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0]).toMatchObject({ locality: 'Indiranagar', count: 2 });
    }
  });

  it.each(['q=a%00b', `q=${'x'.repeat(100_000)}`, 'city=%00'])('refuses hostile input (case %#) with 400', async (qs) => {
    expect((await get(qs)).statusCode).toBe(400);
  });
});
