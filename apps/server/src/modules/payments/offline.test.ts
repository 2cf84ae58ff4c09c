import { MSG, receiptSchema, rentReceiptSchema } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/index.js';
import { billItems, notifications, paymentAllocations, payments, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import type { AppError } from '../../lib/errors.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, createBilledRoom, okData, type Person } from '../../test/support.js';
import { recordOfflinePaymentIn } from './index.js';
import { notificationWords } from '../../i18n/notifications.js';

let ctx: TestContext;
let owner: Person;
let tenant: Person;
let propertyId: string;
const { get } = apiAs(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
});
afterAll(() => ctx.close());

async function billedTenancy() {
  const made = await createBilledRoom(ctx, owner, tenant, propertyId, {
    groups: [
      { billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] },
      { billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] },
    ],
  });
  const [t] = await ctx.deps.db.select().from(tenancies).where(eq(tenancies.roomId, made.roomId));
  return { roomId: made.roomId, tenancyId: t?.id as string, billIds: made.groups.map((g) => g.bills[0]?._id as string) };
}

const record = (input: Partial<Parameters<typeof recordOfflinePaymentIn>[1]> & { tenancyId: string }) =>
  inTransaction(ctx.deps.db, (tx) =>
    recordOfflinePaymentIn(tx, {
      amountPaise: 50_000,
      method: 'cash',
      paidOn: '2026-02-10',
      reference: null,
      note: null,
      recordedBy: owner.user._id,
      source: 'recorded',
      ...input,
    }),
  );

const thrown = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
};

describe('recordOfflinePaymentIn', () => {
  it('settles the oldest bill first, takes a receipt number, notifies the tenant; the receipt shows the method', async () => {
    const { tenancyId, billIds } = await billedTenancy();
    const r = await record({ tenancyId, amountPaise: 150_000, method: 'upi', reference: '123456789012', note: 'Jan and half Feb' });
    expect(r.allocatedPaise).toBe(150_000);
    expect(r.receiptNumber).toMatch(/^KR-2026-\d{6}$/);
    const paid = await ctx.deps.db
      .select({ id: billItems.id, paid: billItems.paidPaise })
      .from(billItems)
      .where(eq(billItems.tenancyId, tenancyId));
    expect(new Map(paid.map((p) => [p.id, p.paid]))).toEqual(
      new Map([
        [billIds[0], 100_000],
        [billIds[1], 50_000],
      ]),
    );
    const allocs = await ctx.deps.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, r.paymentId));
    expect(allocs.reduce((s, a) => s + a.amountPaise, 0)).toBe(150_000);
    const [row] = await ctx.deps.db.select().from(payments).where(eq(payments.id, r.paymentId));
    expect(row).toMatchObject({ kind: 'offline', orderId: null, gateway: null, method: 'upi', source: 'recorded', paidOn: '2026-02-10' });
    expect(row?.reference).toBe('123456789012');
    const [n] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tenant.user._id), eq(notifications.kind, 'paymentRecorded')));
    expect(n && notificationWords(n, 'en-IN').title).toBe('Payment recorded: ₹1,500.00');
    const receipt = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${r.paymentId}`)));
    expect(receipt).toMatchObject({ kind: 'offline', methodLabel: 'UPI direct', orderId: null, reference: '123456789012', reversal: null });
    expect(receipt.allocations.map((a) => a.amount)).toEqual([1000, 500]);
    const hra = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${row?.roomId}&period=FY2025-26`)));
    expect(hra.payments.map((p) => [p.methodLabel, p.paymentId])).toEqual([
      ['UPI direct', null],
      ['UPI direct', null],
    ]);
    expect(hra.rentPaid).toBe(1500);
    const mine = okData<{ _id: string; methodLabel: string }[]>(await get(owner, `/payments/mine?roomId=${row?.roomId}`));
    expect(mine.map((p) => p.methodLabel)).toEqual(['UPI direct']);
  });

  it('refuses more than is owed, a reference used before by the owner, a date in the future or before the tenancy', async () => {
    const { tenancyId } = await billedTenancy();
    expect((await thrown(record({ tenancyId, amountPaise: 200_001 }))).message).toBe(MSG.offlineTooHigh('₹2,000.00'));
    await record({ tenancyId, amountPaise: 10_000, method: 'cheque', reference: ' ch 0042 ' });
    const dup = await thrown(record({ tenancyId, amountPaise: 10_000, method: 'cheque', reference: 'CH0042' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toBe(MSG.duplicateReference('CH0042'));
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    if (tomorrow > todayInIndia()) expect((await thrown(record({ tenancyId, paidOn: tomorrow }))).message).toBe(MSG.paidOnFuture);
    expect((await thrown(record({ tenancyId, paidOn: '2025-11-30' }))).message).toBe(MSG.paidOnBeforeTenancy('2025-12-01'));
    expect((await thrown(record({ tenancyId, amountPaise: 0 }))).code).toBe('BAD_REQUEST');
    await record({ tenancyId, amountPaise: 190_000 });
    expect((await thrown(record({ tenancyId, amountPaise: 100 }))).message).toBe(MSG.nothingOwed);
  });
});
