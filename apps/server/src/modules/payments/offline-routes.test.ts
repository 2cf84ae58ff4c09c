import {
  API_BASE,
  billGroupSchema,
  MSG,
  type PaymentReport,
  paymentOrderSchema,
  paymentReportSchema,
  paymentSchema,
  paySummarySchema,
  receiptSchema,
  rentReceiptSchema,
  roomCreditSchema,
  rupeesToPaise,
  tenantStatisticsSchema,
} from '@kiraya/contract';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billItems, creditRefunds, notifications, paymentAllocations, paymentReports, payments, rooms, users } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, type BillsOf, createBilledRoom, expectError, okData, type Person } from '../../test/support.js';
import { notificationWords } from '../../i18n/notifications.js';

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
  propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
});
afterAll(() => ctx.close());

const rent = (billDate: string, amount: number): BillsOf => ({ billDate, bills: [{ billType: 'Rent Bill', amount }] });
async function billedRoom(groups: BillsOf[] = [rent('2026-01-01', 1000), rent('2026-02-01', 1000)], t: Person = tenant) {
  const made = await createBilledRoom(ctx, owner, t, propertyId, { groups });
  return { roomId: made.roomId, billIds: made.groups.map((g) => g.bills[0]?._id as string) };
}
const summaryOf = async (roomId: string, t: Person = tenant) =>
  paySummarySchema.parse(okData(await get(t, `/payments/room/${roomId}/summary`)));
const paidOf = async (id: string) => (await ctx.deps.db.select().from(billItems).where(eq(billItems.id, id)))[0]?.paidPaise;
let utrN = 100_000_000_000;
const utr = () => String(++utrN);
const record = (who: Person | undefined, body: object) => post(who, '/payments/record', { paidOn: '2026-02-05', method: 'cash', ...body });
const report = (who: Person | undefined, body: object) => post(who, '/payments/report', { paidOn: '2026-02-05', ...body });

describe('POST /payments/record', () => {
  it("the room's owner records cash: the oldest bill is settled, a receipt with the method, the tenant notified", async () => {
    const { roomId, billIds } = await billedRoom();
    const p = paymentSchema.parse(okData(await record(owner, { roomId, amount: '1,200', note: 'At the door' }), 201, MSG.paymentRecorded));
    expect(p).toMatchObject({
      kind: 'offline',
      method: 'cash',
      methodLabel: 'Cash',
      amount: 1200,
      source: 'recorded',
      paidOn: '2026-02-05',
    });
    expect(p.reversible).toBe(true);
    expect(await paidOf(billIds[0] as string)).toBe(100_000);
    expect(await paidOf(billIds[1] as string)).toBe(20_000);
    expect((await summaryOf(roomId)).balance).toBe(800);
    const receipt = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${p._id}`)));
    expect(receipt).toMatchObject({ methodLabel: 'Cash', note: 'At the door', orderId: null, gateway: null });
    const [n] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tenant.user._id), eq(notifications.kind, 'paymentRecorded')));
    expect(n?.link).toBe(`/TenantDashboard/Receipts/${p._id}`);
  });

  it('refuses less than ₹1, more than owed, a UPI reference that is not a UTR, a duplicate reference, a future date', async () => {
    const { roomId } = await billedRoom();
    expectError(await record(owner, { roomId, amount: 0.5 }), 'BAD_REQUEST', MSG.paymentMinimum, 'amount');
    expectError(await record(owner, { roomId, amount: 2000.01 }), 'AMOUNT_TOO_HIGH', MSG.offlineTooHigh('₹2,000.00'), 'amount');
    expectError(await record(owner, { roomId, amount: 10, method: 'upi', reference: '12345' }), 'BAD_REQUEST', MSG.utrInvalid, 'reference');
    expectError(await record(owner, { roomId, amount: 10, method: 'cheque' }), 'BAD_REQUEST', MSG.chequeNumberRequired, 'reference');
    expectError(await record(owner, { roomId, amount: 10, method: 'card' }), 'BAD_REQUEST', MSG.offlineMethodInvalid, 'method');
    expectError(await record(owner, { roomId, amount: 10, paidOn: '2099-01-01' }), 'BAD_REQUEST', MSG.paidOnFuture, 'paidOn');
    const ref = utr();
    okData(await record(owner, { roomId, amount: 10, method: 'upi', reference: ref }), 201);
    expectError(
      await record(owner, { roomId, amount: 10, method: 'upi', reference: ref }),
      'CONFLICT',
      MSG.duplicateReference(ref),
      'reference',
    );
    // The tenant cannot report the same UTR either.
    expectError(await report(tenant, { roomId, amount: 10, reference: ref }), 'CONFLICT', MSG.duplicateReference(ref), 'reference');
    // Another owner may have a payment with the same reference.
    const { roomId: other } = await createBilledRoom(
      ctx,
      otherOwner,
      otherTenant,
      (await createProperty(ctx.deps, otherOwner.user._id))._id,
    );
    okData(await record(otherOwner, { roomId: other, amount: 10, method: 'upi', reference: ref }), 201);
  });

  it('keeps a reference as typed and compares it normalised; says what is wrong with a fraction of a paisa', async () => {
    const { roomId } = await billedRoom();
    const p = okData<{ reference: string }>(
      await record(owner, { roomId, amount: 10, method: 'cheque', reference: '  Book 12 / 034 ' }),
      201,
    );
    expect(p.reference).toBe('Book 12 / 034');
    expectError(
      await record(owner, { roomId, amount: 10, method: 'cheque', reference: 'BOOK12/034' }),
      'CONFLICT',
      MSG.duplicateReference('BOOK12/034'),
      'reference',
    );
    expectError(await record(owner, { roomId, amount: 1.005 }), 'BAD_REQUEST', MSG.paymentAmountDecimals, 'amount');
    expectError(await report(tenant, { roomId, amount: '1.005', reference: utr() }), 'BAD_REQUEST', MSG.paymentAmountDecimals, 'amount');
  });

  it('is for the room’s owner only', async () => {
    const { roomId } = await billedRoom();
    expectError(await record(tenant, { roomId, amount: 10 }), 'FORBIDDEN', MSG.ownersOnly);
    // Another owner's room is not found, as another owner's report is when confirming it (one rule, 404).
    expectError(await record(otherOwner, { roomId, amount: 10 }), 'NOT_FOUND', MSG.roomNotFound);
    expect((await record(undefined, { roomId, amount: 10 })).statusCode).toBe(401);
  });
});

describe("the owner's UPI ID (Profile)", () => {
  const put = (who: Person, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `${API_BASE}/users/update-account-details`, headers: { cookie: who.cookie }, payload });
  const account = async (who: Person) => {
    const u = okData<Record<string, unknown>>(await get(who, '/users/get-current-user'));
    return { fullName: u.fullName, email: u.email, phoneNumber: u.phoneNumber, aadharCardNumber: u.aadharCardNumber, address: u.address };
  };
  it('is stored lower-case for owners, checked by its shape, removed with an empty value, refused to tenants', async () => {
    const o = await otherOwnerAccount();
    expect(okData<{ upiVpa: string | null }>(await put(otherOwner, { ...o, upiVpa: ' Rent.Owner@OKAxis ' })).upiVpa).toBe(
      'rent.owner@okaxis',
    );
    expect(okData<{ upiVpa: string | null }>(await get(otherOwner, '/users/get-current-user')).upiVpa).toBe('rent.owner@okaxis');
    expectError(await put(otherOwner, { ...o, upiVpa: 'rent.owner' }), 'BAD_REQUEST', MSG.vpaFormat, 'upiVpa');
    expect(okData<{ upiVpa: string | null }>(await put(otherOwner, { ...o })).upiVpa).toBe('rent.owner@okaxis');
    expect(okData<{ upiVpa: string | null }>(await put(otherOwner, { ...o, upiVpa: '' })).upiVpa).toBeNull();
    expectError(await put(tenant, { ...(await account(tenant)), upiVpa: 'me@ybl' }), 'BAD_REQUEST', MSG.vpaOwnersOnly, 'upiVpa');
  });
  const otherOwnerAccount = () => account(otherOwner);
});

describe('reports: the tenant pays the owner by UPI and reports it', () => {
  it('shows the owner’s UPI ID on the Pay screen once the owner has one', async () => {
    const { roomId } = await billedRoom();
    expect((await summaryOf(roomId)).ownerUpi).toBeNull();
    await ctx.deps.db.update(users).set({ upiVpa: 'owner1@okhdfcbank' }).where(eq(users.id, owner.user._id));
    expect((await summaryOf(roomId)).ownerUpi).toEqual({
      vpa: 'owner1@okhdfcbank',
      payeeName: owner.user.fullName,
      note: `Kiraya Room ${await roomNumberOf(roomId)} Jan 2026`,
    });
    await ctx.deps.db.update(users).set({ upiVpa: null }).where(eq(users.id, owner.user._id));
  });

  it('is pending until the owner confirms it (then it is in the ledger) or rejects it with a reason; both see it', async () => {
    const { roomId, billIds } = await billedRoom();
    const ref = utr();
    const r = paymentReportSchema.parse(okData(await report(tenant, { roomId, amount: 1500, reference: ref }), 201, MSG.paymentReported));
    expect(r).toMatchObject({ status: 'pending', amount: 1500, reference: ref, paymentId: null });
    expect(await paidOf(billIds[0] as string)).toBe(0);
    const ownerSees = okData<PaymentReport[]>(await get(owner, `/payments/upi-reports?status=pending&roomId=${roomId}`));
    expect(ownerSees.map((x) => x._id)).toEqual([r._id]);
    const tenantSees = okData<PaymentReport[]>(await get(tenant, `/payments/upi-reports?roomId=${roomId}`));
    expect(tenantSees.map((x) => x._id)).toEqual([r._id]);
    expect(okData<PaymentReport[]>(await get(otherOwner, '/payments/upi-reports')).some((x) => x._id === r._id)).toBe(false);
    const [n] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user._id), eq(notifications.kind, 'paymentReported')));
    expect(n && notificationWords(n, 'en-IN').title).toBe('Payment to confirm: ₹1,500.00');
    // A second report with the same UTR is a duplicate while the first is pending.
    expectError(await report(tenant, { roomId, amount: 10, reference: ref }), 'CONFLICT', MSG.duplicateReference(ref), 'reference');
    // Only the owner decides; others get 404, tenants 403.
    expectError(await post(otherOwner, `/payments/confirm-report/${r._id}`), 'NOT_FOUND', MSG.reportNotFound);
    expectError(await post(tenant, `/payments/confirm-report/${r._id}`), 'FORBIDDEN', MSG.ownersOnly);
    const done = paymentReportSchema.parse(okData(await post(owner, `/payments/confirm-report/${r._id}`), 200, MSG.reportConfirmed));
    expect(done.status).toBe('confirmed');
    expect(done.paymentId).toBeTruthy();
    const p = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${done.paymentId}`)));
    expect(p).toMatchObject({ methodLabel: 'UPI direct', source: 'reported', reference: ref, amount: 1500 });
    expect(await paidOf(billIds[0] as string)).toBe(100_000);
    expectError(await post(owner, `/payments/confirm-report/${r._id}`), 'CONFLICT', MSG.reportAlreadyDecided);
    // Reject another report: a reason is required; nothing enters the ledger.
    const r2 = paymentReportSchema.parse(okData(await report(tenant, { roomId, amount: 100, reference: utr() }), 201));
    expectError(await post(owner, `/payments/reject-report/${r2._id}`, { reason: ' ' }), 'BAD_REQUEST', MSG.reasonRequired, 'reason');
    const rejected = paymentReportSchema.parse(
      okData(await post(owner, `/payments/reject-report/${r2._id}`, { reason: 'Not in my account' }), 200, MSG.reportRejected),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Not in my account', paymentId: null });
    expect((await summaryOf(roomId)).balance).toBe(500);
    expectError(await post(owner, `/payments/confirm-report/${r2._id}`), 'CONFLICT', MSG.reportAlreadyDecided);
  });

  it('confirms a report once when two confirmations arrive together', async () => {
    const { roomId } = await billedRoom();
    const r = paymentReportSchema.parse(okData(await report(tenant, { roomId, amount: 700, reference: utr() }), 201));
    const answers = await Promise.all([0, 1, 2].map(() => post(owner, `/payments/confirm-report/${r._id}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const made = await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId));
    expect(made.map((p) => p.amountPaise)).toEqual([70_000]);
    const [row] = await ctx.deps.db.select().from(paymentReports).where(eq(paymentReports.id, r._id));
    expect(row?.paymentId).toBe(made[0]?.id);
  });

  it('is only for the room’s current tenant, at most what is owed', async () => {
    const { roomId } = await billedRoom();
    expectError(await report(otherTenant, { roomId, amount: 10, reference: utr() }), 'FORBIDDEN', MSG.forbidden);
    expectError(await report(owner, { roomId, amount: 10, reference: utr() }), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(
      await report(tenant, { roomId, amount: 2001, reference: utr() }),
      'AMOUNT_TOO_HIGH',
      MSG.paymentTooHigh('₹2,000.00'),
      'amount',
    );
    expectError(await report(tenant, { roomId, amount: 10, reference: 'UTR12' }), 'BAD_REQUEST', MSG.utrInvalid, 'reference');
  });
});

describe('POST /payments/reverse/:id', () => {
  it('undoes the allocations, keeps both entries, marks the receipt reversed and tells the tenant', async () => {
    const { roomId, billIds } = await billedRoom();
    const p = paymentSchema.parse(
      okData(await record(owner, { roomId, amount: 1500, method: 'bank_transfer', reference: 'NEFT-77' }), 201),
    );
    expectError(await post(owner, `/payments/reverse/${p._id}`, {}), 'BAD_REQUEST', MSG.reasonRequired, 'reason');
    expectError(await post(tenant, `/payments/reverse/${p._id}`, { reason: 'x' }), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await post(otherOwner, `/payments/reverse/${p._id}`, { reason: 'x' }), 'NOT_FOUND', MSG.paymentNotFound);
    const rev = paymentSchema.parse(
      okData(await post(owner, `/payments/reverse/${p._id}`, { reason: 'Cheque bounced' }), 200, MSG.paymentReversed),
    );
    expect(rev.reversal?.reason).toBe('Cheque bounced');
    expect(rev.reversible).toBe(false);
    expect(rev.allocations.map((a) => a.amount)).toEqual([1000, 500]);
    expect(await paidOf(billIds[0] as string)).toBe(0);
    expect(await paidOf(billIds[1] as string)).toBe(0);
    expect(await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, p._id))).toEqual([]);
    expect((await summaryOf(roomId)).balance).toBe(2000);
    const receipt = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${p._id}`)));
    expect(receipt.reversal).toMatchObject({ reason: 'Cheque bounced' });
    const [n] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tenant.user._id), eq(notifications.kind, 'paymentReversed')));
    expect(n && notificationWords(n, 'en-IN').title).toBe('Payment reversed: ₹1,500.00');
    expectError(await post(owner, `/payments/reverse/${p._id}`, { reason: 'again' }), 'CONFLICT', MSG.alreadyReversed);
    // The reference may be recorded again once its payment is reversed.
    okData(await record(owner, { roomId, amount: 1500, method: 'bank_transfer', reference: 'NEFT-77' }), 201);
  });

  it('refuses gateway payments and payments recorded more than 30 days ago', async () => {
    const { roomId } = await billedRoom();
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 100 }), 201));
    const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }));
    const gw = paymentSchema.parse(okData(await post(tenant, '/bills/verify-payment', paid)));
    expectError(await post(owner, `/payments/reverse/${gw._id}`, { reason: 'x' }), 'BAD_REQUEST', MSG.gatewayNotReversible);
    const p = paymentSchema.parse(okData(await record(owner, { roomId, amount: 100 }), 201));
    await ctx.deps.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(payments.id, p._id));
    expectError(await post(owner, `/payments/reverse/${p._id}`, { reason: 'x' }), 'BAD_REQUEST', MSG.reversalWindowClosed(30));
  });
});

describe('reversing a payment whose credit was refunded or applied', () => {
  // Recorded money is never more than owed and a settled bill cannot be edited or deleted, so an offline
  // payment's money is all on bills today. These tests free part of it by hand (as a bill corrected after
  // payment would) to check that a reversal keeps the ledger whole whatever has happened to that credit.
  async function partlyFreed() {
    const { roomId, billIds } = await billedRoom([rent('2026-01-01', 1000)]);
    const p = paymentSchema.parse(okData(await record(owner, { roomId, amount: 1000 }), 201));
    const bill = billIds[0] as string;
    await ctx.deps.db.update(billItems).set({ amountPaise: 60_000, paidPaise: 60_000 }).where(eq(billItems.id, bill));
    await ctx.deps.db.update(paymentAllocations).set({ amountPaise: 60_000 }).where(eq(paymentAllocations.paymentId, p._id));
    expect(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit).toBe(400);
    return { roomId, bill, p };
  }
  const creditOf = async (roomId: string) => roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit;
  const refund = (roomId: string, amount: number) => post(owner, '/payments/refund-credit', { roomId, amount, reference: `RF${utr()}` });
  const bill = (roomId: string, amount: number) =>
    post(owner, '/bills/add-bill', { propertyId, roomId, billDate: '2026-02-01', bills: [{ billType: 'Maintenance Bill', amount }] });

  it('refuses when part of the payment was refunded as credit, and changes nothing', async () => {
    const { roomId, bill: b1, p } = await partlyFreed();
    okData(await refund(roomId, 300), 201);
    expectError(await post(owner, `/payments/reverse/${p._id}`, { reason: 'Mistake' }), 'CONFLICT', MSG.reversalCreditRefunded('₹300.00'));
    const [row] = await ctx.deps.db.select().from(payments).where(eq(payments.id, p._id));
    expect(row?.reversedAt).toBeNull();
    expect(await paidOf(b1)).toBe(60_000);
    expect(await creditOf(roomId)).toBe(100);
  });

  it('refuses when the refund came out of credit that had since settled another bill', async () => {
    const { roomId, p } = await partlyFreed();
    okData(await refund(roomId, 300), 201);
    // The ₹100 left settles ₹100 of a new ₹250 bill, as an allocation of the payment.
    okData(await bill(roomId, 250), 201);
    expect(await creditOf(roomId)).toBe(0);
    expectError(await post(owner, `/payments/reverse/${p._id}`, { reason: 'Mistake' }), 'CONFLICT', MSG.reversalCreditRefunded('₹300.00'));
  });

  it('reverses when the credit was only applied to other bills: every bill it settled owes again', async () => {
    const { roomId, bill: b1, p } = await partlyFreed();
    const b2 = billGroupSchema.parse(okData(await bill(roomId, 250), 201)).bills[0]?._id as string;
    expect(await paidOf(b2)).toBe(25_000);
    const rev = paymentSchema.parse(okData(await post(owner, `/payments/reverse/${p._id}`, { reason: 'Mistake' })));
    expect(rev.reversal?.reason).toBe('Mistake');
    expect(await paidOf(b1)).toBe(0);
    expect(await paidOf(b2)).toBe(0);
    expect(await creditOf(roomId)).toBe(0);
    expect((await summaryOf(roomId)).balance).toBe(850);
  });
});

describe('TDS under section 194-IB on the yearly rent receipt', () => {
  it('says how much tax to deduct when the monthly rent is above ₹50,000, and nothing otherwise', async () => {
    const { roomId } = await billedRoom([rent('2026-04-01', 55_000), rent('2026-05-01', 55_000)]);
    okData(await record(owner, { roomId, amount: 110_000, method: 'bank_transfer', reference: `NEFT${utr()}`, paidOn: '2026-05-03' }), 201);
    const year = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=FY2026-27`)));
    expect(year.tds).toEqual({
      ratePercent: 2,
      tax: 2200,
      monthlyRent: 55_000,
      yearRent: 110_000,
      financialYear: 'Financial year 2026-27',
    });
    expect(year.payments.map((p) => p.methodLabel)).toEqual(['Bank transfer', 'Bank transfer']);
    const small = await billedRoom([rent('2026-04-01', 50_000)]);
    okData(await record(owner, { roomId: small.roomId, amount: 50_000, paidOn: '2026-04-03' }), 201);
    const none = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${small.roomId}&period=FY2026-27`)));
    expect(none.tds).toBeNull();
  });
});

async function roomNumberOf(roomId: string): Promise<string> {
  const [r] = await ctx.deps.db.select({ n: rooms.roomNumber }).from(rooms).where(eq(rooms.id, roomId));
  return r?.n ?? '?';
}

describe('the ledger over random sequences (issue 23)', () => {
  it('counts every rupee recorded, confirmed or reversed exactly once in payments, allocations and bills', async () => {
    type Step =
      | { kind: 'bill'; paise: number }
      | { kind: 'gateway'; share: number }
      | { kind: 'record'; share: number; method: 'cash' | 'upi' | 'bank_transfer' | 'cheque' }
      | { kind: 'report'; share: number }
      | { kind: 'confirm' | 'reject'; pick: number }
      | { kind: 'reverse'; pick: number }
      | { kind: 'overpay'; share: number }
      | { kind: 'refund'; share: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('bill' as const), paise: fc.integer({ min: 100, max: 500_000 }) }),
      fc.record({ kind: fc.constant('gateway' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({
        kind: fc.constant('record' as const),
        share: fc.integer({ min: 1, max: 100 }),
        method: fc.constantFrom('cash' as const, 'upi' as const, 'bank_transfer' as const, 'cheque' as const),
      }),
      fc.record({ kind: fc.constant('report' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constantFrom('confirm' as const, 'reject' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
      // A checkout paid after the owner recorded cash for the same bills: the gateway money is credit.
      fc.record({ kind: fc.constant('overpay' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 100 }) }),
    ) as fc.Arbitrary<Step>;
    const seen = { recorded: 0, confirmed: 0, rejected: 0, reversed: 0, gateway: 0, overpaid: 0, refunded: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        const { roomId } = await billedRoom([rent('2026-01-01', 1000)]);
        let day = 1;
        const pending: string[] = [];
        const reported = new Map<string, number>();
        const offline: string[] = [];
        for (const s of steps) {
          const owed = rupeesToPaise((await summaryOf(roomId)).balance);
          const part = (share: number) => Math.min(owed, Math.max(100, Math.floor((owed * share) / 100)));
          if (s.kind === 'bill') {
            const d = `2026-${String(1 + (day % 10)).padStart(2, '0')}-${String(1 + Math.floor(day / 10)).padStart(2, '0')}`;
            day++;
            okData(
              await post(owner, '/bills/add-bill', {
                propertyId,
                roomId,
                billDate: d,
                bills: [{ billType: 'Maintenance Bill', amount: s.paise / 100 }],
              }),
              201,
            );
          } else if (s.kind === 'gateway' && owed >= 100) {
            const o = paymentOrderSchema.parse(
              okData(await post(tenant, '/bills/create-order', { roomId, amount: part(s.share) / 100 }), 201),
            );
            const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: o.id, outcome: 'success' }));
            okData(await post(tenant, '/bills/verify-payment', paid));
            seen.gateway++;
          } else if (s.kind === 'record' && owed >= 100) {
            const reference = s.method === 'upi' ? utr() : s.method === 'cheque' ? `CHQ${utr()}` : undefined;
            const p = paymentSchema.parse(
              okData(await record(owner, { roomId, amount: part(s.share) / 100, method: s.method, reference }), 201),
            );
            offline.push(p._id);
            seen.recorded++;
          } else if (s.kind === 'report' && owed - pending.reduce((n, id) => n + (reported.get(id) ?? 0), 0) >= 100) {
            // A report may not cover money already reported and waiting for the owner (ADR 042).
            const left = owed - pending.reduce((n, id) => n + (reported.get(id) ?? 0), 0);
            const paise = Math.min(left, Math.max(100, Math.floor((left * s.share) / 100)));
            const r = paymentReportSchema.parse(okData(await report(tenant, { roomId, amount: paise / 100, reference: utr() }), 201));
            reported.set(r._id, paise);
            pending.push(r._id);
          } else if ((s.kind === 'confirm' || s.kind === 'reject') && pending.length) {
            const [id] = pending.splice(s.pick % pending.length, 1);
            const res =
              s.kind === 'confirm'
                ? await post(owner, `/payments/confirm-report/${id}`)
                : await post(owner, `/payments/reject-report/${id}`, { reason: 'No' });
            // A confirmation may find the room owing less than reported, or nothing, by then (the owner rejects it instead).
            if (res.statusCode === 200) {
              const r = paymentReportSchema.parse(okData(res));
              if (r.paymentId) offline.push(r.paymentId);
              seen[r.status === 'confirmed' ? 'confirmed' : 'rejected']++;
            } else {
              expect(['AMOUNT_TOO_HIGH', 'ALREADY_PAID']).toContain(res.json().code);
              okData(await post(owner, `/payments/reject-report/${id}`, { reason: 'Owes less now' }));
            }
          } else if (s.kind === 'overpay' && owed >= 100) {
            const o = paymentOrderSchema.parse(
              okData(await post(tenant, '/bills/create-order', { roomId, amount: part(s.share) / 100 }), 201),
            );
            offline.push(paymentSchema.parse(okData(await record(owner, { roomId, amount: owed / 100 }), 201))._id);
            const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: o.id, outcome: 'success' }));
            okData(await post(tenant, '/bills/verify-payment', paid));
            seen.overpaid++;
          } else if (s.kind === 'refund') {
            const c = rupeesToPaise(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit);
            if (c > 0) {
              const amount = Math.max(1, Math.floor((c * s.share) / 100)) / 100;
              okData(await post(owner, '/payments/refund-credit', { roomId, amount, reference: `RF${utr()}` }), 201);
              seen.refunded++;
            }
          } else if (s.kind === 'reverse' && offline.length) {
            const [id] = offline.splice(s.pick % offline.length, 1);
            okData(await post(owner, `/payments/reverse/${id}`, { reason: 'Correction' }));
            seen.reversed++;
          }
        }
        const all = await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId));
        const counted = all.filter((p) => !p.reversedAt);
        const reversed = all.filter((p) => p.reversedAt);
        const allocs = all.length
          ? await ctx.deps.db
              .select()
              .from(paymentAllocations)
              .where(
                inArray(
                  paymentAllocations.paymentId,
                  all.map((p) => p.id),
                ),
              )
          : [];
        const sum = (xs: { amountPaise: number }[]) => xs.reduce((n, x) => n + x.amountPaise, 0);
        const credit = rupeesToPaise(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit);
        const refunds = await ctx.deps.db.select().from(creditRefunds).where(eq(creditRefunds.roomId, roomId));
        // Money that counts = money allocated + credit + credit refunded; a reversed payment allocates nothing and kept what it had settled.
        expect(sum(counted)).toBe(sum(allocs) + credit + sum(refunds));
        for (const p of reversed) {
          expect(allocs.filter((a) => a.paymentId === p.id)).toEqual([]);
          expect(sum(p.reversedAllocations ?? [])).toBe(p.amountPaise);
        }
        for (const p of all.filter((x) => x.kind === 'offline' && !x.reversedAt))
          expect(sum(allocs.filter((a) => a.paymentId === p.id))).toBe(p.amountPaise);
        const items = await ctx.deps.db.select().from(billItems).where(eq(billItems.roomId, roomId));
        for (const b of items) {
          expect(b.paidPaise).toBeLessThanOrEqual(b.amountPaise);
          expect(sum(allocs.filter((a) => a.billItemId === b.id))).toBe(b.paidPaise);
        }
        const billed = sum(items);
        const owedNow = rupeesToPaise((await summaryOf(roomId)).balance);
        expect(billed - owedNow).toBe(sum(allocs));
        // Reports: a confirmed one has exactly its payment; pending and rejected ones none.
        const reps = await ctx.deps.db.select().from(paymentReports).where(eq(paymentReports.roomId, roomId));
        for (const r of reps) {
          if (r.status === 'confirmed') {
            const p = all.find((x) => x.id === r.paymentId);
            expect(p).toMatchObject({ amountPaise: r.amountPaise, reference: r.reference, source: 'reported' });
          } else expect(r.paymentId).toBeNull();
        }
        // The tenant's statistics count each payment that counts, once.
        const stats = tenantStatisticsSchema.parse(okData(await get(tenant, '/statistics/tenant')));
        const ours = await ctx.deps.db.select().from(payments).where(eq(payments.tenantId, tenant.user._id));
        expect(rupeesToPaise(stats.totals.paid)).toBe(sum(ours.filter((p) => !p.reversedAt)));
      }),
      { numRuns: 10, seed: 23 },
    );
    // The sequences did reach every kind of entry.
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  }, 240_000);
});
