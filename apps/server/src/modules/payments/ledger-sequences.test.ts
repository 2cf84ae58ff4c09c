import { addBillBodySchema } from '@kiraya/contract';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { billItems, payments, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { creditBalancePaise, owedPaise } from '../../lib/ledger.js';
import { recordLedgerPayment } from '../../seed/ledger-factories.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectLedgerWhole } from '../../test/ledger-checks.js';
import { addBill, waiveBill } from '../bills/index.js';
import { refundCredit } from './credit.js';
import { confirmReport, recordPayment, reportPayment, reversePayment } from './reports.js';

/**
 * Random sequences of money moves through the services, each ending in the ledger's one apply or one undo
 * (lib/ledger.ts, ADR 046): bills (credit settles them), gateway payments (beyond what is owed: credit),
 * payments the owner records, payments the tenant reports and the owner confirms, reversals, waivers and
 * credit refunds. After every sequence, to the paisa: payments = allocations + credit + refunds, allocations =
 * what the bills say is paid, no bill settled beyond its amount, and credit never beside a debt. A move the
 * product refuses (a 4xx) is skipped; anything else fails the test. Runs on both engines (vitest.config.ts).
 */
let ctx: TestContext;
let ownerId: string;
let propertyId: string;
let room = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await signedIn(ctx, 'owner');
  ownerId = owner.user._id;
  propertyId = (await createProperty(ctx.deps, ownerId))._id;
});
afterAll(() => ctx?.close());

const step = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), paise: fc.integer({ min: 100, max: 900_000 }) }),
  fc.record({ kind: fc.constant('gateway' as const), share: fc.integer({ min: 1, max: 150 }) }),
  fc.record({ kind: fc.constant('recorded' as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('reported' as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('waive' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 100 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** A move the product refuses (4xx) is no failure; a LedgerError, a database error or a 500 is. */
async function refusedOk(move: () => Promise<unknown>): Promise<void> {
  try {
    await move();
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return;
    throw err;
  }
}

async function owedOf(tenancyId: string): Promise<number> {
  const rows = await ctx.deps.db.select().from(billItems).where(eq(billItems.tenancyId, tenancyId));
  return rows.reduce((s, r) => s + owedPaise(r), 0);
}

const share = (paise: number, pct: number) => Math.max(100, Math.floor((paise * pct) / 100));
let utr = 0;
const nextUtr = () => String(400_000_000_000 + ++utr + Math.floor(Math.random() * 1e6) * 1000);

async function run(steps: Step[]) {
  room += 1;
  const tenant = await signedIn(ctx, 'tenant');
  const roomId = (await createRoom(ctx.deps, ownerId, propertyId, { roomNumber: `L${room}` }))._id;
  const today = todayInIndia();
  await occupyRoom(ctx.deps, roomId, tenant.user._id, today);
  const [t] = await ctx.deps.db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)));
  const tenancyId = t?.id as string;
  let day = 0;
  for (const s of steps) {
    const owed = await owedOf(tenancyId);
    if (s.kind === 'bill') {
      day += 1;
      const billDate = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
      const body = addBillBodySchema.parse({
        propertyId,
        roomId,
        billDate,
        bills: [{ billType: 'Maintenance Bill', amount: s.paise / 100 }],
      });
      await addBill(ctx.deps, ownerId, body);
    } else if (s.kind === 'gateway') {
      await recordLedgerPayment(ctx.deps, { tenancyId, paidAt: new Date(), amountPaise: share(owed, s.share) });
    } else if (s.kind === 'recorded') {
      await refusedOk(() =>
        recordPayment(ctx.deps, ownerId, { roomId, amount: share(owed, s.share), method: 'cash', paidOn: today, reference: '', note: '' }),
      );
    } else if (s.kind === 'reported') {
      await refusedOk(async () => {
        const r = await reportPayment(ctx.deps, tenant.user._id, {
          roomId,
          amount: share(owed, s.share),
          reference: nextUtr(),
          paidOn: today,
          note: '',
        });
        await confirmReport(ctx.deps, ownerId, r._id);
      });
    } else if (s.kind === 'reverse') {
      const offline = await ctx.deps.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.tenancyId, tenancyId), eq(payments.kind, 'offline'), isNull(payments.reversedAt)))
        .orderBy(payments.createdAt, payments.id);
      const p = offline[s.pick % Math.max(1, offline.length)];
      if (p) await refusedOk(() => reversePayment(ctx.deps, ownerId, p.id, 'Entered by mistake'));
    } else if (s.kind === 'waive') {
      const partly = (await ctx.deps.db.select().from(billItems).where(eq(billItems.tenancyId, tenancyId))).filter(
        (b) => b.paidPaise > 0 && owedPaise(b) > 0,
      );
      const b = partly[s.pick % Math.max(1, partly.length)];
      if (b) await waiveBill(ctx.deps, ownerId, b.id);
    } else {
      const credit = await creditBalancePaise(ctx.deps.db, tenancyId);
      if (credit > 0)
        await refundCredit(ctx.deps, ownerId, {
          roomId,
          amount: Math.max(1, Math.floor((credit * s.share) / 100)),
          reference: `R${room}-${day}`,
        });
    }
  }
  return tenancyId;
}

describe('the ledger under random sequences of money moves', () => {
  it('keeps payments = allocations + credit + refunds = bills paid, to the paisa', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        await expectLedgerWhole(ctx.deps.db, await run(steps));
      }),
      { numRuns: 10 },
    );
  });
});
