import { API_BASE, APP_LINKS, MSG, notificationListSchema } from '@kiraya/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext, TEST_ORIGIN } from '../../test/harness.js';
import { expectError, okData, switchLocale } from '../../test/support.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let tenant: Person;
let stranger: Person;
let propertyId: string;

const hdr = (who?: Person) => ({ origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) });
const call = (who: Person | undefined, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API_BASE}${path}`, headers: hdr(who), ...(payload ? { payload } : {}) });
const bell = async (who: Person) => notificationListSchema.parse(okData(await call(who, 'GET', '/notifications/list')));
const invite = async (roomId: string) =>
  okData<{ _id: string }>(await call(owner, 'POST', '/requests/send', { roomId, tenantId: tenant.user._id }), 201)._id;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant, stranger] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant'), signedIn(ctx, 'tenant')]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Banyan Court' }))._id;
});
afterAll(() => ctx.close());

describe('notifications of the events a user must not miss', () => {
  it('request received (tenant), rejected and accepted (owner), bills uploaded (tenant)', async () => {
    const roomA = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: 'A1' }))._id;
    const roomB = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: 'B1' }))._id;
    const first = await invite(roomA);
    let t = await bell(tenant);
    expect(t.unread).toBe(1);
    expect(t.items[0]).toMatchObject({ kind: 'requestReceived', read: false, link: APP_LINKS.tenantRequests });
    expect(t.items[0]?.title).toContain('Room A1, Banyan Court');

    okData(await call(tenant, 'PATCH', `/requests/reject/${first}`));
    let o = await bell(owner);
    expect(o.items[0]).toMatchObject({ kind: 'requestRejected', link: APP_LINKS.ownerRooms(propertyId) });
    expect(o.items[0]?.title).toBe(`${tenant.user.fullName} rejected your request for Room A1`);

    const second = await invite(roomB);
    okData(await call(tenant, 'PATCH', `/requests/accept/${second}`));
    o = await bell(owner);
    expect(o.items[0]).toMatchObject({ kind: 'requestAccepted', title: `${tenant.user.fullName} accepted your request for Room B1` });
    expect(o.unread).toBe(2);

    okData(
      await call(owner, 'POST', '/bills/add-bill', {
        propertyId,
        roomId: roomB,
        billDate: '2026-02-01',
        bills: [{ billType: 'Rent Bill', amount: 8500 }],
      }),
      201,
    );
    t = await bell(tenant);
    expect(t.items[0]).toMatchObject({ kind: 'billsUploaded', link: APP_LINKS.tenantBillings, title: 'New bills for Room B1: ₹8,500.00' });
    expect(t.items[0]?.body).toBe('1 bill dated 1 February 2026, due 11 February 2026.');
    // Nothing reached a bystander.
    expect((await bell(stranger)).items).toEqual([]);
  });

  it('marks one read (the caller’s own only), then all', async () => {
    const t = await bell(tenant);
    const target = t.items[0]?._id as string;
    expectError(await call(stranger, 'POST', '/notifications/read', { id: target }), 'NOT_FOUND', MSG.notificationNotFound);
    expectError(await call(owner, 'POST', '/notifications/read', { id: target }), 'NOT_FOUND', MSG.notificationNotFound);
    expectError(await call(tenant, 'POST', '/notifications/read', { id: 'nope' }), 'NOT_FOUND', MSG.notificationNotFound);
    expectError(await call(tenant, 'POST', '/notifications/read', {}), 'BAD_REQUEST', MSG.notificationNotFound, 'id');
    expectError(await call(undefined, 'POST', '/notifications/read', { id: target }), 'UNAUTHORIZED', MSG.unauthorized);
    expect(okData(await call(tenant, 'POST', '/notifications/read', { id: target }))).toEqual({ unread: t.unread - 1 });
    // Twice is fine.
    expect(okData(await call(tenant, 'POST', '/notifications/read', { id: target }))).toEqual({ unread: t.unread - 1 });
    expect((await bell(tenant)).items.find((n) => n._id === target)?.read).toBe(true);
    expect(okData(await call(tenant, 'POST', '/notifications/read-all'))).toEqual({ unread: 0 });
    expect((await bell(tenant)).items.every((n) => n.read)).toBe(true);
    // The owner's are untouched.
    expect((await bell(owner)).unread).toBeGreaterThan(0);
  });
});

describe('notifications in the reader’s language (issue 27)', () => {
  it('stores a kind and its parameters, and reads the same notification in English, then in Hindi', async () => {
    const [o, t] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
    const pid = (await createProperty(ctx.deps, o.user._id, { title: 'Neem Villa' }))._id;
    const roomId = (await createRoom(ctx.deps, o.user._id, pid, { roomNumber: 'N7' }))._id;
    const id = okData<{ _id: string }>(await call(o, 'POST', '/requests/send', { roomId, tenantId: t.user._id }), 201)._id;
    okData(await call(t, 'PATCH', `/requests/accept/${id}`));
    okData(
      await call(o, 'POST', '/bills/add-bill', {
        propertyId: pid,
        roomId,
        billDate: '2026-11-01',
        bills: [{ billType: 'Rent Bill', amount: 123456.5 }],
      }),
      201,
    );
    // Stored: the kind and the facts, no sentence.
    const [row] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, t.user._id))
      .orderBy(desc(notifications.createdAt));
    expect(row).toMatchObject({ kind: 'billsUploaded', title: '', body: '' });
    expect(row?.params).toMatchObject({
      text: 'billsUploaded',
      roomNumber: 'N7',
      totalPaise: 12_345_650,
      count: 1,
      billDate: '2026-11-01',
    });

    const english = (await bell(t)).items.find((n) => n._id === row?.id);
    expect(english).toMatchObject({
      title: 'New bills for Room N7: ₹1,23,456.50',
      body: '1 bill dated 1 November 2026, due 11 November 2026.',
    });

    await switchLocale(ctx, t, 'hi-IN');
    const hindi = await bell(t);
    expect(hindi.items.find((n) => n._id === row?.id)).toMatchObject({
      kind: 'billsUploaded',
      title: 'कमरा N7 के नए बिल: ₹1,23,456.50',
      body: '1 नवंबर 2026 के 1 बिल, देय तिथि 11 नवंबर 2026।',
      read: false,
    });
    // The older one (the invitation) reads in Hindi too; the unread count is the same in both languages.
    expect(hindi.items.find((n) => n.kind === 'requestReceived')?.title).toBe('नया अनुरोध: कमरा N7, Neem Villa');
    expect(hindi.unread).toBe((await bell(t)).unread);
    // The owner still reads English.
    expect((await bell(o)).items.find((n) => n.kind === 'requestAccepted')?.title).toBe(
      `${t.user.fullName} accepted your request for Room N7`,
    );
  });

  it('answers a row from before 0032 (no parameters) with its stored English, in either language', async () => {
    const t = await signedIn(ctx, 'tenant');
    const id = crypto.randomUUID();
    await ctx.deps.db
      .insert(notifications)
      .values({ id, userId: t.user._id, kind: 'billsUploaded', title: 'New bills for Room 9: ₹500.00', body: 'Old body', link: '/x' });
    await switchLocale(ctx, t, 'hi-IN');
    expect((await bell(t)).items.find((n) => n._id === id)).toMatchObject({ title: 'New bills for Room 9: ₹500.00', body: 'Old body' });
  });
});
