import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { properties, rooms } from '../db/schema.js';
import { sendRequest, startTenancy, vacateRoom } from '../modules/tenancy/index.js';
import type { DemoPeople } from './demo.js';

/** A listed vacant room of `ownerId` (lowest room number), or null. */
async function vacantRoomOf(deps: Pick<AppDeps, 'db'>, ownerId: string, skip: string[] = []): Promise<string | null> {
  const rows = await deps.db
    .select({ id: rooms.id })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(and(eq(properties.ownerId, ownerId), eq(properties.isPaused, false), eq(rooms.status, 'vacant'), isNull(rooms.tenantId)))
    .orderBy(asc(properties.createdAt), asc(rooms.roomNumber));
  return rows.map((r) => r.id).find((id) => !skip.includes(id)) ?? null;
}

/**
 * The tenancy part of the demo (B16), after the properties (whose occupied rooms already have their
 * tenancies): Sneha has a pending invitation from the first owner for a vacant room, and Rahul lived in
 * one of the second owner's rooms before (a past tenancy, so My Rooms' history is not empty).
 */
export async function seedTenancyDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const [priya, arjun] = people.owners;
  const [rahul, sneha] = people.tenants;
  if (priya && sneha) {
    const roomId = await vacantRoomOf(deps, priya._id);
    if (roomId) await sendRequest(deps, priya._id, { roomId, tenantId: sneha._id });
  }
  if (arjun && rahul) {
    const roomId = await vacantRoomOf(deps, arjun._id);
    if (roomId) {
      await startTenancy(deps, roomId, rahul._id, '2024-04-01');
      await vacateRoom(deps, arjun._id, roomId, '2025-05-31', 'Moved to Pune for a new job.');
    }
  }
}
