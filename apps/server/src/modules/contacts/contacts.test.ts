import { API_BASE, LIMITS, MSG, type OwnerContact, type RecentView, type RevealRecord } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactReveals, properties, propertyViews, rooms } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { listenOn } from '../../lib/pg-listen.js';
import { NOTIFY_CHANNEL, publicCacheFor } from '../../plugins/public-cache.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { bearer, expectError, okData } from '../../test/support.js';
import { recordView, revealOwner } from './service.js';

let ctx: TestContext;
type Who = Awaited<ReturnType<typeof signedIn>>;
let owner: Who;
let tenant: Who;
let otherTenant: Who;
let propertyId: string;
let roomId: string;

const C = `${API_BASE}/contacts`;
const T = `${API_BASE}/tenant`;
const as = (w: Who | null) => (w ? bearer(w.accessToken) : {});
const reveal = (w: Who | null, id: string) => ctx.app.inject({ method: 'POST', url: `${C}/reveal/${id}`, headers: as(w) });
const get = (w: Who | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(w) });
const view = (w: Who | null, id: string) => ctx.app.inject({ method: 'POST', url: `${T}/views/${id}`, headers: as(w) });

/** A listed (or paused) property with `n` rooms, written directly: no images needed for counting rules. */
async function bareProperty(ownerId: string, n: number, paused = false): Promise<{ propertyId: string; roomIds: string[] }> {
  const id = newId();
  await ctx.deps.db.insert(properties).values({
    id,
    ownerId,
    title: `Bare House ${id.slice(0, 4)}`,
    description: 'Rooms for the reveal limit.',
    street: '2 Test Street',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    propertyType: 'Apartment/Flat',
    isPaused: paused,
  });
  const roomIds = Array.from({ length: n }, () => newId());
  if (n)
    await ctx.deps.db.insert(rooms).values(
      roomIds.map((rid, i) => ({
        id: rid,
        propertyId: id,
        roomNumber: String(i + 1),
        roomType: '1RK',
        tenantType: 'Both' as const,
        floor: 0,
        rentPaise: 500_000,
        maxOccupancy: 1,
        isFurnished: false,
        hasAttachedBath: false,
        description: 'A small room.',
      })),
    );
  return { propertyId: id, roomIds };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant, otherTenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant'), signedIn(ctx, 'tenant')]);
  const p = await createProperty(ctx.deps, owner.user._id, { title: 'Lotus Residency' });
  propertyId = p._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '101', rentAmount: 9250.5 }))._id;
});
afterAll(() => ctx.close());

describe('POST /contacts/reveal/{roomId} (Get Phone Number)', () => {
  it("answers a tenant the owner's name, phone and email with the room's facts, and records the reveal", async () => {
    const c = okData<OwnerContact>(await reveal(tenant, roomId), 200, MSG.ownerNumberSaved);
    expect(c.owner).toEqual({
      _id: owner.user._id,
      username: owner.user.username,
      fullName: owner.user.fullName,
      phoneNumber: owner.user.phoneNumber,
      email: owner.user.email,
    });
    expect(c.property).toMatchObject({ _id: propertyId, title: 'Lotus Residency', city: expect.any(String) });
    expect(c.room).toMatchObject({ _id: roomId, roomNumber: '101', rentAmount: 9250.5, tenantType: 'Both' });
    expect(c.room.images).toHaveLength(1);
    expect(c.room.images[0]?.url).toMatch(/^\/uploads\//);
    const rows = await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, tenant.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ roomId, propertyId, ownerId: owner.user._id });
  });

  it('keeps one row per tenant and room: a repeat moves its time, not the first time', async () => {
    // The first reveal is moved a minute back, so the repeat's time is later whatever the clock's resolution.
    const earlier = new Date(Date.now() - 60_000);
    await ctx.deps.db
      .update(contactReveals)
      .set({ firstRevealedAt: earlier, revealedAt: earlier })
      .where(eq(contactReveals.tenantId, tenant.user._id));
    const [before] = await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, tenant.user._id));
    okData(await reveal(tenant, roomId));
    const rows = await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, tenant.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstRevealedAt.getTime()).toBe(before?.firstRevealedAt.getTime());
    expect(rows[0]?.revealedAt.getTime()).toBeGreaterThan(before?.revealedAt.getTime() ?? 0);
  });

  it('refuses a visitor (401), an owner (403) and a paused, missing or malformed room (404), recording nothing', async () => {
    const paused = await bareProperty(owner.user._id, 1, true);
    expectError(await reveal(null, roomId), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await reveal(owner, roomId), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await reveal(otherTenant, paused.roomIds[0] as string), 'NOT_FOUND', MSG.roomNotFound);
    expectError(await reveal(otherTenant, newId()), 'NOT_FOUND', MSG.roomNotFound);
    expectError(await reveal(otherTenant, 'not-a-uuid'), 'NOT_FOUND', MSG.roomNotFound);
    expect(await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, otherTenant.user._id))).toEqual([]);
  });

  it(`allows ${LIMITS.revealsPerDay} new reveals a day: the next is 429, a repeat still works, and a day later it is allowed again`, async () => {
    const t = await signedIn(ctx, 'tenant');
    const { roomIds } = await bareProperty(owner.user._id, LIMITS.revealsPerDay + 2);
    for (const id of roomIds.slice(0, LIMITS.revealsPerDay)) expect((await reveal(t, id)).statusCode).toBe(200);
    const refused = await reveal(t, roomIds[LIMITS.revealsPerDay] as string);
    expectError(refused, 'TOO_MANY_REQUESTS', MSG.revealsPerDay(LIMITS.revealsPerDay));
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    okData(await reveal(t, roomIds[0] as string), 200, MSG.ownerNumberSaved);
    const rows = await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, t.user._id));
    expect(rows).toHaveLength(LIMITS.revealsPerDay);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    const c = await revealOwner(ctx.deps, t.user._id, roomIds[LIMITS.revealsPerDay] as string, tomorrow);
    expect(c.revealedAt).toBe(tomorrow.toISOString());
  });

  it('lets parallel asks of one tenant past the limit together never (exactly the limit wins)', async () => {
    const t = await signedIn(ctx, 'tenant');
    const { roomIds } = await bareProperty(owner.user._id, LIMITS.revealsPerDay + 5);
    const answers = await Promise.all(roomIds.map((id) => reveal(t, id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMITS.revealsPerDay);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const rows = await ctx.deps.db.select().from(contactReveals).where(eq(contactReveals.tenantId, t.user._id));
    expect(rows).toHaveLength(LIMITS.revealsPerDay);
  });
});

describe('GET /contacts/revealed (OwnerDetails)', () => {
  it("lists the tenant's reveals newest first, on any device (from the server), and nothing of anyone else's", async () => {
    const t = await signedIn(ctx, 'tenant');
    const { roomIds } = await bareProperty(owner.user._id, 3);
    for (const id of roomIds) okData(await reveal(t, id));
    okData(await reveal(t, roomIds[0] as string)); // asked again: now the newest
    const list = okData<OwnerContact[]>(await get(t, `${C}/revealed`), 200, MSG.ownerContactFetched);
    expect(list.map((c) => c.room._id)).toEqual([roomIds[0], roomIds[2], roomIds[1]]);
    expect(list.every((c) => c.owner.phoneNumber === owner.user.phoneNumber)).toBe(true);
    const fresh = await signedIn(ctx, 'tenant');
    expect(okData<OwnerContact[]>(await get(fresh, `${C}/revealed`))).toEqual([]);
    expectError(await get(null, `${C}/revealed`), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await get(owner, `${C}/revealed`), 'FORBIDDEN', MSG.tenantsOnly);
  });
});

describe('GET /contacts/asked (who asked for your number)', () => {
  it("shows the owner which tenants asked, by username and full name only, never the tenant's phone or email", async () => {
    const res = await get(owner, `${C}/asked`);
    const list = okData<RevealRecord[]>(res);
    const mine = list.find((r) => r.tenant._id === tenant.user._id);
    expect(mine).toMatchObject({
      tenant: { _id: tenant.user._id, username: tenant.user.username, fullName: tenant.user.fullName },
      room: { _id: roomId, roomNumber: '101' },
      property: { _id: propertyId, title: 'Lotus Residency' },
    });
    expect(Object.keys(mine?.tenant ?? {}).sort()).toEqual(['_id', 'fullName', 'username']);
    expect(res.body).not.toContain(tenant.user.email);
    expect(res.body).not.toContain(tenant.user.phoneNumber.slice(-10));
    const stamps = list.map((r) => r.revealedAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const other = await signedIn(ctx, 'owner');
    expect(okData<RevealRecord[]>(await get(other, `${C}/asked`))).toEqual([]);
    expectError(await get(tenant, `${C}/asked`), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await get(null, `${C}/asked`), 'UNAUTHORIZED', MSG.unauthorized);
  });
});

describe('Recently viewed properties (B8)', () => {
  it(`records a tenant's views and keeps the last ${LIMITS.recentViews} distinct properties, newest first`, async () => {
    const t = await signedIn(ctx, 'tenant');
    const ids: string[] = [];
    for (let i = 0; i < LIMITS.recentViews + 2; i++) ids.push((await bareProperty(owner.user._id, 0)).propertyId);
    const start = Date.now() - 60_000;
    for (const [i, id] of ids.entries()) await recordView(ctx.deps, t.user._id, id, new Date(start + i * 1000));
    okData(await view(t, ids[3] as string), 200, MSG.viewRecorded); // viewed again, now the newest
    const list = okData<RecentView[]>(await get(t, `${T}/recent-views`));
    expect(list).toHaveLength(LIMITS.recentViews);
    expect(list[0]?._id).toBe(ids[3]);
    // 12 viewed: the first two fell out; the third is still kept, behind the newer ones.
    expect(list.slice(1).map((v) => v._id)).toEqual([...ids.slice(4).reverse(), ids[2]]);
    const stored = await ctx.deps.db.select().from(propertyViews).where(eq(propertyViews.tenantId, t.user._id));
    expect(stored).toHaveLength(LIMITS.recentViews);
  });

  it('gives the property card facts (lowest rent, first image) and leaves out a property paused since', async () => {
    const t = await signedIn(ctx, 'tenant');
    okData(await view(t, propertyId));
    const extra = await bareProperty(owner.user._id, 0);
    okData(await view(t, extra.propertyId));
    let list = okData<RecentView[]>(await get(t, `${T}/recent-views`));
    expect(list.map((v) => v._id)).toEqual([extra.propertyId, propertyId]);
    expect(list[1]).toMatchObject({ title: 'Lotus Residency', rentAmount: 9250.5 });
    expect(list[1]?.image?.url).toMatch(/^\/uploads\//);
    await ctx.deps.db.update(properties).set({ isPaused: true }).where(eq(properties.id, extra.propertyId));
    list = okData<RecentView[]>(await get(t, `${T}/recent-views`));
    expect(list.map((v) => v._id)).toEqual([propertyId]);
    expectError(await view(t, extra.propertyId), 'NOT_FOUND', MSG.propertyNotFound);
  });

  it('refuses visitors and owners, and a property that does not exist, storing nothing', async () => {
    expectError(await view(null, propertyId), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await view(owner, propertyId), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await view(otherTenant, newId()), 'NOT_FOUND', MSG.propertyNotFound);
    expectError(await get(owner, `${T}/recent-views`), 'FORBIDDEN', MSG.tenantsOnly);
    const rows = await ctx.deps.db
      .select()
      .from(propertyViews)
      .where(and(eq(propertyViews.tenantId, otherTenant.user._id)));
    expect(rows).toEqual([]);
  });
});

describe('the public read cache (ADR 007)', () => {
  it('is not emptied by a reveal or a page view (they notify nothing); a refused write still empties it', async () => {
    const cache = publicCacheFor(ctx.deps.db);
    // The cache is emptied by a notification on NOTIFY_CHANNEL. A listener hears notifications in commit
    // order, so once a marker sent now is heard, every earlier write's notification has been heard too:
    // what arrives between two markers came from what ran between them (no waiting for things to settle).
    const heard: string[] = [];
    const stop = await listenOn(ctx.deps.db, { channel: NOTIFY_CHANNEL, onNotify: (p) => heard.push(p), log: ctx.app.log });
    const mark = async (m: string) => {
      await ctx.deps.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${m})`);
      await vi.waitFor(() => expect(heard).toContain(m));
    };
    try {
      await get(null, `${API_BASE}/properties/${propertyId}`);
      expect(cache.pages.size).toBeGreaterThan(0);
      await mark('before');
      okData(await view(tenant, propertyId));
      okData(await reveal(tenant, roomId));
      await mark('after');
      expect(heard.slice(heard.indexOf('before') + 1, heard.indexOf('after'))).toEqual([]);
    } finally {
      await stop();
    }
    const generation = cache.generation;
    await ctx.app.inject({ method: 'POST', url: `${API_BASE}/rooms/delete-room`, headers: as(tenant), payload: { roomId } });
    expect(cache.generation).toBeGreaterThan(generation);
  });
});
