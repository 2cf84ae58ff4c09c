import { and, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { tenancies } from '../db/schema.js';
import { startCycleAfterLatestRentBill } from '../modules/leases/index.js';
import type { DemoPeople } from './demo.js';

/**
 * The leases part of the demo (issue 22): the demo's tenancies got today's-behaviour terms when they started
 * (startTenancy) and their past year of Rent Bills from the bills demo; as the migration does for real data,
 * the rent cycle starts with the month after each tenancy's latest Rent Bill, so it raises no bill for the past.
 */
export async function seedLeasesDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  const rows = await deps.db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)));
  for (const r of rows) await startCycleAfterLatestRentBill(deps.db, r.id);
}
