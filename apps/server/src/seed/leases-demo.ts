import { termEndOf } from '@kiraya/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { leaseTerms, tenancies } from '../db/schema.js';
import { todayInIndia } from '../lib/dates.js';
import { startCycleAfterLatestRentBill } from '../modules/leases/index.js';
import type { DemoPeople } from './demo.js';

/**
 * The leases part of the demo (issue 22): the demo's tenancies got today's-behaviour terms when they started
 * (startTenancy) and their past year of Rent Bills from the bills demo; as the migration does for real data,
 * the rent cycle starts with the month after each tenancy's latest Rent Bill, so it raises no bill for the past.
 * Their leases are current (ADR 041): a tenancy that moved in long ago has a term that runs some months past
 * today, as a lease renewed while the tenant stayed would, rather than one that lapsed months ago.
 */
export async function seedLeasesDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  const rows = await deps.db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)));
  const today = todayInIndia();
  for (const r of rows) {
    await startCycleAfterLatestRentBill(deps.db, r.id);
    for (const v of await deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, r.id))) {
      const termMonths = currentTermMonths(v.startDate, today);
      if (termMonths !== v.termMonths) await deps.db.update(leaseTerms).set({ termMonths }).where(eq(leaseTerms.id, v.id));
    }
  }
}

/** The term of a demo lease from `start`: 11 months, or as many more as keep it running at least 4 months past `today`. */
export function currentTermMonths(start: string, today: string): number {
  let months = 11;
  while (months < 120 && termEndOf(start, months) < termEndOf(today, 4)) months++;
  return months;
}
