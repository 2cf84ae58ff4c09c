import { type OwnerWaiting, paiseToRupees } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { billGroups, billItems, properties, rooms, users } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { IS_OWED_SQL, OWED_SQL } from '../../lib/ledger.js';
import { depositsToSettle } from '../deposits/index.js';
import { myThreads } from '../messages/index.js';
import { listReports } from '../payments/index.js';

type Deps = Pick<AppDeps, 'db'>;

/**
 * GET /statistics/owner/waiting (ADR 042): everything waiting for the owner, in one answer for the owner
 * home: UPI payments reported and not decided (oldest first), threads with messages not read, rooms owing
 * past a due date (the ledger's owed rule, lib/ledger.ts; largest first) and deposits to settle.
 */
export async function ownerWaiting(deps: Deps, ownerId: string, today = todayInIndia()): Promise<OwnerWaiting> {
  const [reports, threads, overdueRows, deposits] = await Promise.all([
    listReports(deps, { userId: ownerId, role: 'owner' }, { status: 'pending' }),
    myThreads(deps, ownerId),
    deps.db
      .select({
        roomId: rooms.id,
        roomNumber: rooms.roomNumber,
        propertyId: properties.id,
        title: properties.title,
        tenantId: rooms.tenantId,
        tenantName: users.fullName,
        overdue: sql<string>`sum(${OWED_SQL})`,
        since: sql<string>`min(${billGroups.dueDate})::text`,
      })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .innerJoin(rooms, eq(rooms.id, billItems.roomId))
      .innerJoin(properties, eq(properties.id, billItems.propertyId))
      .leftJoin(users, eq(users.id, rooms.tenantId))
      .where(and(eq(properties.ownerId, ownerId), IS_OWED_SQL, sql`${billGroups.dueDate} < ${today}`))
      .groupBy(rooms.id, rooms.roomNumber, properties.id, properties.title, rooms.tenantId, users.fullName)
      .orderBy(sql`sum(${OWED_SQL}) desc`, properties.title, rooms.roomNumber),
    depositsToSettle(deps.db, ownerId, today),
  ]);
  return {
    reports: [...reports].reverse(),
    messages: threads.threads
      .filter((t) => t.unread > 0)
      .map((t) => ({ threadId: t._id, kind: t.kind, from: t.with.fullName, room: t.room, unread: t.unread })),
    overdue: overdueRows.map((r) => ({
      property: { _id: r.propertyId, title: r.title },
      room: { _id: r.roomId, roomNumber: r.roomNumber },
      tenant: r.tenantId && r.tenantName !== null ? { _id: r.tenantId, fullName: r.tenantName } : null,
      overdue: paiseToRupees(Number(r.overdue)),
      since: r.since,
    })),
    deposits: deposits.map((d) => ({
      property: { _id: d.propertyId, title: d.title },
      room: { _id: d.roomId, roomNumber: d.roomNumber },
      tenant: { _id: d.tenantId, fullName: d.tenantName },
      movedOutOn: d.movedOutOn,
      held: paiseToRupees(d.heldPaise),
    })),
  };
}
