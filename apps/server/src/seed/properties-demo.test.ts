import { billStatus, ROOM_STATUSES } from '@kiraya/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { billGroups, billItems, outboxMessages, paymentAllocations, payments, properties, rooms, tenancies, users } from '../db/schema.js';
import { todayInIndia } from '../lib/dates.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { seedDemoIfEmpty } from './demo.js';
import { DEFAULT_PASSWORD } from './factories.js';
import { DEMO_ADMIN_EMAIL, DEMO_REPORTED_TITLE } from './moderation-demo.js';
import { DEMO_PROPERTIES } from './properties-demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('loads the demo owners’ properties with photos, rooms in every status and one paused listing (B16)', async () => {
  // Small photos keep this test fast; the photo pipeline itself is tested in lib/images.test.ts.
  const seeded = await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 240 });
  expect(seeded).not.toBeNull();
  // Every demo login, the moderator last (ADR 037).
  expect(seeded?.accounts.map((a) => `${a.role} ${a.email}`)).toEqual([
    'owner priya@kiraya.demo',
    'owner arjun@kiraya.demo',
    'tenant rahul@kiraya.demo',
    'tenant sneha@kiraya.demo',
    'tenant imran@kiraya.demo',
    `admin ${DEMO_ADMIN_EMAIL}`,
  ]);
  const props = await ctx.deps.db.select().from(properties);
  expect(props).toHaveLength(DEMO_PROPERTIES.length);
  expect(new Set(props.map((p) => p.city))).toEqual(new Set(['Bengaluru', 'Pune', 'Hyderabad', 'Mumbai']));
  expect(props.filter((p) => p.isPaused)).toHaveLength(1);
  const allRooms = await ctx.deps.db.select().from(rooms);
  expect(new Set(allRooms.map((r) => r.status))).toEqual(new Set(ROOM_STATUSES));
  for (const r of allRooms.filter((x) => x.status === 'occupied')) {
    expect(r.tenantId).toBeTruthy();
    expect(r.moveInDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }

  const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties' })).json();
  expect(list.meta.total).toBe(DEMO_PROPERTIES.length - 1);
  const first = list.data[0];
  // Demo owners are verified (ADR 033): every listing carries the badge.
  expect(list.data.every((p: { owner: { verified: boolean } }) => p.owner.verified)).toBe(true);
  expect(first.images.length).toBeGreaterThan(0);
  const thumb = await ctx.app.inject({ method: 'GET', url: first.images[0].thumbnailUrl });
  expect(thumb.statusCode).toBe(200);
  const meta = await sharp(thumb.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(480);
});

it('verifies every demo email and the demo owners’ phones, and sends them no verification email (ADR 033)', async () => {
  const all = await ctx.deps.db.select().from(users);
  expect(all.length).toBeGreaterThan(0);
  for (const u of all) {
    expect(u.emailVerifiedAt).not.toBeNull();
    // Owners' phones; the demo moderator has a placeholder marked verified so no banner asks for it (ADR 037).
    expect(u.phoneVerifiedAt !== null).toBe(u.role !== 'tenant');
  }
  expect(await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'verifyEmail'))).toEqual([]);
});

it('gives every occupied demo room its tenancy, Sneha a pending invitation and Rahul a past room (B16)', async () => {
  const occupied = await ctx.deps.db.select().from(rooms).where(eq(rooms.status, 'occupied'));
  const current = await ctx.deps.db.select().from(tenancies).where(isNull(tenancies.moveOutDate));
  expect(current.map((t) => `${t.roomId}:${t.tenantId}`).sort()).toEqual(occupied.map((r) => `${r.id}:${r.tenantId}`).sort());
  const signIn = async (email: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password: DEFAULT_PASSWORD } });
    return { authorization: `Bearer ${res.json().data.accessToken}` };
  };
  const get = async (email: string, path: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: await signIn(email) })).json().data;
  const sneha = await get('sneha@kiraya.demo', '/users/get-current-user');
  expect(sneha.incomingRequests).toHaveLength(1);
  expect(sneha.incomingRequests[0]).toMatchObject({ status: 'pending', ownerId: { fullName: expect.any(String) } });
  for (const email of ['rahul@kiraya.demo', 'sneha@kiraya.demo', 'imran@kiraya.demo']) {
    expect((await get(email, '/tenant/room-details')).length, email).toBeGreaterThan(0);
  }
  expect(await get('rahul@kiraya.demo', '/tenant/past-rooms')).toHaveLength(1);
  // Listed before any tenancy began, so "Listed since" and occupancy over time agree with the tenancies.
  const all = await ctx.deps.db.select().from(tenancies);
  const firstMoveIn = all.map((t) => t.moveInDate).sort()[0] ?? '';
  const listed = [...(await ctx.deps.db.select().from(properties)), ...(await ctx.deps.db.select().from(rooms))];
  for (const row of listed) expect(row.createdAt.toISOString().slice(0, 10) < firstMoveIn).toBe(true);
});

it('gives every current demo tenancy monthly bills with a meter chain, in every status, one overdue (B16)', async () => {
  const items = await ctx.deps.db.select().from(billItems);
  const groups = await ctx.deps.db.select().from(billGroups);
  const current = await ctx.deps.db.select().from(tenancies).where(isNull(tenancies.moveOutDate));
  expect(new Set(items.map((i) => i.tenancyId))).toEqual(new Set(current.map((t) => t.id)));
  const statuses = new Set(items.map((i) => billStatus(i.amountPaise, i.paidPaise)));
  expect(statuses).toEqual(new Set(['paid', 'partly_paid', 'unpaid']));
  const dueOf = new Map(groups.map((g) => [g.id, g.dueDate]));
  const today = todayInIndia();
  expect(items.some((i) => i.paidPaise === 0 && (dueOf.get(i.groupId) ?? today) < today)).toBe(true);
  const dateOf = new Map(groups.map((g) => [g.id, g.billDate]));
  for (const t of current) {
    const chain = items
      .filter((i) => i.tenancyId === t.id && i.billType === 'Electricity Bill')
      .sort((a, b) => (dateOf.get(a.groupId) ?? '').localeCompare(dateOf.get(b.groupId) ?? ''));
    for (let k = 1; k < chain.length; k++) expect(chain[k]?.meterPrevious).toBe(chain[k - 1]?.meterCurrent);
  }
});

it('pays the demo bills through the ledger: receipts, allocations equal to each payment, the paid share of each bill (B16)', async () => {
  const rows = await ctx.deps.db.select().from(payments);
  expect(rows.length).toBeGreaterThan(0);
  for (const p of rows) expect(p.receiptNumber).toMatch(/^KR-\d{4}-\d{6}$/);
  const allocs = await ctx.deps.db.select().from(paymentAllocations);
  const byPayment = new Map<string, number>();
  const byItem = new Map<string, number>();
  for (const a of allocs) {
    byPayment.set(a.paymentId, (byPayment.get(a.paymentId) ?? 0) + a.amountPaise);
    byItem.set(a.billItemId, (byItem.get(a.billItemId) ?? 0) + a.amountPaise);
  }
  for (const p of rows) expect(byPayment.get(p.id)).toBe(p.amountPaise);
  for (const i of await ctx.deps.db.select().from(billItems)) expect(i.paidPaise).toBe(byItem.get(i.id) ?? 0);
});

it('gives the latest demo electricity bills both meter photos, private to the room (B16)', async () => {
  const withPhotos = (await ctx.deps.db.select().from(billItems)).filter((i) => i.currentPhotoId && i.previousPhotoId);
  expect(withPhotos.length).toBeGreaterThan(0);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/bills/meter-photo/${withPhotos[0]?.currentPhotoId}` });
  expect(res.statusCode).toBe(401);
});

it('puts one listing with two reports of different reasons in the demo moderator’s queue (issue 26)', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: DEMO_ADMIN_EMAIL, password: DEFAULT_PASSWORD },
  });
  expect(res.json().data.user.role).toBe('admin');
  const queue = (
    await ctx.app.inject({ url: '/api/v1/admin/queue', headers: { authorization: `Bearer ${res.json().data.accessToken}` } })
  ).json().data;
  expect(queue).toHaveLength(1);
  expect(queue[0]).toMatchObject({ targetType: 'property', target: { title: DEMO_REPORTED_TITLE, exists: true } });
  expect(queue[0].reasonCounts).toEqual({ broker: 1, moneyBeforeVisit: 1 });
  expect(queue[0].reports.map((r: { reporterName: string }) => r.reporterName)).toEqual(['Rahul Verma', 'Imran Qureshi']);
});
