import { type BillStatus, isOverdue } from '@kiraya/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import {
  COLLECTED_SQL,
  collectedPaise,
  IS_OWED_SQL,
  isOverdueItem,
  isOwed,
  itemStatus,
  type LedgerItem,
  OVERDUE_OWED_SQL,
  OVERDUE_SQL,
  OWED_SQL,
  overduePaise,
  owedPaise,
  STATUS_SQL,
} from './ledger.js';
import { rowsOf } from './sql.js';

/**
 * The twin test (ADR 046): every SQL rule of lib/ledger.ts against its TypeScript twin, on the same rows.
 * The rows stand in for bill_items and bill_groups (CTEs of those names), so the fragments read them as they
 * read the tables, on the engine the suite runs on.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Row = LedgerItem & { dueDate: string };
const TODAY = '2026-11-15';

const day = fc.integer({ min: -40, max: 40 }).map((n) => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
});
// Amounts near each other, so paid-beyond, exactly settled and zero all come up often.
const paise = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2_000_000 }));
const row = fc.record({ amountPaise: paise, paidPaise: paise, waivedPaise: paise, dueDate: day });

async function sqlTwins(rows: Row[]) {
  const values = sql.join(
    rows.map((r, i) => sql`(${i}::int, ${r.amountPaise}::int, ${r.paidPaise}::int, ${r.waivedPaise}::int, ${r.dueDate}::date)`),
    sql`, `,
  );
  const status = (s: BillStatus): SQL => sql`(${STATUS_SQL[s]})`;
  const res = await ctx.deps.db.execute(sql`
    with bill_rows(n, amount_paise, paid_paise, waived_paise, due_date) as (values ${values}),
      bill_items as (select n, amount_paise, paid_paise, waived_paise from bill_rows),
      bill_groups as (select n, due_date from bill_rows)
    select bill_items.n,
      ${OWED_SQL} as owed, ${IS_OWED_SQL} as "isOwed", ${COLLECTED_SQL} as collected,
      ${status('unpaid')} as unpaid, ${status('partly_paid')} as "partlyPaid", ${status('paid')} as paid,
      ${OVERDUE_SQL(TODAY)} as overdue, ${OVERDUE_OWED_SQL(TODAY)} as "overduePaise"
    from bill_items join bill_groups on bill_groups.n = bill_items.n
    order by bill_items.n`);
  return rowsOf<{
    owed: number | string;
    isOwed: boolean;
    collected: number | string;
    unpaid: boolean;
    partlyPaid: boolean;
    paid: boolean;
    overdue: boolean;
    overduePaise: number | string;
  }>(res);
}

describe('the ledger rules and their SQL twins', () => {
  it('owed, owing, collected, status and overdue agree on every row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 40 }), async (rows) => {
        const out = await sqlTwins(rows);
        expect(out).toHaveLength(rows.length);
        rows.forEach((r, i) => {
          const s = out[i]!;
          const status = itemStatus(r);
          expect(Number(s.owed)).toBe(owedPaise(r));
          expect(s.isOwed).toBe(isOwed(r));
          expect(Number(s.collected)).toBe(collectedPaise(r));
          expect({ unpaid: s.unpaid, partly_paid: s.partlyPaid, paid: s.paid }).toEqual({
            unpaid: status === 'unpaid',
            partly_paid: status === 'partly_paid',
            paid: status === 'paid',
          });
          expect(s.overdue).toBe(isOverdueItem(r, r.dueDate, TODAY));
          expect(s.overdue).toBe(isOverdue(r.dueDate, TODAY, status));
          expect(Number(s.overduePaise)).toBe(overduePaise(r, r.dueDate, TODAY));
        });
      }),
      { numRuns: 25 },
    );
  });

  it('what is owed is never below zero: a bill paid beyond its amount owes nothing and is not overdue', async () => {
    const over = { amountPaise: 500, paidPaise: 700, waivedPaise: 0, dueDate: '2026-01-01' };
    const [s] = await sqlTwins([over]);
    expect(Number(s?.owed)).toBe(0);
    expect(owedPaise(over)).toBe(0);
    expect(s?.overdue).toBe(false);
  });
});
