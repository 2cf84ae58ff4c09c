import {
  ownerBillingsSchema,
  ownerCollectionSchema,
  ownerStatisticsSchema,
  paySummarySchema,
  requestSchema,
  rupeesToPaise,
} from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentOrders } from '../../db/schema.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, okData, type Person } from '../../test/support.js';
import { createOrder, gatewayFor, recordPayment, type SandboxGateway } from '../payments/index.js';

/**
 * Issue 34 item 8: "Received ₹55,500" counted the security deposit while "Collected" was ₹18,500. A deposit is
 * held for the tenant (ADR 029): Received, the home's Collected and Billings' payments total leave it out,
 * and Statistics names it apart.
 */
let ctx: TestContext;
let owner: Person;
let tenant: Person;
const { get, post } = apiAs(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
}, 60_000);
afterAll(() => ctx.close());

it('keeps a paid security deposit apart from Received, the home’s Collected and Billings’ payments total', async () => {
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { rentAmount: 18_500 }))._id;
  const sent = requestSchema.parse(
    okData(
      await post(owner, '/requests/send', { roomId, tenantId: tenant.user._id, terms: { rent: 18_500, securityDeposit: 37_000 } }),
      201,
    ),
  );
  okData(await ctx.app.inject({ method: 'PATCH', url: `/api/v1/requests/accept/${sent._id}`, headers: { cookie: tenant.cookie } }));
  const owed = paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)));
  const depositPaise = rupeesToPaise(owed.owed.filter((b) => b.billType === 'Deposit').reduce((s, b) => s + b.owed, 0));
  expect(depositPaise).toBe(3_700_000);
  const totalPaise = rupeesToPaise(owed.balance);
  // The tenant pays everything owed at once, online.
  const order = await createOrder(ctx.deps, tenant.user._id, { roomId, amount: totalPaise });
  const paid = await (gatewayFor(ctx.deps) as SandboxGateway).pay(order.id, order.amount, 'upi');
  const [row] = await ctx.deps.db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, order.id));
  await recordPayment(ctx.deps, row?.id ?? '', { gatewayPaymentId: paid.paymentId, method: 'upi', paidAt: new Date(), source: 'verify' });

  const stats = ownerStatisticsSchema.parse(okData(await get(owner, '/statistics/owner')));
  const home = ownerCollectionSchema.parse(okData(await get(owner, '/statistics/owner/collection')));
  const billings = ownerBillingsSchema.parse(okData(await get(owner, '/statistics/owner/billings')));
  const rentAndBills = totalPaise - depositPaise;
  expect(rupeesToPaise(stats.totals.received)).toBe(rentAndBills);
  expect(rupeesToPaise(stats.totals.depositReceived ?? 0)).toBe(depositPaise);
  expect(rupeesToPaise(stats.totals.collected)).toBe(rentAndBills);
  expect(rupeesToPaise(home.totals.collected)).toBe(rentAndBills);
  expect(rupeesToPaise(billings.paymentsTotal)).toBe(rentAndBills);
});
