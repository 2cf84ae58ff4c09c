import { addDays, dayInWords, MSG, requestSchema, tenancySchema, tenantRoomSchema, userSchema } from '@kiraya/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, rooms, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { createProperty, createRoom, occupyRoom, setRoomMaintenance } from '../../seed/property-factories.js';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { pauseProperty } from '../properties/index.js';
import { settleMoveOuts } from './index.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let tenant2: Person;
let outsider: Person;
let propertyId: string;

const API = '/api/v1';

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, tenant2, outsider] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Lotus Residency' }))._id;
});
afterAll(() => ctx.close());

type Who = Person | undefined;
const hdr = (who: Who) => (who ? { cookie: who.cookie } : {});
const send = (who: Who, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `${API}/requests/send`, headers: hdr(who), payload: body as object });
const act = (who: Who, verb: 'accept' | 'reject' | 'withdraw', id: string) =>
  ctx.app.inject({ method: 'PATCH', url: `${API}/requests/${verb}/${id}`, headers: hdr(who) });
const get = (who: Who, path: string) => ctx.app.inject({ method: 'GET', url: `${API}${path}`, headers: hdr(who) });
/** Vacate as of today unless a date is given; with a reason, as a date inside the lease's notice needs one (ADR 041). */
const vacate = (who: Who, roomId: string, body: object = { moveOutDate: todayInIndia() }) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API}/rooms/vacate/${roomId}`,
    headers: hdr(who),
    payload: { reason: 'Left before the notice ran out.', ...body },
  });

const newRoom = async (overrides: Parameters<typeof createRoom>[3] = {}) =>
  (await createRoom(ctx.deps, owner.user._id, propertyId, overrides))._id;

async function invite(roomId: string, who: Person = tenant) {
  const res = await send(owner, { roomId, tenantId: who.user._id });
  return requestSchema.parse(okData(res, 201, MSG.requestSentDone));
}

const roomRow = async (id: string) => (await ctx.deps.db.select().from(rooms).where(eq(rooms.id, id)))[0];
const requestRow = async (id: string) => (await ctx.deps.db.select().from(requests).where(eq(requests.id, id)))[0];
const currentTenancies = (roomId: string) =>
  ctx.deps.db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)));

describe('POST /requests/send', () => {
  it('invites a tenant to a vacant room: 201 with the request populated for both parties (names only)', async () => {
    const roomId = await newRoom({ roomNumber: 'S1', rentAmount: 9000.5 });
    const res = await send(owner, { roomId, tenantId: tenant.user._id });
    const r = requestSchema.parse(okData(res, 201, MSG.requestSentDone));
    expect(r).toMatchObject({
      status: 'pending',
      title: 'Lotus Residency',
      ownerId: { _id: owner.user._id, fullName: owner.user.fullName, username: owner.user.username },
      tenantId: { _id: tenant.user._id, fullName: tenant.user.fullName },
      roomId: { _id: roomId, roomNumber: 'S1', rentAmount: 9000.5, propertyId, property_id: { _id: propertyId, title: 'Lotus Residency' } },
      respondedAt: null,
    });
    // No contact details of either party travel on a request (B9).
    for (const secret of [tenant.user.email, tenant.user.phoneNumber, owner.user.email, owner.user.phoneNumber]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('refuses a second pending request for the same tenant and room (409), but another tenant may be invited', async () => {
    const roomId = await newRoom();
    await invite(roomId);
    expectError(await send(owner, { roomId, tenantId: tenant.user._id }), 'CONFLICT', MSG.requestAlreadyPending, 'tenantId');
    await invite(roomId, tenant2);
  });

  it('refuses an invitee who is not a tenant (400) or does not exist (404)', async () => {
    const roomId = await newRoom();
    expectError(await send(owner, { roomId, tenantId: otherOwner.user._id }), 'BAD_REQUEST', MSG.inviteeNotTenant, 'tenantId');
    expectError(await send(owner, { roomId, tenantId: owner.user._id }), 'BAD_REQUEST', MSG.inviteeNotTenant, 'tenantId');
    expectError(await send(owner, { roomId, tenantId: '00000000-0000-7000-8000-000000000000' }), 'NOT_FOUND', MSG.inviteeNotFound);
    expectError(await send(owner, { roomId, tenantId: 'not-an-id' }), 'NOT_FOUND', MSG.inviteeNotFound);
  });

  it('refuses a room that is occupied, under maintenance or in a paused listing (409)', async () => {
    const occupied = await newRoom();
    await occupyRoom(ctx.deps, occupied, tenant2.user._id);
    expectError(await send(owner, { roomId: occupied, tenantId: tenant.user._id }), 'CONFLICT', MSG.requestRoomNotVacant, 'roomId');
    expectError(await send(owner, { roomId: occupied, tenantId: tenant2.user._id }), 'CONFLICT', MSG.inviteeIsTenantHere, 'tenantId');
    const repair = await newRoom();
    await setRoomMaintenance(ctx.deps, repair);
    expectError(await send(owner, { roomId: repair, tenantId: tenant.user._id }), 'CONFLICT', MSG.requestRoomNotVacant, 'roomId');
    const paused = (await createProperty(ctx.deps, owner.user._id))._id;
    const pausedRoom = (await createRoom(ctx.deps, owner.user._id, paused))._id;
    await pauseProperty(ctx.deps, owner.user._id, paused, { isPaused: true });
    expectError(await send(owner, { roomId: pausedRoom, tenantId: tenant.user._id }), 'CONFLICT', MSG.requestRoomPaused, 'roomId');
  });

  it("only the room's owner may invite: visitor 401, tenant 403, another owner 403; nothing is written", async () => {
    const roomId = await newRoom();
    const body = { roomId, tenantId: tenant.user._id };
    expectError(await send(undefined, body), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await send(tenant, body), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await send(otherOwner, body), 'FORBIDDEN', MSG.forbidden);
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomId))).toEqual([]);
  });

  it('names a missing field (400)', async () => {
    const res = await send(owner, { roomId: await newRoom() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'tenantId', message: 'tenantId is required.' });
  });
});

describe('get-current-user: incomingRequests', () => {
  it("lists the tenant's pending requests in the spec's shape, newest first; answered ones leave the list", async () => {
    const who = await signedIn(ctx, 'tenant');
    const a = await newRoom({ roomNumber: 'IN-A' });
    const b = await newRoom({ roomNumber: 'IN-B' });
    const first = await invite(a, who);
    const second = await invite(b, who);
    const me = userSchema.parse(okData(await get(who, '/users/get-current-user')));
    expect(me.incomingRequests.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(me.incomingRequests[0]).toMatchObject({
      status: 'pending',
      title: 'Lotus Residency',
      ownerId: { fullName: owner.user.fullName },
      roomId: { roomNumber: 'IN-B' },
    });
    okData(await act(who, 'reject', second._id));
    const after = userSchema.parse(okData(await get(who, '/users/get-current-user')));
    expect(after.incomingRequests.map((r) => r._id)).toEqual([first._id]);
    // The profile answer is the same user, requests included (the web stores it in place of the old one).
    const { fullName, email, phoneNumber, aadharCardNumber, address } = who.user;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${API}/users/update-account-details`,
      headers: hdr(who),
      payload: { fullName, email, phoneNumber, aadharCardNumber, address },
    });
    expect(userSchema.parse(okData(put)).incomingRequests.map((r) => r._id)).toEqual([first._id]);
    // An owner has none; another tenant sees none of these.
    expect(okData<{ incomingRequests: unknown[] }>(await get(owner, '/users/get-current-user')).incomingRequests).toEqual([]);
    expect(okData<{ incomingRequests: unknown[] }>(await get(outsider, '/users/get-current-user')).incomingRequests).toEqual([]);
  });
});

describe('PATCH /requests/accept/{id}', () => {
  it("assigns the tenant (occupied, moved in today), withdraws the room's other pending requests and starts a tenancy", async () => {
    const roomId = await newRoom({ roomNumber: 'AC1', rentAmount: 12000 });
    const mine = await invite(roomId, tenant);
    const theirs = await invite(roomId, tenant2);
    const accepted = requestSchema.parse(okData(await act(tenant, 'accept', mine._id), 200, MSG.requestAcceptedDone));
    expect(accepted.status).toBe('accepted');
    expect(accepted.respondedAt).not.toBeNull();
    const room = await roomRow(roomId);
    expect(room).toMatchObject({ status: 'occupied', tenantId: tenant.user._id, moveInDate: todayInIndia() });
    expect((await requestRow(theirs._id))?.status).toBe('withdrawn');
    const current = await currentTenancies(roomId);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ tenantId: tenant.user._id, ownerId: owner.user._id, requestId: mine._id, rentPaise: 1_200_000 });
    // The owner's room list shows the tenant in Tenant Details.
    const list = okData<{ _id: string; tenantId: { fullName: string } | null; roomStatus: string }[]>(
      await get(owner, `/rooms/${propertyId}`),
    );
    expect(list.find((r) => r._id === roomId)).toMatchObject({ roomStatus: 'occupied', tenantId: { fullName: tenant.user.fullName } });
  });

  it('refuses a second accept of the same request (409), and the withdrawn request of the room taken (409)', async () => {
    const roomId = await newRoom();
    const mine = await invite(roomId, tenant);
    const theirs = await invite(roomId, tenant2);
    okData(await act(tenant, 'accept', mine._id));
    expectError(await act(tenant, 'accept', mine._id), 'CONFLICT', MSG.requestNotPending('accepted'));
    expectError(await act(tenant2, 'accept', theirs._id), 'CONFLICT', MSG.requestRoomTaken);
    expect(await currentTenancies(roomId)).toHaveLength(1);
    expect((await roomRow(roomId))?.tenantId).toBe(tenant.user._id);
  });

  it('refuses to accept a withdrawn or rejected request (409)', async () => {
    const roomId = await newRoom();
    const r = await invite(roomId);
    okData(await act(owner, 'withdraw', r._id), 200, MSG.requestWithdrawnDone);
    expectError(await act(tenant, 'accept', r._id), 'CONFLICT', MSG.requestNotPending('withdrawn'));
    const r2 = await invite(roomId);
    okData(await act(tenant, 'reject', r2._id));
    expectError(await act(tenant, 'accept', r2._id), 'CONFLICT', MSG.requestNotPending('rejected'));
    expect((await roomRow(roomId))?.status).toBe('vacant');
  });

  it('refuses when the room went under maintenance or its listing was paused after the invitation (409)', async () => {
    const repair = await newRoom();
    const r = await invite(repair);
    await setRoomMaintenance(ctx.deps, repair);
    expectError(await act(tenant, 'accept', r._id), 'CONFLICT', MSG.requestRoomTaken);
    const p = (await createProperty(ctx.deps, owner.user._id))._id;
    const room = (await createRoom(ctx.deps, owner.user._id, p))._id;
    const r2 = await invite(room);
    await pauseProperty(ctx.deps, owner.user._id, p, { isPaused: true });
    expectError(await act(tenant, 'accept', r2._id), 'CONFLICT', MSG.requestRoomTaken);
    expect((await requestRow(r2._id))?.status).toBe('pending');
  });

  it('only the invited tenant: another tenant 404, an owner 403, a visitor 401, a bad id 404', async () => {
    const r = await invite(await newRoom());
    expectError(await act(tenant2, 'accept', r._id), 'NOT_FOUND', MSG.requestNotFound);
    expectError(await act(owner, 'accept', r._id), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await act(undefined, 'accept', r._id), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await act(tenant, 'accept', 'nope'), 'NOT_FOUND', MSG.requestNotFound);
    expect((await requestRow(r._id))?.status).toBe('pending');
  });
});

describe('PATCH /requests/reject/{id} and /requests/withdraw/{id}', () => {
  it('reject changes only that request; the owner can invite the tenant again', async () => {
    const roomId = await newRoom();
    const a = await invite(roomId, tenant);
    const b = await invite(roomId, tenant2);
    const rejected = requestSchema.parse(okData(await act(tenant, 'reject', a._id), 200, MSG.requestRejectedDone));
    expect(rejected.status).toBe('rejected');
    expect((await requestRow(b._id))?.status).toBe('pending');
    expect((await roomRow(roomId))?.status).toBe('vacant');
    expectError(await act(tenant, 'reject', a._id), 'CONFLICT', MSG.requestNotPending('rejected'));
    const again = await invite(roomId, tenant);
    expect(again._id).not.toBe(a._id);
    okData(await act(tenant, 'accept', again._id));
  });

  it('withdraw: only the owner who sent it, only while pending', async () => {
    const r = await invite(await newRoom());
    expectError(await act(otherOwner, 'withdraw', r._id), 'NOT_FOUND', MSG.requestNotFound);
    expectError(await act(tenant, 'withdraw', r._id), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await act(tenant2, 'reject', r._id), 'NOT_FOUND', MSG.requestNotFound);
    const w = requestSchema.parse(okData(await act(owner, 'withdraw', r._id)));
    expect(w.status).toBe('withdrawn');
    expectError(await act(owner, 'withdraw', r._id), 'CONFLICT', MSG.requestNotPending('withdrawn'));
    expectError(await act(tenant, 'reject', r._id), 'CONFLICT', MSG.requestNotPending('withdrawn'));
  });
});

describe('GET /requests/room/{id}', () => {
  it("lists the owner's requests for a room with each one's status, newest first; nobody else may", async () => {
    const roomId = await newRoom();
    const a = await invite(roomId, tenant);
    const b = await invite(roomId, tenant2);
    const c = await invite(roomId, outsider);
    okData(await act(tenant2, 'reject', b._id));
    okData(await act(owner, 'withdraw', c._id));
    const list = okData<unknown[]>(await get(owner, `/requests/room/${roomId}`)).map((x) => requestSchema.parse(x));
    expect(list.map((x) => [x._id, x.status])).toEqual([
      [c._id, 'withdrawn'],
      [b._id, 'rejected'],
      [a._id, 'pending'],
    ]);
    expectError(await get(otherOwner, `/requests/room/${roomId}`), 'FORBIDDEN', MSG.forbidden);
    expectError(await get(tenant, `/requests/room/${roomId}`), 'FORBIDDEN', MSG.ownersOnly);
  });
});

describe('POST /rooms/vacate/{id} and tenancy history (B13)', () => {
  it('ends the tenancy: the room is vacant without a tenant, the history stays; the tenant sees it as a past room', async () => {
    const roomId = await newRoom({ roomNumber: 'V1', rentAmount: 10000 });
    const who = await signedIn(ctx, 'tenant');
    await occupyRoom(ctx.deps, roomId, who.user._id, '2025-01-10');
    const mine = okData<unknown[]>(await get(who, '/tenant/room-details')).map((x) => tenantRoomSchema.parse(x));
    expect(mine.map((x) => x.roomId)).toEqual([roomId]);

    const t = tenancySchema.parse(okData(await vacate(owner, roomId, { moveOutDate: '2025-08-31' }), 200, MSG.roomVacated));
    expect(t).toMatchObject({
      roomId,
      propertyId,
      tenantId: { _id: who.user._id },
      ownerId: { _id: owner.user._id },
      moveInDate: '2025-01-10',
      moveOutDate: '2025-08-31',
      rentAmount: 10000,
    });
    expect(await roomRow(roomId)).toMatchObject({ status: 'vacant', tenantId: null, moveInDate: null });
    expect(okData<unknown[]>(await get(who, '/tenant/room-details'))).toEqual([]);
    const past = okData<unknown[]>(await get(who, '/tenant/past-rooms')).map((x) => tenantRoomSchema.parse(x));
    expect(past).toHaveLength(1);
    expect(past[0]).toMatchObject({ roomId, moveInDate: '2025-01-10', moveOutDate: '2025-08-31', room: { roomNumber: 'V1' } });
    const history = okData<unknown[]>(await get(owner, `/tenancy/room/${roomId}`)).map((x) => tenancySchema.parse(x));
    expect(history.map((h) => h._id)).toEqual([t._id]);
    expectError(await vacate(owner, roomId), 'CONFLICT', MSG.roomNotOccupied, 'roomId');
  });

  it('vacate then invite another tenant, who accepts: history has both, newest first', async () => {
    const roomId = await newRoom();
    await occupyRoom(ctx.deps, roomId, tenant2.user._id, '2025-02-01');
    okData(await vacate(owner, roomId));
    const r = await invite(roomId, tenant);
    okData(await act(tenant, 'accept', r._id));
    const history = okData<unknown[]>(await get(owner, `/tenancy/room/${roomId}`)).map((x) => tenancySchema.parse(x));
    expect(history.map((h) => [h.tenantId._id, h.moveOutDate])).toEqual([
      [tenant.user._id, null],
      [tenant2.user._id, todayInIndia()],
    ]);
  });

  it('the public room page follows: occupied after accept, vacant after vacate, never the tenant', async () => {
    const roomId = await newRoom();
    const status = async () => {
      const res = await get(undefined, `/rooms/${propertyId}`);
      expect(res.body).not.toContain(tenant.user.email);
      const room = okData<{ _id: string; roomStatus: string; tenantId: unknown }[]>(res).find((r) => r._id === roomId);
      expect(room?.tenantId).toBeNull();
      return room?.roomStatus;
    };
    expect(await status()).toBe('vacant');
    okData(await act(tenant, 'accept', (await invite(roomId))._id));
    expect(await status()).toBe('occupied');
    okData(await vacate(owner, roomId));
    expect(await status()).toBe('vacant');
  });

  it("checks the move-out date: a real date, not before move-in (written the product's way), at most a year ahead", async () => {
    const roomId = await newRoom();
    await occupyRoom(ctx.deps, roomId, tenant2.user._id, '2025-03-15');
    const before = await vacate(owner, roomId, { moveOutDate: '2025-03-14' });
    expectError(before, 'BAD_REQUEST', MSG.moveOutBeforeMoveIn('15 March 2025'), 'moveOutDate');
    expect(before.body).not.toContain('2025-03-15');
    expectError(await vacate(owner, roomId, { moveOutDate: '2999-01-01' }), 'BAD_REQUEST', MSG.moveOutTooFar, 'moveOutDate');
    for (const bad of ['2025-02-30', '15/03/2025', 'soon', 20250315]) {
      const res = await vacate(owner, roomId, { moveOutDate: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.moveOutDateFormat);
    }
    expectError(await vacate(otherOwner, roomId), 'FORBIDDEN', MSG.forbidden);
    expectError(await vacate(tenant2, roomId), 'FORBIDDEN', MSG.ownersOnly);
    expect((await roomRow(roomId))?.tenantId).toBe(tenant2.user._id);
    // Moving out on the move-in day is allowed.
    okData(await vacate(owner, roomId, { moveOutDate: '2025-03-15' }));
  });
});

describe('a move-out recorded ahead (issue 19)', () => {
  it('keeps the tenancy current until the date (bills, payments, My Rooms, room occupied), then the room is vacant', async () => {
    const who = await signedIn(ctx, 'tenant');
    const roomId = await newRoom();
    await occupyRoom(ctx.deps, roomId, who.user._id, '2025-01-01');
    const leaving = addDays(todayInIndia(), 30) as string;
    const res = await vacate(owner, roomId, { moveOutDate: leaving });
    const view = tenancySchema.parse(okData(res, 200, MSG.moveOutScheduled(dayInWords(leaving))));
    expect(view).toMatchObject({ moveOutDate: null, leavingOn: leaving });

    // Until then: still the room's tenant everywhere.
    expect(await roomRow(roomId)).toMatchObject({ status: 'occupied', tenantId: who.user._id });
    const mine = okData<unknown[]>(await get(who, '/tenant/room-details')).map((x) => tenantRoomSchema.parse(x));
    expect(mine.map((r) => [r.roomId, r.leavingOn])).toEqual([[roomId, leaving]]);
    expect(okData<unknown[]>(await get(who, '/tenant/past-rooms'))).toHaveLength(0);
    const bill = { propertyId, roomId, billDate: todayInIndia(), bills: [{ billType: 'Maintenance Bill', amount: 100 }] };
    const addBill = () => ctx.app.inject({ method: 'POST', url: `${API}/bills/add-bill`, headers: hdr(owner), payload: bill });
    okData(await addBill(), 201);
    okData(await get(who, `/payments/room/${roomId}/summary`));
    expectError(await send(owner, { roomId, tenantId: tenant.user._id }), 'CONFLICT', MSG.requestRoomNotVacant, 'roomId');
    // Vacating again changes the date.
    okData(await vacate(owner, roomId, { moveOutDate: addDays(leaving, -1) as string }));
    okData(await vacate(owner, roomId, { moveOutDate: leaving }));

    // The day before nothing ends; on the date the sweep ends the tenancy and frees the room.
    expect(await settleMoveOuts(ctx.deps, addDays(leaving, -1) as string)).toBe(0);
    expect((await roomRow(roomId))?.tenantId).toBe(who.user._id);
    expect(await settleMoveOuts(ctx.deps, leaving)).toBe(1);
    expect(await settleMoveOuts(ctx.deps, leaving)).toBe(0);
    expect(await roomRow(roomId)).toMatchObject({ status: 'vacant', tenantId: null });
    const [ended] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.roomId, roomId));
    expect(ended).toMatchObject({ moveOutDate: leaving });
    const past = okData<unknown[]>(await get(who, '/tenant/past-rooms')).map((x) => tenantRoomSchema.parse(x));
    expect(past.map((r) => [r.roomId, r.moveOutDate, r.leavingOn])).toEqual([[roomId, leaving, null]]);
    expect(okData<unknown[]>(await get(who, '/tenant/room-details'))).toHaveLength(0);
    expectError(await addBill(), 'CONFLICT', MSG.addTenantFirst);
  });
});

describe('GET /tenant/room-details', () => {
  it("lists the tenant's current rooms (more than one), each with its property, move-in date and rent", async () => {
    const who = await signedIn(ctx, 'tenant');
    const other = (await createProperty(ctx.deps, otherOwner.user._id, { title: 'Palm Court', city: 'Pune' }))._id;
    const a = await newRoom({ roomNumber: 'M1', rentAmount: 7000 });
    const b = (await createRoom(ctx.deps, otherOwner.user._id, other, { roomNumber: 'M2', rentAmount: 7500.25 }))._id;
    await occupyRoom(ctx.deps, a, who.user._id, '2025-04-01');
    await occupyRoom(ctx.deps, b, who.user._id, '2025-05-01');
    const res = await get(who, '/tenant/room-details');
    const list = okData<unknown[]>(res).map((x) => tenantRoomSchema.parse(x));
    expect(list.map((x) => [x.roomId, x.room.roomNumber, x.property_id.title, x.moveInDate, x.rentAmount])).toEqual([
      [a, 'M1', 'Lotus Residency', '2025-04-01', 7000],
      [b, 'M2', 'Palm Court', '2025-05-01', 7500.25],
    ]);
    expect(list[1]?.property_id.images.length).toBeGreaterThan(0);
    expect(list[1]?.room.images.length).toBeGreaterThan(0);
    expect(list[1]?.ownerId).toEqual({ _id: otherOwner.user._id, username: otherOwner.user.username, fullName: otherOwner.user.fullName });
    // The owner's contact details come only through Get Phone Number (B9).
    expect(res.body).not.toContain(otherOwner.user.email);
    expect(res.body).not.toContain(otherOwner.user.phoneNumber);
    // Another tenant sees nothing of it; owners are refused.
    expect(okData<unknown[]>(await get(outsider, '/tenant/room-details'))).toEqual([]);
    expectError(await get(owner, '/tenant/room-details'), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await get(undefined, '/tenant/past-rooms'), 'UNAUTHORIZED', MSG.unauthorized);
  });
});

describe('two accepts for one room', () => {
  it('exactly one of several concurrent accepts of different requests wins; the others get 409', async () => {
    const roomId = await newRoom();
    const people = [tenant, tenant2, outsider, await signedIn(ctx, 'tenant')];
    const invites = await Promise.all(people.map((p) => invite(roomId, p)));
    const answers = await Promise.all(invites.map((r, i) => act(people[i], 'accept', r._id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(MSG.requestRoomTaken);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await roomRow(roomId))?.tenantId).toBe(people[winner]?.user._id);
    expect(await currentTenancies(roomId)).toHaveLength(1);
    const statuses = (await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomId))).map((r) => r.status).sort();
    expect(statuses).toEqual(['accepted', 'withdrawn', 'withdrawn', 'withdrawn']);
  });

  it('the same request accepted twice at once: one 200, one 409', async () => {
    const roomId = await newRoom();
    const r = await invite(roomId);
    const answers = await Promise.all([act(tenant, 'accept', r._id), act(tenant, 'accept', r._id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await currentTenancies(roomId)).toHaveLength(1);
  });

  it('an accept racing a reject of another request for the room: both answer, the room has one tenant', async () => {
    const roomId = await newRoom();
    const a = await invite(roomId, tenant);
    const b = await invite(roomId, tenant2);
    const [acc, rej] = await Promise.all([act(tenant, 'accept', a._id), act(tenant2, 'reject', b._id)]);
    expect(acc.statusCode).toBe(200);
    expect([200, 409]).toContain(rej.statusCode);
    expect(['rejected', 'withdrawn']).toContain((await requestRow(b._id))?.status);
    expect((await roomRow(roomId))?.tenantId).toBe(tenant.user._id);
  });
});
