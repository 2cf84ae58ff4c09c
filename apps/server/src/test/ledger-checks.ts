import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/index.js';
import { billItems, creditRefunds, type PaymentRow, paymentAllocations, payments } from '../db/schema.js';
import { creditBalancePaise, owedPaise } from '../lib/ledger.js';

type AllocationRow = typeof paymentAllocations.$inferSelect;

/**
 * The ledger's invariants for one tenancy, to the paisa (ADR 046): payments (not reversed) = allocations + credit
 * + refunds; allocations = the bills' paid parts, bill by bill; no bill paid below zero nor settled beyond its
 * amount; a reversed payment settles nothing, a live one never more than its amount; credit never below zero nor
 * beside a debt. Returns the tenancy's payments and allocations for further checks.
 */
export async function expectLedgerWhole(db: Db, tenancyId: string): Promise<{ payments: PaymentRow[]; allocations: AllocationRow[] }> {
  const paid = await db.select().from(payments).where(eq(payments.tenancyId, tenancyId));
  const allocs = paid.length
    ? await db
        .select()
        .from(paymentAllocations)
        .where(
          inArray(
            paymentAllocations.paymentId,
            paid.map((p) => p.id),
          ),
        )
    : [];
  const bills = await db.select().from(billItems).where(eq(billItems.tenancyId, tenancyId));
  const [refunds] = await db
    .select({ n: sql<string>`coalesce(sum(${creditRefunds.amountPaise}), 0)` })
    .from(creditRefunds)
    .where(eq(creditRefunds.tenancyId, tenancyId));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const allocated = sum(allocs.map((a) => a.amountPaise));
  const credit = await creditBalancePaise(db, tenancyId);

  expect(credit).toBeGreaterThanOrEqual(0);
  expect(sum(paid.filter((p) => !p.reversedAt).map((p) => p.amountPaise))).toBe(allocated + credit + Number(refunds?.n ?? 0));
  expect(sum(bills.map((b) => b.paidPaise))).toBe(allocated);
  for (const b of bills) {
    expect(b.paidPaise).toBe(sum(allocs.filter((a) => a.billItemId === b.id).map((a) => a.amountPaise)));
    expect(b.paidPaise).toBeGreaterThanOrEqual(0);
    expect(b.paidPaise + b.waivedPaise).toBeLessThanOrEqual(b.amountPaise);
  }
  for (const p of paid) {
    const mine = sum(allocs.filter((a) => a.paymentId === p.id).map((a) => a.amountPaise));
    if (p.reversedAt) expect(mine).toBe(0);
    else expect(mine).toBeLessThanOrEqual(p.amountPaise);
  }
  if (credit > 0) expect(sum(bills.map(owedPaise))).toBe(0);
  return { payments: paid, allocations: allocs };
}
