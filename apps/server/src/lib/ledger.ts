import { allocatePayment, type BillStatus, billStatus, isOverdue } from '@kiraya/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { billGroups, billItems, creditRefunds, paymentAllocations, tenancies } from '../db/schema.js';
import { rowsOf } from './sql.js';

/**
 * The ledger's rules about one bill, in one place (ADR 024, ADR 046): each is a SQL fragment over `bill_items`
 * (and `bill_groups` for overdue) and its TypeScript twin side by side, and ledger.test.ts checks every pair
 * against each other on the same rows. Payments, bills, leases, statistics and the outbox use these and nothing
 * else; allocations are written by applyAllocations and removed by undoAllocations below, and nowhere else.
 *
 * A bill item has its amount, what payments settled of it (`paid_paise`) and what the owner waived of the
 * rest (`waived_paise`, ADR 024). Money collected is the paid part only; what is owed is what neither
 * settled.
 */
export type LedgerItem = { amountPaise: number; paidPaise: number; waivedPaise: number };

/** Money collected on the bill: never more than its amount. */
export const collectedPaise = (i: LedgerItem): number => Math.min(i.paidPaise, i.amountPaise);
export const COLLECTED_SQL: SQL = sql`least(${billItems.paidPaise}, ${billItems.amountPaise})`;

/** What the bill still owes: neither paid nor waived. */
export const owedPaise = (i: LedgerItem): number => Math.max(0, i.amountPaise - i.paidPaise - i.waivedPaise);
export const OWED_SQL: SQL = sql`greatest(0, ${billItems.amountPaise} - ${billItems.paidPaise} - ${billItems.waivedPaise})`;

/** True while the bill owes anything. */
export const isOwed = (i: LedgerItem): boolean => owedPaise(i) > 0;
export const IS_OWED_SQL: SQL = sql`(${billItems.paidPaise} + ${billItems.waivedPaise} < ${billItems.amountPaise})`;

/** The bill's status (B10): unpaid, partly paid, or paid (settled by payments and any waiver). */
export const itemStatus = (i: LedgerItem): BillStatus => billStatus(i.amountPaise, i.paidPaise, i.waivedPaise);
const SETTLED = sql`(${billItems.paidPaise} + ${billItems.waivedPaise})`;
export const STATUS_SQL: Record<BillStatus, SQL> = {
  unpaid: sql`(${SETTLED} <= 0)`,
  partly_paid: sql`(${SETTLED} > 0 and ${SETTLED} < ${billItems.amountPaise})`,
  paid: sql`(${SETTLED} > 0 and ${SETTLED} >= ${billItems.amountPaise})`,
};

/**
 * Overdue (the contract's `isOverdue`): the bill is not paid and its due date is before `today` (both
 * YYYY-MM-DD, India's calendar). The SQL reads the bill's group (`bill_groups.due_date`): join it.
 */
export const isOverdueItem = (i: LedgerItem, dueDate: string, today: string): boolean => isOverdue(dueDate, today, itemStatus(i));
export const OVERDUE_SQL = (today: string): SQL => sql`(not ${STATUS_SQL.paid} and ${billGroups.dueDate} < ${today})`;

/** What the bill owes past its due date (paise): what it owes when overdue, else nothing. */
export const overduePaise = (i: LedgerItem, dueDate: string, today: string): number =>
  isOverdueItem(i, dueDate, today) ? owedPaise(i) : 0;
export const OVERDUE_OWED_SQL = (today: string): SQL => sql`(case when ${OVERDUE_SQL(today)} then ${OWED_SQL} else 0 end)`;

/** A bill item a tenancy still owes, with what the Pay screen and the allocation need. */
export type OwedItem = LedgerItem & { id: string; billType: string; billDate: string; createdAt: Date };

/**
 * The bills a tenancy still owes, in the order a payment settles them (oldest bill date first, then as they
 * were added): create-order, recording a payment, applying credit and the Pay screen all read this one query.
 * `lock` takes the rows FOR UPDATE (inside the transaction that settles them).
 */
export async function owedItems(db: Db, tenancyId: string, lock: boolean): Promise<OwedItem[]> {
  const q = db
    .select({
      id: billItems.id,
      billType: billItems.billType,
      amountPaise: billItems.amountPaise,
      paidPaise: billItems.paidPaise,
      waivedPaise: billItems.waivedPaise,
      billDate: billGroups.billDate,
      createdAt: billItems.createdAt,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenancyId, tenancyId), IS_OWED_SQL))
    .orderBy(asc(billGroups.billDate), asc(billItems.createdAt), asc(billItems.id));
  return lock ? q.for('update', { of: billItems }) : q;
}

/** What the items still owe together (paise). */
export const owedSum = (items: readonly LedgerItem[]): number => items.reduce((s, i) => s + owedPaise(i), 0);

// ---------------------------------------------------------------------------------------------
// Allocations (ADR 046): what of a payment settled which bill. Written by one apply and removed by one undo,
// here and nowhere else: a gateway payment, an offline one, credit spent on a new bill, the seed and the test
// factories all apply through `applyAllocations`; a reversal undoes through `undoAllocations`.

/** Paise of a payment that settle a bill item. */
export type AllocationRow = { paymentId: string; billItemId: string; amountPaise: number };

/** The ledger refused a write that would break it (a bill paid below zero or beyond what it owes): a bug, not bad input. */
export class LedgerError extends Error {}

const checkPaise = (paise: number): void => {
  if (!Number.isSafeInteger(paise) || paise <= 0)
    throw new LedgerError(`ledger: an allocation is a whole number of paise above zero, not ${paise}`);
};

/** The apply's rule on one bill (the twin of applyAllocations): its paid part rises; never beyond what it owes. */
export function applyToItem<T extends LedgerItem>(i: T, paise: number): T {
  checkPaise(paise);
  if (paise > owedPaise(i)) throw new LedgerError(`ledger: ${paise} paise is more than the bill owes (${owedPaise(i)})`);
  return { ...i, paidPaise: i.paidPaise + paise };
}

/** The undo's rule on one bill (the twin of undoAllocations): its paid part falls; never below zero. */
export function undoFromItem<T extends LedgerItem>(i: T, paise: number): T {
  checkPaise(paise);
  if (paise > i.paidPaise)
    throw new LedgerError(`ledger: undoing ${paise} paise would take the bill's paid part (${i.paidPaise}) below zero`);
  return { ...i, paidPaise: i.paidPaise - paise };
}

/**
 * The one apply, inside the caller's transaction (which holds the bill rows, from owedItems(…, true)): records
 * each allocation (adding to one the payment already has on that bill) and raises the bill's paid part by it.
 * An allocation beyond what its bill owes throws (LedgerError) and the transaction rolls back.
 */
export async function applyAllocations(tx: Db, allocations: readonly AllocationRow[]): Promise<void> {
  const now = new Date();
  for (const a of allocations) {
    checkPaise(a.amountPaise);
    const [raised] = await tx
      .update(billItems)
      .set({ paidPaise: sql`${billItems.paidPaise} + ${a.amountPaise}`, updatedAt: now })
      .where(
        and(
          eq(billItems.id, a.billItemId),
          sql`${billItems.paidPaise} + ${billItems.waivedPaise} + ${a.amountPaise} <= ${billItems.amountPaise}`,
        ),
      )
      .returning({ id: billItems.id });
    if (!raised) throw new LedgerError(`ledger: ${a.amountPaise} paise of payment ${a.paymentId} is more than bill ${a.billItemId} owes`);
    await tx
      .insert(paymentAllocations)
      .values(a)
      .onConflictDoUpdate({
        target: [paymentAllocations.paymentId, paymentAllocations.billItemId],
        set: { amountPaise: sql`${paymentAllocations.amountPaise} + ${a.amountPaise}` },
      });
  }
}

/**
 * The one undo, inside the caller's transaction: takes every allocation of the payment off its bill (bill
 * rows locked first, in one order) and deletes them. An undo that would take a bill's paid part below zero
 * throws (LedgerError): the ledger is broken and the transaction rolls back rather than hide it.
 * Returns what was undone, for the payment's record of it.
 */
export async function undoAllocations(tx: Db, paymentId: string): Promise<AllocationRow[]> {
  const allocs = await tx
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.billItemId));
  if (allocs.length === 0) return [];
  await tx
    .select({ id: billItems.id })
    .from(billItems)
    .where(
      inArray(
        billItems.id,
        allocs.map((a) => a.billItemId),
      ),
    )
    .orderBy(asc(billItems.id))
    .for('update');
  const now = new Date();
  for (const a of allocs) {
    const [lowered] = await tx
      .update(billItems)
      .set({ paidPaise: sql`${billItems.paidPaise} - ${a.amountPaise}`, updatedAt: now })
      .where(and(eq(billItems.id, a.billItemId), sql`${billItems.paidPaise} >= ${a.amountPaise}`))
      .returning({ id: billItems.id });
    if (!lowered)
      throw new LedgerError(`ledger: undoing ${a.amountPaise} paise of payment ${paymentId} would take bill ${a.billItemId} below zero`);
  }
  await tx.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
  return allocs.map((a) => ({ paymentId, billItemId: a.billItemId, amountPaise: a.amountPaise }));
}

// ---------------------------------------------------------------------------------------------
// Credit (issue 19): money a tenancy paid beyond what its bills took. Captured money is always recorded
// (it was taken); what no bill needed stays on its payment unallocated. That remainder, less the refunds the
// owner recorded, is the tenancy's credit: shown to both sides, applied to bills as they are created (oldest
// payment's credit first, oldest bill first, as allocations of that payment), or refunded by the owner.

/** Each payment of the tenancy with what it has not settled yet (paise), oldest first. */
async function unallocated(db: Db, tenancyId: string): Promise<{ id: string; paise: number }[]> {
  const rows = rowsOf<{ id: string; left: string | number }>(
    await db.execute(sql`
      select p.id, p.amount_paise - coalesce((select sum(a.amount_paise) from payment_allocations a where a.payment_id = p.id), 0) as left
      from payments p
      where p.tenancy_id = ${tenancyId} and p.reversed_at is null
      order by p.paid_at, p.id`),
  );
  return rows.map((r) => ({ id: r.id, paise: Number(r.left) })).filter((r) => r.paise > 0);
}

async function refundedPaise(db: Db, tenancyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${creditRefunds.amountPaise}), 0)` })
    .from(creditRefunds)
    .where(eq(creditRefunds.tenancyId, tenancyId));
  return Number(r?.n ?? 0);
}

/**
 * What the tenancy's payments (not reversed) did not settle, less what the owner refunded (paise), not
 * clamped: below zero would mean refunds no payment backs, which the ledger never allows (a reversal checks it).
 */
export async function creditBalancePaise(db: Db, tenancyId: string): Promise<number> {
  const [left, refunded] = await Promise.all([unallocated(db, tenancyId), refundedPaise(db, tenancyId)]);
  return left.reduce((s, p) => s + p.paise, 0) - refunded;
}

/** The tenancy's credit (paise): what its payments did not settle, less what the owner refunded. */
export async function creditPaise(db: Db, tenancyId: string): Promise<number> {
  return Math.max(0, await creditBalancePaise(db, tenancyId));
}

/** Locks the tenancy row: whoever spends its credit (applying it, refunding it) holds this first. */
export async function lockTenancy(tx: Db, tenancyId: string): Promise<void> {
  await tx.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.id, tenancyId)).for('update');
}

/**
 * Settles the tenancy's owed bills from its credit, inside `tx` (the caller's transaction: add-bill, an
 * edit). The tenancy row is locked, so two of these never spend the same credit. Refunds take the oldest
 * payments' credit first; what is left settles bills oldest first, recorded as allocations of the payments
 * it came from, so receipts list every bill their money settled. Returns the paise applied.
 */
export async function applyCredit(tx: Db, tenancyId: string): Promise<number> {
  await lockTenancy(tx, tenancyId);
  const sources = await unallocated(tx, tenancyId);
  let refunded = await refundedPaise(tx, tenancyId);
  for (const s of sources) {
    const used = Math.min(s.paise, refunded);
    s.paise -= used;
    refunded -= used;
  }
  const available = sources.reduce((n, s) => n + s.paise, 0);
  if (available <= 0) return 0;
  const owed = await owedItems(tx, tenancyId, true);
  const { allocations } = allocatePayment(
    available,
    owed.map((b) => ({ id: b.id, owedPaise: owedPaise(b), date: b.billDate })),
  );
  const rows: AllocationRow[] = [];
  const queue = sources.filter((s) => s.paise > 0);
  for (const a of allocations) {
    let need = a.paise;
    while (need > 0) {
      const src = queue[0];
      if (!src) throw new LedgerError('ledger: credit ran out while applying it');
      const take = Math.min(need, src.paise);
      rows.push({ paymentId: src.id, billItemId: a.id, amountPaise: take });
      src.paise -= take;
      need -= take;
      if (src.paise === 0) queue.shift();
    }
  }
  await applyAllocations(tx, rows);
  return rows.reduce((n, r) => n + r.amountPaise, 0);
}

/**
 * Gives back what payments settled on one bill item (ADR 041: a Rent Bill cancelled or cut at a move-out): its
 * allocations go and its paid part returns to 0, so that money is again its payments' unsettled part, the tenancy's
 * credit. Inside the caller's transaction, holding the tenancy's lock; the caller applies the credit after.
 */
export async function releaseAllocations(tx: Db, billItemId: string): Promise<number> {
  const released = await tx.delete(paymentAllocations).where(eq(paymentAllocations.billItemId, billItemId)).returning();
  await tx.update(billItems).set({ paidPaise: 0, updatedAt: new Date() }).where(eq(billItems.id, billItemId));
  return released.reduce((n, a) => n + a.amountPaise, 0);
}
