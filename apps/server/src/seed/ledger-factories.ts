import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { inTransaction } from '../db/index.js';
import { paymentOrders, rooms, tenancies } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { recordPaymentIn } from '../modules/payments/index.js';

/**
 * A captured gateway payment of `amountPaise` for tests and fixtures of statistics, without a gateway: a paid
 * order, then the payments module records it as verify would (recordPaymentIn), so it settles the tenancy's
 * bills oldest first through the ledger's one apply and holds its payout (ADR 046). What is left over is
 * the tenancy's credit, as with any payment.
 */
export async function recordLedgerPayment(
  deps: Pick<AppDeps, 'db'>,
  input: { tenancyId: string; paidAt: Date; amountPaise: number; method?: string },
): Promise<{ paymentId: string; receiptNumber: string }> {
  return inTransaction(deps.db, async (tx) => {
    // Where the money goes: the tenancy's room, property, tenant and owner, as an order holds them.
    const [place] = await tx
      .select({
        roomId: tenancies.roomId,
        propertyId: rooms.propertyId,
        tenancyId: tenancies.id,
        tenantId: tenancies.tenantId,
        ownerId: tenancies.ownerId,
      })
      .from(tenancies)
      .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
      .where(eq(tenancies.id, input.tenancyId));
    if (!place) throw new Error('recordLedgerPayment: no such tenancy');
    const orderId = newId();
    const gatewayOrderId = `order_${orderId.replace(/-/g, '').slice(0, 14)}`;
    await tx.insert(paymentOrders).values({
      id: orderId,
      gateway: 'sandbox',
      gatewayOrderId,
      ...place,
      amountPaise: input.amountPaise,
      status: 'created',
      billItemIds: [],
    });
    const { payment } = await recordPaymentIn(tx, orderId, {
      gatewayPaymentId: `pay_${newId().replace(/-/g, '').slice(0, 14)}`,
      method: input.method ?? 'upi',
      paidAt: input.paidAt,
      source: 'verify',
    });
    return { paymentId: payment.id, receiptNumber: payment.receiptNumber };
  });
}
