import { addDays, dayInWords, MSG, roomCreditSchema, tenancySchema, tenantRoomSchema } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/index.js';
import { billItems, leaseTerms, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, expectError, okData, type Person } from '../../test/support.js';
import { outstandingPaise, recordOfflinePaymentIn } from '../payments/index.js';
import { startTenancy } from '../tenancy/index.js';
import { addMonths, periodOf, rentForPeriod } from './cycle-math.js';
import { runRentCycle } from './index.js';
import { monthsAfter } from './renewal.js';

/** Move-out and the money around it (ADR 041): the vacate date's rules, and the rent after a move-out. */

let ctx: TestContext;
let owner: Person;
let tenant: Person;
let propertyId: string;
const { get, post } = apiAs(() => ctx);
const today = todayInIndia();

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Move-out Manor' }))._id;
}, 60_000);
afterAll(() => ctx.close());

/** A tenancy from the first of the month four months ago at ₹18,500 due on the 1st, notice `noticeMonths`. */
async function tenancy(noticeMonths = 1) {
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount: 18_500 }))._id;
  const moveIn = addMonths(periodOf(today), -4);
  const tenancyId = await startTenancy(ctx.deps, roomId, tenant.user._id, moveIn);
  await ctx.deps.db
    .update(leaseTerms)
    .set({ rentPaise: 1_850_000, rentDueDay: 1, noticeMonths })
    .where(eq(leaseTerms.tenancyId, tenancyId));
  return { roomId, tenancyId, moveIn };
}

describe('the vacate date', () => {
  it('defaults to the end of the notice period; an earlier one needs a reason, shown to the tenant; never before the start', async () => {
    const { roomId, tenancyId, moveIn } = await tenancy(2);
    const noticeEnds = monthsAfter(today, 2);
    expectError(
      await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: addDays(noticeEnds, -1) }),
      'BAD_REQUEST',
      MSG.moveOutReasonRequired(dayInWords(noticeEnds)),
      'reason',
    );
    expectError(
      await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: addDays(moveIn, -1), reason: 'Whatever' }),
      'BAD_REQUEST',
      MSG.moveOutBeforeMoveIn(dayInWords(moveIn)),
      'moveOutDate',
    );
    // No date: the notice's end, no reason needed.
    const t = tenancySchema.parse(okData(await post(owner, `/rooms/vacate/${roomId}`, {})));
    expect(t).toMatchObject({ leavingOn: noticeEnds, moveOutDate: null, leavingReason: null });
    // Earlier, with a reason: kept and shown to the tenant on My Rooms.
    const earlier = addDays(today, 10) as string;
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: earlier, reason: 'Renovation of the building starts then.' }));
    const [row] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.id, tenancyId));
    expect(row).toMatchObject({ leavingOn: earlier, leavingReason: 'Renovation of the building starts then.' });
    const rooms = tenantRoomSchema.array().parse(okData(await get(tenant, '/tenant/room-details')));
    expect(rooms.find((r) => r.roomId === roomId)).toMatchObject({
      leavingOn: earlier,
      leavingReason: 'Renovation of the building starts then.',
    });
  });
});

describe('the rent after a move-out', () => {
  it('cancels later Rent Bills (kept, marked cancelled), prorates the last, and what was paid on them becomes credit', async () => {
    const { roomId, tenancyId } = await tenancy(0);
    // The cycle runs two months ahead: this month's and the next two Rent Bills exist; the tenant pays everything.
    await runRentCycle(ctx.deps, addMonths(periodOf(today), 2), [tenancyId]);
    const owed = await outstandingPaise(ctx.deps.db, tenancyId);
    await inTransaction(ctx.deps.db, (tx) =>
      recordOfflinePaymentIn(tx, {
        tenancyId,
        amountPaise: owed,
        method: 'cash',
        paidOn: today,
        reference: null,
        note: null,
        recordedBy: owner.user._id,
        source: 'recorded',
      }),
    );
    const next = addMonths(periodOf(today), 1);
    const after = addMonths(periodOf(today), 2);
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: today }));
    const rows = await ctx.deps.db
      .select()
      .from(billItems)
      .where(and(eq(billItems.tenancyId, tenancyId), eq(billItems.billType, 'Rent Bill')))
      .orderBy(billItems.rentPeriod);
    const byPeriod = new Map(rows.map((r) => [r.rentPeriod, r]));
    for (const p of [next, after]) {
      expect(byPeriod.get(p)).toMatchObject({ amountPaise: 0, paidPaise: 0, cancelledPaise: 1_850_000 });
      expect(byPeriod.get(p)?.cancelledAt).toBeInstanceOf(Date);
    }
    const prorated = rentForPeriod(
      { effectiveFrom: '2000-01-01', rentPaise: 1_850_000, rentDueDay: 1, startDate: '2000-01-01', incrementBp: 0 },
      periodOf(today),
      today,
    );
    expect(byPeriod.get(periodOf(today))).toMatchObject({ amountPaise: prorated, paidPaise: prorated, cancelledAt: null });
    // Two months and the days after the move-out come back as credit; nothing is owed.
    const credit = roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`)));
    expect(Math.round(credit.credit * 100)).toBe(2 * 1_850_000 + (1_850_000 - prorated));
    expect(await outstandingPaise(ctx.deps.db, tenancyId)).toBe(0);
    // The bills read as cancelled, not overdue; the cycle never raises those periods again.
    const groups = okData<{ bills: { _id: string; cancelled?: unknown; overdue: boolean }[] }[]>(
      await get(owner, `/bills/fetch-bill/${propertyId}?roomId=${roomId}`),
    );
    const cancelled = groups.flatMap((g) => g.bills).filter((b) => b.cancelled);
    expect(cancelled).toHaveLength(2);
    expect(cancelled.every((b) => !b.overdue)).toBe(true);
    expect((await runRentCycle(ctx.deps, addMonths(periodOf(today), 3), [tenancyId])).created).toEqual([]);
  });
});
