import { type Bill, leaseSchema, MSG, requestSchema, tenancySchema, tenantRoomSchema } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/index.js';
import { billGroups, billItems, lateFees, leaseTerms, notifications, paymentReports, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { rowsOf } from '../../lib/sql.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { startTenancy } from '../tenancy/index.js';
import { type CycleBill, runRentCycle } from './index.js';
import { addDaysIso } from './cycle-math.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let propertyId: string;

const API = '/api/v1';
type Who = Person | undefined;
const hdr = (who: Who) => (who ? { cookie: who.cookie } : {});
const call = (who: Who, method: 'GET' | 'PUT' | 'POST' | 'PATCH', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${path}`, headers: hdr(who), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Lease Court' }))._id;
});
afterAll(() => ctx.close());

const newRoom = async (rentAmount = 10_000) => (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount }))._id;

/** A tenancy from `moveIn` written by the seed's path, with its terms set as given (paise, bp). */
async function tenancyWith(moveIn: string, terms: Partial<typeof leaseTerms.$inferInsert>, tenantId = tenant.user._id) {
  const roomId = await newRoom();
  const tenancyId = await startTenancy(ctx.deps, roomId, tenantId, moveIn);
  if (Object.keys(terms).length > 0) await ctx.deps.db.update(leaseTerms).set(terms).where(eq(leaseTerms.tenancyId, tenancyId));
  return { roomId, tenancyId };
}

const rentBills = (tenancyId: string) =>
  ctx.deps.db
    .select({
      id: billItems.id,
      period: billItems.rentPeriod,
      amount: billItems.amountPaise,
      billDate: billGroups.billDate,
      dueDate: billGroups.dueDate,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenancyId, tenancyId), eq(billItems.billType, 'Rent Bill')))
    .orderBy(billItems.rentPeriod);

describe('the rent cycle over 14 months (fixed clock)', () => {
  it('raises each Rent Bill once, on its day, prorated, with the increment and late fees, to the paisa', async () => {
    // Moves in on 17 January 2026 at ₹10,000 a month, due on the 5th, +10 % a year, late fee 2 % after 3 days.
    const { roomId, tenancyId } = await tenancyWith('2026-01-17', {
      rentPaise: 1_000_000,
      rentDueDay: 5,
      incrementBp: 1000,
      lateFeeKind: 'percent',
      lateFeeBp: 200,
      lateFeeGraceDays: 3,
    });
    const created: (CycleBill & { on: string })[] = [];
    let waived: Bill | null = null;
    for (let day = '2026-01-10'; day <= '2027-03-31'; day = addDaysIso(day, 1)) {
      // The tenant gives notice in December: moves out on 20 February 2027.
      if (day === '2026-12-15') await ctx.deps.db.update(tenancies).set({ leavingOn: '2027-02-20' }).where(eq(tenancies.id, tenancyId));
      // March's rent is paid late (on 1 April); June's only in part (₹4,000.01 of ₹10,000).
      if (day === '2026-04-01') {
        const march = (await rentBills(tenancyId)).find((b) => b.period === '2026-03-01');
        await ctx.deps.db
          .update(billItems)
          .set({ paidPaise: 1_000_000 })
          .where(eq(billItems.id, march?.id ?? ''));
      }
      const { created: now } = await runRentCycle(ctx.deps, day, [tenancyId]);
      for (const b of now) {
        created.push({ ...b, on: day });
        if (b.kind !== 'rent') continue;
        const paid = b.period === '2026-03-01' ? 0 : b.period === '2026-06-01' ? 400_001 : b.amountPaise;
        await ctx.deps.db.update(billItems).set({ paidPaise: paid }).where(eq(billItems.id, b.billId));
      }
      // The owner waives March's late fee the day after it is charged.
      const marchFee = created.find((b) => b.kind === 'lateFee' && b.period === '2026-03-01');
      if (marchFee && !waived) {
        const res = await call(owner, 'POST', `/leases/late-fee/${marchFee.billId}/waive`);
        waived = okData<Bill>(res, 200, MSG.lateFeeWaived);
      }
    }
    const rent = created.filter((b) => b.kind === 'rent').map((b) => [b.period, b.amountPaise, b.billDate, b.dueDate, b.on]);
    expect(rent).toEqual([
      // First month: 17–31 January, 15 of 31 days of ₹10,000 = 4,838.709… → ₹4,838.71; due 5 days after the
      // move-in day (FIRST_BILL_MIN_DAYS, longer than the 3 grace days), dated and raised on the move-in day.
      ['2026-01-01', 483_871, '2026-01-17', '2026-01-22', '2026-01-17'],
      ['2026-02-01', 1_000_000, '2026-02-01', '2026-02-05', '2026-01-31'],
      ['2026-03-01', 1_000_000, '2026-03-01', '2026-03-05', '2026-02-28'],
      ['2026-04-01', 1_000_000, '2026-04-01', '2026-04-05', '2026-03-31'],
      ['2026-05-01', 1_000_000, '2026-05-01', '2026-05-05', '2026-04-30'],
      ['2026-06-01', 1_000_000, '2026-06-01', '2026-06-05', '2026-05-31'],
      ['2026-07-01', 1_000_000, '2026-07-01', '2026-07-05', '2026-06-30'],
      ['2026-08-01', 1_000_000, '2026-08-01', '2026-08-05', '2026-07-31'],
      ['2026-09-01', 1_000_000, '2026-09-01', '2026-09-05', '2026-08-31'],
      ['2026-10-01', 1_000_000, '2026-10-01', '2026-10-05', '2026-09-30'],
      ['2026-11-01', 1_000_000, '2026-11-01', '2026-11-05', '2026-10-31'],
      ['2026-12-01', 1_000_000, '2026-12-01', '2026-12-05', '2026-11-30'],
      // The anniversary (17 January 2027): 16 days at ₹10,000 and 15 at ₹11,000, over 31 = 10,483.870… → ₹10,483.87.
      ['2027-01-01', 1_048_387, '2027-01-01', '2027-01-05', '2026-12-31'],
      // Moves out on 20 February 2027: 20 of 28 days at ₹11,000 = 7,857.142… → ₹7,857.14.
      ['2027-02-01', 785_714, '2027-02-01', '2027-02-05', '2027-01-31'],
    ]);
    const fees = created.filter((b) => b.kind === 'lateFee').map((b) => [b.period, b.amountPaise, b.billDate, b.on]);
    expect(fees).toEqual([
      // 2 % of ₹10,000 owed, charged the day after the 3 grace days.
      ['2026-03-01', 20_000, '2026-03-09', '2026-03-09'],
      // 2 % of ₹5,999.99 owed = 119.9998 → ₹120.00 (half up to the paisa).
      ['2026-06-01', 12_000, '2026-06-09', '2026-06-09'],
    ]);
    // The waived fee is recorded on the bill and both sides see it.
    expect(waived).toMatchObject({ billType: 'Late Fee', amount: 200, waivedAmount: 200, status: 'paid' });
    const fee = await ctx.deps.db
      .select()
      .from(billItems)
      .where(eq(billItems.id, fees.length ? (created.find((b) => b.kind === 'lateFee')?.billId ?? '') : ''));
    expect(fee[0]?.waivedAt).not.toBeNull();
    const ownerView = okData<{ bills: Bill[] }[]>(await call(owner, 'GET', `/bills/fetch-bill/${propertyId}?roomId=${roomId}`));
    const tenantView = okData<{ bills: Bill[] }[]>(await call(tenant, 'GET', '/bills/tenant'));
    for (const view of [ownerView, tenantView]) {
      const lateFeeBills = view.flatMap((g) => g.bills).filter((b) => b.billType === 'Late Fee' && b.roomId === roomId);
      expect(lateFeeBills.map((b) => b.waivedAmount).sort()).toEqual([0, 200]);
    }
    // Waiving again: nothing is owed.
    expectError(await call(owner, 'POST', `/leases/late-fee/${waived?._id}/waive`), 'CONFLICT', MSG.lateFeeNothingOwed);
    // Running again, at the end or any earlier day, creates nothing.
    expect((await runRentCycle(ctx.deps, '2027-03-31', [tenancyId])).created).toEqual([]);
    expect((await runRentCycle(ctx.deps, '2026-06-30', [tenancyId])).created).toEqual([]);
    expect(await rentBills(tenancyId)).toHaveLength(14);
    // The tenant was notified of every bill, as for a bill the owner adds.
    const [n] = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(
        sql`select count(*)::int as n from ${notifications} where user_id = ${tenant.user._id} and kind = 'billsUploaded' and params->>'text' = 'billsUploaded'`,
      ),
    );
    expect(n?.n).toBeGreaterThanOrEqual(16);
  }, 240_000);

  it("counts an owner's Rent Bill for the period, never raises a deleted one again, and applies the tenant's credit path", async () => {
    const { roomId, tenancyId } = await tenancyWith('2026-03-01', { rentDueDay: 10 });
    // The owner uploads April's rent by hand before the cycle gets to it.
    const res = await call(owner, 'POST', '/bills/add-bill', {
      propertyId,
      roomId,
      billDate: '2026-04-02',
      bills: [{ billType: 'Rent Bill', amount: 9000 }],
    });
    expect(res.statusCode).toBe(201);
    const first = await runRentCycle(ctx.deps, '2026-05-31', [tenancyId]);
    expect(first.created.map((b) => b.period)).toEqual(['2026-03-01', '2026-05-01']);
    const bills = await rentBills(tenancyId);
    expect(bills.map((b) => [b.period, b.amount])).toEqual([
      ['2026-03-01', 1_000_000],
      ['2026-04-01', 900_000],
      ['2026-05-01', 1_000_000],
    ]);
    // The owner deletes May's bill: the cycle does not raise it again.
    const may = bills.find((b) => b.period === '2026-05-01');
    expect((await call(owner, 'POST', '/bills/delete-bill', { billId: may?.id })).statusCode).toBe(200);
    expect((await runRentCycle(ctx.deps, '2026-05-31', [tenancyId])).created).toEqual([]);
    // A manual Rent Bill for a month the cycle raised is the usual 409.
    const again = await call(owner, 'POST', '/bills/add-bill', {
      propertyId,
      roomId,
      billDate: '2026-03-20',
      bills: [{ billType: 'Rent Bill', amount: 1 }],
    });
    expect(again.statusCode).toBe(409);
  });

  it('raises no late fee while a payment report waits for the owner; rejected, the fee follows from the original due date, once', async () => {
    const { roomId, tenancyId } = await tenancyWith('2026-01-01', {
      rentPaise: 1_850_000,
      rentDueDay: 1,
      lateFeeKind: 'flat',
      lateFeePaise: 50_000,
      lateFeeGraceDays: 0,
    });
    const [t] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.id, tenancyId));
    await ctx.deps.db
      .update(billItems)
      .set({ paidPaise: sql`${billItems.amountPaise}` })
      .where(eq(billItems.tenancyId, tenancyId));
    await runRentCycle(ctx.deps, '2026-01-31', [tenancyId]);
    for (const b of await rentBills(tenancyId))
      if (b.period === '2026-01-01') await ctx.deps.db.update(billItems).set({ paidPaise: b.amount }).where(eq(billItems.id, b.id));
    // The tenant reports February's rent by UPI on 29 January; the owner has not decided by 10 February.
    const [report] = await ctx.deps.db
      .insert(paymentReports)
      .values({
        id: crypto.randomUUID(),
        roomId,
        propertyId,
        tenancyId,
        tenantId: t!.tenantId,
        ownerId: t!.ownerId,
        amountPaise: 1_850_000,
        reference: `UTR${Date.now()}`,
        paidOn: '2026-01-29',
      })
      .returning();
    for (const day of ['2026-02-02', '2026-02-10'])
      expect((await runRentCycle(ctx.deps, day, [tenancyId])).created.filter((b) => b.kind === 'lateFee')).toEqual([]);
    // Rejected on 11 February: the next run charges the fee as of the day after the original due date, once.
    await ctx.deps.db.update(paymentReports).set({ status: 'rejected' }).where(eq(paymentReports.id, report!.id));
    const fees = (await runRentCycle(ctx.deps, '2026-02-11', [tenancyId])).created.filter((b) => b.kind === 'lateFee');
    expect(fees.map((f) => [f.period, f.amountPaise, f.billDate])).toEqual([['2026-02-01', 50_000, '2026-02-02']]);
    expect((await runRentCycle(ctx.deps, '2026-02-12', [tenancyId])).created.filter((b) => b.kind === 'lateFee')).toEqual([]);
  });

  it('a lease starting today with the due day tomorrow: its first bill is due in 5 days, no late fee before then', async () => {
    const { tenancyId } = await tenancyWith('2026-05-04', {
      rentDueDay: 5,
      lateFeeKind: 'flat',
      lateFeePaise: 50_000,
      lateFeeGraceDays: 0,
    });
    const created: CycleBill[] = [];
    for (let day = '2026-05-04'; day <= '2026-05-09'; day = addDaysIso(day, 1))
      created.push(...(await runRentCycle(ctx.deps, day, [tenancyId])).created);
    expect(created.map((b) => [b.kind, b.dueDate])).toEqual([['rent', '2026-05-09']]);
    expect((await runRentCycle(ctx.deps, '2026-05-10', [tenancyId])).created.map((b) => [b.kind, b.billDate])).toEqual([
      ['lateFee', '2026-05-10'],
    ]);
  });

  it('two cycles at once (two instances on one database) raise each bill once', async () => {
    const { tenancyId } = await tenancyWith('2026-01-01', {
      rentDueDay: 1,
      lateFeeKind: 'flat',
      lateFeePaise: 50_000,
      lateFeeGraceDays: 0,
    });
    let second: Database | null = null;
    let other = ctx.deps;
    const url = process.env.TEST_DATABASE_URL;
    if (process.env.KIRAYA_TEST_DB === 'postgres' && url) {
      // A second pool on the same database: the other instance.
      const [row] = rowsOf<{ name: string }>(await ctx.deps.db.execute(sql`select current_database() as name`));
      const u = new URL(url);
      u.pathname = `/${row?.name}`;
      second = await openDatabase({ kind: 'postgres', url: u.toString(), max: 3 }, { migrate: false });
      other = { ...ctx.deps, db: second.db };
    }
    try {
      const runs = await Promise.all([
        runRentCycle(ctx.deps, '2026-12-31', [tenancyId]),
        runRentCycle(other, '2026-12-31', [tenancyId]),
        runRentCycle(ctx.deps, '2026-12-31', [tenancyId]),
        runRentCycle(other, '2026-12-31', [tenancyId]),
      ]);
      const all = runs.flatMap((r) => r.created);
      // 12 months of 2026 and January 2027 (raised on 27 December), and a late fee for every unpaid one past its due day.
      expect(all.filter((b) => b.kind === 'rent')).toHaveLength(13);
      expect(new Set(all.map((b) => b.billId)).size).toBe(all.length);
      expect(await rentBills(tenancyId)).toHaveLength(13);
      const fees = await ctx.deps.db.select().from(lateFees).where(eq(lateFees.tenancyId, tenancyId));
      expect(fees).toHaveLength(12);
      expect(all.filter((b) => b.kind === 'lateFee')).toHaveLength(12);
    } finally {
      await second?.close();
    }
  });
});

describe('lease terms through the API', () => {
  it('Assign Tenant takes the terms, the tenant reads them before accepting, accepting stores them with the tenancy', async () => {
    const roomId = await newRoom(12_000);
    const start = addDaysIso(todayInIndia(), 3);
    const res = await call(owner, 'POST', '/requests/send', {
      roomId,
      tenantId: otherTenant.user._id,
      terms: {
        securityDeposit: '36,000',
        rentDueDay: 7,
        startDate: start,
        incrementPercent: 7.5,
        noticeMonths: 2,
        lateFee: { kind: 'flat', amount: 250.5, graceDays: 5 },
      },
    });
    const sent = requestSchema.parse(okData(res, 201, MSG.requestSentDone));
    const offered = {
      rent: 1_200_000,
      securityDeposit: 3_600_000,
      rentDueDay: 7,
      startDate: start,
      termMonths: 11,
      incrementPercent: 7.5,
      noticeMonths: 2,
      lateFee: { kind: 'flat', amount: 25_050, graceDays: 5 },
    };
    expect(sent.terms).toEqual(offered);
    // Three months' rent: a warning, not a refusal.
    expect(sent.depositWarning).toBe(true);
    const me = okData<{ incomingRequests: unknown[] }>(await call(otherTenant, 'GET', '/users/get-current-user'));
    expect(me.incomingRequests.map((r) => requestSchema.parse(r).terms)).toContainEqual(offered);
    okData(await call(otherTenant, 'PATCH', `/requests/accept/${sent._id}`));
    const [history] = okData<unknown[]>(await call(owner, 'GET', `/tenancy/room/${roomId}`)).map((t) => tenancySchema.parse(t));
    expect(history?.terms).toEqual(offered);
    expect(history?.autoRent).toBe(true);
    const mine = okData<unknown[]>(await call(otherTenant, 'GET', '/tenant/room-details')).map((r) => tenantRoomSchema.parse(r));
    const room = mine.find((r) => r.roomId === roomId);
    expect(room?.terms).toEqual(offered);
    // Only the deposit is billed at acceptance (ADR 029), due on the lease start.
    expect(room?.outstanding).toBe(3_600_000);
    // No rent billed yet: the next due is on the start date (the deposit, and the first Rent Bill, prorated).
    expect(room?.nextDue?.date).toBe(start);
    const [t] = await ctx.deps.db
      .select()
      .from(tenancies)
      .where(eq(tenancies.id, history?._id ?? ''));
    expect(t?.rentCycleFrom).toBe(`${start.slice(0, 7)}-01`);
  });

  it('a start date already past when the tenant accepts becomes the move-in date: nothing is billed before it', async () => {
    const roomId = await newRoom(9_000);
    const past = addDaysIso(todayInIndia(), -20);
    const sent = requestSchema.parse(
      okData(await call(owner, 'POST', '/requests/send', { roomId, tenantId: tenant.user._id, terms: { startDate: past } }), 201),
    );
    expect(sent.terms.startDate).toBe(past);
    expect(sent.terms.rentDueDay).toBe(Math.min(Number(past.slice(8, 10)), 28));
    okData(await call(tenant, 'PATCH', `/requests/accept/${sent._id}`));
    const [history] = okData<unknown[]>(await call(owner, 'GET', `/tenancy/room/${roomId}`)).map((t) => tenancySchema.parse(t));
    expect(history?.terms?.startDate).toBe(todayInIndia());
  });

  it('without terms, the invitation offers the room rent and the defaults', async () => {
    const roomId = await newRoom(8_000);
    const sent = requestSchema.parse(okData(await call(owner, 'POST', '/requests/send', { roomId, tenantId: tenant.user._id }), 201));
    expect(sent.terms).toEqual({
      rent: 800_000,
      securityDeposit: 0,
      rentDueDay: null,
      startDate: null,
      termMonths: 11,
      incrementPercent: 0,
      noticeMonths: 1,
      lateFee: null,
    });
    expect(sent.depositWarning).toBe(false);
  });

  it('refuses terms out of bounds with the field and message', async () => {
    const roomId = await newRoom(10_000);
    const send = (terms: unknown) => call(owner, 'POST', '/requests/send', { roomId, tenantId: tenant.user._id, terms });
    expectError(await send({ securityDeposit: 100_001 }), 'BAD_REQUEST', MSG.leaseDepositTooHigh);
    expectError(await send({ rent: 5000, securityDeposit: 50_001 }), 'BAD_REQUEST', MSG.leaseDepositTooHigh);
    expectError(await send({ rentDueDay: 29 }), 'BAD_REQUEST', MSG.leaseRentDueDay);
    expectError(await send({ startDate: '2099-01-01' }), 'BAD_REQUEST', MSG.leaseStartTooFar);
    expectError(await send({ lateFee: { kind: 'flat', amount: 10_000.01 } }), 'BAD_REQUEST', MSG.leaseLateFeeTooHigh);
    expectError(await send({ termMonths: 0 }), 'BAD_REQUEST', MSG.leaseTermMonths);
    expectError(await send({ bogus: 1 }), 'BAD_REQUEST', MSG.leaseTermsUnknownField);
  });

  it('the owner edits future terms (from the next period not raised) and switches automatic rent; both sides see it', async () => {
    const { roomId, tenancyId } = await tenancyWith(addDaysIso(todayInIndia(), -40), {});
    await runRentCycle(ctx.deps, todayInIndia(), [tenancyId]);
    const res = await call(owner, 'PUT', `/leases/terms/${roomId}`, {
      rent: 11_000,
      incrementPercent: '5',
      lateFee: { kind: 'percent', percent: 1.5 },
    });
    const lease = leaseSchema.parse(okData(res, 200));
    const bills = await rentBills(tenancyId);
    const lastRaised = bills[bills.length - 1]?.period ?? '';
    expect(lease.upcoming?.from ?? lease.termsFrom).toBe(
      [`${todayInIndia().slice(0, 7)}-01`, lastRaised ? addMonthsIso(lastRaised) : ''].reduce((a, b) => (a > b ? a : b)),
    );
    const latest = lease.upcoming?.terms ?? lease.terms;
    expect(latest).toMatchObject({ rent: 1_100_000, incrementPercent: 5, lateFee: { kind: 'percent', percent: 1.5, graceDays: 0 } });
    const seen = leaseSchema.parse(okData(await call(tenant, 'GET', `/leases/room/${roomId}`)));
    expect(seen).toEqual(lease);
    const told = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'leaseChanged'), eq(notifications.userId, tenant.user._id)));
    expect(told.length).toBeGreaterThan(0);
    expectError(await call(owner, 'PUT', `/leases/terms/${roomId}`, { startDate: '2026-01-01' }), 'BAD_REQUEST', MSG.leaseStartDateFixed);
    expectError(await call(owner, 'PUT', `/leases/terms/${roomId}`, {}), 'BAD_REQUEST', MSG.leaseNothingToChange);
    expectError(await call(owner, 'PUT', `/leases/terms/${roomId}`, { securityDeposit: 200_000 }), 'BAD_REQUEST', MSG.leaseDepositTooHigh);
    const off = leaseSchema.parse(
      okData(await call(owner, 'PUT', `/leases/auto-rent/${roomId}`, { enabled: false }), 200, MSG.autoRentOff),
    );
    expect(off.autoRent).toBe(false);
    expect((await runRentCycle(ctx.deps, addDaysIso(todayInIndia(), 70), [tenancyId])).created).toEqual([]);
    const on = leaseSchema.parse(okData(await call(owner, 'PUT', `/leases/auto-rent/${roomId}`, { enabled: true }), 200, MSG.autoRentOn));
    expect(on.autoRent).toBe(true);
  });

  it('answers what the tenant owes: outstanding, overdue and the next due', async () => {
    const { roomId, tenancyId } = await tenancyWith(addDaysIso(todayInIndia(), -75), {}, otherTenant.user._id);
    await runRentCycle(ctx.deps, todayInIndia(), [tenancyId]);
    const bills = await rentBills(tenancyId);
    const owed = bills.reduce((s, b) => s + b.amount, 0);
    const overdue = bills.filter((b) => b.dueDate < todayInIndia()).reduce((s, b) => s + b.amount, 0);
    const room = okData<unknown[]>(await call(otherTenant, 'GET', '/tenant/room-details'))
      .map((r) => tenantRoomSchema.parse(r))
      .find((r) => r.roomId === roomId);
    expect(room?.outstanding).toBe(owed);
    expect(room?.overdue).toBe(overdue);
    expect(room?.nextDue).not.toBeNull();
    expect((room?.nextDue?.date ?? '') >= todayInIndia()).toBe(true);
  });
});

describe('access to the lease routes', () => {
  it('the other tenant, the other owner and a visitor are refused; nothing changes', async () => {
    const { roomId } = await tenancyWith('2026-02-01', { lateFeeKind: 'flat', lateFeePaise: 10_000, lateFeeGraceDays: 0 });
    const { tenancyId } = { tenancyId: (await ctx.deps.db.select().from(tenancies).where(eq(tenancies.roomId, roomId)))[0]?.id ?? '' };
    const { created } = await runRentCycle(ctx.deps, '2026-03-31', [tenancyId]);
    const feeId = created.find((b) => b.kind === 'lateFee')?.billId ?? '';
    expect(feeId).not.toBe('');
    const routes: [string, 'GET' | 'PUT' | 'POST', string, object?][] = [
      ['lease', 'GET', `/leases/room/${roomId}`],
      ['terms', 'PUT', `/leases/terms/${roomId}`, { rent: 9000 }],
      ['autoRent', 'PUT', `/leases/auto-rent/${roomId}`, { enabled: false }],
      ['waive', 'POST', `/leases/late-fee/${feeId}/waive`],
    ];
    const before = JSON.stringify(await ctx.deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, tenancyId)));
    for (const [name, method, path, body] of routes) {
      expect([name, (await call(undefined, method, path, body)).statusCode]).toEqual([name, 401]);
      const other = (await call(otherTenant, method, path, body)).statusCode;
      expect([name, other]).toEqual([name, 403]);
      expect([name, (await call(otherOwner, method, path, body)).statusCode]).toEqual([name, 403]);
    }
    // The room's own tenant reads the lease but changes nothing.
    expect((await call(tenant, 'GET', `/leases/room/${roomId}`)).statusCode).toBe(200);
    for (const [name, method, path, body] of routes.slice(1))
      expect([name, (await call(tenant, method, path, body)).statusCode]).toEqual([name, 403]);
    expect(JSON.stringify(await ctx.deps.db.select().from(leaseTerms).where(eq(leaseTerms.tenancyId, tenancyId)))).toBe(before);
    const [fee] = await ctx.deps.db.select().from(billItems).where(eq(billItems.id, feeId));
    expect(fee?.waivedPaise).toBe(0);
    // A bill that is not a late fee is not waived here.
    const rentId = created.find((b) => b.kind === 'rent')?.billId ?? '';
    expectError(await call(owner, 'POST', `/leases/late-fee/${rentId}/waive`), 'NOT_FOUND', MSG.lateFeeNotFound);
  });
});

function addMonthsIso(period: string): string {
  const d = new Date(`${period}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}
