import {
  API_BASE,
  MSG,
  PAYMENT_WEBHOOK_PATH,
  billGroupSchema,
  paymentOrderSchema,
  paymentSchema,
  paySummarySchema,
  roomCreditSchema,
  rupeesToPaise,
  receiptSchema,
  rentReceiptSchema,
  tenantRoomSchema,
} from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billGroups, billItems, paymentAllocations, paymentOrders, payments, tenancies } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectLedgerWhole } from '../../test/ledger-checks.js';
import { creditBalancePaise } from '../../lib/ledger.js';
import { type BillsOf, createBilledRoom, expectError, okData } from '../../test/support.js';
import { gatewayFor, paymentSignature, SandboxGateway, webhookSignature } from './gateway.js';
import { RECONCILE_MIN_AGE_MS, reconcileSweep } from './service.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let propertyId: string;

type Who = Person | undefined;
const hdr = (who: Who) => (who ? { cookie: who.cookie } : {});
const post = (who: Who, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}${url}`, headers: hdr(who), ...(payload ? { payload } : {}) });
const get = (who: Who, url: string) => ctx.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers: hdr(who) });
const sandbox = () => gatewayFor(ctx.deps) as SandboxGateway;

/** A room of `owner` occupied by `t`, billed with the given groups (rupees). */
async function billedRoom(groups: BillsOf[], t: Person = tenant) {
  const made = await createBilledRoom(ctx, owner, t, propertyId, { groups });
  return { roomId: made.roomId, billIds: made.groups.map((g) => g.bills.map((b) => b._id)) };
}

const createOrder = (who: Who, roomId: string, amount: unknown) => post(who, '/bills/create-order', { roomId, amount });

/** Creates an order and pays it in the sandbox: what the checkout hands the browser. */
async function paidOrder(roomId: string, amount: number, t: Person = tenant) {
  const order = paymentOrderSchema.parse(okData(await createOrder(t, roomId, amount), 201));
  const paid = okData<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    await post(t, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }),
  );
  return { order, paid };
}
const verify = (who: Who, p: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }, extra = {}) =>
  post(who, '/bills/verify-payment', { ...p, ...extra });

const paymentsOfOrder = async (gatewayOrderId: string) => {
  const [o] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, gatewayOrderId));
  return o ? ctx.deps.db.select().from(payments).where(eq(payments.orderId, o.id)) : [];
};
const paidOf = async (billId: string) => (await ctx.deps.db.select().from(billItems).where(eq(billItems.id, billId)))[0]?.paidPaise;

function webhook(body: object | string, secret = ctx.config.payments.sandboxWebhookSecret, eventId = 'evt_1') {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${PAYMENT_WEBHOOK_PATH}`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(secret, payload),
      'x-razorpay-event-id': eventId,
    },
    payload,
  });
}
const capturedEvent = (orderId: string, paymentId: string, amount: number, event = 'payment.captured') => ({
  entity: 'event',
  event,
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: paymentId,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        method: 'upi',
        created_at: 1_790_000_000,
      },
    },
  },
  created_at: 1_790_000_000,
});

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

describe('POST /bills/create-order', () => {
  it('stores an order for the room of the caller: amount in paise, bills, tenant, owner; the sandbox key', async () => {
    const { roomId, billIds } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 8000 }] }]);
    const order = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, '2,500.50'), 201, MSG.orderCreated));
    expect(order).toMatchObject({ amount: 250_050, currency: 'INR', gateway: 'sandbox', key: 'sandbox', roomId, status: 'created' });
    expect(order.id).toMatch(/^order_Sbx[A-Za-z0-9]{14}$/);
    const [row] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
    expect(row).toMatchObject({ amountPaise: 250_050, tenantId: tenant.user._id, ownerId: owner.user._id, billItemIds: billIds[0] });
  });

  it('refuses amounts below ₹1, above what is owed, not numbers, with more than two decimals, huge or with NUL', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    expectError(await createOrder(tenant, roomId, 0.99), 'BAD_REQUEST', MSG.paymentMinimum, 'amount');
    expectError(await createOrder(tenant, roomId, 1000.01), 'AMOUNT_TOO_HIGH', MSG.paymentTooHigh('₹1,000.00'), 'amount');
    for (const bad of ['abc', 1e308, '1\u0000', -5, 0, '', null, { a: 1 }, '1e3']) {
      const res = await createOrder(tenant, roomId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toBe(MSG.paymentAmountInvalid);
    }
    // A fraction of a paisa is named as such (ADR 043).
    expectError(await createOrder(tenant, roomId, '10.005'), 'BAD_REQUEST', MSG.paymentAmountDecimals, 'amount');
    expect(okData(await createOrder(tenant, roomId, 1), 201)).toMatchObject({ amount: 100 });
    expect(okData(await createOrder(tenant, roomId, 1000), 201)).toMatchObject({ amount: 100_000 });
  });

  it('answers ALREADY_PAID when nothing is owed', async () => {
    const { roomId } = await billedRoom([]);
    const res = await createOrder(tenant, roomId, 10);
    expectError(res, 'ALREADY_PAID', MSG.nothingOwed);
  });

  it('is for the tenant occupying the room only: other tenant 403, owner 403, visitor 401', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    expectError(await createOrder(otherTenant, roomId, 10), 'FORBIDDEN', MSG.forbidden);
    expectError(await createOrder(owner, roomId, 10), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await createOrder(undefined, roomId, 10), 'UNAUTHORIZED', MSG.unauthorized);
  });
});

describe('a balance under ₹1, the waiver and the pay summary (issue 18)', () => {
  it('says why a balance under ₹1 cannot be paid online, and takes it with the next bill', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 100.5 }] }]);
    const { paid } = await paidOrder(roomId, 100);
    okData(await verify(tenant, paid));
    const summary = paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)));
    expect(summary).toMatchObject({ balance: 0.5, minimum: 1, online: 'sandbox' });
    for (const amount of [0.5, 0.3, 1]) {
      const res = await createOrder(tenant, roomId, amount);
      expectError(res, 'BAD_REQUEST', MSG.paymentBelowGatewayMinimum('₹0.50'), 'amount');
    }
    // With the next bill the whole balance is payable at once, the old half rupee first.
    okData(
      await post(owner, '/bills/add-bill', { propertyId, roomId, billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 10 }] }),
      201,
    );
    const rest = await paidOrder(roomId, 10.5);
    okData(await verify(tenant, rest.paid));
    expect(paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)))).toMatchObject({ balance: 0, owed: [] });
  });

  it('lets the owner waive the rest of a partly paid bill: recorded, shown to both sides, no longer owed', async () => {
    const { roomId, billIds } = await billedRoom([
      { billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 100.5 }] },
      { billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 200 }] },
    ]);
    const [[first], [second]] = billIds as [[string], [string]];
    okData(await verify(tenant, (await paidOrder(roomId, 100)).paid));
    const waive = (who: Who, billId: string) => post(who, '/bills/waive-remainder', { billId });
    // Not the tenant, not another owner, not a stranger's id; not an unpaid bill.
    expectError(await waive(tenant, first), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await waive(otherOwner, first), 'FORBIDDEN', MSG.forbidden);
    expectError(await waive(undefined, first), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await waive(owner, '0198e7b2-6a3c-7cc1-8e6e-000000000000'), 'NOT_FOUND', MSG.billNotFound);
    expectError(await waive(owner, second), 'CONFLICT', MSG.billNotWaivable);
    const bill = okData<{ status: string; paidAmount: number; waivedAmount: number }>(await waive(owner, first), 200, MSG.billWaived);
    expect(bill).toMatchObject({ status: 'paid', paidAmount: 100, waivedAmount: 0.5 });
    const [row] = await ctx.deps.db.select().from(billItems).where(eq(billItems.id, first));
    expect(row).toMatchObject({ paidPaise: 10_000, waivedPaise: 50 });
    expect(row?.waivedAt).toBeInstanceOf(Date);
    // Settled: a second waiver has nothing to waive; an edit or a delete is refused.
    expect((await waive(owner, first)).json().code).toBe('ALREADY_PAID');
    expectError(await post(owner, '/bills/delete-bill', { billId: first }), 'CONFLICT', MSG.billLocked);
    // The tenant sees it, owes only February, and was told.
    const summary = paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)));
    expect(summary).toMatchObject({ balance: 200, owed: [{ billId: second, owed: 200 }] });
    const groups = okData<{ bills: { _id: string; waivedAmount: number; status: string }[] }[]>(await get(tenant, '/bills/tenant'));
    expect(groups.flatMap((g) => g.bills).find((b) => b._id === first)).toMatchObject({ waivedAmount: 0.5, status: 'paid' });
    const notes = okData<{ items: { kind: string; title: string }[] }>(await get(tenant, '/notifications/list'));
    expect(notes.items.find((n) => n.kind === 'billWaived')?.title).toContain('₹0.50 waived');
  });

  it("lists what is owed oldest first, for the room's tenant only", async () => {
    const { roomId, billIds } = await billedRoom([
      { billDate: '2026-03-01', bills: [{ billType: 'Rent Bill', amount: 300 }] },
      {
        billDate: '2026-01-01',
        bills: [
          { billType: 'Rent Bill', amount: 100 },
          { billType: 'Maintenance Bill', amount: 50 },
        ],
      },
    ]);
    const summary = paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`), 200, MSG.paySummaryFetched));
    expect(summary.owed.map((b) => [b.billDate, b.billType, b.owed])).toEqual([
      ['2026-01-01', 'Rent Bill', 100],
      ['2026-01-01', 'Maintenance Bill', 50],
      ['2026-03-01', 'Rent Bill', 300],
    ]);
    expect(summary.owed[0]?.billId).toBe(billIds[1]?.[0]);
    expect(summary).toMatchObject({ balance: 450, minimum: 1 });
    expectError(await get(otherTenant, `/payments/room/${roomId}/summary`), 'FORBIDDEN', MSG.forbidden);
    expectError(await get(owner, `/payments/room/${roomId}/summary`), 'FORBIDDEN', MSG.tenantsOnly);
  });
});

describe('online payment off in production without keys (issue 18)', () => {
  it('refuses create-order with 503 PAYMENTS_OFF and says so in the summary; the sandbox cannot pay', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const order = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 10), 201));
    const saved = ctx.config.payments.gateway;
    ctx.config.payments.gateway = 'off';
    try {
      const res = await createOrder(tenant, roomId, 10);
      expectError(res, 'PAYMENTS_OFF', MSG.paymentsOff);
      expect(res.json().code).toBe('PAYMENTS_OFF');
      expect(paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`))).online).toBe('off');
      const pay = await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' });
      expect(pay.statusCode).toBe(503);
      expect(pay.json().code).toBe('PAYMENTS_OFF');
    } finally {
      ctx.config.payments.gateway = saved;
    }
  });
});

describe('abuse of orders and webhooks (issue 18)', () => {
  it('limits the orders one tenant creates per minute, whatever room or address', async () => {
    const own = await createTestContext({
      rateLimits: { signupsPerHour: 100, failedLoginsPerMinute: 100, loginsPerIpPerMinute: 100, ordersPerUserPerMinute: 3 },
    });
    try {
      const [o, t, t2] = await Promise.all([signedIn(own, 'owner'), signedIn(own, 'tenant'), signedIn(own, 'tenant')]);
      const pid = (await createProperty(own.deps, o.user._id))._id;
      const room = async (who: Person) => (await createBilledRoom(own, o, who, pid)).roomId;
      const [r1, r2] = [await room(t), await room(t2)];
      const order = (who: Person, roomId: string, ip: string) =>
        own.app.inject({
          method: 'POST',
          url: `${API_BASE}/bills/create-order`,
          headers: { cookie: who.cookie },
          remoteAddress: ip,
          payload: { roomId, amount: 10 },
        });
      const statuses = [];
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) statuses.push((await order(t, r1, ip)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Another tenant has their own allowance.
      expect((await order(t2, r2, '10.0.0.1')).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });

  it('answers 200 to a webhook whose payment id belongs to another order, and leaves the ledger alone', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const first = await paidOrder(roomId, 100);
    okData(await verify(tenant, first.paid));
    const other = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 200), 201));
    const before = await ctx.deps.db.select().from(payments);
    const res = await webhook(capturedEvent(other.id, first.paid.razorpay_payment_id, 20_000), undefined, 'evt_reuse');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ignored' });
    expect(await ctx.deps.db.select().from(payments)).toHaveLength(before.length);
    expect(await paymentsOfOrder(other.id)).toHaveLength(0);
  });
});

describe('sandbox checkout and POST /bills/verify-payment', () => {
  it('records a verified payment once: replays and a client amount or tenant id change nothing', async () => {
    const { roomId, billIds } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 400);
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_signature).toBe(paymentSignature(ctx.config.payments.sandboxSecret, order.id, paid.razorpay_payment_id));
    const res = await verify(tenant, paid, { amount: 1000, tenantId: otherTenant.user._id, roomId: 'x' });
    const payment = paymentSchema.parse(okData(res, 200, MSG.paymentSuccessful));
    expect(payment).toMatchObject({ amount: 400, source: 'verify', paymentId: paid.razorpay_payment_id, orderId: order.id, roomId });
    expect(payment.receiptNumber).toMatch(/^KR-\d{4}-\d{6}$/);
    expect(payment.allocations).toEqual([expect.objectContaining({ billId: billIds[0]?.[0], amount: 400, billType: 'Rent Bill' })]);
    expect(payment.tenantId._id).toBe(tenant.user._id);
    // The spec's field names work too, and a replay returns the same payment.
    const again = await post(tenant, '/bills/verify-payment', {
      paymentId: paid.razorpay_payment_id,
      orderId: order.id,
      signature: paid.razorpay_signature,
    });
    expect(paymentSchema.parse(okData(again))._id).toBe(payment._id);
    expect(await paymentsOfOrder(order.id)).toHaveLength(1);
    expect(await paidOf(billIds[0]?.[0] ?? '')).toBe(40_000);
    const [o] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
    expect(o?.status).toBe('paid');
  });

  it('refuses a forged signature and a signature of another order (BAD_SIGNATURE), recording nothing', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const a = await paidOrder(roomId, 100);
    const b = await paidOrder(roomId, 200);
    const forged = await verify(tenant, { ...a.paid, razorpay_signature: 'a'.repeat(64) });
    expectError(forged, 'BAD_SIGNATURE', MSG.paymentVerifyFailed);
    // b's genuine payment id and signature, presented for order a.
    expectError(await verify(tenant, { ...b.paid, razorpay_order_id: a.order.id }), 'BAD_SIGNATURE', MSG.paymentVerifyFailed);
    expectError(
      await verify(tenant, { ...a.paid, razorpay_payment_id: b.paid.razorpay_payment_id }),
      'BAD_SIGNATURE',
      MSG.paymentVerifyFailed,
    );
    expectError(await verify(tenant, { ...a.paid, razorpay_signature: 'not-hex!' }), 'BAD_REQUEST', 'Signature is not valid.');
    expect(await paymentsOfOrder(a.order.id)).toHaveLength(0);
    expect(await paymentsOfOrder(b.order.id)).toHaveLength(0);
  });

  it("is the order's tenant's only: another tenant 404, an owner 403, a visitor 401", async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { paid, order } = await paidOrder(roomId, 100);
    expectError(await verify(otherTenant, paid), 'NOT_FOUND', MSG.orderNotFound);
    expectError(await verify(owner, paid), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await verify(undefined, paid), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(
      await post(otherTenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }),
      'NOT_FOUND',
      MSG.orderNotFound,
    );
    expectError(await post(otherTenant, `/payments/check-order/${order.id}`), 'NOT_FOUND', MSG.orderNotFound);
    expect(await paymentsOfOrder(order.id)).toHaveLength(0);
  });

  it('a failed sandbox payment answers the failure message and records nothing', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const order = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 100), 201));
    expectError(await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'failure' }), 'BAD_REQUEST', MSG.paymentFailed);
    expect(await sandbox().orderPayments(order.id)).toEqual([]);
    expect(await paymentsOfOrder(order.id)).toHaveLength(0);
  });

  it('settles the oldest bills first across three bill groups, partly, then the rest', async () => {
    const { roomId, billIds } = await billedRoom([
      { billDate: '2026-03-01', bills: [{ billType: 'Rent Bill', amount: 3000 }] },
      { billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] },
      { billDate: '2026-02-01', bills: [{ billType: 'Maintenance Bill', amount: 2000 }] },
    ]);
    const [march, jan, feb] = billIds.map((g) => g[0] ?? '');
    const first = await paidOrder(roomId, 2500.5);
    const p1 = paymentSchema.parse(okData(await verify(tenant, first.paid)));
    expect(p1.allocations.map((a) => [a.billId, a.amount])).toEqual([
      [jan, 1000],
      [feb, 1500.5],
    ]);
    expect([await paidOf(jan ?? ''), await paidOf(feb ?? ''), await paidOf(march ?? '')]).toEqual([100_000, 150_050, 0]);
    const bills = okData<{ bills: { _id: string; status: string }[] }[]>(
      await get(tenant, `/bills/fetch-bill/${propertyId}?roomId=${roomId}`),
    );
    const status = Object.fromEntries(bills.flatMap((g) => g.bills).map((b) => [b._id, b.status]));
    expect([status[jan ?? ''], status[feb ?? ''], status[march ?? '']]).toEqual(['paid', 'partly_paid', 'unpaid']);
    expectError(await createOrder(tenant, roomId, 3500), 'AMOUNT_TOO_HIGH', MSG.paymentTooHigh('₹3,499.50'), 'amount');
    const rest = await paidOrder(roomId, 3499.5);
    const p2 = paymentSchema.parse(okData(await verify(tenant, rest.paid)));
    expect(p2.allocations.map((a) => [a.billId, a.amount])).toEqual([
      [feb, 499.5],
      [march, 3000],
    ]);
    const allocs = await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, p2._id));
    expect(allocs.reduce((s, a) => s + a.amountPaise, 0)).toBe(349_950);
    expect((await createOrder(tenant, roomId, 1)).json().code).toBe('ALREADY_PAID');
  });

  it('two concurrent verifies of one payment record it once', async () => {
    const { roomId, billIds } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 600);
    const answers = await Promise.all([verify(tenant, paid), verify(tenant, paid), verify(tenant, paid)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
    expect(await paymentsOfOrder(order.id)).toHaveLength(1);
    expect(await paidOf(billIds[0]?.[0] ?? '')).toBe(60_000);
    // A verify, a webhook delivery and a check of the gateway racing for one payment: still one record.
    const second = await paidOrder(roomId, 400);
    const raced = await Promise.all([
      verify(tenant, second.paid),
      webhook(capturedEvent(second.order.id, second.paid.razorpay_payment_id, 40_000)),
      post(tenant, `/payments/check-order/${second.order.id}`),
    ]);
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentsOfOrder(second.order.id)).toHaveLength(1);
    expect(await paidOf(billIds[0]?.[0] ?? '')).toBe(100_000);
  });
});

describe('POST /payments/webhook', () => {
  it('refuses a bad signature (BAD_SIGNATURE) and records nothing', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 100);
    const res = await webhook(capturedEvent(order.id, paid.razorpay_payment_id, 10_000), 'wrong-secret-wrong-secret');
    expectError(res, 'BAD_SIGNATURE', MSG.paymentVerifyFailed);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${PAYMENT_WEBHOOK_PATH}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(capturedEvent(order.id, paid.razorpay_payment_id, 10_000)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentsOfOrder(order.id)).toHaveLength(0);
  });

  it('records payment.captured before verify; verify and duplicate deliveries then find it (one record)', async () => {
    const { roomId, billIds } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 300);
    const event = capturedEvent(order.id, paid.razorpay_payment_id, 30_000);
    expect((await webhook(event)).json()).toEqual({ status: 'recorded' });
    expect((await webhook(event)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(capturedEvent(order.id, paid.razorpay_payment_id, 30_000, 'order.paid'), undefined, 'evt_2')).json()).toEqual({
      status: 'duplicate',
    });
    const v = paymentSchema.parse(okData(await verify(tenant, paid)));
    expect(v.source).toBe('webhook');
    expect(v.method).toBe('upi');
    expect(await paymentsOfOrder(order.id)).toHaveLength(1);
    expect(await paidOf(billIds[0]?.[0] ?? '')).toBe(30_000);
  });

  it('after verify, the webhook finds the payment recorded; other events and other amounts are ignored', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 300);
    okData(await verify(tenant, paid));
    expect((await webhook(capturedEvent(order.id, paid.razorpay_payment_id, 30_000))).json()).toEqual({ status: 'duplicate' });
    const other = await paidOrder(roomId, 200);
    expect((await webhook(capturedEvent(other.order.id, other.paid.razorpay_payment_id, 999))).json()).toEqual({ status: 'ignored' });
    expect((await webhook({ event: 'payment.failed', payload: {} })).json()).toEqual({ status: 'ignored' });
    expect((await webhook(capturedEvent('order_Unknown123', 'pay_X', 100))).json()).toEqual({ status: 'ignored' });
    expect(await paymentsOfOrder(other.order.id)).toHaveLength(0);
    expect((await webhook('not json')).statusCode).toBe(400);
    const big = await webhook({ event: 'x', pad: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
  });
});

describe('reconciliation', () => {
  it('check-order records a payment whose browser never came back; the sweep does the same for old orders', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order } = await paidOrder(roomId, 100);
    const checked = paymentOrderSchema.parse(okData(await post(tenant, `/payments/check-order/${order.id}`)));
    expect(checked.status).toBe('paid');
    expect((await paymentsOfOrder(order.id))[0]?.source).toBe('reconcile');
    const late = await paidOrder(roomId, 200);
    const unpaid = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 50), 201));
    expect(await reconcileSweep(ctx.deps, undefined, new Date(Date.now() - 1000))).toBe(0);
    // Orders of earlier tests paid in the sandbox but never verified are recorded too.
    expect(await reconcileSweep(ctx.deps, undefined, new Date(Date.now() + RECONCILE_MIN_AGE_MS + 1000))).toBeGreaterThanOrEqual(1);
    expect(await paymentsOfOrder(late.order.id)).toHaveLength(1);
    expect(await paymentsOfOrder(unpaid.id)).toHaveLength(0);
    expect(await reconcileSweep(ctx.deps, undefined, new Date(Date.now() + RECONCILE_MIN_AGE_MS + 1000))).toBe(0);
  });

  it("the sandbox's payments are kept in the database: another instance or a restarted server reconciles them", async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { order, paid } = await paidOrder(roomId, 300);
    // A gateway made afresh (what another instance or a restart has) knows the payment, signature and all.
    const { sandboxSecret, sandboxWebhookSecret } = ctx.config.payments;
    const restarted = new SandboxGateway(sandboxSecret, sandboxWebhookSecret, ctx.deps.db);
    expect(await restarted.orderPayments(order.id)).toEqual([
      expect.objectContaining({
        id: paid.razorpay_payment_id,
        orderId: order.id,
        amountPaise: 30_000,
        currency: 'INR',
        status: 'captured',
      }),
    ]);
    expect(restarted.verifyPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    expect(await restarted.orderPayments('order_SbxUnknown')).toEqual([]);
    const checked = paymentOrderSchema.parse(okData(await post(tenant, `/payments/check-order/${order.id}`)));
    expect(checked.status).toBe('paid');
    expect(await paymentsOfOrder(order.id)).toHaveLength(1);
  });
});

describe('receipts and lists', () => {
  it('the receipt is for the payer and the payee only; lists show payments made and received', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const { paid } = await paidOrder(roomId, 250);
    const payment = paymentSchema.parse(okData(await verify(tenant, paid)));
    for (const who of [tenant, owner]) {
      const r = receiptSchema.parse(okData(await get(who, `/payments/receipt/${payment._id}`)));
      expect(r).toMatchObject({
        receiptNumber: payment.receiptNumber,
        amount: 250,
        payer: { email: tenant.user.email },
        payee: { email: owner.user.email },
      });
      expect(r.address.pincode).toMatch(/^\d{6}$/);
    }
    expectError(await get(otherTenant, `/payments/receipt/${payment._id}`), 'NOT_FOUND', MSG.paymentNotFound);
    expectError(await get(otherOwner, `/payments/receipt/${payment._id}`), 'NOT_FOUND', MSG.paymentNotFound);
    expectError(await get(undefined, `/payments/receipt/${payment._id}`), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await get(owner, '/payments/receipt/not-a-uuid'), 'NOT_FOUND', MSG.paymentNotFound);
    const made = okData<{ _id: string }[]>(await get(tenant, `/payments/mine?roomId=${roomId}`));
    expect(made.map((p) => p._id)).toEqual([payment._id]);
    const received = okData<{ _id: string }[]>(await get(owner, '/payments/mine'));
    expect(received.map((p) => p._id)).toContain(payment._id);
    expect(okData<unknown[]>(await get(otherOwner, '/payments/mine'))).toEqual([]);
    expect(okData<unknown[]>(await get(otherTenant, '/payments/mine'))).toEqual([]);
    const rooms = okData<unknown[]>(await get(tenant, '/tenant/room-details')).map((r) => tenantRoomSchema.parse(r));
    expect(rooms.find((r) => r.roomId === roomId)?.lastPayment).toEqual({ paidAt: payment.paidAt, amount: 250 });
  });

  it('rent receipts sum the Rent Bill share by the month the rent is for and its financial year; the PAN is required past ₹1,00,000', async () => {
    const { roomId } = await billedRoom([
      {
        billDate: '2026-01-01',
        bills: [
          { billType: 'Rent Bill', amount: 60_000 },
          { billType: 'Maintenance Bill', amount: 500 },
        ],
      },
      { billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 60_000 }] },
    ]);
    const put = (who: Person, pan: string | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/users/update-account-details`,
        headers: hdr(who),
        payload: {
          fullName: who.user.fullName,
          email: who.user.email,
          phoneNumber: who.user.phoneNumber,
          aadharCardNumber: who.user.aadharCardNumber,
          address: who.user.address,
          pan,
        },
      });
    expectError(await put(owner, 'ABC12'), 'BAD_REQUEST', MSG.panFormat, 'pan');
    expectError(await put(tenant, 'ABCDE1234F'), 'BAD_REQUEST', MSG.panOwnersOnly, 'pan');
    // Masked in the account's answers (ADR 043); in full on the receipts below.
    expect(okData<{ pan: string }>(await put(owner, 'abcde1234f')).pan).toBe('XXXXXX234F');
    const { paid } = await paidOrder(roomId, 60_500);
    const p1 = paymentSchema.parse(okData(await verify(tenant, paid)));
    // The bills are January's and February's rent (FY2025-26), paid today: the receipts follow the rent's period.
    const month = '2026-01';
    const fyPeriod = 'FY2025-26';
    const r1 = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=${fyPeriod}`)));
    expect(r1).toMatchObject({ rentPaid: 60_000, panRequired: false, owner: { pan: null }, tenant: { fullName: tenant.user.fullName } });
    expect(r1.payments).toEqual([
      expect.objectContaining({ _id: p1._id, amount: 60_000, receiptNumber: p1.receiptNumber, rentFor: month }),
    ]);
    // Nothing of it is rent for the month it was paid in.
    const paidMonth = p1.paidAt.slice(0, 7);
    expect(rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=${paidMonth}`))).rentPaid).toBe(
      0,
    );
    // The owner sees their own PAN on their copy.
    expect(rentReceiptSchema.parse(okData(await get(owner, `/payments/rent-receipt?roomId=${roomId}&period=${fyPeriod}`))).owner.pan).toBe(
      'ABCDE1234F',
    );
    const rest = await paidOrder(roomId, 60_000);
    const p2 = paymentSchema.parse(okData(await verify(tenant, rest.paid)));
    const r2 = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=${fyPeriod}`)));
    expect(r2).toMatchObject({ rentPaid: 120_000, panRequired: true, owner: { pan: 'ABCDE1234F' } });
    expect(r2.payments.map((r) => [r.rentFor, r._id, r.amount])).toEqual([
      ['2026-01', p1._id, 60_000],
      ['2026-02', p2._id, 60_000],
    ]);
    const feb = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=2026-02`)));
    expect(feb).toMatchObject({ rentPaid: 60_000, payments: [expect.objectContaining({ _id: p2._id, rentFor: '2026-02' })] });
    expectError(await get(otherTenant, `/payments/rent-receipt?roomId=${roomId}&period=${month}`), 'FORBIDDEN', MSG.forbidden);
    expectError(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=2026-13`), 'BAD_REQUEST', MSG.rentPeriodFormat, 'period');
    const mine = okData<{ pan?: string | null }>(await get(owner, '/users/get-current-user'));
    expect(mine.pan).toBe('XXXXXX234F');
    expect(okData<{ pan?: string | null }>(await get(tenant, '/users/get-current-user')).pan).toBeUndefined();
    expect(okData<{ pan: string | null }>(await put(owner, '')).pan).toBeNull();
  });
});

describe('content security policy', () => {
  it('allows no outside origin with the sandbox gateway', async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('razorpay');
  });
});

describe('ledger invariants', () => {
  it('every payment equals the sum of its allocations here (no bill was over-settled)', async () => {
    const rows = await ctx.deps.db.select().from(payments);
    for (const p of rows) {
      const a = await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, p.id));
      expect(a.reduce((s, x) => s + x.amountPaise, 0)).toBe(p.amountPaise);
    }
    const over = await ctx.deps.db
      .select()
      .from(billItems)
      .where(and(eq(billItems.propertyId, propertyId)));
    for (const b of over) expect(b.paidPaise).toBeLessThanOrEqual(b.amountPaise);
  });
});

describe('the background reconciliation sweep', () => {
  it('runs at the configured interval when enabled and records a payment left unverified', async () => {
    const own = await createTestContext({ payments: { ...ctx.config.payments, reconcileIntervalMs: 50 } });
    try {
      // The sweep starts on listen, as the server's other jobs do.
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const o = await signedIn(own, 'owner');
      const t = await signedIn(own, 'tenant');
      const pid = (await createProperty(own.deps, o.user._id))._id;
      const { roomId: rid } = await createBilledRoom(own, o, t, pid, {
        groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 500 }] }],
      });
      const made = await own.app.inject({
        method: 'POST',
        url: `${API_BASE}/bills/create-order`,
        headers: { cookie: t.cookie },
        payload: { roomId: rid, amount: 500 },
      });
      const order = paymentOrderSchema.parse(okData(made, 201));
      await (gatewayFor(own.deps) as SandboxGateway).pay(order.id, order.amount, 'upi');
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
      await own.deps.db
        .update(paymentOrders)
        .set({ createdAt: tenMinutesAgo, updatedAt: tenMinutesAgo })
        .where(eq(paymentOrders.gatewayOrderId, order.id));
      await expect
        .poll(async () => (await own.deps.db.select().from(payments)).map((p) => p.source), { timeout: 20_000, interval: 100 })
        .toEqual(['reconcile']);
    } finally {
      await own.close();
    }
  });
});

describe('one open order per room, surplus as credit (issue 19)', () => {
  const summaryOf = async (roomId: string) => paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)));

  it('five orders for the whole balance, all paid: every rupee is recorded, the rest is credit that settles the next bill', async () => {
    const { roomId } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }]);
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 1000), 201)));
    const statuses = await ctx.deps.db
      .select({ id: paymentOrders.gatewayOrderId, status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.roomId, roomId));
    expect(statuses.filter((o) => o.status === 'created').map((o) => o.id)).toEqual([orders[4]?.id]);
    expect(statuses.filter((o) => o.status === 'superseded')).toHaveLength(4);
    // Every tab pays its order anyway (the money is taken): each is recorded once.
    for (const o of orders) {
      const paid = okData<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
        await post(tenant, '/payments/sandbox/pay', { orderId: o.id, outcome: 'success' }),
      );
      okData(await verify(tenant, paid));
    }
    expect((await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId))).length).toBe(5);
    expect(await summaryOf(roomId)).toMatchObject({ balance: 0, credit: 4000 });
    // Both sides see the credit.
    expect(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`)))).toMatchObject({ credit: 4000 });
    // The next bill is settled from it at once, oldest payment's credit first.
    const next = billGroupSchema.parse(
      okData(
        await post(owner, '/bills/add-bill', {
          propertyId,
          roomId,
          billDate: '2026-02-01',
          bills: [{ billType: 'Rent Bill', amount: 1500 }],
        }),
        201,
      ),
    );
    expect(next.bills[0]).toMatchObject({ status: 'paid', paidAmount: 1500 });
    expect(await summaryOf(roomId)).toMatchObject({ balance: 0, credit: 2500 });
    const second = await ctx.deps.db
      .select()
      .from(paymentAllocations)
      .where(eq(paymentAllocations.billItemId, next.bills[0]?._id ?? ''));
    expect(second.map((a) => a.amountPaise)).toEqual([100_000, 50_000]);
  });

  it('a bill lowered while its order is open leaves credit, not money applied to nothing; the owner refunds it with a reference', async () => {
    const { roomId, billIds } = await billedRoom([{ billDate: '2026-01-01', bills: [{ billType: 'Maintenance Bill', amount: 2000 }] }]);
    const order = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, 2000), 201));
    // The owner's view marks the bill an open order covers (they are warned before changing it); the tenant's does not.
    const ownerView = okData<{ bills: { _id: string; inOpenOrder?: boolean }[] }[]>(
      await get(owner, `/bills/fetch-bill/${propertyId}?roomId=${roomId}`),
    );
    expect(ownerView[0]?.bills[0]).toMatchObject({ _id: billIds[0]?.[0], inOpenOrder: true });
    const tenantView = okData<{ bills: { inOpenOrder?: boolean }[] }[]>(
      await get(tenant, `/bills/fetch-bill/${propertyId}?roomId=${roomId}`),
    );
    expect(tenantView[0]?.bills[0]?.inOpenOrder).toBeUndefined();
    // The owner lowers the bill while the tenant's order for ₹2,000 is open.
    okData(
      await ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/bills/update-bill/${billIds[0]?.[0]}`,
        headers: hdr(owner),
        payload: { billType: 'Maintenance Bill', amount: 500 },
      }),
    );
    const paid = okData<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
      await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }),
    );
    okData(await verify(tenant, paid));
    expect(await summaryOf(roomId)).toMatchObject({ balance: 0, credit: 1500 });
    const refund = (who: Who, body: object) => post(who, '/payments/refund-credit', { roomId, ...body });
    expectError(await refund(owner, { amount: 2000, reference: 'UTR123' }), 'BAD_REQUEST', MSG.refundTooHigh('₹1,500.00'), 'amount');
    expectError(await refund(owner, { amount: 100, reference: '' }), 'BAD_REQUEST', MSG.refundReferenceRequired, 'reference');
    expectError(await refund(tenant, { amount: 100, reference: 'UTR1' }), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await refund(otherOwner, { amount: 100, reference: 'UTR1' }), 'FORBIDDEN', MSG.forbidden);
    const after = roomCreditSchema.parse(
      okData(await refund(owner, { amount: 1000, reference: 'UTR 4455', note: 'Bank transfer' }), 201, MSG.creditRefunded),
    );
    expect(after).toMatchObject({ credit: 500, refunds: [{ amount: 1000, reference: 'UTR 4455', note: 'Bank transfer' }] });
    expect(roomCreditSchema.parse(okData(await get(tenant, `/payments/room/${roomId}/credit`)))).toMatchObject({ credit: 500 });
    expectError(await get(otherTenant, `/payments/room/${roomId}/credit`), 'FORBIDDEN', MSG.forbidden);
    // A refunded rupee is never spent again: the next ₹800 bill takes the ₹500 left, and ₹300 is owed.
    okData(
      await post(owner, '/bills/add-bill', { propertyId, roomId, billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 800 }] }),
      201,
    );
    expect(await summaryOf(roomId)).toMatchObject({ balance: 300, credit: 0 });
  });

  it('keeps the ledger whole for random bills, orders, edits, superseded orders, surplus and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('bill' as const), paise: fc.integer({ min: 100, max: 500_000 }) }),
            fc.record({ kind: fc.constant('order' as const), share: fc.integer({ min: 1, max: 100 }), pay: fc.boolean() }),
            fc.record({ kind: fc.constant('lower' as const), paise: fc.integer({ min: 0, max: 50_000 }) }),
            fc.record({ kind: fc.constant('payAll' as const) }),
            fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 100 }) }),
          ),
          { minLength: 3, maxLength: 12 },
        ),
        async (steps) => {
          const { roomId } = await billedRoom([]);
          const open: { id: string }[] = [];
          let day = 1;
          for (const s of steps) {
            const sum = await summaryOf(roomId);
            const owed = rupeesToPaise(sum.balance);
            if (s.kind === 'bill') {
              const d = `2026-${String(1 + (day % 12)).padStart(2, '0')}-${String(1 + Math.floor(day / 12)).padStart(2, '0')}`;
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
            } else if (s.kind === 'order' && owed >= 100) {
              const amount = Math.max(100, Math.floor((owed * s.share) / 100));
              const o = paymentOrderSchema.parse(okData(await createOrder(tenant, roomId, amount / 100), 201));
              if (s.pay) open.push(o);
            } else if (s.kind === 'lower' && sum.owed.length) {
              const b = sum.owed.find((x) => x.paidAmount === 0);
              if (b)
                await ctx.app.inject({
                  method: 'PUT',
                  url: `${API_BASE}/bills/update-bill/${b.billId}`,
                  headers: hdr(owner),
                  payload: { billType: 'Maintenance Bill', amount: s.paise / 100 },
                });
            } else if (s.kind === 'payAll') {
              for (const o of open.splice(0)) {
                const paid = okData<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
                  await post(tenant, '/payments/sandbox/pay', { orderId: o.id, outcome: 'success' }),
                );
                okData(await verify(tenant, paid));
              }
            } else if (s.kind === 'refund') {
              const c = rupeesToPaise(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit);
              if (c > 0)
                okData(
                  await post(owner, '/payments/refund-credit', {
                    roomId,
                    amount: Math.max(1, Math.floor((c * s.share) / 100)) / 100,
                    reference: `R${day}`,
                  }),
                  201,
                );
            }
          }
          // The invariants: money in = money allocated + credit + refunds; no bill over-settled; credit and debt never together.
          const [tenancy] = await ctx.deps.db.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.roomId, roomId));
          const { payments: paid, allocations: allocs } = await expectLedgerWhole(ctx.deps.db, tenancy?.id as string);
          // The credit both sides see is the ledger's.
          const credit = rupeesToPaise(roomCreditSchema.parse(okData(await get(owner, `/payments/room/${roomId}/credit`))).credit);
          expect(credit).toBe(await creditBalancePaise(ctx.deps.db, tenancy?.id as string));
          // Every receipt lists exactly its payment's allocations: the bills, their dates and the amounts.
          const groupOf = new Map(
            (
              await ctx.deps.db
                .select({ id: billItems.id, date: billGroups.billDate })
                .from(billItems)
                .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
                .where(eq(billItems.roomId, roomId))
            ).map((r) => [r.id, r.date]),
          );
          for (const p of paid) {
            const receipt = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${p.id}`)));
            const mine = allocs.filter((a) => a.paymentId === p.id);
            expect(receipt.allocations.map((a) => [a.billId, a.billDate, rupeesToPaise(a.amount)]).sort()).toEqual(
              mine.map((a) => [a.billItemId, groupOf.get(a.billItemId), a.amountPaise]).sort(),
            );
          }
        },
      ),
      { numRuns: 12, seed: 19 },
    );
  });
});
