import { dayAfter, dayInWords, type Lease, leaseSchema, MSG, termEndOf } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/index.js';
import { billItems, leaseEndNotices, leaseRenewals, leaseTerms, notifications, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { rowsOf } from '../../lib/sql.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { startTenancy } from '../tenancy/index.js';
import { addDaysIso, addMonths, lastDayOf, periodOf } from './cycle-math.js';
import { rentCycleReport, runRentCycle } from './index.js';
import { firstFullPeriod, monthsAfter } from './renewal.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let propertyId: string;

const API = '/api/v1';
const call = (who: Person | undefined, method: 'GET' | 'POST', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${path}`, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const leaseOf = (res: Awaited<ReturnType<typeof call>>, status = 200, message?: string): Lease =>
  leaseSchema.parse(okData(res, status, message));

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signedIn(ctx, 'owner');
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Renewal Residency' }))._id;
});
afterAll(() => ctx.close());

/**
 * A current tenancy whose 11-month term ends within the next 20 to 50 days (whatever today is): it moved in on
 * the 15th, ten months ago, so the term ends on the 14th of next month. Its terms are set as given.
 */
async function endingSoon(terms: Partial<typeof leaseTerms.$inferInsert> = {}, who?: Person, moveIn?: string) {
  const tenant = who ?? (await signedIn(ctx, 'tenant'));
  const start = moveIn ?? `${addMonths(periodOf(todayInIndia()), -10).slice(0, 8)}15`;
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount: 10_000 }))._id;
  const tenancyId = await startTenancy(ctx.deps, roomId, tenant.user._id, start);
  await ctx.deps.db
    .update(leaseTerms)
    .set({ rentPaise: 1_000_000, noticeMonths: 0, ...terms })
    .where(eq(leaseTerms.tenancyId, tenancyId));
  return { tenant, roomId, tenancyId, start, end: termEndOf(start, 11) };
}

const rentBills = (tenancyId: string) =>
  ctx.deps.db
    .select({ period: billItems.rentPeriod, amount: billItems.amountPaise })
    .from(billItems)
    .where(and(eq(billItems.tenancyId, tenancyId), eq(billItems.billType, 'Rent Bill')));

const notices = async (userId: string, kind: string) =>
  rowsOf<{ n: number }>(
    await ctx.deps.db.execute(sql`select count(*)::int as n from ${notifications} where user_id = ${userId} and kind = ${kind}`),
  )[0]?.n;

describe('notice of lease end', () => {
  it('tells owner and tenant once, from 30 days before the term ends; a tenancy already leaving gets none', async () => {
    const lonely = await signedIn(ctx, 'owner');
    const pid = (await createProperty(ctx.deps, lonely.user._id, { title: 'Notice Nest' }))._id;
    const tenant = await signedIn(ctx, 'tenant');
    const start = '2026-01-15';
    const roomId = (await createRoom(ctx.deps, lonely.user._id, pid, { rentAmount: 10_000 }))._id;
    const tenancyId = await startTenancy(ctx.deps, roomId, tenant.user._id, start);
    const end = termEndOf(start, 11);
    expect(end).toBe('2026-12-14');
    // A second tenancy of the same owner that has given notice.
    const leaving = await signedIn(ctx, 'tenant');
    const room2 = (await createRoom(ctx.deps, lonely.user._id, pid, { rentAmount: 10_000 }))._id;
    const leavingId = await startTenancy(ctx.deps, room2, leaving.user._id, start);
    await ctx.deps.db.update(tenancies).set({ leavingOn: '2026-12-14' }).where(eq(tenancies.id, leavingId));
    const only = [tenancyId, leavingId];

    expect((await runRentCycle(ctx.deps, '2026-11-13', only)).notices).toEqual([]);
    const first = await runRentCycle(ctx.deps, '2026-11-14', only);
    expect(first.notices).toEqual([expect.objectContaining({ tenancyId, termEndsOn: '2026-12-14', roomId })]);
    expect((await runRentCycle(ctx.deps, '2026-11-14', only)).notices).toEqual([]);
    expect((await runRentCycle(ctx.deps, '2026-12-14', only)).notices).toEqual([]);
    expect(await notices(tenant.user._id, 'leaseEnding')).toBe(1);
    expect(await notices(lonely.user._id, 'leaseEnding')).toBe(1);
    expect(await notices(leaving.user._id, 'leaseEnding')).toBe(0);
    const bell = okData<{ items: { kind: string; title: string }[] }>(await call(tenant, 'GET', '/notifications/list'));
    expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'leaseEnding', title: expect.stringContaining(dayInWords(end)) }));
  });

  it('raises the notice once when two instances run the cycle at once (PostgreSQL: two pools)', async () => {
    const { tenant, tenancyId, end } = await endingSoon();
    let second: Database | null = null;
    let other = ctx.deps;
    const url = process.env.TEST_DATABASE_URL;
    if (process.env.KIRAYA_TEST_DB === 'postgres' && url) {
      const [row] = rowsOf<{ name: string }>(await ctx.deps.db.execute(sql`select current_database() as name`));
      const u = new URL(url);
      u.pathname = `/${row?.name}`;
      second = await openDatabase({ kind: 'postgres', url: u.toString(), max: 3 }, { migrate: false });
      other = { ...ctx.deps, db: second.db };
    }
    try {
      const day = addDaysIso(end, -10);
      const runs = await Promise.all([
        runRentCycle(ctx.deps, day, [tenancyId]),
        runRentCycle(other, day, [tenancyId]),
        runRentCycle(ctx.deps, day, [tenancyId]),
        runRentCycle(other, day, [tenancyId]),
      ]);
      expect(runs.flatMap((r) => r.notices)).toHaveLength(1);
      expect(await ctx.deps.db.select().from(leaseEndNotices).where(eq(leaseEndNotices.tenancyId, tenancyId))).toHaveLength(1);
      expect(await notices(tenant.user._id, 'leaseEnding')).toBe(1);
    } finally {
      await second?.close();
    }
  });
});

describe('renewal', () => {
  it('the owner proposes (rent in force + the yearly increment, to the rupee), the tenant accepts, the cycle bills the new rent from the month after the term', async () => {
    const { tenant, roomId, tenancyId, end } = await endingSoon({ rentPaise: 1_234_567, incrementBp: 500 });
    const before = leaseOf(await call(owner, 'GET', `/leases/room/${roomId}`));
    expect(before).toMatchObject({ termEndsOn: end, rentInForce: 1_234_567, renewal: null, leavingOn: null });

    const proposed = leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201, MSG.renewalProposed);
    const start = dayAfter(end);
    const newEnd = termEndOf(start, 11);
    // ₹12,345.67 × 1.05 = ₹12,962.95 → ₹12,963.
    expect(proposed.renewal).toMatchObject({
      status: 'open',
      endsOn: newEnd,
      effectiveFrom: null,
      terms: { rent: 1_296_300, startDate: start, termMonths: 11, incrementPercent: 5, noticeMonths: 0, securityDeposit: 0 },
    });
    // Proposing does not move the term's end; the tenant sees the proposal and is told.
    expect(proposed.termEndsOn).toBe(end);
    expect(leaseOf(await call(tenant, 'GET', `/leases/room/${roomId}`)).renewal?.status).toBe('open');
    expect(await notices(tenant.user._id, 'leaseRenewal')).toBe(1);
    expectError(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 'CONFLICT', MSG.renewalOpenAlready, 'roomId');

    const accepted = leaseOf(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 200, MSG.renewalAccepted(dayInWords(newEnd)));
    const from = firstFullPeriod(start);
    expect(from).toBe(addMonths(periodOf(end), 1));
    expect(accepted).toMatchObject({ termEndsOn: newEnd, renewal: { status: 'accepted', effectiveFrom: from } });
    expect(accepted.upcoming).toMatchObject({ from, terms: { rent: 1_296_300, startDate: start } });
    expectError(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 'CONFLICT', MSG.renewalNoneOpen, 'roomId');
    expect(await notices(owner.user._id, 'leaseRenewal')).toBeGreaterThanOrEqual(1);

    // The cycle: the term's last month at the old rent, then the new rent, to the paisa.
    await runRentCycle(ctx.deps, lastDayOf(addMonths(from, 1)), [tenancyId]);
    const bills = await rentBills(tenancyId);
    const byPeriod = new Map(bills.map((b) => [b.period, b.amount]));
    expect(byPeriod.get(periodOf(end))).toBe(1_234_567);
    expect(byPeriod.get(from)).toBe(1_296_300);
    expect(byPeriod.get(addMonths(from, 1))).toBe(1_296_300);
    // No notice for the old end once renewed: the agreed end moved.
    expect((await runRentCycle(ctx.deps, addDaysIso(end, -5), [tenancyId])).notices).toEqual([]);
  });

  it('takes the owner’s figures, checks them with the terms’ messages', async () => {
    const { roomId } = await endingSoon({ depositPaise: 3_000_000 });
    expectError(await call(owner, 'POST', `/leases/renewal/${roomId}`, { rent: 0.5 }), 'BAD_REQUEST', MSG.leaseRent, 'rent');
    // The deposit carried over is more than 10 months of the lower rent.
    expectError(
      await call(owner, 'POST', `/leases/renewal/${roomId}`, { rent: 2000 }),
      'BAD_REQUEST',
      MSG.leaseDepositTooHigh,
      'securityDeposit',
    );
    const l = leaseOf(
      await call(owner, 'POST', `/leases/renewal/${roomId}`, {
        termMonths: 24,
        rent: '11,000',
        incrementPercent: 8,
        noticeMonths: 2,
        securityDeposit: 22_000,
        lateFee: { kind: 'flat', amount: 500, graceDays: 5 },
      }),
      201,
    );
    expect(l.renewal?.terms).toMatchObject({
      rent: 1_100_000,
      termMonths: 24,
      incrementPercent: 8,
      noticeMonths: 2,
      securityDeposit: 2_200_000,
      lateFee: { kind: 'flat', amount: 50_000, graceDays: 5 },
    });
  });

  it('two accepts at once: one wins', async () => {
    const { tenant, roomId, tenancyId } = await endingSoon();
    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    const answers = await Promise.all([1, 2, 3].map(() => call(tenant, 'POST', `/leases/renewal/${roomId}/accept`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await ctx.deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, tenancyId))).toHaveLength(2);
  });

  it('decline and withdraw answer the open proposal once; a new one can follow', async () => {
    const { tenant, roomId, tenancyId } = await endingSoon();
    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    const declined = leaseOf(await call(tenant, 'POST', `/leases/renewal/${roomId}/decline`), 200, MSG.renewalDeclined);
    expect(declined.renewal?.status).toBe('declined');
    expectError(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 'CONFLICT', MSG.renewalNoneOpen, 'roomId');
    expectError(await call(owner, 'POST', `/leases/renewal/${roomId}/withdraw`), 'CONFLICT', MSG.renewalNoneOpen, 'roomId');

    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, { rent: 10_500 }), 201);
    const withdrawn = leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}/withdraw`), 200, MSG.renewalWithdrawn);
    expect(withdrawn.renewal?.status).toBe('withdrawn');
    expectError(await call(tenant, 'POST', `/leases/renewal/${roomId}/decline`), 'CONFLICT', MSG.renewalNoneOpen, 'roomId');
    // Nothing was written to the terms.
    expect(await ctx.deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, tenancyId))).toHaveLength(1);
    const statuses = (await ctx.deps.db.select().from(leaseRenewals).where(eq(leaseRenewals.tenancyId, tenancyId))).map((r) => r.status);
    expect(statuses.sort()).toEqual(['declined', 'withdrawn']);
  });

  it('a proposal that no longer follows the term (the owner changed its months since) cannot be accepted', async () => {
    const { tenant, roomId } = await endingSoon();
    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    okData(
      await ctx.app.inject({
        method: 'PUT',
        url: `${API}/leases/terms/${roomId}`,
        headers: { cookie: owner.cookie },
        payload: { termMonths: 12 },
      }),
    );
    expectError(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 'CONFLICT', MSG.renewalStale, 'roomId');
    // Declining it is still possible, and the owner can propose again from the new end.
    leaseOf(await call(tenant, 'POST', `/leases/renewal/${roomId}/decline`), 200);
  });

  it('a term already over runs on month to month, says so, and can be renewed from the first period not raised', async () => {
    const { tenant, roomId } = await endingSoon({}, undefined, `${addMonths(periodOf(todayInIndia()), -14).slice(0, 8)}15`);
    const before = leaseOf(await call(owner, 'GET', `/leases/room/${roomId}`));
    expect(before).toMatchObject({ monthToMonth: true });
    expect(before.termEndsOn < todayInIndia()).toBe(true);
    const proposed = leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    expect(proposed.renewal?.terms.startDate).toBe(periodOf(proposed.renewal?.terms.startDate ?? ''));
    expect((proposed.renewal?.terms.startDate ?? '') >= periodOf(todayInIndia())).toBe(true);
    const accepted = leaseOf(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 200);
    expect(accepted).toMatchObject({ monthToMonth: false, renewal: { status: 'accepted' } });
    expect(accepted.termEndsOn > todayInIndia()).toBe(true);
  });

  it('accepting never replaces a change the owner scheduled after proposing; proposed again, it starts from those terms', async () => {
    const { tenant, roomId, tenancyId } = await endingSoon({ rentDueDay: 1 });
    const first = leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    const from = firstFullPeriod(first.renewal?.terms.startDate ?? '');
    // The owner schedules ₹24,000 due on the 28th from the renewal's first full month (as PUT /leases/terms does
    // when that month is the next not raised).
    const [current] = await ctx.deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, tenancyId));
    await ctx.deps.db
      .insert(leaseTerms)
      .values({ ...current!, id: crypto.randomUUID(), effectiveFrom: from, rentPaise: 2_400_000, rentDueDay: 28, createdAt: new Date() });
    expectError(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 'CONFLICT', MSG.renewalTermsScheduled, 'roomId');
    // Both stay for the owner to see: the scheduled change and the open proposal.
    const seen = leaseOf(await call(owner, 'GET', `/leases/room/${roomId}`));
    expect(seen).toMatchObject({ upcoming: { from, terms: { rent: 2_400_000, rentDueDay: 28 } }, renewal: { status: 'open' } });
    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}/withdraw`), 200);
    const again = leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    expect(again.renewal?.terms).toMatchObject({ rent: 2_400_000, rentDueDay: 28 });
    leaseOf(await call(tenant, 'POST', `/leases/renewal/${roomId}/accept`), 200);
    const [atFrom] = await ctx.deps.db
      .select()
      .from(leaseTerms)
      .where(and(eq(leaseTerms.tenancyId, tenancyId), eq(leaseTerms.effectiveFrom, from)));
    expect(atFrom).toMatchObject({ rentPaise: 2_400_000, rentDueDay: 28 });
  });

  it('a term-length change scheduled for a later month does not move the current term end before that month', async () => {
    const { roomId, end, tenancyId } = await endingSoon();
    // The current month is raised, so the change applies from the next one.
    await runRentCycle(ctx.deps, todayInIndia(), [tenancyId]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${API}/leases/terms/${roomId}`,
      headers: { cookie: owner.cookie },
      payload: { termMonths: 24 },
    });
    const lease = leaseOf(res);
    expect(lease.upcoming?.from).toBe(addMonths(periodOf(todayInIndia()), 1));
    expect(lease.termEndsOn).toBe(end);
  });
});

describe('let the lease end', () => {
  it("schedules the move-out on the term's last day through Vacate, withdraws an open renewal and tells the tenant", async () => {
    const { tenant, roomId, tenancyId, end } = await endingSoon();
    leaseOf(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 201);
    const l = leaseOf(await call(owner, 'POST', `/leases/let-end/${roomId}`), 200, MSG.leaseEndScheduled(dayInWords(end)));
    expect(l).toMatchObject({ leavingOn: end, renewal: { status: 'withdrawn' } });
    const [t] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.id, tenancyId));
    expect(t).toMatchObject({ leavingOn: end, moveOutDate: null });
    expect(await notices(tenant.user._id, 'leaseEnding')).toBe(1);
    expectError(await call(owner, 'POST', `/leases/let-end/${roomId}`), 'CONFLICT', MSG.leaseEndingAlready, 'roomId');
    expectError(await call(owner, 'POST', `/leases/renewal/${roomId}`, {}), 'CONFLICT', MSG.renewalLeaving, 'roomId');
    // Leaving: no lease-end notice from the cycle.
    expect((await runRentCycle(ctx.deps, addDaysIso(end, -3), [tenancyId])).notices).toEqual([]);
  });

  it('no earlier than the notice period allows', async () => {
    const { roomId, tenancyId } = await endingSoon({ noticeMonths: 3 });
    const on = monthsAfter(todayInIndia(), 3);
    leaseOf(await call(owner, 'POST', `/leases/let-end/${roomId}`), 200, MSG.leaseEndScheduled(dayInWords(on)));
    const [t] = await ctx.deps.db
      .select()
      .from(tenancies)
      .where(and(eq(tenancies.id, tenancyId)));
    expect(t?.leavingOn).toBe(on);
  });

  it('monthsAfter clamps to the month’s last day', () => {
    expect(monthsAfter('2026-11-30', 3)).toBe('2027-02-28');
    expect(monthsAfter('2026-11-25', 0)).toBe('2026-11-25');
    expect(monthsAfter('2026-01-31', 1)).toBe('2026-02-28');
  });
});

describe('the rent-cycle report', () => {
  it('prints the lease-end notices a run raised, and "nothing to create" when there is nothing', () => {
    const notice = {
      tenancyId: 't',
      roomId: 'r',
      roomNumber: '7',
      propertyTitle: 'Lake View',
      tenantName: 'Asha Rao',
      termEndsOn: '2026-12-14',
    };
    expect(rentCycleReport({ date: '2026-11-14', created: [], notices: [notice] })).toBe(
      'Rent cycle as of 2026-11-14: created 0 bills.\nLease-end notices: 1 (owner and tenant told).\n  Lease ends  Lake View, Room 7  Asha Rao  term ends 2026-12-14\n',
    );
    expect(rentCycleReport({ date: '2026-11-15', created: [], notices: [] })).toContain('nothing to create');
  });
});
