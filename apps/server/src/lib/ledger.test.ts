import { type BillStatus, isOverdue } from '@kiraya/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/index.js';
import { billGroups, billItems, paymentAllocations, rooms, tenancies } from '../db/schema.js';
import { recordLedgerPayment } from '../seed/ledger-factories.js';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../test/harness.js';
import { newId } from './ids.js';
import {
  applyAllocations,
  applyToItem,
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
  undoAllocations,
  undoFromItem,
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

describe('allocation: the one apply and the one undo against their rules on one bill', () => {
  let tenancyId: string;
  let roomId: string;
  let propertyId: string;
  let tenantId: string;
  beforeAll(async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    tenantId = tenant.user._id;
    propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    await occupyRoom(ctx.deps, roomId, tenantId, '2026-01-01');
    const [t] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.roomId, roomId));
    tenancyId = t?.id as string;
  });

  /** A payment with nothing to settle yet (all of it credit), and one bill of `amountPaise` with `waivedPaise` waived. */
  async function paymentAndBill(amountPaise: number, waivedPaise: number) {
    const { paymentId } = await recordLedgerPayment(ctx.deps, { tenancyId, paidAt: new Date(), amountPaise: 10_000_000 });
    const groupId = newId();
    const billItemId = newId();
    const [room] = await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomId));
    await ctx.deps.db
      .insert(billGroups)
      .values({ id: groupId, roomId, propertyId: room?.propertyId as string, billDate: '2026-02-01', dueDate: '2026-02-11' });
    await ctx.deps.db
      .insert(billItems)
      .values({ id: billItemId, groupId, roomId, propertyId, tenancyId, tenantId, billType: 'Other', amountPaise, waivedPaise });
    return { paymentId, billItemId };
  }
  const read = async (id: string) => {
    const [b] = await ctx.deps.db.select().from(billItems).where(eq(billItems.id, id));
    return b as LedgerItem;
  };
  const outcome = async <T>(f: () => Promise<T> | T): Promise<{ ok: true; value: T } | { ok: false }> => {
    try {
      return { ok: true, value: await f() };
    } catch {
      return { ok: false };
    }
  };

  it('applies and refuses as applyToItem, undoes as undoFromItem, to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: -5, max: 30_000 }), { minLength: 1, maxLength: 5 }),
        async (amount, waivedPct, takes) => {
          const { paymentId, billItemId } = await paymentAndBill(amount, Math.floor((amount * waivedPct) / 100));
          let model = await read(billItemId);
          let allocated = 0;
          for (const paise of takes) {
            const ts = await outcome(() => applyToItem(model, paise));
            const db = await outcome(() =>
              inTransaction(ctx.deps.db, (tx) => applyAllocations(tx, [{ paymentId, billItemId, amountPaise: paise }])),
            );
            expect(db.ok).toBe(ts.ok);
            if (ts.ok) {
              model = ts.value;
              allocated += paise;
            }
            expect((await read(billItemId)).paidPaise).toBe(model.paidPaise);
          }
          const [a] = await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
          expect(a?.amountPaise ?? 0).toBe(allocated);
          const undone = await inTransaction(ctx.deps.db, (tx) => undoAllocations(tx, paymentId));
          expect(undone.reduce((n, u) => n + u.amountPaise, 0)).toBe(allocated);
          const after = allocated > 0 ? undoFromItem(model, allocated) : model;
          expect((await read(billItemId)).paidPaise).toBe(after.paidPaise);
          // Out of the way of the next run's payment, which would settle it.
          await ctx.deps.db.delete(billItems).where(eq(billItems.id, billItemId));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('an undo that would take a bill below zero throws on both sides and changes nothing', async () => {
    const { paymentId, billItemId } = await paymentAndBill(5_000, 0);
    await inTransaction(ctx.deps.db, (tx) => applyAllocations(tx, [{ paymentId, billItemId, amountPaise: 3_000 }]));
    // A broken ledger: the bill says less is paid than its allocations.
    await ctx.deps.db.update(billItems).set({ paidPaise: 2_000 }).where(eq(billItems.id, billItemId));
    expect(() => undoFromItem({ amountPaise: 5_000, paidPaise: 2_000, waivedPaise: 0 }, 3_000)).toThrow(/below zero/);
    await expect(inTransaction(ctx.deps.db, (tx) => undoAllocations(tx, paymentId))).rejects.toThrow(/below zero/);
    expect((await read(billItemId)).paidPaise).toBe(2_000);
    const left = await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));
    expect(left.map((a) => a.amountPaise)).toEqual([3_000]);
  });
});
