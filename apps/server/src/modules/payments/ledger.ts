import { APP_LINKS, allocatePayment, MSG, type PaymentSource } from '@kiraya/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/index.js';
import { type PaymentRow, paymentOrders, payments, rooms, users } from '../../db/schema.js';
import { APP_TIME_ZONE } from '../../lib/dates.js';
import { conflict, notFound } from '../../lib/errors.js';
import { applyAllocations, owedItems, owedPaise, owedSum } from '../../lib/ledger.js';
import { newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { afterPaymentRecorded, holdPayoutIn } from '../payouts/index.js';
import { rowsOf } from '../../lib/sql.js';
import { type Deps, type Log, silent } from './common.js';
import { queueReceiptEmail } from './receipt-email.js';

/** The ledger (ADR 019): what a tenancy owes, and a captured payment recorded once and allocated to its bills. */

export { owedItems, owedSum };

/** The outstanding balance of a tenancy (paise): what its bills still owe. */
export async function outstandingPaise(db: Db, tenancyId: string): Promise<number> {
  return owedSum(await owedItems(db, tenancyId, false));
}

/** A captured payment of a stored order, as verify, the webhook or reconciliation report it. */
export type CapturedPayment = { gatewayPaymentId: string; method: string | null; paidAt: Date; source: PaymentSource };

export type Recorded = { payment: PaymentRow; created: boolean };

/** Receipt numbers: KR-YYYY-NNNNNN (the year of the payment in India, a number from the sequence). */
function receiptNumber(paidAt: Date, n: number): string {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric' }).format(paidAt);
  return `KR-${year}-${String(n).padStart(6, '0')}`;
}

/** The next receipt number from the one sequence every payment (gateway or offline) takes its number from. */
export async function nextReceiptNumber(tx: Db, paidAt: Date): Promise<string> {
  const [seq] = rowsOf<{ n: string | number }>(await tx.execute(sql`select nextval('payment_receipt_seq') as n`));
  return receiptNumber(paidAt, Number(seq?.n));
}

/** How a payment of `amountPaise` settles a tenancy's owed bills: oldest first, and what is left over. */
export type AllocationPlan = { allocations: { id: string; paise: number }[]; remainder: number; owedPaise: number };

/**
 * Plans a payment's allocation over the tenancy's owed bills, oldest first, taking the bill rows FOR UPDATE
 * (inside the transaction that records the payment). Gateway and offline payments both settle through this.
 */
export async function planAllocation(tx: Db, tenancyId: string, amountPaise: number): Promise<AllocationPlan> {
  const items = await owedItems(tx, tenancyId, true);
  const { allocations, remainder } = allocatePayment(
    amountPaise,
    items.map((i) => ({ id: i.id, owedPaise: owedPaise(i), date: i.billDate })),
  );
  return { allocations, remainder, owedPaise: owedSum(items) };
}

/** Applies a planned allocation for a recorded payment through the ledger's one apply (lib/ledger.ts, ADR 046). */
export const writeAllocations = (tx: Db, paymentId: string, allocations: readonly { id: string; paise: number }[]): Promise<void> =>
  applyAllocations(
    tx,
    allocations.map((a) => ({ paymentId, billItemId: a.id, amountPaise: a.paise })),
  );

/**
 * Records a captured payment of `orderId` inside `tx`, once: the order row is locked, so a replayed
 * verify, a concurrent one, or a webhook that came first finds the payment already there and gets it
 * back (`created: false`). A new payment settles the tenancy's bills oldest first (rows locked); what is
 * left over once every bill is settled stays on the payment unallocated (an advance), and is logged.
 */
export async function recordPaymentIn(tx: Db, orderId: string, p: CapturedPayment, log: Log = silent): Promise<Recorded> {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
  if (!order) throw notFound(MSG.orderNotFound);
  const [already] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).limit(1);
  if (already) {
    if (already.gatewayPaymentId !== p.gatewayPaymentId) {
      log.error(
        { orderId: order.gatewayOrderId, recorded: already.gatewayPaymentId, other: p.gatewayPaymentId },
        'payments: a second payment was captured for an order that is already paid; refund it from the gateway dashboard',
      );
    }
    return { payment: already, created: false };
  }
  const [samePayment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, order.gateway), eq(payments.gatewayPaymentId, p.gatewayPaymentId)))
    .limit(1);
  if (samePayment) throw conflict(MSG.paymentVerifyFailed);
  const { allocations, remainder } = await planAllocation(tx, order.tenancyId, order.amountPaise);
  if (remainder > 0) {
    log.info({ orderId: order.gatewayOrderId, remainder }, "payments: payment exceeds what the bills owe; the rest is the tenant's credit");
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      id: newId(),
      kind: 'gateway',
      orderId: order.id,
      gateway: order.gateway,
      gatewayPaymentId: p.gatewayPaymentId,
      receiptNumber: await nextReceiptNumber(tx, p.paidAt),
      roomId: order.roomId,
      propertyId: order.propertyId,
      tenancyId: order.tenancyId,
      tenantId: order.tenantId,
      ownerId: order.ownerId,
      amountPaise: order.amountPaise,
      currency: order.currency,
      method: p.method,
      source: p.source,
      paidAt: p.paidAt,
    })
    .returning();
  const row = payment as PaymentRow;
  await writeAllocations(tx, row.id, allocations);
  // Its way to the owner (issue 24, ADR 031): the payout row, held, in this transaction; transferred after the commit.
  await holdPayoutIn(tx, row);
  await tx.update(paymentOrders).set({ status: 'paid', paidAt: p.paidAt, updatedAt: new Date() }).where(eq(paymentOrders.id, order.id));
  // Told once, with the payment: the owner's "payment received" and both parties' open pages (ADR 017).
  const [who] = await tx
    .select({ fullName: users.fullName, roomNumber: rooms.roomNumber })
    .from(users)
    .innerJoin(rooms, eq(rooms.id, order.roomId))
    .where(eq(users.id, order.tenantId));
  await notify(tx, {
    userId: order.ownerId,
    note: {
      text: 'paymentReceived',
      amountPaise: order.amountPaise,
      tenantName: who?.fullName ?? null,
      roomNumber: who?.roomNumber ?? '',
      receiptNumber: row.receiptNumber,
    },
    link: APP_LINKS.ownerReceipt(row.id),
  });
  // The tenant's receipt by email (issue 25), once per payment.
  await queueReceiptEmail(tx, row.id);
  await publishLive(tx, [order.ownerId, order.tenantId], { kind: 'payments', id: row.id, roomId: order.roomId });
  return { payment: row, created: true };
}

/** Records a captured payment in its own transaction (the owner's notification and live events commit with it). */
export async function recordPayment(deps: Deps, orderId: string, p: CapturedPayment, log: Log = silent): Promise<Recorded> {
  const recorded = await inTransaction(deps.db, (tx) => recordPaymentIn(tx, orderId, p, log));
  await afterPaymentRecorded(deps, recorded.payment.ownerId, log);
  return recorded;
}
