import type { sendRequestBodySchema, Tenancy, TenancyRequest, TenantRoom } from '@kiraya/contract';
import type { z } from 'zod';
import { addDays, dayInWords, MSG, paiseToRupees } from '@kiraya/contract';
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, inTransaction } from '../../db/index.js';
import {
  billGroups,
  billItems,
  payments,
  properties,
  type RequestRow,
  requests,
  rooms,
  type TenancyRow,
  tenancies,
  users,
} from '../../db/schema.js';
import { asOwner, type Caller, requestAccess, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { type Deps, imagesOf, imageView } from '../properties/index.js';
import { raiseDepositBill } from '../deposits/index.js';
import { type PendingReported, pendingReported } from '../payments/index.js';
import {
  closeRentAt,
  firstRentPeriod,
  latestTerms,
  moveOutBounds,
  owedSummary,
  requestTerms,
  requestTermsFor,
  writeFirstTerms,
} from '../leases/index.js';
import type { AppDeps } from '../../deps.js';

type SendRequestValues = z.output<typeof sendRequestBodySchema>;
import { APP_LINKS } from '@kiraya/contract';

/**
 * Invitations and tenancies (ADR 013). Every state change runs in one transaction that locks the room
 * first (through the access rule), then the request: two accepts for one room are serialised on the
 * room's row, and the loser finds the room taken.
 */

const owner = alias(users, 'owner');
const tenant = alias(users, 'tenant');

const party = (u: { id: string; username: string; fullName: string }) => ({ _id: u.id, username: u.username, fullName: u.fullName });
const partyColumns = (t: typeof owner | typeof tenant) => ({ id: t.id, username: t.username, fullName: t.fullName });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Requests matching `where`, populated for either party (names only: no contact details, B9). */
async function viewRequests(db: Db, where: SQL | undefined): Promise<TenancyRequest[]> {
  const rows = await db
    .select({
      request: requests,
      owner: partyColumns(owner),
      tenant: partyColumns(tenant),
      room: { id: rooms.id, roomNumber: rooms.roomNumber, rentPaise: rooms.rentPaise, propertyId: rooms.propertyId },
      property: { id: properties.id, title: properties.title, street: properties.street, city: properties.city, state: properties.state },
    })
    .from(requests)
    .innerJoin(owner, eq(owner.id, requests.ownerId))
    .innerJoin(tenant, eq(tenant.id, requests.tenantId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(where)
    .orderBy(desc(requests.createdAt), desc(requests.id));
  return rows.map((r) => ({
    _id: r.request.id,
    status: r.request.status,
    title: r.property.title,
    ownerId: party(r.owner),
    tenantId: party(r.tenant),
    roomId: {
      _id: r.room.id,
      roomNumber: r.room.roomNumber,
      rentAmount: paiseToRupees(r.room.rentPaise),
      propertyId: r.room.propertyId,
      property_id: {
        _id: r.property.id,
        title: r.property.title,
        street: r.property.street,
        city: r.property.city,
        state: r.property.state,
      },
    },
    createdAt: r.request.createdAt.toISOString(),
    updatedAt: r.request.updatedAt.toISOString(),
    respondedAt: iso(r.request.respondedAt),
    // The lease offered (issue 22): what the tenant reads before accepting.
    ...requestTermsFor(r.request.terms, r.room.rentPaise),
  }));
}

async function viewRequest(db: Db, id: string): Promise<TenancyRequest> {
  const [view] = await viewRequests(db, eq(requests.id, id));
  if (!view) throw notFound(MSG.requestNotFound);
  return view;
}

/** The tenant's pending requests, newest first: `incomingRequests` of get-current-user. */
export function pendingRequestsFor(db: Db, tenantId: string): Promise<TenancyRequest[]> {
  return viewRequests(db, and(eq(requests.tenantId, tenantId), eq(requests.status, 'pending')));
}

/** GET /requests/room/{id}: every request for the owner's room, newest first, with its status (B4). */
export async function roomRequests(deps: Deps, ownerId: string, roomId: string): Promise<TenancyRequest[]> {
  await roomAccess(deps.db, asOwner(ownerId), roomId, 'owner');
  return viewRequests(deps.db, eq(requests.roomId, roomId));
}

/**
 * POST /requests/send: the room's owner invites a tenant. The room must be vacant and listed, the
 * invitee a tenant, and there may be no other pending request for the same tenant and room.
 */
export async function sendRequest(deps: Deps, ownerId: string, body: SendRequestValues): Promise<TenancyRequest> {
  await settleMoveOuts(deps);
  const id = newId();
  try {
    await inTransaction(deps.db, async (db) => {
      const { room, property } = await roomAccess(db, asOwner(ownerId), body.roomId, 'owner', { lock: true });
      if (!isUuid(body.tenantId)) throw notFound(MSG.inviteeNotFound);
      const [invitee] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, body.tenantId)).limit(1);
      if (!invitee) throw notFound(MSG.inviteeNotFound);
      if (invitee.role !== 'tenant') throw badRequest(MSG.inviteeNotTenant, 'tenantId');
      if (room.tenantId === invitee.id) throw conflict(MSG.inviteeIsTenantHere, 'tenantId');
      if (room.status !== 'vacant' || room.tenantId) throw conflict(MSG.requestRoomNotVacant, 'roomId');
      if (property.isPaused) throw conflict(MSG.requestRoomPaused, 'roomId');
      const [pending] = await db
        .select({ id: requests.id })
        .from(requests)
        .where(and(eq(requests.roomId, room.id), eq(requests.tenantId, invitee.id), eq(requests.status, 'pending')))
        .limit(1);
      if (pending) throw conflict(MSG.requestAlreadyPending, 'tenantId');
      const terms = requestTerms(body.terms, room.rentPaise);
      await db.insert(requests).values({ id, roomId: room.id, ownerId, tenantId: invitee.id, terms });
      await notify(db, {
        userId: invitee.id,
        note: { text: 'requestReceived', roomNumber: room.roomNumber, propertyTitle: property.title },
        link: APP_LINKS.tenantRequests,
      });
      await publishLive(db, [invitee.id, ownerId], { kind: 'requests', id, roomId: room.id });
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  return viewRequest(deps.db, id);
}

function notPending(row: RequestRow): never {
  throw conflict(MSG.requestNotPending(row.status), 'status');
}

/**
 * PATCH /requests/accept/{id}: the invited tenant accepts. In one transaction: the room is locked (as
 * its owner sees it), then the request; the room gets the tenant, status occupied and today's move-in
 * date; the request is accepted, the room's other pending requests withdrawn and a tenancy started.
 * A second accept for the room waits on the room's lock and then finds it taken (409).
 */
export async function acceptRequest(deps: Deps, tenantId: string, requestId: string): Promise<TenancyRequest> {
  const caller: Caller = { userId: tenantId, role: 'tenant' };
  try {
    await inTransaction(deps.db, async (db) => {
      const peek = await requestAccess(db, caller, requestId, 'invitee');
      const { room, property } = await roomAccess(db, asOwner(peek.ownerId), peek.roomId, 'owner', { lock: true });
      const req = await requestAccess(db, caller, requestId, 'invitee', { lock: true });
      if (req.status !== 'pending') {
        if (req.status === 'withdrawn' && room.tenantId && room.tenantId !== tenantId) throw conflict(MSG.requestRoomTaken, 'roomId');
        notPending(req);
      }
      if (room.status !== 'vacant' || room.tenantId || property.isPaused) throw conflict(MSG.requestRoomTaken, 'roomId');
      const now = new Date();
      const today = todayInIndia(now);
      await db.update(rooms).set({ status: 'occupied', tenantId, moveInDate: today, updatedAt: now }).where(eq(rooms.id, room.id));
      await db.update(requests).set({ status: 'accepted', respondedAt: now, updatedAt: now }).where(eq(requests.id, req.id));
      await db
        .update(requests)
        .set({ status: 'withdrawn', respondedAt: now, updatedAt: now })
        .where(and(eq(requests.roomId, room.id), eq(requests.status, 'pending'), ne(requests.id, req.id)));
      // The lease the tenant accepted (issue 22) is stored with the tenancy, in this transaction.
      const terms = req.terms ?? requestTerms(undefined, room.rentPaise, today);
      const tenancyId = newId();
      await db.insert(tenancies).values({
        id: tenancyId,
        roomId: room.id,
        tenantId,
        ownerId: req.ownerId,
        requestId: req.id,
        rentPaise: terms.rentPaise,
        moveInDate: today,
        rentCycleFrom: firstRentPeriod(terms, today),
      });
      await writeFirstTerms(db, tenancyId, terms, today, req.ownerId);
      // The security deposit the tenant accepted is billed now, due on the lease start (ADR 029).
      await raiseDepositBill(db, {
        ownerId: req.ownerId,
        room,
        tenancy: { id: tenancyId, tenantId },
        depositPaise: terms.depositPaise,
        billDate: today,
        dueDate: terms.startDate ?? today,
      });
      const [who] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, tenantId)).limit(1);
      await notify(db, {
        userId: req.ownerId,
        note: { text: 'requestAccepted', tenantName: who?.fullName ?? null, roomNumber: room.roomNumber, propertyTitle: property.title },
        link: APP_LINKS.ownerRooms(room.propertyId),
      });
      await publishLive(db, [req.ownerId, tenantId], { kind: 'tenancy', id: req.id, roomId: room.id });
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  return viewRequest(deps.db, requestId);
}

/** Moves a pending request on to `status` as one party; anything but pending is a 409. */
async function close(
  deps: Deps,
  caller: Caller,
  requestId: string,
  need: 'owner' | 'invitee',
  status: 'rejected' | 'withdrawn',
): Promise<TenancyRequest> {
  await inTransaction(deps.db, async (db) => {
    const req = await requestAccess(db, caller, requestId, need, { lock: true });
    if (req.status !== 'pending') notPending(req);
    const now = new Date();
    await db.update(requests).set({ status, respondedAt: now, updatedAt: now }).where(eq(requests.id, req.id));
    if (status === 'rejected') {
      const [info] = await db
        .select({ fullName: users.fullName, roomNumber: rooms.roomNumber, propertyId: rooms.propertyId })
        .from(users)
        .innerJoin(rooms, eq(rooms.id, req.roomId))
        .where(eq(users.id, req.tenantId))
        .limit(1);
      if (info)
        await notify(db, {
          userId: req.ownerId,
          note: { text: 'requestRejected', tenantName: info.fullName, roomNumber: info.roomNumber },
          link: APP_LINKS.ownerRooms(info.propertyId),
        });
    }
    await publishLive(db, [req.ownerId, req.tenantId], { kind: 'requests', id: req.id, roomId: req.roomId });
  });
  return viewRequest(deps.db, requestId);
}

/** PATCH /requests/reject/{id}: the invited tenant declines a pending request. */
export const rejectRequest = (deps: Deps, tenantId: string, requestId: string) =>
  close(deps, { userId: tenantId, role: 'tenant' }, requestId, 'invitee', 'rejected');

/** PATCH /requests/withdraw/{id}: the owner takes back a pending request. */
export const withdrawRequest = (deps: Deps, ownerId: string, requestId: string) =>
  close(deps, asOwner(ownerId), requestId, 'owner', 'withdrawn');

/** Tenancies matching `where`, with both parties' names. */
async function viewTenancies(db: Db, where: SQL | undefined): Promise<Tenancy[]> {
  const rows = await db
    .select({ t: tenancies, owner: partyColumns(owner), tenant: partyColumns(tenant), propertyId: rooms.propertyId })
    .from(tenancies)
    .innerJoin(owner, eq(owner.id, tenancies.ownerId))
    .innerJoin(tenant, eq(tenant.id, tenancies.tenantId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .where(where)
    .orderBy(desc(tenancies.moveInDate), desc(tenancies.createdAt));
  const terms = await latestTerms(
    db,
    rows.map((r) => r.t.id),
  );
  return rows.map((r) => ({
    ...toTenancy(r.t, r.propertyId, r.owner, r.tenant),
    terms: terms.get(r.t.id) ?? null,
    autoRent: r.t.autoRent,
  }));
}

function toTenancy(
  t: TenancyRow,
  propertyId: string,
  o: { id: string; username: string; fullName: string },
  tn: { id: string; username: string; fullName: string },
): Omit<Tenancy, 'terms' | 'autoRent'> {
  return {
    _id: t.id,
    roomId: t.roomId,
    propertyId,
    tenantId: party(tn),
    ownerId: party(o),
    moveInDate: t.moveInDate,
    moveOutDate: t.moveOutDate,
    leavingOn: t.moveOutDate ? null : t.leavingOn,
    leavingReason: t.leavingReason,
    rentAmount: paiseToRupees(t.rentPaise),
  };
}

/** GET /tenancy/room/{id}: the owner's history of a room, current tenancy first. */
export async function roomTenancies(deps: Deps, ownerId: string, roomId: string): Promise<Tenancy[]> {
  await roomAccess(deps.db, asOwner(ownerId), roomId, 'owner');
  return viewTenancies(deps.db, eq(tenancies.roomId, roomId));
}

/**
 * POST /rooms/vacate/{id}: the owner ends the room's tenancy on `moveOutDate`: by default when the lease's notice
 * period from today runs out (today without one); an earlier date needs `reason`, kept and shown to the tenant;
 * never before the tenancy (or its lease) starts (ADR 041). On or before today the room becomes vacant now without
 * a tenant; the tenancy stays as history (B13). A later date (issue 19: a notice period) is recorded ahead as
 * `leaving_on`: until then the tenancy stays current in every way (bills, payments, My Rooms, the room occupied),
 * and on that date `settleMoveOuts` ends it and frees the room. Vacating again changes the date. Either way the
 * rent after the move-out is closed (leases module: later Rent Bills cancelled, the last one prorated).
 */
export async function vacateRoom(
  deps: Deps,
  ownerId: string,
  roomId: string,
  moveOutDate: string | undefined,
  reason?: string,
): Promise<Tenancy & { scheduled: boolean }> {
  const today = todayInIndia();
  let scheduled = false;
  const tenancyId = await inTransaction(deps.db, async (db) => {
    const { room, property } = await roomAccess(db, asOwner(ownerId), roomId, 'owner', { lock: true });
    if (!room.tenantId) throw conflict(MSG.roomNotOccupied, 'roomId');
    const [current] = await db
      .select()
      .from(tenancies)
      .where(and(eq(tenancies.roomId, room.id), isNull(tenancies.moveOutDate)))
      .for('update');
    const bounds = current ? await moveOutBounds(db, current.id, today) : { noticeEnds: today, leaseStart: null };
    const out = moveOutDate ?? bounds.noticeEnds;
    scheduled = out > today;
    if (out > (addDays(today, 366) ?? today)) throw badRequest(MSG.moveOutTooFar, 'moveOutDate');
    const movedIn = current?.moveInDate ?? room.moveInDate ?? out;
    const moveIn = bounds.leaseStart && bounds.leaseStart > movedIn ? bounds.leaseStart : movedIn;
    if (out < moveIn) throw badRequest(MSG.moveOutBeforeMoveIn(dayInWords(moveIn)), 'moveOutDate');
    const early = out < bounds.noticeEnds;
    const why = reason?.trim() ?? '';
    if (early && !why) throw badRequest(MSG.moveOutReasonRequired(dayInWords(bounds.noticeEnds)), 'reason');
    const now = new Date();
    const leavingReason = early ? why : null;
    const ending = scheduled
      ? { leavingOn: out, leavingReason, updatedAt: now }
      : { moveOutDate: out, leavingOn: null, leavingReason, updatedAt: now };
    let id: string;
    if (current && current.tenantId === room.tenantId) {
      id = current.id;
      await db.update(tenancies).set(ending).where(eq(tenancies.id, id));
    } else {
      // A tenant recorded on the room without a tenancy row (written before tenancies existed): keep the
      // stay in history all the same.
      if (current) await db.update(tenancies).set({ moveOutDate: today, updatedAt: now }).where(eq(tenancies.id, current.id));
      id = newId();
      await db.insert(tenancies).values({
        id,
        roomId: room.id,
        tenantId: room.tenantId,
        ownerId: property.ownerId,
        rentPaise: room.rentPaise,
        moveInDate: moveIn,
        rentCycleFrom: `${moveIn.slice(0, 7)}-01`,
        leavingReason,
        ...(scheduled ? { leavingOn: out } : { moveOutDate: out }),
      });
    }
    // The rent after the move-out: later Rent Bills cancelled, the last prorated, paid money back as credit.
    await closeRentAt(db, id, out);
    // The tenant's open pages: their room moved to past rooms (or shows its move-out date) and, once ended,
    // its conversation is read only.
    await publishLive(db, [room.tenantId, ownerId], { kind: 'tenancy', id, roomId: room.id });
    if (!scheduled)
      await db.update(rooms).set({ status: 'vacant', tenantId: null, moveInDate: null, updatedAt: now }).where(eq(rooms.id, room.id));
    return id;
  });
  const [view] = await viewTenancies(deps.db, eq(tenancies.id, tenancyId));
  if (!view) throw notFound(MSG.roomNotFound);
  return { ...view, scheduled };
}

/**
 * Ends the tenancies whose recorded move-out date (`leaving_on`) has come, as of `today` (India): the
 * tenancy gets its move-out date and its room becomes vacant. Safe on any number of server instances
 * (each tenancy is claimed with FOR UPDATE SKIP LOCKED) and idempotent. Answers how many it ended.
 */
export async function settleMoveOuts(deps: Pick<Deps, 'db'>, today: string = todayInIndia()): Promise<number> {
  let ended = 0;
  for (;;) {
    const done = await inTransaction(deps.db, async (db) => {
      const [due] = await db
        .select()
        .from(tenancies)
        .where(and(isNull(tenancies.moveOutDate), isNotNull(tenancies.leavingOn), lte(tenancies.leavingOn, today)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due?.leavingOn) return false;
      const now = new Date();
      // The room first (as every room change locks it), then the tenancy's end.
      const [room] = await db.select().from(rooms).where(eq(rooms.id, due.roomId)).for('update');
      await db.update(tenancies).set({ moveOutDate: due.leavingOn, updatedAt: now }).where(eq(tenancies.id, due.id));
      if (room?.tenantId === due.tenantId)
        await db.update(rooms).set({ status: 'vacant', tenantId: null, moveInDate: null, updatedAt: now }).where(eq(rooms.id, room.id));
      await publishLive(db, [due.tenantId, due.ownerId], { kind: 'tenancy', id: due.id, roomId: due.roomId });
      return true;
    });
    if (!done) return ended;
    ended++;
  }
}

const reportedOf = (r: PendingReported | undefined) => (r ? { amount: r.amountPaise, paidOn: r.paidOn, count: r.count } : null);

/**
 * The signed-in tenant's rooms: current (`past` false: tenancies without a move-out date whose room
 * still has them as tenant) or past (ended tenancies), each with its room, property and photos.
 */
export async function tenantRooms(deps: Deps & Partial<Pick<AppDeps, 'config'>>, tenantId: string, past: boolean): Promise<TenantRoom[]> {
  await settleMoveOuts(deps);
  const rows = await deps.db
    .select({
      t: tenancies,
      room: rooms,
      property: properties,
      owner: partyColumns(owner),
      lastBillDate: sql<
        string | null
      >`(select max(${billGroups.billDate})::text from ${billGroups} join ${billItems} on ${billItems.groupId} = ${billGroups.id} where ${billItems.tenancyId} = ${tenancies.id})`,
      // My Rooms' Last Payment (B6, ADR 019): the tenancy's latest payment.
      lastPaidAt: sql<
        string | null
      >`(select to_char(${payments.paidAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${payments} where ${payments.tenancyId} = ${tenancies.id} and ${payments.reversedAt} is null order by ${payments.paidAt} desc limit 1)`,
      lastPaidPaise: sql<
        string | null
      >`(select ${payments.amountPaise} from ${payments} where ${payments.tenancyId} = ${tenancies.id} and ${payments.reversedAt} is null order by ${payments.paidAt} desc limit 1)`,
    })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .where(
      past
        ? and(eq(tenancies.tenantId, tenantId), isNotNull(tenancies.moveOutDate))
        : and(eq(tenancies.tenantId, tenantId), isNull(tenancies.moveOutDate), eq(rooms.tenantId, tenantId)),
    )
    .orderBy(past ? desc(tenancies.moveOutDate) : asc(tenancies.moveInDate), desc(tenancies.createdAt));
  const [roomImgs, propertyImgs] = await Promise.all([
    imagesOf(
      deps.db,
      'room',
      rows.map((r) => r.room.id),
    ),
    imagesOf(deps.db, 'property', [...new Set(rows.map((r) => r.property.id))]),
  ]);
  // The lease and what each room owes now (issue 22): lib/ledger's owed bills, and the next due date.
  const ids = rows.map((r) => r.t.id);
  const [terms, reported, owed] = await Promise.all([
    latestTerms(deps.db, ids),
    pendingReported(deps.db, past ? [] : ids),
    owedSummary(
      deps.db,
      rows.map((r) => r.t),
      deps.config?.rentCycle.leadDays ?? 5,
    ),
  ]);
  return rows.map(({ t, room, property, owner: o, lastBillDate, lastPaidAt, lastPaidPaise }) => {
    const rImages = (roomImgs.get(room.id) ?? []).map((i) => imageView(deps.blobs, i));
    const pImages = (propertyImgs.get(property.id) ?? []).map((i) => imageView(deps.blobs, i));
    const rentPaise = past ? t.rentPaise : room.rentPaise;
    return {
      _id: t.id,
      lastBillDate: lastBillDate ?? null,
      lastPayment: lastPaidAt && lastPaidPaise !== null ? { paidAt: lastPaidAt, amount: paiseToRupees(Number(lastPaidPaise)) } : null,
      propertyId: property.id,
      roomId: room.id,
      room: {
        _id: room.id,
        roomNumber: room.roomNumber,
        roomType: room.roomType,
        tenantType: room.tenantType,
        floor: room.floor,
        rentAmount: paiseToRupees(rentPaise),
        maxOccupancy: room.maxOccupancy,
        isFurnitured: room.isFurnished,
        hasAttachedBath: room.hasAttachedBath,
        description: room.description,
        roomStatus: past ? room.status : 'occupied',
        moveInDate: t.moveInDate,
        images: rImages,
        roomImages: rImages.map((i) => i.url),
      },
      property_id: {
        _id: property.id,
        title: property.title,
        street: property.street,
        landmark: property.landmark,
        city: property.city,
        state: property.state,
        pincode: property.pincode,
        images: pImages,
        propertyImages: pImages.map((i) => i.url),
      },
      ownerId: party(o),
      moveInDate: t.moveInDate,
      moveOutDate: t.moveOutDate,
      leavingOn: t.moveOutDate ? null : t.leavingOn,
      leavingReason: t.leavingReason,
      rentAmount: paiseToRupees(rentPaise),
      terms: terms.get(t.id) ?? null,
      outstanding: owed.get(t.id)?.outstanding ?? 0,
      overdue: owed.get(t.id)?.overdue ?? 0,
      nextDue: owed.get(t.id)?.nextDue ?? null,
      reported: reportedOf(reported.get(t.id)),
    };
  });
}

/**
 * Puts `tenantId` in a room from `moveInDate` with its tenancy, in one transaction (the seed and tests;
 * through the API a tenancy starts only by accepting a request). The room must have no tenant.
 */
export async function startTenancy(deps: Pick<Deps, 'db'>, roomId: string, tenantId: string, moveInDate: string): Promise<string> {
  return inTransaction(deps.db, async (db) => {
    const [row] = await db
      .select({ room: rooms, ownerId: properties.ownerId })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(eq(rooms.id, roomId))
      .for('update');
    if (!row) throw notFound(MSG.roomNotFound);
    if (row.room.tenantId) throw conflict(MSG.requestRoomNotVacant, 'roomId');
    await db.update(rooms).set({ status: 'occupied', tenantId, moveInDate, updatedAt: new Date() }).where(eq(rooms.id, roomId));
    // The lease of today's behaviour (issue 22): the room's rent, due on the move-in day, from the move-in date.
    const terms = { ...requestTerms(undefined, row.room.rentPaise, moveInDate), startDate: moveInDate };
    const id = newId();
    await db.insert(tenancies).values({
      id,
      roomId,
      tenantId,
      ownerId: row.ownerId,
      rentPaise: row.room.rentPaise,
      moveInDate,
      rentCycleFrom: firstRentPeriod(terms, moveInDate),
    });
    await writeFirstTerms(db, id, terms, moveInDate, null);
    return id;
  });
}
