import {
  APP_LINKS,
  asksForMoney,
  MESSAGES_PER_MINUTE,
  MSG,
  type Message,
  type SendMessageBody,
  sendMessageBodySchema,
  THREAD_MESSAGES_MAX,
  type Thread,
  type ThreadKind,
} from '@kiraya/contract';
import { and, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  type MessageRow,
  messages,
  messageThreads,
  notifications,
  properties,
  type RoomRow,
  rooms,
  type ThreadRow,
  tenancies,
  users,
} from '../../db/schema.js';
import { asOwner, type Caller, roomAccess, threadAccess } from '../../lib/access.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';

type Deps = Pick<AppDeps, 'db'>;

/**
 * Messages (B7, ADR 017). A thread joins a room's owner and one tenant: the room's own thread with a
 * tenant of the room (read-only history once their tenancy ended), or an enquiry a tenant opened from a
 * room card. Only the two parties ever see a thread. Each message is announced live to both parties
 * and notified to the recipient when its transaction commits.
 */

const owner = alias(users, 'owner');
const tenant = alias(users, 'tenant');
const partyColumns = (t: typeof owner | typeof tenant) => ({ id: t.id, username: t.username, fullName: t.fullName });
const party = (u: { id: string; username: string; fullName: string }) => ({ _id: u.id, username: u.username, fullName: u.fullName });

export const toMessage = (m: MessageRow, callerId: string): Message => ({
  _id: m.id,
  threadId: m.threadId,
  senderId: m.senderId,
  mine: m.senderId === callerId,
  text: m.text,
  maintenance: m.maintenance,
  warning: m.warning,
  createdAt: m.createdAt.toISOString(),
});

/**
 * Issue 26 item 5 (ADR 037): an owner's message asking for money by UPI or a payment link (`asksForMoney`) to someone
 * who never had a tenancy in any of that owner's rooms is marked, and shown with SAFETY_ADVICE. A warning, not a block.
 */
async function needsWarning(db: Db, thread: ThreadRow, senderId: string, text: string): Promise<boolean> {
  if (senderId !== thread.ownerId || !asksForMoney(text)) return false;
  const [rented] = await db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(eq(tenancies.ownerId, thread.ownerId), eq(tenancies.tenantId, thread.tenantId)))
    .limit(1);
  return !rented;
}

/** A room thread is open while its tenant is the room's current tenant; an enquiry stays open until the room is archived (ADR 022). */
const canSend = (t: Pick<ThreadRow, 'kind' | 'tenantId'>, room: Pick<RoomRow, 'tenantId' | 'archivedAt'>) =>
  !room.archivedAt && (t.kind === 'enquiry' || room.tenantId === t.tenantId);

/** Threads matching `where` as `callerId` sees them, most recent conversation first. */
async function viewThreads(db: Db, callerId: string, where: SQL | undefined): Promise<Thread[]> {
  const unread = sql<number>`(select count(*)::int from ${messages} where ${messages.threadId} = ${messageThreads.id} and ${messages.senderId} <> ${callerId} and ${messages.readAt} is null)`;
  const rows = await db
    .select({
      thread: messageThreads,
      room: {
        id: rooms.id,
        roomNumber: rooms.roomNumber,
        propertyId: rooms.propertyId,
        tenantId: rooms.tenantId,
        archivedAt: rooms.archivedAt,
      },
      title: properties.title,
      owner: partyColumns(owner),
      tenant: partyColumns(tenant),
      unread,
    })
    .from(messageThreads)
    .innerJoin(rooms, eq(rooms.id, messageThreads.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(owner, eq(owner.id, messageThreads.ownerId))
    .innerJoin(tenant, eq(tenant.id, messageThreads.tenantId))
    .where(and(or(eq(messageThreads.ownerId, callerId), eq(messageThreads.tenantId, callerId)), where))
    .orderBy(desc(sql`coalesce(${messageThreads.lastMessageAt}, ${messageThreads.createdAt})`), desc(messageThreads.id));
  if (rows.length === 0) return [];
  const last = await db
    .selectDistinctOn([messages.threadId])
    .from(messages)
    .where(
      inArray(
        messages.threadId,
        rows.map((r) => r.thread.id),
      ),
    )
    .orderBy(messages.threadId, desc(messages.createdAt), desc(messages.id));
  const lastOf = new Map(last.map((m) => [m.threadId, m]));
  return rows.map((r) => {
    const lm = lastOf.get(r.thread.id);
    const isOwner = r.thread.ownerId === callerId;
    return {
      _id: r.thread.id,
      kind: r.thread.kind,
      room: { _id: r.room.id, roomNumber: r.room.roomNumber, propertyId: r.room.propertyId, propertyTitle: r.title },
      owner: party(r.owner),
      tenant: party(r.tenant),
      with: party(isOwner ? r.tenant : r.owner),
      canSend: canSend(r.thread, r.room),
      unread: Number(r.unread),
      lastMessage: lm ? toMessage(lm, callerId) : null,
      lastMessageAt: r.thread.lastMessageAt ? r.thread.lastMessageAt.toISOString() : null,
    };
  });
}

async function viewThread(db: Db, callerId: string, threadId: string): Promise<Thread> {
  const [t] = await viewThreads(db, callerId, eq(messageThreads.id, threadId));
  if (!t) throw new Error('thread vanished');
  return t;
}

/** How many messages sent to `userId` they have not read yet (all their threads). */
export async function unreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(
      and(
        or(eq(messageThreads.ownerId, userId), eq(messageThreads.tenantId, userId)),
        ne(messages.senderId, userId),
        isNull(messages.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** GET /messages/threads: every thread of the caller and their unread total. */
export async function myThreads(deps: Deps, callerId: string): Promise<{ threads: Thread[]; unread: number }> {
  const threads = await viewThreads(deps.db, callerId, undefined);
  return { threads, unread: threads.reduce((s, t) => s + t.unread, 0) };
}

/**
 * GET /messages/room/{roomId}: the room's threads the caller is a party of: its owner sees every thread of
 * the room (its tenants' and the enquiries), a tenant their own; anyone else an empty list.
 */
export async function roomThreads(deps: Deps, caller: Caller, roomId: string): Promise<Thread[]> {
  const { room } = await roomAccess(deps.db, caller, roomId, 'listed');
  return viewThreads(deps.db, caller?.userId ?? '', eq(messageThreads.roomId, room.id));
}

/**
 * GET /messages/thread/{id}: the thread and its latest THREAD_MESSAGES_MAX messages, oldest first; with
 * `before` (a message of this thread), the page just before it. `hasEarlier` says whether older ones exist.
 */
export async function threadMessages(
  deps: Deps,
  callerId: string,
  threadId: string,
  before?: string,
): Promise<{ thread: Thread; messages: Message[]; hasEarlier: boolean }> {
  const { thread } = await threadAccess(deps.db, { userId: callerId, role: 'tenant' }, threadId);
  let older: SQL | undefined;
  if (before !== undefined) {
    const [anchor] = isUuid(before)
      ? await deps.db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, before), eq(messages.threadId, thread.id)))
          .limit(1)
      : [];
    if (!anchor) throw notFound(MSG.earlierMessagesNotFound);
    // Compared in SQL: the timestamp keeps its microseconds there (a JS Date would round them off).
    older = sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${anchor.id})`;
  }
  const rows = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, thread.id), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_MESSAGES_MAX + 1);
  const hasEarlier = rows.length > THREAD_MESSAGES_MAX;
  const page = rows.slice(0, THREAD_MESSAGES_MAX).reverse();
  return { thread: await viewThread(deps.db, callerId, thread.id), messages: page.map((m) => toMessage(m, callerId)), hasEarlier };
}

/** Where the "new message" notification of `thread` sends `userId`: the conversation in their Messages inbox. */
const messageLink = (thread: Pick<ThreadRow, 'id' | 'ownerId'>, _room: Pick<RoomRow, 'id' | 'propertyId'>, userId: string): string =>
  userId === thread.ownerId ? APP_LINKS.ownerMessages(thread.id) : APP_LINKS.tenantMessages(thread.id);

/** Messages sent to `userId` in any thread of the room that they have not read. */
async function unreadInRoom(db: Db, userId: string, roomId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(and(eq(messageThreads.roomId, roomId), ne(messages.senderId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** POST /messages/read/{id}: the caller has read the thread (messages sent to them are marked read). */
export async function readThread(deps: Deps, callerId: string, threadId: string): Promise<{ unread: number }> {
  return inTransaction(deps.db, async (db) => {
    const { thread, room } = await threadAccess(db, { userId: callerId, role: 'tenant' }, threadId);
    const changed = await db
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.threadId, thread.id), ne(messages.senderId, callerId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    // The caller's other tabs update their badges; the sender could show "seen".
    if (changed.length)
      await publishLive(db, [thread.ownerId, thread.tenantId], { kind: 'read', threadId: thread.id, roomId: thread.roomId });
    // The bell's "new message" for this conversation is read too, once nothing behind its link is unread
    // (an owner's link is the room, shared by the room's thread and its enquiries).
    const link = messageLink(thread, room, callerId);
    const unreadBehindLink = callerId === thread.ownerId ? await unreadInRoom(db, callerId, room.id) : 0;
    if (unreadBehindLink === 0) {
      const cleared = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, callerId),
            eq(notifications.kind, 'message'),
            eq(notifications.link, link),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      if (cleared.length) await publishLive(db, [callerId], { kind: 'notification' });
    }
    return { unread: await unreadMessages(db, callerId) };
  });
}

async function checkRate(db: Db, senderId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, sql`now() - interval '1 minute'`)));
  if ((row?.n ?? 0) >= MESSAGES_PER_MINUTE)
    throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests, [{ path: '', message: MSG.tooManyRequests }]);
}

/** The room's thread of `kind` with `tenantId`, created on first use. */
async function threadFor(db: Db, kind: ThreadKind, room: RoomRow, ownerId: string, tenantId: string): Promise<ThreadRow> {
  await db
    .insert(messageThreads)
    .values({ id: newId(), kind, roomId: room.id, ownerId, tenantId })
    .onConflictDoNothing({ target: [messageThreads.roomId, messageThreads.tenantId, messageThreads.kind] });
  const [t] = await db
    .select()
    .from(messageThreads)
    .where(and(eq(messageThreads.roomId, room.id), eq(messageThreads.tenantId, tenantId), eq(messageThreads.kind, kind)))
    .for('update')
    .limit(1);
  if (!t) throw new Error('thread not created');
  return t;
}

/** Stores one message in `thread` (already locked), announces it and notifies the recipient. */
async function post(
  db: Db,
  thread: ThreadRow,
  room: RoomRow,
  senderId: string,
  body: SendMessageBody,
  { evenIfClosed = false }: { evenIfClosed?: boolean } = {},
): Promise<{ thread: Thread; message: Message }> {
  const input = sendMessageBodySchema.parse(body);
  if (!evenIfClosed && !canSend(thread, room)) throw conflict(MSG.threadClosed);
  await checkRate(db, senderId);
  const now = new Date();
  const warning = await needsWarning(db, thread, senderId, input.text);
  const [row] = await db
    .insert(messages)
    .values({ id: newId(), threadId: thread.id, senderId, text: input.text, maintenance: input.maintenance, warning, createdAt: now })
    .returning();
  await db.update(messageThreads).set({ lastMessageAt: now, updatedAt: now }).where(eq(messageThreads.id, thread.id));
  const recipient = senderId === thread.ownerId ? thread.tenantId : thread.ownerId;
  const [sender] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, senderId)).limit(1);
  const link = messageLink(thread, room, recipient);
  // One unread "new message" notification per conversation: a burst of messages does not flood the bell.
  const [pending] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, recipient), eq(notifications.link, link), isNull(notifications.readAt)))
    .limit(1);
  if (!pending) {
    const what = input.maintenance ? 'maintenance' : thread.kind === 'enquiry' && recipient === thread.ownerId ? 'enquiry' : 'message';
    await notify(db, {
      userId: recipient,
      note: { text: 'message', what, senderName: sender?.fullName ?? null, roomNumber: room.roomNumber, excerpt: input.text.slice(0, 140) },
      link,
    });
  }
  await publishLive(db, [thread.ownerId, thread.tenantId], {
    kind: 'message',
    threadId: thread.id,
    roomId: room.id,
    ...(warning ? { warning: true } : {}),
  });
  return { thread: await viewThread(db, senderId, thread.id), message: toMessage(row as MessageRow, senderId) };
}

/** POST /messages/thread/{id}: a reply in a thread the caller is a party of. */
export function sendMessage(deps: Deps, callerId: string, threadId: string, body: SendMessageBody) {
  return inTransaction(deps.db, async (db) => {
    const { thread, room } = await threadAccess(db, { userId: callerId, role: 'tenant' }, threadId, { lock: true });
    return post(db, thread, room, callerId, body);
  });
}

/**
 * POST /messages/to-owner/{roomId}: a tenant writes to the room's owner: its current tenant in the
 * room's thread, anyone else in their enquiry thread about the room (Send Message on a room card).
 */
export function messageOwner(deps: Deps, tenantId: string, roomId: string, body: SendMessageBody) {
  return inTransaction(deps.db, async (db) => {
    const { room, property, relation } = await roomAccess(db, { userId: tenantId, role: 'tenant' }, roomId, 'listed');
    const thread = await threadFor(db, relation === 'tenant' ? 'room' : 'enquiry', room, property.ownerId, tenantId);
    return post(db, thread, room, tenantId, body);
  });
}

/** POST /messages/to-tenant/{roomId}: the owner writes to the room's current tenant (409 without one). */
export function messageTenant(deps: Deps, ownerId: string, roomId: string, body: SendMessageBody) {
  return inTransaction(deps.db, async (db) => {
    const { room } = await roomAccess(db, asOwner(ownerId), roomId, 'owner', { lock: true });
    if (!room.tenantId) throw conflict(MSG.messageNoTenant);
    const thread = await threadFor(db, 'room', room, ownerId, room.tenantId);
    return post(db, thread, room, ownerId, body);
  });
}

/**
 * A tenant's message about their tenancy in the room's conversation, inside the caller's transaction (the
 * deposit dispute, ADR 029): written also after the tenant moved out, when the thread is otherwise closed.
 * The caller has checked that `tenantId` had a tenancy of the room.
 */
export async function postTenancyMessage(db: Db, room: RoomRow, ownerId: string, tenantId: string, text: string) {
  const thread = await threadFor(db, 'room', room, ownerId, tenantId);
  return post(db, thread, room, tenantId, { text, maintenance: false }, { evenIfClosed: true });
}
