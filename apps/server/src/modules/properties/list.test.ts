import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom, sampleImage } from '../../seed/property-factories.js';
import { createOwner, createTenant } from '../../seed/factories.js';
import { type TestContext, createTestContext } from '../../test/harness.js';
import * as service from './service.js';

let ctx: TestContext;
const ids: Record<string, string> = {};

/**
 * Six listings, created oldest first:
 *   pune-villa     Pune, Maharashtra, Villa,            rooms 12000 & 18000, amenities Swimming Pool
 *   blr-flat       Bengaluru, Karnataka, Apartment/Flat, rooms 4500 & 9000 (one occupied)
 *   hyd-studio     Hyderabad, Telangana, Studio,        room 7000 (occupied: fully rented)
 *   mum-penthouse  Mumbai, Maharashtra, Penthouse,      no rooms
 *   blr-house      Bengaluru, Karnataka, Independent House, room 15000, landmark "Near Lalbagh"
 *   paused         Pune, Maharashtra, Villa,            room 5000, paused (never listed)
 */
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createOwner(ctx.deps);
  const tenant = await createTenant(ctx.deps);
  // Six listings: an established account (new ones list at most 5 in their first week, ADR 037).
  await ctx.deps.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, owner._id));
  const image = [await sampleImage()];
  const mk = async (key: string, o: Parameters<typeof createProperty>[2], rents: number[]) => {
    const p = await createProperty(ctx.deps, owner._id, o, image);
    ids[key] = p._id;
    const rooms = [];
    for (const rentAmount of rents) rooms.push(await createRoom(ctx.deps, owner._id, p._id, { rentAmount }, image));
    return rooms;
  };
  await mk(
    'pune-villa',
    { title: 'Koregaon Garden Villa', city: 'Pune', state: 'Maharashtra', propertyType: 'Villa', amenities: 'Swimming Pool, Garden' },
    [12000, 18000],
  );
  const blr = await mk(
    'blr-flat',
    { title: 'Indiranagar Heights', city: 'Bengaluru', state: 'Karnataka', propertyType: 'Apartment/Flat', amenities: 'WiFi, Lift' },
    [4500, 9000],
  );
  await occupyRoom(ctx.deps, blr[0]?._id as string, tenant._id);
  const hyd = await mk(
    'hyd-studio',
    { title: 'Banjara Studio 50% off', city: 'Hyderabad', state: 'Telangana', propertyType: 'Studio Apartment', amenities: 'AC' },
    [7000],
  );
  await occupyRoom(ctx.deps, hyd[0]?._id as string, tenant._id);
  await mk(
    'mum-penthouse',
    { title: 'Marine Drive Penthouse', city: 'Mumbai', state: 'Maharashtra', propertyType: 'Penthouse', amenities: 'Sea View' },
    [],
  );
  await mk(
    'blr-house',
    {
      title: 'Jayanagar Family Home',
      city: 'Bengaluru',
      state: 'Karnataka',
      propertyType: 'Independent House',
      landmark: 'Near Lalbagh',
      amenities: 'Parking',
    },
    [15000],
  );
  await mk('paused', { title: 'Paused Villa', city: 'Pune', state: 'Maharashtra', propertyType: 'Villa', amenities: 'Garden' }, [5000]);
  await service.pauseProperty(ctx.deps, owner._id, ids.paused as string, { isPaused: true });
});
afterAll(() => ctx.close());

async function list(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/fetch-all-properties${qs ? `?${qs}` : ''}` });
  return res;
}
const keysOf = (data: { _id: string }[]) => data.map((p) => Object.entries(ids).find(([, id]) => id === p._id)?.[0]);

async function keys(query: Record<string, string | number>) {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return keysOf(res.json().data);
}

describe('GET /properties/fetch-all-properties', () => {
  it('lists public properties, those with a vacant room first, newest first, with meta, hiding paused ones', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.meta).toEqual({ page: 1, limit: 12, total: 5 });
    expect(keysOf(body.data)).toEqual(['blr-house', 'blr-flat', 'pune-villa', 'mum-penthouse', 'hyd-studio']);
    expect(Object.keys(body.data[0].owner).sort()).toEqual(['_id', 'username', 'verified']);
  });

  it('derives rent, availability and Fully Rented from the rooms', async () => {
    const { data } = (await list({})).json();
    const by = (k: string) => data.find((p: { _id: string }) => p._id === ids[k]);
    expect(by('blr-flat')).toMatchObject({ rentAmount: 4500, roomCount: 2, vacantRoomCount: 1, isAvailable: true, isFullyRented: false });
    expect(by('hyd-studio')).toMatchObject({ rentAmount: 7000, isAvailable: false, isFullyRented: true });
    expect(by('mum-penthouse')).toMatchObject({ rentAmount: null, roomCount: 0, isAvailable: false, isFullyRented: false });
  });

  it.each([
    [{ q: 'villa' }, ['pune-villa']],
    [{ q: 'PUNE' }, ['pune-villa']],
    [{ q: 'lalbagh' }, ['blr-house']],
    [{ q: 'swimming' }, ['pune-villa']],
    [{ q: 'mg road' }, ['blr-house', 'blr-flat', 'pune-villa', 'mum-penthouse', 'hyd-studio']],
    [{ q: 'karnataka home' }, ['blr-house']],
    [{ q: '50%' }, ['hyd-studio']],
    [{ q: '_' }, []],
    [{ city: 'bengaluru' }, ['blr-house', 'blr-flat']],
    [{ state: 'Maharashtra' }, ['pune-villa', 'mum-penthouse']],
    [{ propertyType: 'Villa' }, ['pune-villa']],
    [{ minRent: 10000 }, ['blr-house', 'pune-villa']],
    [{ maxRent: 5000 }, ['blr-flat']],
    [{ minRent: 5000, maxRent: 10000 }, ['blr-flat', 'hyd-studio']],
    [{ minRent: 15000, maxRent: 15000 }, ['blr-house']],
  ])('filters alone: %j', async (query, expected) => {
    expect(await keys(query)).toEqual(expected);
  });

  it.each([
    [{ city: 'Bengaluru', maxRent: 10000 }, ['blr-flat']],
    [{ state: 'Maharashtra', propertyType: 'Villa', minRent: 15000 }, ['pune-villa']],
    [{ q: 'bengaluru', propertyType: 'Independent House', minRent: 10000, maxRent: 20000 }, ['blr-house']],
    [{ city: 'Pune', q: 'heights' }, []],
  ])('filters combined: %j', async (query, expected) => {
    expect(await keys(query)).toEqual(expected);
  });

  it('answers an empty page, with its total, when nothing matches', async () => {
    const res = await list({ city: 'Chennai' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().meta).toEqual({ page: 1, limit: 12, total: 0 });
  });

  it('sorts by the lowest room rent within each group, properties without rooms last', async () => {
    // Listings with a vacant room first (the fully rented hyd-studio and the roomless mum-penthouse after), each group
    // in the chosen order.
    expect(await keys({ sort: 'rent_asc' })).toEqual(['blr-flat', 'pune-villa', 'blr-house', 'hyd-studio', 'mum-penthouse']);
    expect(await keys({ sort: 'rent_desc' })).toEqual(['blr-house', 'pune-villa', 'blr-flat', 'hyd-studio', 'mum-penthouse']);
    expect(await keys({ sort: 'newest' })).toEqual(['blr-house', 'blr-flat', 'pune-villa', 'mum-penthouse', 'hyd-studio']);
  });

  it('paginates, and a page past the end is empty with the total', async () => {
    const p1 = (await list({ limit: 2, page: 1, sort: 'rent_asc' })).json();
    const p2 = (await list({ limit: 2, page: 2, sort: 'rent_asc' })).json();
    const p3 = (await list({ limit: 2, page: 3, sort: 'rent_asc' })).json();
    expect(keysOf(p1.data)).toEqual(['blr-flat', 'pune-villa']);
    expect(keysOf(p2.data)).toEqual(['blr-house', 'hyd-studio']);
    expect(keysOf(p3.data)).toEqual(['mum-penthouse']);
    expect(p3.meta).toEqual({ page: 3, limit: 2, total: 5 });
    const past = (await list({ limit: 2, page: 9 })).json();
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 9, limit: 2, total: 5 });
  });

  it.each([
    [{ page: 0 }, 'Page must be a whole number from 1 to 10000.'],
    [{ page: 'two' }, 'Page must be a whole number from 1 to 10000.'],
    [{ page: 1.5 }, 'Page must be a whole number from 1 to 10000.'],
    [{ limit: 0 }, 'Limit must be a whole number from 1 to 50.'],
    [{ limit: 51 }, 'Limit must be a whole number from 1 to 50.'],
    [{ sort: 'cheapest' }, 'Sort must be one of: newest, rent_asc, rent_desc, distance.'],
    [
      { propertyType: 'Castle' },
      'Property type must be one of: Apartment/Flat, Villa, Independent House, Duplex, Studio Apartment, Penthouse, Others.',
    ],
    [{ minRent: 'lots' }, 'Minimum rent must be a number of rupees from 0 to 1,00,00,000, with at most two decimals.'],
    [{ maxRent: -1 }, 'Maximum rent must be a number of rupees from 0 to 1,00,00,000, with at most two decimals.'],
    [{ minRent: 9000, maxRent: 100 }, 'Minimum rent cannot be more than maximum rent.'],
    [{ q: 'x'.repeat(101) }, 'Search text must be at most 100 characters.'],
  ])('refuses a bad parameter %j with 400', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });
});
