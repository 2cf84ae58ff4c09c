import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { billGroups, paymentOrders, payments, requests, roomDocuments, rooms, tenancies } from '../db/schema.js';
import { deleteFiles } from './uploads.js';

/**
 * Archiving (ADR 022): a room or property the owner deletes while it has money or tenancy history is
 * archived instead. The money tables reference it with ON DELETE RESTRICT, so a delete could not take
 * them anyway; this is what the delete routes do instead.
 */

/** The rooms among `roomIds` that have a tenancy, a bill, an order or a payment: they are archived, never deleted. */
export async function roomsWithHistory(db: Db, roomIds: string[]): Promise<Set<string>> {
  if (roomIds.length === 0) return new Set();
  const found = await Promise.all([
    db.selectDistinct({ id: tenancies.roomId }).from(tenancies).where(inArray(tenancies.roomId, roomIds)),
    db.selectDistinct({ id: billGroups.roomId }).from(billGroups).where(inArray(billGroups.roomId, roomIds)),
    db.selectDistinct({ id: paymentOrders.roomId }).from(paymentOrders).where(inArray(paymentOrders.roomId, roomIds)),
    db.selectDistinct({ id: payments.roomId }).from(payments).where(inArray(payments.roomId, roomIds)),
  ]);
  return new Set(found.flat().map((r) => r.id));
}

/**
 * Archives rooms inside the caller's transaction: they leave every list and public page and can no longer
 * be changed, invited to, billed or paid into (the access rule answers 404); their pending invitations are
 * withdrawn. Their documents (the tenant's personal papers) are deleted as a deleted room's always were;
 * meter photos stay with the bills that show them, and the photos of the room with its history. Returns the
 * blob keys to delete once the transaction committed.
 */
export async function archiveRooms(db: Db, roomIds: string[], now = new Date()): Promise<string[]> {
  if (roomIds.length === 0) return [];
  await db
    .update(rooms)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(inArray(rooms.id, roomIds), isNull(rooms.archivedAt)));
  await db
    .update(requests)
    .set({ status: 'withdrawn', respondedAt: now, updatedAt: now })
    .where(and(inArray(requests.roomId, roomIds), eq(requests.status, 'pending')));
  const docs = await db.select({ id: roomDocuments.fileId }).from(roomDocuments).where(inArray(roomDocuments.roomId, roomIds));
  return deleteFiles(
    db,
    docs.map((d) => d.id),
  );
}
