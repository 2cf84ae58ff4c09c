import { addDays, dayInWords, type Deposit, depositSchema, MSG, requestSchema, threadSchema } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/index.js';
import { billGroups, billItems, depositSettlements, messages, paymentOrders, payments } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { rowsOf } from '../../lib/sql.js';
import { createProperty, createRoom, sampleImage } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, expectError, multipart, okData, type Person } from '../../test/support.js';
import { createOrder, gatewayFor, recordPayment, type SandboxGateway } from '../payments/index.js';
import { settleDeposit } from './index.js';

let ctx: TestContext;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let propertyId: string;
const { get, post } = apiAs(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Deposit Villa' }))._id;
}, 60_000);
afterAll(() => ctx.close());

/** A room let through Assign Tenant with a deposit of `deposit` rupees (rent ₹10,000), accepted by `who`. */
async function letWithDeposit(deposit: number, who: Person = tenant): Promise<string> {
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount: 10_000 }))._id;
  const sent = requestSchema.parse(
    okData(await post(owner, '/requests/send', { roomId, tenantId: who.user._id, terms: { rent: 10_000, securityDeposit: deposit } }), 201),
  );
  okData(await ctx.app.inject({ method: 'PATCH', url: `/api/v1/requests/accept/${sent._id}`, headers: { cookie: who.cookie } }));
  return roomId;
}

/** The tenant pays `paise` online through the sandbox gateway, as the Pay screen does. */
async function pay(roomId: string, paise: number, who: Person = tenant) {
  const order = await createOrder(ctx.deps, who.user._id, { roomId, amount: paise });
  const paid = await (gatewayFor(ctx.deps) as SandboxGateway).pay(order.id, order.amount, 'upi');
  const [row] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
  await recordPayment(ctx.deps, row?.id ?? '', { gatewayPaymentId: paid.paymentId, method: 'upi', paidAt: new Date(), source: 'verify' });
}

const depositOf = async (who: Person, roomId: string): Promise<Deposit> =>
  depositSchema.parse(okData(await get(who, `/deposits/room/${roomId}`)));

const settleBody = (deduction: number, refund: number, extra: object = {}) => ({
  deductions: deduction > 0 ? [{ kind: 'damage', reason: 'Broken window pane in the bedroom', amount: deduction, ...extra }] : [],
  refund: { amount: refund, method: 'upi', reference: 'UTR998877', date: todayInIndia() },
});

describe('the deposit bill at acceptance', () => {
  it('bills the deposit the tenant accepted, due on the lease start, held once paid online, out of billed figures and HRA', async () => {
    const roomId = await letWithDeposit(20_000);
    const [bill] = await ctx.deps.db
      .select({ type: billItems.billType, amount: billItems.amountPaise, billDate: billGroups.billDate, dueDate: billGroups.dueDate })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(and(eq(billItems.roomId, roomId), eq(billItems.billType, 'Deposit')));
    expect(bill).toEqual({ type: 'Deposit', amount: 2_000_000, billDate: todayInIndia(), dueDate: todayInIndia() });

    const before = await depositOf(owner, roomId);
    expect(before).toMatchObject({ asked: 2_000_000, held: 0, status: 'unpaid', canSettle: false, settlement: null });
    expect(await depositOf(tenant, roomId)).toMatchObject({ asked: 2_000_000, held: 0, status: 'unpaid', canSettle: false });

    await pay(roomId, 1_500_000);
    expect(await depositOf(tenant, roomId)).toMatchObject({ held: 1_500_000, status: 'partly_paid' });
    await pay(roomId, 500_000);
    expect(await depositOf(owner, roomId)).toMatchObject({ held: 2_000_000, status: 'held' });

    // Not income: this month's collection and the statistics' billed figures leave it out; HRA receipts count rent only.
    const collection = okData<{ rooms: { room: { _id: string }; billed: number; collected: number }[] }>(
      await get(owner, '/statistics/owner/collection'),
    );
    expect(collection.rooms.find((r) => r.room._id === roomId)).toMatchObject({ billed: 0, collected: 0 });
    const stats = okData<{ months: { billed: number }[]; totals: { billed: number } }>(await get(owner, '/statistics/owner'));
    expect(stats.totals.billed).toBe(0);
    const mine = okData<{ totals: { billed: number } }>(await get(tenant, '/statistics/tenant'));
    expect(mine.totals.billed).toBe(0);
    const month = todayInIndia().slice(0, 7);
    const receipt = okData<{ rentPaid: number }>(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=${month}`));
    expect(receipt.rentPaid).toBe(0);
  });

  it('bills nothing when the lease asks no deposit', async () => {
    const roomId = await letWithDeposit(0, otherTenant);
    const rows = await ctx.deps.db
      .select()
      .from(billItems)
      .where(and(eq(billItems.roomId, roomId), eq(billItems.billType, 'Deposit')));
    expect(rows).toHaveLength(0);
    expect(await depositOf(owner, roomId)).toMatchObject({ asked: 0, held: 0, status: 'none', canSettle: false });
  });
});

describe('settling the deposit at vacate', () => {
  let roomId: string;
  beforeAll(async () => {
    roomId = await letWithDeposit(15_000);
    await pay(roomId, 1_500_000);
    // A Maintenance Bill of ₹1,200 the tenant leaves unpaid: netted against the deposit below.
    okData(
      await post(owner, '/bills/add-bill', {
        propertyId,
        roomId,
        billDate: todayInIndia(),
        bills: [{ billType: 'Maintenance Bill', amount: 1200 }],
      }),
      201,
    );
  });

  it('waits for a move-out, refuses sums that do not add up to the paisa, netting beyond what is owed and photos not the owner’s', async () => {
    expectError(await post(owner, `/deposits/settle/${roomId}`, settleBody(1000, 14_000)), 'CONFLICT', MSG.depositNotVacating);
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Left before the notice ran out.' }));
    expect(await depositOf(owner, roomId)).toMatchObject({
      canSettle: true,
      status: 'held',
      moveOutDate: todayInIndia(),
      unpaidBills: 120_000,
    });
    // ₹15,000 held: ₹1,000.01 + ₹14,000 is a paisa too much.
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, settleBody(1000.01, 14_000)),
      'BAD_REQUEST',
      MSG.depositSumMismatch('₹15,000.00', '₹15,000.01'),
      'refund.amount',
    );
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, {
        deductions: [{ kind: 'unpaid_bills', reason: 'Maintenance', amount: 1200.01 }],
        refund: { amount: 13_799.99, method: 'cash', date: todayInIndia() },
      }),
      'BAD_REQUEST',
      MSG.depositUnpaidBillsTooMuch('₹1,200.00'),
      'deductions.0.amount',
    );
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, settleBody(1000, 14_000, { photoIds: ['00000000-0000-4000-8000-000000000000'] })),
      'BAD_REQUEST',
      MSG.depositPhotoInvalid,
    );
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, { deductions: [], refund: { amount: 15_000 } }),
      'BAD_REQUEST',
      MSG.depositRefundMethod,
    );
    const later = await post(owner, `/deposits/settle/${roomId}`, {
      ...settleBody(1000, 14_000),
      refund: { amount: 14_000, method: 'cash', date: '2999-01-01' },
    });
    expectError(later, 'BAD_REQUEST', MSG.depositRefundDateFuture, 'refund.date');
    expect(await ctx.deps.db.select().from(depositSettlements).where(eq(depositSettlements.roomId, roomId))).toHaveLength(0);
  });

  it('settles once with a deduction and its photo and nets the unpaid bill; both sides read the statement; the tenant disputes', async () => {
    const body = await multipart({}, [{ field: 'photo', data: await sampleImage() }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/deposits/upload/photo',
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    const photo = okData<{ _id: string; url: string }>(up, 201);
    const settled = depositSchema.parse(
      okData(
        await post(owner, `/deposits/settle/${roomId}`, {
          deductions: [
            { kind: 'damage', reason: 'Broken window pane in the bedroom', amount: 1234.56, photoIds: [photo._id] },
            { kind: 'unpaid_bills', reason: 'November maintenance', amount: '1,200' },
          ],
          refund: { amount: 12_565.44, method: 'upi', reference: 'UTR998877', date: todayInIndia() },
        }),
        201,
      ),
    );
    expect(settled.status).toBe('settled');
    expect(settled.settlement).toMatchObject({ held: 1_500_000, deductionsTotal: 243_456, refund: 1_256_544, refundMethod: 'upi' });
    expect(settled.settlement?.deductions).toEqual([
      expect.objectContaining({
        kind: 'damage',
        amount: 123_456,
        photos: [{ _id: photo._id, url: photo.url }],
        payment: null,
        disputedAt: null,
      }),
      expect.objectContaining({
        kind: 'unpaid_bills',
        amount: 120_000,
        payment: { _id: expect.any(String), receiptNumber: expect.any(String) },
      }),
    ]);
    // The netted bill is paid "from security deposit": an offline payment, method and source deposit, that settled it.
    const netted = settled.settlement?.deductions[1]?.payment?._id ?? '';
    const [p] = await ctx.deps.db.select().from(payments).where(eq(payments.id, netted));
    expect(p).toMatchObject({ kind: 'offline', method: 'deposit', source: 'deposit', amountPaise: 120_000, tenancyId: settled.tenancyId });
    const [maintenance] = await ctx.deps.db
      .select()
      .from(billItems)
      .where(and(eq(billItems.roomId, roomId), eq(billItems.billType, 'Maintenance Bill')));
    expect(maintenance).toMatchObject({ amountPaise: 120_000, paidPaise: 120_000 });
    expect(settled.unpaidBills).toBe(0);
    // The former tenant reads it and sees the photo; another tenant and another owner may not.
    const seen = await depositOf(tenant, roomId);
    expect(seen.settlement?.refund).toBe(1_256_544);
    expect((await ctx.app.inject({ method: 'GET', url: photo.url, headers: { cookie: tenant.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: photo.url, headers: { cookie: otherTenant.cookie } })).statusCode).toBe(403);
    expect((await get(otherTenant, `/deposits/room/${roomId}`)).statusCode).toBe(403);
    expect((await get(otherOwner, `/deposits/room/${roomId}`)).statusCode).toBe(403);
    expect((await get(undefined, `/deposits/room/${roomId}`)).statusCode).toBe(401);
    // Settled once.
    expectError(await post(owner, `/deposits/settle/${roomId}`, settleBody(0, 15_000)), 'CONFLICT', MSG.depositAlreadySettled);

    const deductionId = settled.settlement?.deductions[0]?._id as string;
    expect((await post(owner, `/deposits/dispute/${roomId}`, { deductionId, text: 'x' })).statusCode).toBe(403);
    expect((await post(otherTenant, `/deposits/dispute/${roomId}`, { deductionId, text: 'x' })).statusCode).toBe(403);
    const disputed = depositSchema.parse(
      okData(await post(tenant, `/deposits/dispute/${roomId}`, { deductionId, text: 'The pane was cracked when I moved in.' })),
    );
    expect(disputed.settlement?.deductions[0]).toMatchObject({ disputeText: 'The pane was cracked when I moved in.' });
    expect((await depositOf(owner, roomId)).settlement?.deductions[0]?.disputedAt).not.toBeNull();
    const threads = okData<unknown[]>(await get(owner, `/messages/room/${roomId}`)).map((t) => threadSchema.parse(t));
    const msgs = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, threads[0]?._id ?? ''));
    expect(msgs.map((m) => m.text)).toContain(
      'I dispute the deposit deduction "Damage: Broken window pane in the bedroom" of ₹1,234.56. The pane was cracked when I moved in.',
    );
    expectError(await post(tenant, `/deposits/dispute/${roomId}`, { deductionId, text: 'Again' }), 'CONFLICT', MSG.depositAlreadyDisputed);
  });
});

describe('settlement opens on the move-out date, with the unpaid bills proposed as deductions (ADR 041)', () => {
  it('refuses before the move-out date; on it, proposes each unpaid bill by name; the statement shows what was netted', async () => {
    const roomId = await letWithDeposit(20_000);
    await pay(roomId, 2_000_000);
    okData(
      await post(owner, '/bills/add-bill', {
        propertyId,
        roomId,
        billDate: todayInIndia(),
        bills: [{ billType: 'Maintenance Bill', amount: 1200 }],
      }),
      201,
    );
    // The move-out is recorded for 40 days ahead: nothing may be settled yet, whatever the body.
    const later = addDays(todayInIndia(), 40) as string;
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: later, reason: 'Moving to another city.' }));
    expect(await depositOf(owner, roomId)).toMatchObject({ canSettle: false, moveOutDate: later });
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, settleBody(0, 20_000)),
      'CONFLICT',
      MSG.depositBeforeMoveOut(dayInWords(later)),
    );
    // Moved out today: the unpaid bill is proposed, named, for what it owes.
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Moving to another city.' }));
    const d = await depositOf(owner, roomId);
    const name = `Maintenance Bill, ${dayInWords(todayInIndia())}`;
    expect(d).toMatchObject({
      canSettle: true,
      held: 2_000_000,
      proposedDeductions: [{ billType: 'Maintenance Bill', name, amount: 120_000 }],
    });
    const settled = depositSchema.parse(
      okData(
        await post(owner, `/deposits/settle/${roomId}`, {
          deductions: [{ kind: 'unpaid_bills', reason: name, amount: 1200 }],
          refund: { amount: 18_800, method: 'upi', reference: 'UTR445566', date: todayInIndia() },
        }),
        201,
      ),
    );
    expect(settled.settlement?.deductions).toMatchObject([{ kind: 'unpaid_bills', reason: name, amount: 120_000 }]);
    expect(settled.unpaidBills).toBe(0);
    expect((await depositOf(tenant, roomId)).settlement?.deductions[0]?.reason).toBe(name);
  });
});

describe('netting unpaid bills', () => {
  it('is refused while the Deposit bill itself still owes (the deposit would pay itself)', async () => {
    const roomId = await letWithDeposit(5_000);
    await pay(roomId, 200_000);
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Left before the notice ran out.' }));
    expect(await depositOf(owner, roomId)).toMatchObject({ held: 200_000, status: 'partly_paid', canSettle: true });
    expectError(
      await post(owner, `/deposits/settle/${roomId}`, {
        deductions: [{ kind: 'unpaid_bills', reason: 'Rent', amount: 500 }],
        refund: { amount: 1500, method: 'cash', date: todayInIndia() },
      }),
      'CONFLICT',
      MSG.depositNettingDepositOwed,
      'deductions.0.kind',
    );
  });
});

describe('once only', () => {
  it('two settles at once (two instances on PostgreSQL): one settles, the other gets 409', async () => {
    const roomId = await letWithDeposit(5_000, otherTenant);
    await pay(roomId, 500_000, otherTenant);
    okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Left before the notice ran out.' }));
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
      const values = (refund: number) => ({
        deductions: [{ kind: 'cleaning' as const, reason: 'Deep cleaning', amount: 500_000 - refund, photoIds: [] }],
        refund: { amount: refund, method: 'cash' as const, reference: '', date: todayInIndia() },
      });
      const results = await Promise.allSettled([
        settleDeposit(ctx.deps, owner.user._id, roomId, values(400_000)),
        settleDeposit(other, owner.user._id, roomId, values(300_000)),
        settleDeposit(ctx.deps, owner.user._id, roomId, values(200_000)),
        settleDeposit(other, owner.user._id, roomId, values(100_000)),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected'))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: MSG.depositAlreadySettled });
      const rows = await ctx.deps.db.select().from(depositSettlements).where(eq(depositSettlements.roomId, roomId));
      expect(rows).toHaveLength(1);
      expect((rows[0]?.deductionsPaise ?? 0) + (rows[0]?.refundPaise ?? 0)).toBe(500_000);
    } finally {
      await second?.close();
    }
  });
});
