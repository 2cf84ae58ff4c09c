import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { properties, rooms } from '../db/schema.js';
import { recordView, revealOwner } from '../modules/contacts/index.js';
import type { DemoPeople } from './demo.js';
import type { SeedProgress } from './properties-demo.js';

const MINUTE = 60_000;

/**
 * B16: the first demo tenant (rahul@kiraya.demo) has asked for three owners' numbers and looked at a few
 * listings, so OwnerDetails, Recently Viewed Property and the owners' "who asked" panels have data.
 */
export async function seedContactsDemo(deps: AppDeps, people: DemoPeople, progress: SeedProgress): Promise<void> {
  const tenant = people.tenants[0];
  if (!tenant) return;
  const listed = await deps.db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.isPaused, false))
    .orderBy(asc(properties.createdAt), asc(properties.id))
    .limit(5);
  const vacant = await deps.db
    .select({ id: rooms.id, propertyId: rooms.propertyId })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(and(eq(properties.isPaused, false), eq(rooms.status, 'vacant')))
    .orderBy(asc(properties.createdAt), asc(rooms.roomNumber))
    .limit(12);
  // One room from each of three different properties, where there are.
  const picked = vacant.filter((r, i) => vacant.findIndex((x) => x.propertyId === r.propertyId) === i).slice(0, 3);
  const total = listed.length + picked.length;
  let done = 0;
  const start = Date.now() - 3 * 24 * 60 * MINUTE;
  for (const [i, p] of listed.entries()) {
    await recordView(deps, tenant._id, p.id, new Date(start + i * 90 * MINUTE));
    progress(++done, total);
  }
  for (const [i, r] of picked.entries()) {
    await revealOwner(deps, tenant._id, r.id, new Date(start + (i + 1) * 24 * 60 * MINUTE));
    progress(++done, total);
  }
}
