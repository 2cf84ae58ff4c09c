import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { billItems, paymentAllocations, paymentOrders, payments, rooms, tenancies } from '../db/schema.js';
import { newId } from '../lib/ids.js';

/**
 * A captured payment written straight into the ledger (order, payment, allocations) with the bills'
 * `paid_paise` raised to match: for tests and fixtures of statistics, without a gateway. The payments
 * module records real payments; this only mirrors the rows it writes.
 */
export async function recordLedgerPayment(
  deps: Pick<AppDeps, 'db'>,
  input: { tenancyId: string; paidAt: Date; allocations: { billItemId: string; amountPaise: number }[]; method?: string },
): Promise<{ paymentId: string; receiptNumber: string }> {
  const amountPaise = input.allocations.reduce((s, a) => s + a.amountPaise, 0);
  return deps.db.transaction(async (tx) => {
    const [t] = await tx
      .select({ tenancy: tenancies, propertyId: rooms.propertyId })
      .from(tenancies)
      .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
      .where(eq(tenancies.id, input.tenancyId));
    if (!t) throw new Error('recordLedgerPayment: no such tenancy');
    const place = {
      roomId: t.tenancy.roomId,
      propertyId: t.propertyId,
      tenancyId: t.tenancy.id,
      tenantId: t.tenancy.tenantId,
      ownerId: t.tenancy.ownerId,
    };
    const orderId = newId();
    const paymentId = newId();
    const [seq] = await tx
      .execute(sql`select nextval('payment_receipt_seq') as n`)
      .then((r) => (r as unknown as { rows: { n: string }[] }).rows);
    const receiptNumber = `KR-${input.paidAt.getUTCFullYear()}-${String(seq?.n ?? '0').padStart(6, '0')}`;
    await tx.insert(paymentOrders).values({
      id: orderId,
      gateway: 'sandbox',
      gatewayOrderId: `order_${orderId.replace(/-/g, '').slice(0, 14)}`,
      ...place,
      amountPaise,
      status: 'paid',
      billItemIds: input.allocations.map((a) => a.billItemId),
      paidAt: input.paidAt,
    });
    await tx.insert(payments).values({
      id: paymentId,
      orderId,
      gateway: 'sandbox',
      gatewayPaymentId: `pay_${paymentId.replace(/-/g, '').slice(0, 14)}`,
      receiptNumber,
      ...place,
      amountPaise,
      method: input.method ?? 'upi',
      source: 'verify',
      paidAt: input.paidAt,
    });
    for (const a of input.allocations) {
      await tx.insert(paymentAllocations).values({ paymentId, billItemId: a.billItemId, amountPaise: a.amountPaise });
      await tx
        .update(billItems)
        .set({ paidPaise: sql`${billItems.paidPaise} + ${a.amountPaise}` })
        .where(eq(billItems.id, a.billItemId));
    }
    return { paymentId, receiptNumber };
  });
}
