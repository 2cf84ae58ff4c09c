import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_BASE,
  MSG,
  type AppNotification,
  auditEntrySchema,
  moderationTargetDetailSchema,
  type Property,
  queueItemSchema,
  type Room,
} from '@kiraya/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationAudit, reports, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createOwner } from '../../seed/factories.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { cookieHeader, createTestContext, type SecondInstance, secondInstance, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, cookieOf, expectError, okData, type Person } from '../../test/support.js';
import { createAdmin } from './accounts.js';

let ctx: TestContext;
const { get, post } = apiAs(() => ctx);
let admin: Person;
let owner: Person;
let roomTenant: Person;
let stranger: Person;
let otherOwner: Person;
let propertyId: string;
let roomId: string;

/** A moderator made by the operator command, signed in. */
async function signedInAdmin(c: TestContext): Promise<Person> {
  const email = `mod.${newId()}@example.test`;
  const made = await createAdmin(c.deps, email, 'Moderate123');
  expect(made.code, made.line).toBe(0);
  const res = await c.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password: 'Moderate123' } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await c.deps.db.select().from(users).where(eq(users.email, email));
  return { user: { _id: row?.id }, cookie: cookieHeader(res), accessToken: res.json().data.accessToken } as unknown as Person;
}

const act = (body: object, who: Person = admin) => post(who, '/admin/actions', body);
const queue = async () => okData<unknown[]>(await get(admin, '/admin/queue')).map((i) => queueItemSchema.parse(i));
const detail = async (type: string, id: string) =>
  moderationTargetDetailSchema.parse(okData(await get(admin, `/admin/targets/${type}/${id}`)));
const notificationsOf = async (who: Person) => okData<{ items: AppNotification[] }>(await get(who, '/notifications/list')).items;
const publicTitles = async () => {
  const res = await ctx.app.inject(`${API_BASE}/properties/fetch-all-properties?limit=50`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Property[]).map((p) => p.title);
};

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, owner, roomTenant, stranger, otherOwner] = await Promise.all([
    signedInAdmin(ctx),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'owner'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Broker Heights', city: 'Pune' }))._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount: 9000 }))._id;
  await occupyRoom(ctx.deps, roomId, roomTenant.user._id, '2026-01-01');
});
afterAll(() => ctx.close());

describe('the admin routes', () => {
  it('refuse visitors (401), owners and tenants (403 with the moderators message)', async () => {
    for (const url of ['/admin/queue', '/admin/audit', `/admin/targets/property/${propertyId}`]) {
      expectError(await get(undefined, url), 'UNAUTHORIZED', MSG.unauthorized);
      expectError(await get(owner, url), 'FORBIDDEN', MSG.adminsOnly);
      expectError(await get(roomTenant, url), 'FORBIDDEN', MSG.adminsOnly);
    }
    expectError(
      await act({ action: 'hide', targetType: 'property', targetId: propertyId, reason: 'Nope' }, owner),
      'FORBIDDEN',
      MSG.adminsOnly,
    );
  });

  it('let a moderator sign in as an admin, who reaches no owner or tenant route', async () => {
    const me = okData<{ role: string; emailVerified: boolean; phoneVerified: boolean }>(await get(admin, '/users/get-current-user'));
    expect(me).toMatchObject({ role: 'admin', emailVerified: true, phoneVerified: true });
    expectError(await get(admin, '/properties/fetch-properties'), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await get(admin, '/tenant/room-details'), 'FORBIDDEN', MSG.tenantsOnly);
  });
});

describe('the queue', () => {
  it('groups open reports by target, oldest first, with the target, the reasons counted and the signals', async () => {
    const other = (await createProperty(ctx.deps, otherOwner.user._id, { title: 'Quiet Nest', city: 'Mumbai' }))._id;
    okData(await post(stranger, '/reports', { targetType: 'property', targetId: other, reason: 'alreadyRented' }), 201);
    okData(await post(stranger, '/reports', { targetType: 'property', targetId: propertyId, reason: 'broker' }), 201);
    okData(
      await post(roomTenant, '/reports', {
        targetType: 'property',
        targetId: propertyId,
        reason: 'moneyBeforeVisit',
        details: 'Asked ₹5,000',
      }),
      201,
    );
    okData(await post(stranger, '/reports', { targetType: 'user', targetId: owner.user._id, reason: 'abusive', details: 'Rude' }), 201);
    const items = await queue();
    expect(items.map((i) => `${i.targetType}:${i.target.title}`)).toEqual([
      'property:Quiet Nest',
      'property:Broker Heights',
      `user:${owner.user.fullName}`,
    ]);
    const broker = items[1];
    expect(broker?.reasonCounts).toEqual({ broker: 1, moneyBeforeVisit: 1 });
    expect(broker?.reports.map((r) => [r.reason, r.reporterName, r.details])).toEqual([
      ['broker', stranger.user.fullName, ''],
      ['moneyBeforeVisit', roomTenant.user.fullName, 'Asked ₹5,000'],
    ]);
    expect(broker?.target).toMatchObject({
      city: 'Pune',
      propertyId,
      ownerId: owner.user._id,
      ownerName: owner.user.fullName,
      hidden: false,
      suspended: false,
      exists: true,
    });
    expect(broker?.target.images?.length).toBeGreaterThan(0);
    expect(broker?.signals.userId).toBe(owner.user._id);
    // Reports about the owner and their listings, every reason.
    expect(broker?.signals.reports).toEqual({ total: 3, byReason: { abusive: 1, broker: 1, moneyBeforeVisit: 1 } });
    expect(broker?.firstReportedAt).toBe(broker?.reports[0]?.createdAt);
    // Nothing private: no phone, email or Aadhaar of anybody.
    const body = JSON.stringify(items);
    for (const p of [owner, stranger, roomTenant]) {
      expect(body).not.toContain(p.user.email);
      expect(body).not.toContain(p.user.phoneNumber);
    }
  });

  it('shows one target with every report and its audit entries, also with no open report; 404 for nothing', async () => {
    const fresh = await detail('room', roomId);
    expect(fresh).toMatchObject({ reports: [], audit: [], firstReportedAt: null, target: { title: expect.stringContaining('Room') } });
    expectError(await get(admin, `/admin/targets/property/${newId()}`), 'NOT_FOUND', MSG.moderationTargetNotFound);
    expectError(await get(admin, '/admin/targets/property/not-a-uuid'), 'NOT_FOUND', MSG.moderationTargetNotFound);
    expectError(await get(admin, `/admin/targets/thing/${propertyId}`), 'BAD_REQUEST', MSG.reportTargetTypeInvalid);
  });
});

describe('actions', () => {
  it('dismiss closes the open reports without action and tells the reporters, once', async () => {
    const [quiet] = (await queue()).filter((i) => i.target.title === 'Quiet Nest');
    const done = okData<{ auditId: string }>(
      await act({ action: 'dismiss', targetType: 'property', targetId: quiet?.targetId, reason: 'It was rented yesterday; fine.' }),
      200,
      MSG.moderationDone('dismiss'),
    );
    expect(done.auditId).toBeTruthy();
    expect((await queue()).some((i) => i.target.title === 'Quiet Nest')).toBe(false);
    const told = (await notificationsOf(stranger)).find((n) => n.kind === 'reportResolved');
    expect(told).toMatchObject({ title: MSG.reportResolvedTitle, body: MSG.reportResolvedDismissed });
    // The reporter's own list says so too.
    const mine = okData<{ targetId: string; status: string }[]>(await get(stranger, '/reports/mine'));
    expect(mine.find((r) => r.targetId === quiet?.targetId)?.status).toBe('dismissed');
    expectError(
      await act({ action: 'dismiss', targetType: 'property', targetId: quiet?.targetId, reason: 'Again' }),
      'CONFLICT',
      MSG.moderationNothingToDismiss,
    );
    expectError(
      await act({ action: 'dismiss', targetType: 'property', targetId: propertyId, reason: 'x' }),
      'BAD_REQUEST',
      MSG.moderationReasonRequired,
    );
  });

  it('hide takes a listing off every public surface; its owner sees why, its tenant keeps their room', async () => {
    // A visitor's cached reads before the hide.
    expect((await ctx.app.inject(`${API_BASE}/properties/${propertyId}`)).statusCode).toBe(200);
    expect(await publicTitles()).toContain('Broker Heights');
    expect((await ctx.app.inject('/sitemap.xml')).body).toContain(propertyId);
    okData(
      await act({ action: 'hide', targetType: 'property', targetId: propertyId, reason: 'Same phone as four other accounts.' }),
      200,
      MSG.moderationDone('hide'),
    );
    // Gone from the list, the page and the rooms, for visitors, other tenants and other owners; and from the sitemap.
    expect(await publicTitles()).not.toContain('Broker Heights');
    for (const who of [undefined, stranger, otherOwner]) {
      expectError(await get(who, `/properties/${propertyId}`), 'NOT_FOUND', MSG.propertyNotFound);
      expectError(await get(who, `/rooms/${propertyId}`), 'NOT_FOUND', MSG.propertyNotFound);
    }
    expect((await ctx.app.inject(`${API_BASE}/properties/fetch-all-properties?q=broker`)).json().meta.total).toBe(0);
    expect((await ctx.app.inject('/sitemap.xml')).body).not.toContain(propertyId);
    // A stranger can no longer message, reveal or report it.
    expectError(await post(stranger, `/messages/to-owner/${roomId}`, { text: 'Still free?' }), 'NOT_FOUND', MSG.roomNotFound);
    // The owner sees it, marked hidden with the reason, in My Properties and on its page.
    const mine = okData<Property[]>(await get(owner, '/properties/fetch-properties')).find((p) => p._id === propertyId);
    expect(mine).toMatchObject({ hidden: true, hiddenReason: 'Same phone as four other accounts.' });
    expect(okData<Property>(await get(owner, `/properties/${propertyId}`))).toMatchObject({ hidden: true });
    // Nobody else is told the reason: a tenant of the property sees it without the flag.
    const seen = okData<Property>(await get(roomTenant, `/properties/${propertyId}`));
    expect(seen.hidden).toBeUndefined();
    // The current tenant's room, bills and payments go on.
    const rooms = okData<{ roomId: string }[]>(await get(roomTenant, '/tenant/room-details'));
    expect(rooms.map((r) => r.roomId)).toContain(roomId);
    expect((await get(roomTenant, `/payments/room/${roomId}/summary`)).statusCode).toBe(200);
    // The owner is told why; the reporters hear that action was taken.
    const told = (await notificationsOf(owner)).find((n) => n.kind === 'listingHidden');
    expect(told?.title).toBe(MSG.listingHiddenTitle('Broker Heights'));
    expect(told?.body).toContain('Same phone as four other accounts');
    expect((await notificationsOf(roomTenant)).find((n) => n.kind === 'reportResolved')?.body).toBe(MSG.reportResolvedActioned);
    // Invalid again.
    expectError(
      await act({ action: 'hide', targetType: 'property', targetId: propertyId, reason: 'Twice' }),
      'CONFLICT',
      MSG.moderationAlreadyHidden,
    );
    expectError(
      await act({ action: 'hide', targetType: 'user', targetId: owner.user._id, reason: 'Users' }),
      'BAD_REQUEST',
      MSG.moderationHideUser,
    );
    expectError(
      await act({ action: 'hide', targetType: 'property', targetId: newId(), reason: 'Nothing' }),
      'NOT_FOUND',
      MSG.moderationTargetNotFound,
    );
  });

  it('restore shows the listing again and tells the owner; restoring what is not hidden is 409', async () => {
    okData(await act({ action: 'restore', targetType: 'property', targetId: propertyId, reason: 'Owner proved ownership.' }));
    expect(await publicTitles()).toContain('Broker Heights');
    expect(okData<Property>(await get(owner, `/properties/${propertyId}`))).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await notificationsOf(owner)).some((n) => n.kind === 'listingRestored')).toBe(true);
    expectError(
      await act({ action: 'restore', targetType: 'property', targetId: propertyId, reason: 'Again' }),
      'CONFLICT',
      MSG.moderationNotRestorable,
    );
  });

  it('hides one room: gone from the public rooms, kept for its tenant and its owner', async () => {
    const vacant = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '202', rentAmount: 7000 }))._id;
    okData(await act({ action: 'hide', targetType: 'room', targetId: vacant, reason: 'Photos of another building.' }));
    const publicRooms = okData<Room[]>(await get(undefined, `/rooms/${propertyId}`)).map((r) => r._id);
    expect(publicRooms).toContain(roomId);
    expect(publicRooms).not.toContain(vacant);
    expectError(await post(stranger, `/messages/to-owner/${vacant}`, { text: 'Hi' }), 'NOT_FOUND', MSG.roomNotFound);
    const own = okData<Room[]>(await get(owner, `/rooms/${propertyId}`)).find((r) => r._id === vacant);
    expect(own).toMatchObject({ hidden: true, hiddenReason: 'Photos of another building.' });
    okData(await act({ action: 'restore', targetType: 'room', targetId: vacant, reason: 'Fixed.' }));
    expect(okData<Room[]>(await get(undefined, `/rooms/${propertyId}`)).map((r) => r._id)).toContain(vacant);
  });

  it('suspend refuses sign-in, ends every session at once and hides the listings; restore lifts it', async () => {
    const victim = await signedIn(ctx, 'owner');
    const pid = (await createProperty(ctx.deps, victim.user._id, { title: 'Suspended Villa' }))._id;
    const before = await get(victim, '/users/get-current-user');
    expect(before.statusCode).toBe(200);
    const refresh = cookieOf(
      await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/login`,
        payload: { email: victim.user.email, password: victim.user.password },
      }),
      'refreshToken',
    )?.value;
    okData(
      await act({ action: 'suspend', targetType: 'property', targetId: pid, reason: 'Broker running many accounts.' }),
      200,
      MSG.moderationDone('suspend'),
    );
    // The access cookie taken before is refused, so is a refresh, and sign-in says why.
    expectError(await get(victim, '/users/get-current-user'), 'UNAUTHORIZED', MSG.sessionExpired);
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/users/get-current-user`,
        headers: { authorization: `Bearer ${victim.accessToken}` },
      }),
      'UNAUTHORIZED',
      MSG.sessionExpired,
    );
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/refresh-token`,
      headers: { cookie: `refreshToken=${refresh}` },
    });
    expect(refreshed.statusCode).toBe(401);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/login`,
        payload: { email: victim.user.email, password: victim.user.password },
      }),
      'FORBIDDEN',
      MSG.accountSuspended,
    );
    // A wrong password says nothing about the suspension.
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/login`,
        payload: { email: victim.user.email, password: 'Wrong1234' },
      }),
      'UNAUTHORIZED',
      MSG.invalidCredentials,
    );
    expect(await publicTitles()).not.toContain('Suspended Villa');
    expectError(await get(undefined, `/properties/${pid}`), 'NOT_FOUND', MSG.propertyNotFound);
    expect((await detail('property', pid)).target).toMatchObject({ suspended: true, hidden: false });
    expectError(
      await act({ action: 'suspend', targetType: 'user', targetId: victim.user._id, reason: 'Twice' }),
      'CONFLICT',
      MSG.moderationAlreadySuspended,
    );
    okData(await act({ action: 'restore', targetType: 'user', targetId: victim.user._id, reason: 'Appeal accepted.' }));
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${API_BASE}/users/login`,
          payload: { email: victim.user.email, password: victim.user.password },
        })
      ).statusCode,
    ).toBe(200);
    expect(await publicTitles()).toContain('Suspended Villa');
    // The target's audit shows both actions, newest first, by the moderator.
    expect((await detail('user', victim.user._id)).audit.map((a) => a.action)).toEqual(['restore', 'suspend']);
  });

  it('never acts on a moderator', async () => {
    const other = await signedInAdmin(ctx);
    expectError(
      await act({ action: 'suspend', targetType: 'user', targetId: other.user._id, reason: 'Rogue moderator' }),
      'BAD_REQUEST',
      MSG.moderationOnAdmin,
    );
  });
});

describe('the audit log', () => {
  it('lists every action newest first with the moderator, pages with before, and is refused to others', async () => {
    const all = okData<unknown[]>(await get(admin, '/admin/audit')).map((a) => auditEntrySchema.parse(a));
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(all[0]?.adminName).toBe('Kiraya moderator');
    const times = all.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = okData<{ _id: string }[]>(await get(admin, `/admin/audit?limit=2&before=${encodeURIComponent(all[1]?.createdAt ?? '')}`));
    expect(page.map((a) => a._id)).toEqual(all.slice(2, 4).map((a) => a._id));
    expectError(await get(admin, '/admin/audit?limit=500'), 'BAD_REQUEST', MSG.moderationAuditLimit);
    expectError(await get(admin, '/admin/audit?before=yesterday'), 'BAD_REQUEST', MSG.moderationAuditBefore);
  });

  it('cannot be changed or emptied, even with SQL (a trigger refuses UPDATE, DELETE and TRUNCATE)', async () => {
    const before = await ctx.deps.db.select().from(moderationAudit);
    expect(before.length).toBeGreaterThan(0);
    await expect(ctx.deps.db.execute(sql`update moderation_audit set reason = 'edited'`)).rejects.toThrow();
    await expect(ctx.deps.db.execute(sql`delete from moderation_audit`)).rejects.toThrow();
    await expect(ctx.deps.db.execute(sql`truncate moderation_audit`)).rejects.toThrow();
    const refused = await ctx.deps.db
      .delete(moderationAudit)
      .where(eq(moderationAudit.id, before[0]?.id ?? ''))
      .then(
        () => null,
        (e: { cause?: { message?: string } }) => e,
      );
    expect(refused?.cause?.message).toMatch(/moderation_audit is append-only: DELETE refused/);
    expect(await ctx.deps.db.select().from(moderationAudit)).toEqual(before);
    // Reports stay ordinary rows (closed by actions, never deleted by the API).
    expect((await ctx.deps.db.select().from(reports)).length).toBeGreaterThan(0);
  });
});

describe('on two instances', () => {
  let second: SecondInstance;
  beforeAll(async () => {
    second = await secondInstance(ctx);
  });
  afterAll(() => second.close());

  it("drops the other instance's cached page and list when a listing is hidden, and refuses a suspended session there", async () => {
    const o = await signedIn(ctx, 'owner');
    const pid = (await createProperty(ctx.deps, o.user._id, { title: 'Twin Cache Flats' }))._id;
    const page = () => second.app.inject(`${API_BASE}/properties/${pid}`);
    const list = () => second.app.inject(`${API_BASE}/properties/fetch-all-properties?q=twin`);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200); // now cached there
    expect((await list()).json().meta.total).toBe(1);
    okData(await act({ action: 'hide', targetType: 'property', targetId: pid, reason: 'Fake listing.' }));
    const deadline = Date.now() + 5000;
    while ((await page()).statusCode === 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await page()).statusCode).toBe(404);
    expect((await list()).json().meta.total).toBe(0);
    // A suspension made on the first instance: the session's token is refused on the second.
    const onSecond = () =>
      second.app.inject({
        method: 'GET',
        url: `${API_BASE}/users/get-current-user`,
        headers: { authorization: `Bearer ${o.accessToken}` },
      });
    expect((await onSecond()).statusCode).toBe(200);
    okData(await act({ action: 'suspend', targetType: 'user', targetId: o.user._id, reason: 'Fake listings.' }));
    while ((await onSecond()).statusCode === 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expectError(await onSecond(), 'UNAUTHORIZED', MSG.sessionExpired);
  });
});

// The real SSR bundle, when the web app has been built (as in plugins/render.test.ts).
const webDist = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');
const built = existsSync(join(webDist, '..', 'dist-render', 'entry-server.js')) && existsSync(join(webDist, 'app.html'));

describe.skipIf(!built && process.env.KIRAYA_WEB_BUILT !== '1')('the server-rendered page of a hidden listing', () => {
  let web: TestContext;
  afterAll(() => web?.close());
  it('answers 404 with noindex once hidden, and the rendered list leaves it out', async () => {
    web = await createTestContext({ webDist });
    const o = await createOwner(web.deps);
    const pid = (await createProperty(web.deps, o._id, { title: 'Rendered Broker Flats', city: 'Nashik' }))._id;
    await createRoom(web.deps, o._id, pid, { rentAmount: 8000 });
    expect((await web.app.inject(`/properties/${pid}`)).statusCode).toBe(200);
    const mod = await signedInAdmin(web);
    const res = await web.app.inject({
      method: 'POST',
      url: `${API_BASE}/admin/actions`,
      headers: { cookie: mod.cookie },
      payload: { action: 'hide', targetType: 'property', targetId: pid, reason: 'Fake.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const gone = await web.app.inject(`/properties/${pid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');
    expect((await web.app.inject('/properties?city=Nashik')).body).not.toContain('Rendered Broker Flats</');
  });
});
