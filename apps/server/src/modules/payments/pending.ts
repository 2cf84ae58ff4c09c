import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { paymentReports } from '../../db/schema.js';

/** A tenancy's UPI reports still waiting for the owner (ADR 042), paise: their sum, latest payment date, count. */
export type PendingReported = { amountPaise: number; paidOn: string; count: number };

/**
 * The pending UPI reports of each tenancy: what the tenant's pages show as "reported, waiting for the owner"
 * and what a new report may not exceed with them (a report is money the tenant says they paid: until the
 * owner decides, the bills still owe it, but the tenant is not invited to pay it twice).
 */
export async function pendingReported(db: Db, tenancyIds: string[]): Promise<Map<string, PendingReported>> {
  if (tenancyIds.length === 0) return new Map();
  const rows = await db
    .select({
      tenancyId: paymentReports.tenancyId,
      amount: sql<string>`sum(${paymentReports.amountPaise})`,
      paidOn: sql<string>`max(${paymentReports.paidOn})::text`,
      count: sql<string>`count(*)`,
    })
    .from(paymentReports)
    .where(and(inArray(paymentReports.tenancyId, tenancyIds), eq(paymentReports.status, 'pending')))
    .groupBy(paymentReports.tenancyId);
  return new Map(rows.map((r) => [r.tenancyId, { amountPaise: Number(r.amount), paidOn: r.paidOn, count: Number(r.count) }]));
}
