import { noticeEndOf } from '@kiraya/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { billItems, type LeaseTermsRow } from '../../db/schema.js';
import { cutRentBill } from '../bills/index.js';
import { periodOf, rentForPeriod, termsFor } from './cycle-math.js';
import { termsVersions } from './service.js';

/**
 * Move-out and the money around it (ADR 041), the leases side: what the lease says about a move-out (its notice
 * period, its start) and the rent after one. The vacate flow (tenancy module) calls both inside its transaction.
 */

/** The lease's bounds on a move-out recorded `today`: the end of its notice period (no reason needed from then) and its start. */
export async function moveOutBounds(db: Db, tenancyId: string, today: string): Promise<{ noticeEnds: string; leaseStart: string | null }> {
  const versions = (await termsVersions(db, [tenancyId])).get(tenancyId) ?? [];
  const inForce = termsFor(versions, periodOf(today));
  return {
    noticeEnds: inForce ? noticeEndOf(today, inForce.noticeMonths) : today,
    leaseStart: versions[0]?.startDate ?? null,
  };
}

/**
 * Closes the rent of a tenancy ending on `end`: the Rent Bills of later periods are cancelled (kept, marked
 * cancelled) and the period of `end`, when billed at its full rent, is cut to the days up to `end` (the cycle's
 * proration); what was paid on them becomes the tenancy's credit (bills module, lib/ledger.ts). Answers how many
 * bills changed.
 */
export async function closeRentAt(tx: Db, tenancyId: string, end: string): Promise<number> {
  const versions: LeaseTermsRow[] = (await termsVersions(tx, [tenancyId])).get(tenancyId) ?? [];
  const last = periodOf(end);
  const rent = await tx
    .select({ id: billItems.id, period: billItems.rentPeriod, amount: billItems.amountPaise, cancelledAt: billItems.cancelledAt })
    .from(billItems)
    .where(and(eq(billItems.tenancyId, tenancyId), isNotNull(billItems.rentPeriod)))
    .orderBy(billItems.rentPeriod);
  let changed = 0;
  for (const b of rent) {
    if (!b.period || b.cancelledAt || b.period < last) continue;
    if (b.period > last) {
      if (await cutRentBill(tx, b.id, 0)) changed++;
      continue;
    }
    const terms = termsFor(versions, b.period);
    // Only a bill of the full month's rent (the cycle's, or the owner's at that rent) is prorated; another amount
    // was the owner's own figure and stays as it is.
    if (!terms || b.amount !== rentForPeriod(terms, b.period, null)) continue;
    const prorated = rentForPeriod(terms, b.period, end);
    if (prorated < b.amount && (await cutRentBill(tx, b.id, prorated))) changed++;
  }
  return changed;
}
