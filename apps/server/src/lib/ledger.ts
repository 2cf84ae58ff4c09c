import { type BillStatus, billStatus } from '@kiraya/contract';
import { type SQL, sql } from 'drizzle-orm';
import { billItems } from '../db/schema.js';

/**
 * The ledger's rules about one bill, in one place (issue 20): each is a SQL fragment over `bill_items` and
 * its TypeScript twin side by side, and ledger.test.ts checks every pair against each other on the same
 * rows. Payments, bills and statistics use these and nothing else.
 *
 * A bill item has its amount, what payments settled of it (`paid_paise`) and what the owner waived of the
 * rest (`waived_paise`, issue 18). Money collected is the paid part only; what is owed is what neither
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
