import { API_BASE, MSG, PAYMENT_WEBHOOK_PATH, paymentOrderSchema, payoutAccountSchema, payoutsSchema } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, paymentTransfers, payments, payoutAccounts } from '../../db/schema.js';
import { createHmac } from 'node:crypto';
import { webhookSignature } from '../payments/index.js';
import { createProperty } from '../../seed/property-factories.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, createBilledRoom, expectError, okData, type Person } from '../../test/support.js';
import { payoutSweep } from './index.js';

/**
 * Payouts through Razorpay Route (issue 24) against a local HTTP server playing Razorpay's API (no network):
 * the linked account and its states, one transfer per payment however often capture is reported (concurrently,
 * on PostgreSQL when TEST_DATABASE_URL is set), held payouts released on activation, the fee in paise,
 * webhooks with bad signatures refused, settlements recorded with their UTR.
 */

const KEY_ID = 'rzp_test_Payouts123';
const KEY_SECRET = 'test-key-secret-payouts-0123';
const WEBHOOK_SECRET = 'test-webhook-secret-payouts';
const FEE_BPS = 250; // 2.5 %

let fake: FakeRazorpay;
let apiBase: string;
const paymentSignature = (secret: string, orderId: string, paymentId: string) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
const next = (prefix: string) => fake.next(prefix);

let ctx: TestContext;
let owner: Person;
let tenant: Person;
let roomId: string;
const { get, post } = apiAs(() => ctx);
const put = (who: Person, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${API_BASE}${url}`, headers: { cookie: who.cookie }, payload });

const details = (who: Person, over: Record<string, string> = {}) => ({
  holderName: who.user.fullName,
  accountNumber: '501002348765',
  confirmAccountNumber: '501002348765',
  ifsc: 'HDFC0001234',
  pan: 'ABCDE1234F',
  currentPassword: who.user.password,
  ...over,
});

const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${PAYMENT_WEBHOOK_PATH}`,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(secret, payload),
      'x-razorpay-event-id': next('evt_'),
    },
    payload,
  });
};

/** A ₹`rupees` order of the tenant, paid (captured) at the fake Razorpay; the checkout's answer to verify. */
async function paidOrder(rupees: number) {
  const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: rupees }), 201));
  const paymentId = next('pay_');
  fake.payments.set(order.id, [
    {
      id: paymentId,
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'upi',
      created_at: 1_790_000_000,
    },
  ]);
  const checkout = {
    razorpay_order_id: order.id,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(KEY_SECRET, order.id, paymentId),
  };
  const captured = {
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: paymentId,
          amount: order.amount,
          currency: 'INR',
          status: 'captured',
          order_id: order.id,
          method: 'upi',
          created_at: 1_790_000_000,
        },
      },
    },
  };
  return { order, paymentId, checkout, captured };
}

const transferOf = async (gatewayPaymentId: string) => {
  const [p] = await ctx.deps.db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId));
  const rows = p ? await ctx.deps.db.select().from(paymentTransfers).where(eq(paymentTransfers.paymentId, p.id)) : [];
  return rows;
};
const transferCalls = (gatewayPaymentId: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.url === `/v1/payments/${gatewayPaymentId}/transfers`);
const linkedOf = async (who: Person) =>
  (await ctx.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, who.user._id)))[0];

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
    payouts: { feeBps: FEE_BPS, sandboxStepMs: 0, syncIntervalMs: 0 },
  });
  [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  ({ roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, {
    groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 90_000 }] }],
  }));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('Razorpay Route: the linked account', () => {
  it('a payment before any payout account is held, with the fee it would take', async () => {
    const { checkout, paymentId } = await paidOrder(1000);
    okData(await post(tenant, '/bills/verify-payment', checkout));
    const [t] = await transferOf(paymentId);
    expect(t).toMatchObject({ state: 'held', amountPaise: 100_000, feePaise: null, transferId: null });
    expect(transferCalls(paymentId)).toHaveLength(0);
    const list = payoutsSchema.parse(okData(await get(owner, '/payouts/list')));
    expect(list.feeBps).toBe(FEE_BPS);
    expect(list.payouts[0]).toMatchObject({ state: 'held', amount: 1000, fee: 25, net: 975 });
  });

  it('refuses a wrong password and a PAN-less owner, and creates nothing', async () => {
    const before = fake.requests.length;
    expectError(
      await put(owner, '/payouts/account', details(owner, { currentPassword: 'NotThePassword1' })),
      'BAD_REQUEST',
      MSG.currentPasswordWrong,
      'currentPassword',
    );
    const { pan: _pan, ...noPan } = details(owner);
    expectError(await put(owner, '/payouts/account', noPan), 'BAD_REQUEST', MSG.payoutPanRequired, 'pan');
    expect(fake.requests.length).toBe(before);
  });

  it('creates the account, stakeholder and Route product with the settlement account, and shows it masked', async () => {
    const saved = payoutAccountSchema.parse(okData(await put(owner, '/payouts/account', details(owner)), 200, MSG.payoutAccountSaved));
    expect(saved).toMatchObject({ accountNumberMasked: '••••8765', ifsc: 'HDFC0001234', status: 'under_review', gateway: 'razorpay' });
    const route = fake.requests.filter((r) => r.url.startsWith('/v2/')).map((r) => `${r.method} ${r.url.replace(/Fake\d+/g, 'X')}`);
    expect(route).toEqual([
      'POST /v2/accounts',
      'POST /v2/accounts/acc_X/stakeholders',
      'POST /v2/accounts/acc_X/products',
      'PATCH /v2/accounts/acc_X/products/acc_prd_X',
    ]);
    const patch = fake.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      settlements: { account_number: '501002348765', ifsc_code: 'HDFC0001234', beneficiary_name: owner.user.fullName },
      tnc_accepted: true,
    });
    // Never the number: not in any answer, and encrypted at rest.
    const got = await get(owner, '/payouts/account');
    expect(got.body).not.toContain('501002348765');
    expect(payoutAccountSchema.parse(okData(got)).accountNumberMasked).toBe('••••8765');
    const row = await linkedOf(owner);
    expect(row?.accountCipher).not.toContain('501002348765');
    expect(ctx.deps.crypto.decrypt(row?.accountCipher ?? '')).toBe('501002348765');
  });

  it('reports needs clarification with the reason on a check', async () => {
    const row = await linkedOf(owner);
    const acc = fake.accounts.get(row?.linkedAccountId ?? '');
    if (!acc) throw new Error('no fake account');
    acc.activation = 'needs_clarification';
    const checked = payoutAccountSchema.parse(okData(await post(owner, '/payouts/check'), 200, MSG.payoutsChecked));
    expect(checked).toMatchObject({ status: 'needs_clarification', statusReason: 'IFSC does not match the bank' });
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const row = await linkedOf(owner);
    const acc = fake.accounts.get(row?.linkedAccountId ?? '');
    if (!acc) throw new Error('no fake account');
    acc.activation = 'activated';
    const event = {
      entity: 'event',
      event: 'account.activated',
      account_id: row?.linkedAccountId,
      payload: { account: { entity: { id: row?.linkedAccountId } } },
    };
    expectError(await webhook(event, 'a-wrong-webhook-secret'), 'BAD_SIGNATURE', MSG.paymentVerifyFailed);
    expect((await linkedOf(owner))?.status).toBe('needs_clarification');
  });

  it('account.activated (checked with Razorpay) activates it and releases the held payout: net of the fee, once', async () => {
    const row = await linkedOf(owner);
    const event = {
      entity: 'event',
      event: 'account.activated',
      account_id: row?.linkedAccountId,
      payload: { account: { entity: { id: row?.linkedAccountId } } },
    };
    const res = await webhook(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'recorded' });
    expect((await linkedOf(owner))?.status).toBe('activated');
    const held = (await ctx.deps.db.select().from(paymentTransfers).where(eq(paymentTransfers.ownerId, owner.user._id)))[0];
    expect(held).toMatchObject({ state: 'transferred', amountPaise: 100_000, feePaise: 2_500, linkedAccountId: row?.linkedAccountId });
    const sent = fake.requests.filter((r) => r.method === 'POST' && /\/transfers$/.test(r.url));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ transfers: [{ account: row?.linkedAccountId, amount: 97_500, currency: 'INR' }] });
    // A second delivery changes nothing.
    expect((await webhook(event)).json()).toEqual({ status: 'duplicate' });
    expect(fake.requests.filter((r) => r.method === 'POST' && /\/transfers$/.test(r.url))).toHaveLength(1);
  });
});

describe('Razorpay Route: transfers', () => {
  it('transfers once when verify, the webhook and reconciliation report one capture concurrently', async () => {
    fake.transferDelayMs = 50;
    try {
      const { order, checkout, captured, paymentId } = await paidOrder(1299);
      const answers = await Promise.all([
        post(tenant, '/bills/verify-payment', checkout),
        webhook(captured),
        post(tenant, `/payments/check-order/${order.id}`),
        post(tenant, '/bills/verify-payment', checkout),
        webhook(captured),
        post(owner, '/payouts/check'),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const rows = await transferOf(paymentId);
      expect(rows).toHaveLength(1);
      // 2.5 % of ₹12.99 is 32.475 paise: the fee is rounded down to 32, the owner gets 1267.
      expect(rows[0]).toMatchObject({ state: 'transferred', amountPaise: 129_900, feePaise: 3_247 });
      expect(transferCalls(paymentId)).toHaveLength(1);
      expect(transferCalls(paymentId)[0]?.body).toMatchObject({ transfers: [{ amount: 126_653 }] });
      const [o] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
      expect(
        await ctx.deps.db
          .select()
          .from(payments)
          .where(eq(payments.orderId, o?.id ?? '')),
      ).toHaveLength(1);
    } finally {
      fake.transferDelayMs = 0;
    }
  });

  it('settlement.processed records the settlement date and UTR; the list and CSV carry them', async () => {
    const { checkout, paymentId } = await paidOrder(500);
    okData(await post(tenant, '/bills/verify-payment', checkout));
    const [t] = await transferOf(paymentId);
    expect(t?.state).toBe('transferred');
    const row = await linkedOf(owner);
    fake.settlements.set(t?.transferId ?? '', {
      id: 'setl_Fake0000000001',
      utr: 'HDFCN52026112500001',
      created_at: 1_795_000_000,
      status: 'processed',
    });
    const res = await webhook({
      entity: 'event',
      event: 'settlement.processed',
      account_id: row?.linkedAccountId,
      payload: { settlement: { entity: { id: 'setl_Fake0000000001', utr: 'HDFCN52026112500001', status: 'processed' } } },
    });
    expect(res.json()).toEqual({ status: 'recorded' });
    const [settled] = await transferOf(paymentId);
    expect(settled).toMatchObject({
      state: 'settled',
      settlementId: 'setl_Fake0000000001',
      utr: 'HDFCN52026112500001',
      settledOn: '2026-11-18',
    });
    const list = payoutsSchema.parse(okData(await get(owner, '/payouts/list')));
    const line = list.payouts.find((p) => p.utr === 'HDFCN52026112500001');
    expect(line).toMatchObject({ state: 'settled', amount: 500, fee: 12.5, net: 487.5, settledOn: '2026-11-18' });
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(sum(list.months.map((m) => m.count))).toBe(list.payouts.length);
    expect(sum(list.months.map((m) => m.amount))).toBe(1000 + 1299 + 500);
    expect(sum(list.months.map((m) => m.net))).toBe(2729.03);
    expect(sum(list.months.map((m) => m.settled))).toBe(487.5);
    // The header says what was transferred as well as what was settled (ADR 042: it said "Settled ₹0.00" under rows saying "Transferred").
    expect(sum(list.months.map((m) => m.transferred ?? 0))).toBe(
      sum(list.payouts.filter((p) => p.state === 'transferred' || p.state === 'settled').map((p) => p.net)),
    );
    const csv = await get(owner, '/payouts/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('HDFCN52026112500001');
    expect(csv.body).not.toContain('501002348765');
  });

  it('a transfer Razorpay refuses is failed with the reason; transfer.failed marks a made one failed', async () => {
    fake.refuseTransfers = true;
    try {
      const { checkout, paymentId } = await paidOrder(100);
      okData(await post(tenant, '/bills/verify-payment', checkout));
      const [t] = await transferOf(paymentId);
      expect(t?.state).toBe('failed');
      expect(t?.failureReason).toContain('The linked account is not activated');
      // Razorpay quoting an account number: never kept (or logged) as it came.
      expect(t?.failureReason).not.toContain('501002348765');
    } finally {
      fake.refuseTransfers = false;
    }
    const { checkout, paymentId } = await paidOrder(100);
    okData(await post(tenant, '/bills/verify-payment', checkout));
    const [t] = await transferOf(paymentId);
    const res = await webhook({
      entity: 'event',
      event: 'transfer.failed',
      payload: {
        transfer: {
          entity: { id: t?.transferId, source: paymentId, recipient: t?.linkedAccountId, error: { description: 'Bank account closed' } },
        },
      },
    });
    expect(res.json()).toEqual({ status: 'recorded' });
    expect((await transferOf(paymentId))[0]).toMatchObject({ state: 'failed', failureReason: 'Bank account closed' });
  });

  it('the sweep settles transferred payouts Razorpay has settled', async () => {
    const { checkout, paymentId } = await paidOrder(200);
    okData(await post(tenant, '/bills/verify-payment', checkout));
    const [t] = await transferOf(paymentId);
    fake.settlements.set(t?.transferId ?? '', {
      id: 'setl_Fake0000000002',
      utr: 'UTR000000000002',
      created_at: 1_795_000_000,
      status: 'processed',
    });
    await payoutSweep(ctx.deps);
    expect((await transferOf(paymentId))[0]).toMatchObject({ state: 'settled', utr: 'UTR000000000002' });
  });

  it('changing the bank account updates the settlement account and tells the owner', async () => {
    const saved = payoutAccountSchema.parse(
      okData(await put(owner, '/payouts/account', details(owner, { accountNumber: '000111222333', confirmAccountNumber: '000111222333' }))),
    );
    expect(saved.accountNumberMasked).toBe('••••2333');
    expect(fake.requests.filter((r) => r.url === '/v2/accounts')).toHaveLength(1);
    const notes = okData<{ items: { kind: string; title: string; body: string }[] }>(await get(owner, '/notifications/list'));
    expect(notes.items.find((x) => x.kind === 'payoutAccount' && x.title === MSG.payoutAccountChangedTitle)?.body).toContain('2333');
  });
});
