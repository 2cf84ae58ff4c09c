import { APP_LINKS } from '@kiraya/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { type Db, inTransaction } from '../db/index.js';
import { billGroups, billItems, messages, messageThreads, properties, rooms, tenancies } from '../db/schema.js';
import { messageOwner, messageTenant, sendMessage } from '../modules/messages/index.js';
import { notify } from '../modules/notifications/index.js';
import type { DemoPeople } from './demo.js';

const HOUR = 3_600_000;

/**
 * The messages part of the demo (B7, B16), after tenancies and bills: each current tenant of a demo
 * owner's room has a conversation with their owner (the first one ends with a maintenance request the
 * owner has not read yet), a tenant without a room there has an enquiry about a vacant room, and every
 * tenant with bills has a "bills uploaded" notification. Written through the services (so the
 * notifications of new messages come with them), then spread over the past days.
 */
export async function seedMessagesDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  const current = await deps.db
    .select({ roomId: tenancies.roomId, tenantId: tenancies.tenantId, ownerId: tenancies.ownerId, roomNumber: rooms.roomNumber })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)))
    .orderBy(asc(tenancies.moveInDate));

  const seen = new Set<string>();
  for (const [n, t] of current.entries()) {
    // Each owner's first tenant reports a leak (a maintenance request the owner has not read yet).
    const i = seen.has(t.ownerId) ? 1 : 0;
    seen.add(t.ownerId);
    const first = await messageOwner(deps, t.tenantId, t.roomId, {
      text:
        i === 0 ? 'Hello! Could you share the Wi-Fi password for the new router?' : 'Hi, is it fine if I pay this month’s rent on the 5th?',
    });
    await sendMessage(deps, t.ownerId, first.thread._id, {
      text:
        i === 0
          ? 'Sure: it is on the card next to the router. Let me know if it does not work.'
          : 'Yes, the 5th is fine. Thanks for letting me know.',
    });
    if (i === 0) {
      await sendMessage(deps, t.tenantId, first.thread._id, {
        text: 'The kitchen tap has been leaking since yesterday. Could you send a plumber this week?',
        maintenance: true,
      });
    } else {
      await messageTenant(deps, t.ownerId, t.roomId, { text: 'Reminder: the water tank will be cleaned on Saturday morning.' });
    }
    await spread(deps.db, first.thread._id, 30 + n * 5);
  }

  // An enquiry: a tenant who does not live with the first owner asks about one of their vacant rooms.
  const [priya] = people.owners;
  const busy = new Set(current.filter((t) => t.ownerId === priya?._id).map((t) => t.tenantId));
  const asker = people.tenants.find((t) => !busy.has(t._id));
  if (priya && asker) {
    const [vacant] = await deps.db
      .select({ id: rooms.id })
      .from(rooms)
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .where(and(eq(properties.ownerId, priya._id), eq(properties.isPaused, false), eq(rooms.status, 'vacant')))
      .orderBy(asc(rooms.roomNumber))
      .limit(1);
    if (vacant) {
      const q = await messageOwner(deps, asker._id, vacant.id, {
        text: 'Hello, is this room available from next month? Is parking included?',
      });
      await spread(deps.db, q.thread._id, 3);
    }
  }

  // "Bills uploaded" for each tenant's latest bills (the bills demo writes its rows directly).
  for (const t of current) {
    const [latest] = await deps.db
      .select({ id: billGroups.id, billDate: billGroups.billDate, dueDate: billGroups.dueDate })
      .from(billGroups)
      .where(eq(billGroups.roomId, t.roomId))
      .orderBy(desc(billGroups.billDate))
      .limit(1);
    if (!latest) continue;
    const [sum] = await deps.db
      .select({ count: sql<number>`count(*)::int`, paise: sql<number>`coalesce(sum(${billItems.amountPaise}), 0)::bigint` })
      .from(billItems)
      .where(eq(billItems.groupId, latest.id));
    await inTransaction(deps.db, (tx) =>
      notify(tx, {
        userId: t.tenantId,
        note: {
          text: 'billsUploaded',
          roomNumber: t.roomNumber,
          totalPaise: Number(sum?.paise ?? 0),
          count: Number(sum?.count ?? 0),
          billDate: latest.billDate,
          dueDate: latest.dueDate,
        },
        link: APP_LINKS.tenantBillings,
      }),
    );
  }
}

/** Moves a conversation's messages back in time, `hoursAgo` for the first, a few hours apart. */
async function spread(db: Db, threadId: string, hoursAgo: number): Promise<void> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  let at = Date.now() - hoursAgo * HOUR;
  for (const r of rows) {
    await db
      .update(messages)
      .set({ createdAt: new Date(at) })
      .where(eq(messages.id, r.id));
    at += Math.max(1, Math.floor(hoursAgo / (rows.length + 1))) * HOUR;
  }
  await db
    .update(messageThreads)
    .set({ lastMessageAt: sql`(select max(${messages.createdAt}) from ${messages} where ${messages.threadId} = ${threadId})` })
    .where(eq(messageThreads.id, threadId));
}
