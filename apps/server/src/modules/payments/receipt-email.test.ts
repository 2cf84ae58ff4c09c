import { API_BASE, paymentOrderSchema } from '@kiraya/contract';
import { todayInIndia } from '../../lib/dates.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, payments } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { createBilledRoom, okData } from '../../test/support.js';
import { deliverDue } from '../outbox/index.js';

let ctx: TestContext;
let smtp: TestSmtp;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let propertyId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
  owner = await signedIn(ctx, 'owner');
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Lotus Residency' }))._id;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const post = (who: Person, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** Every email queued for the tenant, and the ones that reached the SMTP server. */
async function mailOf(tenant: Person) {
  await deliverDue(ctx.deps);
  const rows = await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.userId, tenant.user._id));
  const received = smtp.received.filter((m) => (m.to as { text: string }).text === tenant.user.email);
  return { rows, received };
}

const groups = [
  { billDate: '2026-01-01', bills: [{ billType: 'Rent Bill' as const, amount: 1000 }] },
  { billDate: '2026-02-01', bills: [{ billType: 'Rent Bill' as const, amount: 1000 }] },
];

describe("the tenant's receipt by email (issue 25)", () => {
  it('an offline payment the owner records: one email, the receipt, with number, amount, method, bills settled and link', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, { groups });
    const res = await post(owner, '/payments/record', { roomId, amount: 1500, method: 'cash', paidOn: todayInIndia() });
    expect(res.statusCode, res.body).toBe(201);
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId));
    const { rows, received } = await mailOf(tenant);
    // One email for the payment: the receipt, not also the notification's.
    const forPayment = rows.filter((r) => JSON.stringify(r.data).includes(payment?.id ?? 'none'));
    expect(forPayment.map((r) => [r.template, r.eventKey, r.status])).toEqual([['receipt', `receipt:${payment?.id}`, 'sent']]);
    const mail = received.find((m) => m.subject?.startsWith(`Receipt ${payment?.receiptNumber}`));
    expect(mail?.subject).toBe(`Receipt ${payment?.receiptNumber}: ₹1,500.00 paid`);
    expect(mail?.text).toContain('Method: Cash');
    expect(mail?.text).toContain('Rent Bill of 1 January 2026: ₹1,000.00');
    expect(mail?.text).toContain('Rent Bill of 1 February 2026: ₹500.00');
    expect(mail?.text).toContain(`http://localhost:3000/TenantDashboard/Receipts/${payment?.id}`);
    expect(mail?.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
  });

  it('a confirmed UPI report: one receipt email for the payment', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, { groups });
    const reported = await post(tenant, '/payments/report', { roomId, amount: 1000, reference: '987654321012', paidOn: todayInIndia() });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().data._id as string;
    const confirmed = await post(owner, `/payments/confirm-report/${reportId}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId));
    const { rows } = await mailOf(tenant);
    const receipts = rows.filter((r) => r.template === 'receipt');
    expect(receipts.map((r) => r.eventKey)).toEqual([`receipt:${payment?.id}`]);
    expect(rows.filter((r) => r.template === 'notification' && JSON.stringify(r.data).includes(payment?.id ?? 'none'))).toEqual([]);
  });

  it('a gateway payment: the tenant gets the receipt once, however often it is verified', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, { groups });
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 2000 }), 201));
    const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }));
    for (let i = 0; i < 2; i++) expect((await post(tenant, '/bills/verify-payment', paid)).statusCode).toBe(200);
    const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId));
    const { rows, received } = await mailOf(tenant);
    expect(rows.filter((r) => r.template === 'receipt').map((r) => r.eventKey)).toEqual([`receipt:${payment?.id}`]);
    expect(received.filter((m) => m.subject?.startsWith(`Receipt ${payment?.receiptNumber}`))).toHaveLength(1);
    // The owner's "payment received" is a separate email, to the owner.
    const ownerRows = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, owner.user._id), eq(outboxMessages.template, 'notification')));
    expect(ownerRows.some((r) => (r.data as { kind?: string }).kind === 'paymentReceived')).toBe(true);
  });
});
