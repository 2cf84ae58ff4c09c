import { MSG } from '@kiraya/contract';
import type { Role } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import {
  messageThreads,
  type PropertyRow,
  properties,
  type RequestRow,
  type RoomRow,
  requests,
  rooms,
  type ThreadRow,
  tenancies,
} from '../db/schema.js';
import { forbidden, notFound, unauthorized } from './errors.js';
import { isUuid } from './ids.js';
import { ownerSuspended } from './listing.js';

/**
 * The one access rule for properties and rooms (ADR 004 answers, ADR 012 design).
 *
 * - An id that is not a UUID, or a row that does not exist, is 404.
 * - A row the caller may not even see is 404: a paused listing is invisible to everyone but the people
 *   related to it (its owner, the tenant of one of its rooms, a former tenant of the room), and so is a listing
 *   hidden by a moderator or whose owner is suspended (ADR 037). An archived
 *   room or property (ADR 022) is 404 for everyone, unless a history view asks with `archived`.
 * - A visible row whose needed relation the caller lacks is 403 (listings are public, so the 403 reveals
 *   nothing a visitor could not see already); a visitor (no caller) is 401 for any need but 'listed'.
 *
 * Each check loads what it decides on in ONE query and returns the loaded rows, so callers never load
 * them twice. With `lock`, the rows are read `for update` (inside the caller's transaction).
 */

export type Caller = { userId: string; role: Role } | null;

/** How the caller relates to a room: the most specific first. */
export type RoomRelation = 'owner' | 'tenant' | 'former' | 'none';
export type RoomNeed = 'owner' | 'tenant' | 'owner-or-tenant' | 'owner-or-tenant-or-former' | 'listed';

export type PropertyRelation = 'owner' | 'tenant' | 'none';
export type PropertyNeed = 'owner' | 'listed';
/** A request is seen only by its two parties: the owner who sent it and the tenant it invites. */
export type RequestNeed = 'owner' | 'invitee';

export type RoomAccess = { room: RoomRow; property: PropertyRow; relation: RoomRelation };
export type PropertyAccess = { property: PropertyRow; relation: PropertyRelation };

type Options = { lock?: boolean };
/**
 * `archived`: the read views of money and tenancy history (receipts, rent receipts, a past tenancy's
 * bills) still open an archived room (ADR 022) for its owner and its tenants; everything else gets 404.
 */
type RoomOptions = Options & { archived?: boolean };

export const ROOM_ALLOWS: Record<RoomNeed, readonly RoomRelation[]> = {
  owner: ['owner'],
  tenant: ['tenant'],
  'owner-or-tenant': ['owner', 'tenant'],
  'owner-or-tenant-or-former': ['owner', 'tenant', 'former'],
  listed: ['owner', 'tenant', 'former', 'none'],
};

export const PROPERTY_ALLOWS: Record<PropertyNeed, readonly PropertyRelation[]> = {
  owner: ['owner'],
  listed: ['owner', 'tenant', 'none'],
};

/**
 * "Was `callerId` a tenant of this room?" as a SQL boolean evaluated in the same query: an ended tenancy
 * of the caller in this room (tenancy history, ADR 013).
 */
export const formerTenantOf = (callerId: string | null) =>
  callerId
    ? sql<boolean>`exists (select 1 from ${tenancies} where ${tenancies.roomId} = ${rooms.id} and ${tenancies.tenantId} = ${callerId} and ${tenancies.moveOutDate} is not null)`
    : sql<boolean>`false`;

function refuse(visible: boolean, caller: Caller, notFoundMessage: string, need: string): never {
  if (!visible) throw notFound(notFoundMessage);
  if (!caller) throw unauthorized();
  // An owner-only action asked by a tenant (or the reverse) keeps the role's message (ADR 003/004).
  if (need === 'owner' && caller.role === 'tenant') throw forbidden(MSG.ownersOnly);
  if (need === 'tenant' && caller.role === 'owner') throw forbidden(MSG.tenantsOnly);
  throw forbidden();
}

/** The room `roomId` with its property, if `caller` has `need`; otherwise the 401/403/404 of ADR 004. */
export async function roomAccess(
  db: Db,
  caller: Caller,
  roomId: string,
  need: RoomNeed,
  { lock = false, archived = false }: RoomOptions = {},
): Promise<RoomAccess> {
  if (!caller && need !== 'listed') throw unauthorized();
  if (!isUuid(roomId)) throw notFound(MSG.roomNotFound);
  const callerId = caller?.userId ?? null;
  const q = db
    .select({ room: rooms, property: properties, former: formerTenantOf(callerId), suspended: ownerSuspended })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  // An archived room (or one of an archived property) is gone, except to the history views that ask for it.
  const isArchived = !!(row?.room.archivedAt || row?.property.archivedAt);
  if (!row || (isArchived && !archived)) throw notFound(MSG.roomNotFound);
  const relation: RoomRelation =
    callerId && row.property.ownerId === callerId
      ? 'owner'
      : callerId && row.room.tenantId === callerId
        ? 'tenant'
        : row.former
          ? 'former'
          : 'none';
  // Paused, hidden by a moderator or of a suspended owner: only the people related to it see it (ADR 037).
  const hidden = !!(row.property.hiddenAt || row.room.hiddenAt) || row.suspended === true;
  const visible = relation !== 'none' || (!row.property.isPaused && !isArchived && !hidden);
  if (!visible || !ROOM_ALLOWS[need].includes(relation)) refuse(visible, caller, MSG.roomNotFound, need);
  return { room: row.room, property: row.property, relation };
}

/** The property `propertyId`, if `caller` has `need`; otherwise the 401/403/404 of ADR 004. */
export async function propertyAccess(
  db: Db,
  caller: Caller,
  propertyId: string,
  need: PropertyNeed,
  { lock = false }: Options = {},
): Promise<PropertyAccess> {
  if (!caller && need !== 'listed') throw unauthorized();
  if (!isUuid(propertyId)) throw notFound(MSG.propertyNotFound);
  const callerId = caller?.userId ?? null;
  // A tenant of one of its rooms still sees a paused property (their home did not disappear).
  const tenantHere = callerId
    ? sql<boolean>`exists (select 1 from ${rooms} where ${and(eq(rooms.propertyId, properties.id), eq(rooms.tenantId, callerId))})`
    : sql<boolean>`false`;
  const q = db
    .select({ property: properties, tenant: tenantHere, suspended: ownerSuspended })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  // An archived property (ADR 022) is gone for everyone, its owner included: only its history is read.
  if (!row || row.property.archivedAt) throw notFound(MSG.propertyNotFound);
  const relation: PropertyRelation = callerId && row.property.ownerId === callerId ? 'owner' : row.tenant ? 'tenant' : 'none';
  const visible = relation !== 'none' || (!row.property.isPaused && !row.property.hiddenAt && row.suspended !== true);
  if (!visible || !PROPERTY_ALLOWS[need].includes(relation)) refuse(visible, caller, MSG.propertyNotFound, need);
  return { property: row.property, relation };
}

/** The caller of a route whose policy already admitted only owners (services take the owner's id). */
export const asOwner = (userId: string): Caller => ({ userId, role: 'owner' });

export const REQUEST_ALLOWS: Record<RequestNeed, readonly ('owner' | 'invitee')[]> = { owner: ['owner'], invitee: ['invitee'] };

/**
 * The request `requestId`, if `caller` is its party `need` (the owner who sent it, or the invited tenant).
 * Anyone else, the other party included, gets 404: a request is private to the two people on it, and
 * the route's caller rule already gave the wrong role its 403.
 */
export async function requestAccess(
  db: Db,
  caller: Caller,
  requestId: string,
  need: RequestNeed,
  { lock = false }: Options = {},
): Promise<RequestRow> {
  if (!caller) throw unauthorized();
  if (!isUuid(requestId)) throw notFound(MSG.requestNotFound);
  const q = db.select().from(requests).where(eq(requests.id, requestId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  const party = row && (need === 'owner' ? row.ownerId : row.tenantId);
  if (!row || party !== caller.userId) throw notFound(MSG.requestNotFound);
  return row;
}

/** A message thread is seen only by its two parties: the room's owner and the thread's tenant. */
export type ThreadNeed = 'party';
export type ThreadAccess = { thread: ThreadRow; room: RoomRow; property: PropertyRow; relation: 'owner' | 'tenant' };

/**
 * The thread `threadId` with its room and property, if `caller` is one of its two parties (B7); anyone
 * else gets 404, as for requests: a conversation is private to the two people in it.
 */
export async function threadAccess(db: Db, caller: Caller, threadId: string, { lock = false }: Options = {}): Promise<ThreadAccess> {
  if (!caller) throw unauthorized();
  if (!isUuid(threadId)) throw notFound(MSG.threadNotFound);
  const q = db
    .select({ thread: messageThreads, room: rooms, property: properties })
    .from(messageThreads)
    .innerJoin(rooms, eq(rooms.id, messageThreads.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(eq(messageThreads.id, threadId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: messageThreads }) : await q;
  const relation = row?.thread.ownerId === caller.userId ? 'owner' : row?.thread.tenantId === caller.userId ? 'tenant' : null;
  if (!row || !relation) throw notFound(MSG.threadNotFound);
  return { ...row, relation };
}
