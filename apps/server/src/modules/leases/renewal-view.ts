import { type LeaseRenewal, termEndOf } from '@kiraya/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { type LeaseRenewalRow, leaseRenewals } from '../../db/schema.js';
import { lateFeeOf, type TermsValues, termsView } from './terms.js';

/** A renewal's proposed terms, in the server's units (its columns are those of `lease_terms`). */
export const renewalValues = (r: LeaseRenewalRow): TermsValues => ({
  rentPaise: r.rentPaise,
  depositPaise: r.depositPaise,
  rentDueDay: r.rentDueDay,
  startDate: r.startDate,
  termMonths: r.termMonths,
  incrementBp: r.incrementBp,
  noticeMonths: r.noticeMonths,
  lateFee: lateFeeOf(r),
});

/** A renewal as the API answers it (money in paise). */
export const renewalView = (r: LeaseRenewalRow): LeaseRenewal => ({
  _id: r.id,
  status: r.status,
  terms: termsView(renewalValues(r)),
  endsOn: termEndOf(r.startDate, r.termMonths),
  effectiveFrom: r.effectiveFrom,
  proposedAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
});

/** The latest renewal proposed for a tenancy, whatever its status, or null. */
export async function latestRenewal(db: Db, tenancyId: string): Promise<LeaseRenewal | null> {
  const [r] = await db
    .select()
    .from(leaseRenewals)
    .where(eq(leaseRenewals.tenancyId, tenancyId))
    .orderBy(desc(leaseRenewals.createdAt), desc(leaseRenewals.id))
    .limit(1);
  return r ? renewalView(r) : null;
}
