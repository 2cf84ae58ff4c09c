import { createRequire } from 'node:module';
import { API_BASE, MSG, PAYMENT_WEBHOOK_PATH, paymentOrderSchema, paymentSchema } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, payments } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, createBilledRoom, expectError, okData, type Person } from '../../test/support.js';
import { paymentSignature, RazorpayGateway, signatureMatches, webhookSignature } from './gateway.js';

/**
 * The Razorpay adapter against a local HTTP server playing Razorpay's API (no network), and its signatures
 * cross-checked with the official `razorpay` package's verification helpers.
 */
const rzpUtils = createRequire(import.meta.url)('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (p: { order_id: string; payment_id: string }, signature: string, secret: string) => boolean;
  validateWebhookSignature: (body: string, signature: string, secret: string) => boolean;
};

const KEY_ID = 'rzp_test_Kiraya123';
const KEY_SECRET = 'test-key-secret-0123456789';
const WEBHOOK_SECRET = 'test-webhook-secret-0123';

let fake: FakeRazorpay;
let apiBase: string;

let ctx: TestContext;
let owner: Person;
let tenant: Person;
let roomId: string;

const { post } = apiAs(() => ctx);

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET });
  apiBase = fake.apiBase;
  ctx = await createTestContext({
    payments: {
      gateway: 'razorpay',
      razorpay: { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase },
      sandboxSecret: 'unused-sandbox-secret',
      sandboxWebhookSecret: 'unused-sandbox-webhook',
      reconcileIntervalMs: 0,
    },
  });
  [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  ({ roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, {
    groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 9000 }] }],
  }));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const checkout = (orderId: string, paymentId: string) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(KEY_SECRET, orderId, paymentId),
});

describe('Razorpay gateway', () => {
  it('creates the order through POST /v1/orders (basic auth, paise, INR, receipt, notes) and hands the checkout the key id', async () => {
    const res = await post(tenant, '/bills/create-order', { roomId, amount: 500 });
    const order = paymentOrderSchema.parse(okData(res, 201));
    expect(order).toMatchObject({ gateway: 'razorpay', key: KEY_ID, amount: 50_000, currency: 'INR' });
    const sent = fake.requests.at(-1);
    expect(sent?.url).toBe('/v1/orders');
    const [row] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
    expect(sent?.body).toEqual({
      amount: 50_000,
      currency: 'INR',
      receipt: row?.id,
      notes: { roomId, tenantId: tenant.user._id, orderId: row?.id },
    });
  });

  it("verifies Razorpay's payment signature (cross-checked with the razorpay package) and refuses a forged one", async () => {
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 100 }), 201));
    const paid = checkout(order.id, 'pay_FakePayment0001');
    expect(
      rzpUtils.validatePaymentVerification(
        { order_id: order.id, payment_id: paid.razorpay_payment_id },
        paid.razorpay_signature,
        KEY_SECRET,
      ),
    ).toBe(true);
    const forged = paymentSignature('another-secret', order.id, paid.razorpay_payment_id);
    expect(rzpUtils.validatePaymentVerification({ order_id: order.id, payment_id: paid.razorpay_payment_id }, forged, KEY_SECRET)).toBe(
      false,
    );
    expectError(
      await post(tenant, '/bills/verify-payment', { ...paid, razorpay_signature: forged }),
      'BAD_SIGNATURE',
      MSG.paymentVerifyFailed,
    );
    const payment = paymentSchema.parse(okData(await post(tenant, '/bills/verify-payment', paid)));
    expect(payment).toMatchObject({ gateway: 'razorpay', amount: 100, paymentId: 'pay_FakePayment0001' });
  });

  it('checks a webhook over the raw bytes (cross-checked with the razorpay package) and records payment.captured once', async () => {
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 200 }), 201));
    // Spacing as sent: the signature is over these exact bytes, not a re-serialised object.
    const raw = `{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_FakeHook0001","amount":20000,"currency":"INR","status":"captured","order_id":"${order.id}","method":"card","created_at":1790000000}}}}  `;
    const sig = webhookSignature(WEBHOOK_SECRET, raw);
    expect(rzpUtils.validateWebhookSignature(raw, sig, WEBHOOK_SECRET)).toBe(true);
    const send = (signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}${PAYMENT_WEBHOOK_PATH}`,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_FakeHook0001' },
        payload: raw,
      });
    expect((await send(webhookSignature(WEBHOOK_SECRET, raw.trim()))).statusCode).toBe(400);
    expect((await send(sig)).json()).toEqual({ status: 'recorded' });
    expect((await send(sig)).json()).toEqual({ status: 'duplicate' });
    const [o] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
    const rows = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, o?.id ?? ''));
    expect(rows.map((r) => [r.source, r.method, r.paidAt.toISOString()])).toEqual([['webhook', 'card', '2026-09-21T14:13:20.000Z']]);
  });

  it('check-order asks GET /v1/orders/{id}/payments and records the captured payment', async () => {
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 300 }), 201));
    const check = () => post(tenant, `/payments/check-order/${order.id}`);
    expect(paymentOrderSchema.parse(okData(await check())).status).toBe('created');
    fake.payments.set(order.id, [
      {
        id: 'pay_FakeFailed01',
        entity: 'payment',
        amount: 30_000,
        currency: 'INR',
        status: 'failed',
        order_id: order.id,
        method: 'upi',
        created_at: 1_790_000_000,
      },
      {
        id: 'pay_FakeCaptur01',
        entity: 'payment',
        amount: 30_000,
        currency: 'INR',
        status: 'captured',
        order_id: order.id,
        method: 'upi',
        created_at: 1_790_000_100,
      },
    ]);
    expect(paymentOrderSchema.parse(okData(await check())).status).toBe('paid');
    expect(fake.requests.at(-1)?.url).toBe(`/v1/orders/${order.id}/payments`);
  });

  it('answers 503 "Payment system unavailable" when Razorpay fails, and the sandbox pay route is 404', async () => {
    fake.failWith = 500;
    try {
      expectError(await post(tenant, '/bills/create-order', { roomId, amount: 100 }), 'SERVICE_UNAVAILABLE', MSG.paymentUnavailable);
    } finally {
      fake.failWith = 0;
    }
    const bad = new RazorpayGateway({ keyId: KEY_ID, keySecret: 'wrong', webhookSecret: null, apiBase });
    await expect(bad.createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toThrow(/401 Authentication failed/);
    const down = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: null, apiBase: 'http://127.0.0.1:9' });
    await expect(down.orderPayments('order_X1')).rejects.toThrow(/failed/);
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 100 }), 201));
    expect((await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' })).statusCode).toBe(404);
  });

  it("allows Razorpay's checkout script and frames in the content security policy", async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com;");
    expect(csp).toMatch(/frame-src 'self' https:\/\/checkout\.razorpay\.com https:\/\/api\.razorpay\.com(;|$)/);
    expect(csp).toContain("connect-src 'self' https://api.razorpay.com;");
  });

  it('compares signatures in constant time and refuses other lengths and alphabets', () => {
    const good = paymentSignature(KEY_SECRET, 'order_A', 'pay_B');
    expect(signatureMatches(good, good.toUpperCase())).toBe(true);
    expect(signatureMatches(good, good.slice(0, -2))).toBe(false);
    expect(signatureMatches(good, `${good}00`)).toBe(false);
    expect(signatureMatches(good, 'zz')).toBe(false);
    expect(signatureMatches(good, '')).toBe(false);
  });
});
