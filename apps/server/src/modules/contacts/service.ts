import type { OwnerContact, RecentView, RevealRecord } from '@kiraya/contract';
import { LIMITS, MSG, paiseToRupees } from '@kiraya/contract';
import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, inTransaction } from '../../db/index.js';
import { contactReveals, properties, type PropertyRow, propertyViews, type RoomRow, rooms, users } from '../../db/schema.js';
import { propertyListed } from '../../lib/listing.js';
import { propertyAccess, roomAccess } from '../../lib/access.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { type Deps, imagesOf, imageView } from '../properties/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const asTenant = (userId: string) => ({ userId, role: 'tenant' as const });

type RevealRow = {
  revealedAt: Date;
  room: RoomRow;
  property: PropertyRow;
  owner: { id: string; username: string; fullName: string; phoneNumber: string; email: string };
};

async function toContacts(deps: Deps, rows: RevealRow[]): Promise<OwnerContact[]> {
  const imgs = await imagesOf(
    deps.db,
    'room',
    rows.map((r) => r.room.id),
  );
  return rows.map(({ revealedAt, room, property, owner }) => ({
    _id: room.id,
    owner: { _id: owner.id, username: owner.username, fullName: owner.fullName, phoneNumber: owner.phoneNumber, email: owner.email },
    property: {
      _id: property.id,
      title: property.title,
      street: property.street,
      city: property.city,
      state: property.state,
      pincode: property.pincode,
    },
    room: {
      _id: room.id,
      roomNumber: room.roomNumber,
      roomType: room.roomType,
      tenantType: room.tenantType,
      floor: room.floor,
      rentAmount: paiseToRupees(room.rentPaise),
      maxOccupancy: room.maxOccupancy,
      isFurnitured: room.isFurnished,
      hasAttachedBath: room.hasAttachedBath,
      description: room.description,
      images: (imgs.get(room.id) ?? []).map((i) => imageView(deps.blobs, i)),
    },
    revealedAt: revealedAt.toISOString(),
  }));
}

const ownerColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  phoneNumber: users.phoneNumber,
  email: users.email,
};

/**
 * Get Phone Number (B8, B9): a signed-in tenant asks for the owner of a listed room (a paused listing is
 * 404 unless they are related to it). The reveal is recorded once per tenant and room; a repeat only moves
 * its time. At most LIMITS.revealsPerDay NEW rooms in 24 hours; the tenant's row is locked while counting,
 * so parallel asks cannot slip past the limit together.
 */
export async function revealOwner(deps: Deps, tenantId: string, roomId: string, now = new Date()): Promise<OwnerContact> {
  const revealedAt = await inTransaction(deps.db, async (db) => {
    const { room, property } = await roomAccess(db, asTenant(tenantId), roomId, 'listed');
    await db.select({ id: users.id }).from(users).where(eq(users.id, tenantId)).for('update');
    const [seen] = await db
      .update(contactReveals)
      .set({ revealedAt: now })
      .where(and(eq(contactReveals.tenantId, tenantId), eq(contactReveals.roomId, room.id)))
      .returning({ id: contactReveals.id });
    if (seen) return now;
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactReveals)
      .where(and(eq(contactReveals.tenantId, tenantId), gt(contactReveals.firstRevealedAt, new Date(now.getTime() - DAY_MS))));
    if ((count?.n ?? 0) >= LIMITS.revealsPerDay) throw new AppError('TOO_MANY_REQUESTS', MSG.revealsPerDay(LIMITS.revealsPerDay));
    await db.insert(contactReveals).values({
      id: newId(),
      tenantId,
      roomId: room.id,
      propertyId: property.id,
      ownerId: property.ownerId,
      firstRevealedAt: now,
      revealedAt: now,
    });
    return now;
  });
  const rows = await revealRows(deps.db, tenantId, roomId);
  const [contact] = await toContacts(
    deps,
    rows.map((r) => ({ ...r, revealedAt })),
  );
  return contact as OwnerContact;
}

function revealRows(db: Db, tenantId: string, roomId?: string): Promise<RevealRow[]> {
  return (
    db
      .select({ revealedAt: contactReveals.revealedAt, room: rooms, property: properties, owner: ownerColumns })
      .from(contactReveals)
      .innerJoin(rooms, eq(rooms.id, contactReveals.roomId))
      .innerJoin(properties, eq(properties.id, rooms.propertyId))
      .innerJoin(users, eq(users.id, properties.ownerId))
      // An archived room (ADR 022) is gone from these lists, as a deleted one is.
      .where(and(eq(contactReveals.tenantId, tenantId), isNull(rooms.archivedAt), roomId ? eq(contactReveals.roomId, roomId) : undefined))
      .orderBy(desc(contactReveals.revealedAt), desc(contactReveals.id))
  );
}

/** OwnerDetails: every owner the tenant revealed, newest first, with the room's current facts. */
export async function myReveals(deps: Deps, tenantId: string): Promise<OwnerContact[]> {
  return toContacts(deps, await revealRows(deps.db, tenantId));
}

/** Who asked for an owner's number: tenants' username and full name only (B9), newest first. */
export async function whoAsked(deps: Deps, ownerId: string, limit = 50): Promise<RevealRecord[]> {
  const tenant = alias(users, 'tenant');
  const rows = await deps.db
    .select({
      id: contactReveals.id,
      revealedAt: contactReveals.revealedAt,
      tenantId: tenant.id,
      username: tenant.username,
      fullName: tenant.fullName,
      roomId: rooms.id,
      roomNumber: rooms.roomNumber,
      propertyId: properties.id,
      title: properties.title,
    })
    .from(contactReveals)
    .innerJoin(tenant, eq(tenant.id, contactReveals.tenantId))
    .innerJoin(rooms, eq(rooms.id, contactReveals.roomId))
    .innerJoin(properties, eq(properties.id, contactReveals.propertyId))
    .where(and(eq(contactReveals.ownerId, ownerId), isNull(rooms.archivedAt)))
    .orderBy(desc(contactReveals.revealedAt), desc(contactReveals.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    tenant: { _id: r.tenantId, username: r.username, fullName: r.fullName },
    room: { _id: r.roomId, roomNumber: r.roomNumber },
    property: { _id: r.propertyId, title: r.title },
    revealedAt: r.revealedAt.toISOString(),
  }));
}

/**
 * A tenant opened a property page (B8): keep one row per property with the latest time, and only the
 * newest LIMITS.recentViews properties. The property must be one the tenant may see.
 */
export async function recordView(deps: Deps, tenantId: string, propertyId: string, now = new Date()): Promise<void> {
  await inTransaction(deps.db, async (db) => {
    await propertyAccess(db, asTenant(tenantId), propertyId, 'listed');
    await db
      .insert(propertyViews)
      .values({ tenantId, propertyId, viewedAt: now })
      .onConflictDoUpdate({ target: [propertyViews.tenantId, propertyViews.propertyId], set: { viewedAt: now } });
    const keep = db
      .select({ id: propertyViews.propertyId })
      .from(propertyViews)
      .where(eq(propertyViews.tenantId, tenantId))
      .orderBy(desc(propertyViews.viewedAt), desc(propertyViews.propertyId))
      .limit(LIMITS.recentViews);
    await db.delete(propertyViews).where(and(eq(propertyViews.tenantId, tenantId), notInArray(propertyViews.propertyId, keep)));
  });
}

/** Recently Viewed Property: the tenant's last viewed properties, newest first, leaving out unlisted ones (paused, hidden…). */
export async function recentViews(deps: Deps, tenantId: string): Promise<RecentView[]> {
  const rows = await deps.db
    .select({ viewedAt: propertyViews.viewedAt, property: properties })
    .from(propertyViews)
    .innerJoin(properties, eq(properties.id, propertyViews.propertyId))
    .where(and(eq(propertyViews.tenantId, tenantId), propertyListed))
    .orderBy(desc(propertyViews.viewedAt), desc(propertyViews.propertyId))
    .limit(LIMITS.recentViews);
  const ids = rows.map((r) => r.property.id);
  const imgs = ids.length ? await imagesOf(deps.db, 'property', ids) : new Map();
  return rows.map(({ viewedAt, property: p }) => {
    const first = imgs.get(p.id)?.[0];
    return {
      _id: p.id,
      title: p.title,
      city: p.city,
      state: p.state,
      propertyType: p.propertyType,
      rentAmount: p.minRentPaise == null ? null : paiseToRupees(p.minRentPaise),
      image: first ? imageView(deps.blobs, first) : null,
      viewedAt: viewedAt.toISOString(),
    };
  });
}
