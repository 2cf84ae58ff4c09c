import { API_BASE, MSG, payoutAccountSchema, payoutsSchema } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../lib/logger.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, createBilledRoom, expectError, okData, type Person } from '../../test/support.js';
import { SandboxRouteGateway } from './gateway.js';

/**
 * Payouts with the sandbox Route gateway (issue 24): the path development, demos and the e2e test follow,
 * who may see what, and logs that never carry an account number.
 */

const ACCOUNT = '918273645500123';
const lines: string[] = [];
let ctx: TestContext;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let roomId: string;
const { get, post } = apiAs(() => ctx);
const put = (who: Person | undefined, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${API_BASE}/payouts/account`, headers: who ? { cookie: who.cookie } : {}, payload });
const details = (who: Person, over: Record<string, string> = {}) => ({
  holderName: who.user.fullName,
  accountNumber: ACCOUNT,
  confirmAccountNumber: ACCOUNT,
  ifsc: 'SBIN0004321',
  pan: 'PQRSX6789Z',
  currentPassword: who.user.password,
  ...over,
});

/** The sandbox checkout's payment of ₹`rupees` (create the order, pay it, verify). */
async function pay(rupees: number) {
  const order = okData<{ id: string }>(await post(tenant, '/bills/create-order', { roomId, amount: rupees }), 201);
  const paid = okData<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>(
    await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }),
  );
  return okData<{ _id: string }>(await post(tenant, '/bills/verify-payment', paid));
}

beforeAll(async () => {
  ctx = await createTestContext(
    { payouts: { feeBps: 0, sandboxStepMs: 0, syncIntervalMs: 0 } },
    { logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } } },
  );
  [owner, otherOwner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  ({ roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, {
    groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 50_000 }] }],
  }));
});
afterAll(() => ctx.close());

describe('the sandbox Route gateway', () => {
  it('walks a linked account created → under review → activated, one step at a time, and settles a transfer a step later', async () => {
    let now = 1_800_000_000_000;
    const g = new SandboxRouteGateway(5_000, () => now);
    const input = {
      ownerId: 'o',
      email: 'e',
      phone: 'p',
      contactName: 'c',
      holderName: 'h',
      pan: 'ABCDE1234F',
      accountNumber: ACCOUNT,
      ifsc: 'SBIN0004321',
    };
    const made = await g.createLinkedAccount(input);
    expect(made.status).toBe('created');
    now += 5_000;
    expect((await g.accountStatus(made)).status).toBe('under_review');
    now += 5_000;
    expect((await g.accountStatus(made)).status).toBe('activated');
    expect((await g.createLinkedAccount({ ...input, ifsc: 'SBXC0000001' })).status).toBe('needs_clarification');
    const t = await g.transfer('pay_x', made.linkedAccountId, 100);
    expect((await g.transferStatus(t.transferId)).settlement).toBeNull();
    now += 5_000;
    const s = await g.transferStatus(t.transferId);
    expect(s.settlement?.utr).toMatch(/^SBXN\d{12}$/);
    expect((await g.transferStatus(t.transferId)).settlement).toEqual(s.settlement);
  });
});

describe('payouts with the sandbox', () => {
  it('only owners, each their own: a visitor 401, a tenant 403, another owner sees none', async () => {
    expect((await get(undefined, '/payouts/account')).statusCode).toBe(401);
    expectError(await get(tenant, '/payouts/list'), 'FORBIDDEN', MSG.ownersOnly);
    expect((await put(tenant, details(tenant))).statusCode).toBe(403);
    expect(okData(await get(otherOwner, '/payouts/account'))).toBeNull();
  });

  it('an owner adds payout details, the account activates, and a tenant’s payment is transferred then settled with a UTR', async () => {
    lines.length = 0;
    const saved = payoutAccountSchema.parse(okData(await put(owner, details(owner)), 200, MSG.payoutAccountSaved));
    expect(saved).toMatchObject({ accountNumberMasked: '••••0123', status: 'activated', gateway: 'sandbox' });
    const payment = await pay(1200);
    // Step 0: transferred and settled on the next check.
    let list = payoutsSchema.parse(okData(await get(owner, '/payouts/list')));
    expect(list.payouts.find((p) => p.paymentId === payment._id)).toMatchObject({ state: 'transferred', amount: 1200, fee: 0, net: 1200 });
    okData(await post(owner, '/payouts/check'));
    list = payoutsSchema.parse(okData(await get(owner, '/payouts/list')));
    const line = list.payouts.find((p) => p.paymentId === payment._id);
    expect(line).toMatchObject({ state: 'settled' });
    expect(line?.utr).toMatch(/^SBXN\d{12}$/);
    expect(line?.settledOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The other owner's list is empty; the tenant's receipt is unchanged.
    expect(payoutsSchema.parse(okData(await get(otherOwner, '/payouts/list'))).payouts).toEqual([]);
    // No log line carries the account number, however it is spaced.
    const log = lines.join('\n');
    expect(log).toContain('payouts: payout account saved');
    expect(log).not.toContain(ACCOUNT);
    expect(log).not.toContain(ACCOUNT.slice(0, 10));
  });

  it('refuses bad details with the contract’s messages', async () => {
    expectError(await put(owner, details(owner, { ifsc: 'SBIN1004321' })), 'BAD_REQUEST', MSG.payoutIfsc, 'ifsc');
    expectError(
      await put(owner, details(owner, { confirmAccountNumber: '918273645500124' })),
      'BAD_REQUEST',
      MSG.payoutAccountNumbersDiffer,
      'confirmAccountNumber',
    );
    expectError(
      await put(owner, details(owner, { currentPassword: 'Wrong-password-1' })),
      'BAD_REQUEST',
      MSG.currentPasswordWrong,
      'currentPassword',
    );
  });

  it('limits password guesses through a stolen session, as change-password does', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await put(otherOwner, details(otherOwner, { currentPassword: `Guess-${i}-pass` }))).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers[10]).toBe(429);
  });
});
