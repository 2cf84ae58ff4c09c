import {
  formatPaise,
  MIN_PAYMENT_PAISE,
  MSG,
  PAYMENT_CURRENCY,
  type Payment,
  type PaymentGatewayName,
  type PaymentOrder,
  type OwedBillView,
  type PaySummary,
  paiseToRupees,
} from '@kiraya/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { type PaymentOrderRow, paymentOrders, tenancies, users } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { AppError, badRequest, notFound, serviceUnavailable } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { creditPaise, owedPaise } from '../../lib/ledger.js';
import { countPayment } from '../../lib/metrics.js';
import { type Deps, type Log, silent } from './common.js';
import { GatewayError, gatewayFor, type PaymentGateway, SandboxGateway } from './gateway.js';
import { owedItems, owedSum, recordPayment } from './ledger.js';
import { reconcileOrder } from './reconcile.js';
import { paymentViews } from './views.js';
import { pendingReported } from './pending.js';

/** Orders: a tenant's balance and order for a room, the checkout's answer, and asking the gateway again. */

const tenantOf = (tenantId: string): Caller => ({ userId: tenantId, role: 'tenant' });

/** The current tenancy of `tenantId` in a room they occupy (404 otherwise). */
export async function currentTenancyOf(db: Db, tenantId: string, roomId: string) {
  const { room } = await roomAccess(db, tenantOf(tenantId), roomId, 'tenant');
  const [tenancy] = await db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, room.id), eq(tenancies.tenantId, tenantId), isNull(tenancies.moveOutDate)))
    .limit(1);
  if (!tenancy) throw notFound(MSG.roomNotFound);
  return { room, tenancy };
}

/** GET /payments/room/:id/summary: the room's balance and its owed bills in the order a payment settles them. */
export async function paySummary(deps: Deps, tenantId: string, roomId: string): Promise<PaySummary> {
  const { room, tenancy } = await currentTenancyOf(deps.db, tenantId, roomId);
  const rows = await owedItems(deps.db, tenancy.id, false);
  const balance = owedSum(rows);
  const credit = await creditPaise(deps.db, tenancy.id);
  const reported = (await pendingReported(deps.db, [tenancy.id])).get(tenancy.id) ?? null;
  const [owner] = await deps.db
    .select({ fullName: users.fullName, vpa: users.upiVpa })
    .from(users)
    .where(eq(users.id, tenancy.ownerId))
    .limit(1);
  // The note names the room and the month of the oldest bill the payment settles first.
  const month = new Date(`${rows[0]?.billDate ?? todayInIndia()}T00:00:00Z`).toLocaleString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    roomId: room.id,
    ownerUpi: owner?.vpa ? { vpa: owner.vpa, payeeName: owner.fullName, note: `Kiraya Room ${room.roomNumber} ${month}` } : null,
    credit: paiseToRupees(credit),
    online: deps.config.payments.gateway,
    balance: paiseToRupees(balance),
    reported: reported ? { amount: paiseToRupees(reported.amountPaise), paidOn: reported.paidOn, count: reported.count } : null,
    balanceAfterReported: paiseToRupees(Math.max(0, balance - (reported?.amountPaise ?? 0))),
    minimum: paiseToRupees(MIN_PAYMENT_PAISE),
    owed: rows.map((r) => ({
      billId: r.id,
      billType: r.billType as OwedBillView['billType'],
      billDate: r.billDate,
      amount: paiseToRupees(r.amountPaise),
      paidAmount: paiseToRupees(r.paidPaise),
      owed: paiseToRupees(owedPaise(r)),
    })),
  };
}

function toOrderView(o: PaymentOrderRow, keyId: string): PaymentOrder {
  return {
    id: o.gatewayOrderId,
    currency: PAYMENT_CURRENCY,
    amount: o.amountPaise,
    gateway: o.gateway as PaymentGatewayName,
    key: keyId,
    roomId: o.roomId,
    status: o.status as PaymentOrder['status'],
  };
}

/**
 * POST /bills/create-order: a tenant's order for a room they occupy, for at least ₹1 and at most what
 * the current tenancy's bills still owe. The order is created at the gateway first, then stored.
 */
export async function createOrder(deps: Deps, tenantId: string, body: { amount: number; roomId: string }): Promise<PaymentOrder> {
  const { room, tenancy } = await currentTenancyOf(deps.db, tenantId, body.roomId);
  const amountPaise = body.amount;
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw badRequest(MSG.paymentAmountInvalid, 'amount');
  const items = await owedItems(deps.db, tenancy.id, false);
  const owed = owedSum(items);
  if (owed <= 0) throw new AppError('ALREADY_PAID', MSG.nothingOwed, [{ path: 'amount', message: MSG.nothingOwed }]);
  // At least ₹1: the gateway's own minimum (Razorpay refuses orders under ₹1). A balance under ₹1 is paid
  // with the next bill, or the owner waives it (issue 18); the tenant is told which.
  if (owed < MIN_PAYMENT_PAISE) throw badRequest(MSG.paymentBelowGatewayMinimum(formatPaise(owed)), 'amount');
  if (amountPaise < MIN_PAYMENT_PAISE) throw badRequest(MSG.paymentMinimum, 'amount');
  if (amountPaise > owed) {
    const message = MSG.paymentTooHigh(formatPaise(owed));
    throw new AppError('AMOUNT_TOO_HIGH', message, [{ path: 'amount', message }]);
  }
  const gateway = gatewayFor(deps);
  const id = newId();
  let made: { id: string };
  try {
    made = await gateway.createOrder({ amountPaise, receipt: id, notes: { roomId: room.id, tenantId, orderId: id } });
  } catch (e) {
    if (e instanceof GatewayError) throw serviceUnavailable(MSG.paymentUnavailable);
    throw e;
  }
  const [row] = await deps.db
    .insert(paymentOrders)
    .values({
      id,
      gateway: gateway.name,
      gatewayOrderId: made.id,
      roomId: room.id,
      propertyId: room.propertyId,
      tenancyId: tenancy.id,
      tenantId,
      ownerId: tenancy.ownerId,
      amountPaise,
      currency: PAYMENT_CURRENCY,
      billItemIds: items.map((i) => i.id),
    })
    .returning();
  // One open order per room (issue 19): a new one supersedes the older; a late capture of one is still
  // recorded, and what it brings beyond what is owed becomes the tenant's credit.
  await deps.db
    .update(paymentOrders)
    .set({ status: 'superseded', updatedAt: new Date() })
    .where(and(eq(paymentOrders.tenancyId, tenancy.id), eq(paymentOrders.status, 'created'), ne(paymentOrders.id, id)));
  return toOrderView(row as PaymentOrderRow, gateway.keyId);
}

/** The caller's order by the gateway's order id; anyone else's (or none) is 404. */
async function orderOfTenant(db: Db, gateway: PaymentGateway, tenantId: string, gatewayOrderId: string): Promise<PaymentOrderRow> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gateway, gateway.name), eq(paymentOrders.gatewayOrderId, gatewayOrderId)))
    .limit(1);
  if (!order || order.tenantId !== tenantId) throw notFound(MSG.orderNotFound);
  return order;
}

/**
 * POST /bills/verify-payment: the checkout's answer for one of the caller's orders. The signature is
 * checked against the STORED order id (the client's amount, room and tenant id are ignored); a bad one
 * is refused and logged (without the secret or the signature).
 */
export async function verifyPayment(
  deps: Deps,
  tenantId: string,
  body: { orderId: string; paymentId: string; signature: string },
  log: Log = silent,
): Promise<Payment> {
  const gateway = gatewayFor(deps);
  const order = await orderOfTenant(deps.db, gateway, tenantId, body.orderId);
  if (!gateway.verifyPaymentSignature(order.gatewayOrderId, body.paymentId, body.signature)) {
    log.warn({ orderId: order.gatewayOrderId, paymentId: body.paymentId, tenantId }, 'payments: payment signature does not verify');
    countPayment(deps, 'verify', 'bad_signature');
    throw new AppError('BAD_SIGNATURE', MSG.paymentVerifyFailed, [{ path: 'signature', message: MSG.paymentVerifyFailed }]);
  }
  const { payment, created } = await recordPayment(
    deps,
    order.id,
    { gatewayPaymentId: body.paymentId, method: null, paidAt: new Date(), source: 'verify' },
    log,
  );
  countPayment(deps, 'verify', created ? 'recorded' : 'duplicate');
  return (await paymentViews(deps.db, [payment.id]))[0] as Payment;
}

/** POST /payments/sandbox/pay: the sandbox checkout pays (or fails to pay) one of the caller's orders. */
export async function sandboxPay(
  deps: Deps,
  tenantId: string,
  body: { orderId: string; outcome: 'success' | 'failure'; method: 'card' | 'upi' },
): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }> {
  const gateway = gatewayFor(deps);
  if (!(gateway instanceof SandboxGateway)) throw notFound(MSG.notFound);
  const order = await orderOfTenant(deps.db, gateway, tenantId, body.orderId);
  if (order.status === 'paid') throw new AppError('ALREADY_PAID', MSG.nothingOwed);
  if (body.outcome === 'failure') throw badRequest(MSG.paymentFailed);
  const { paymentId, signature } = await gateway.pay(order.gatewayOrderId, order.amountPaise, body.method);
  return { razorpay_payment_id: paymentId, razorpay_order_id: order.gatewayOrderId, razorpay_signature: signature };
}

/** POST /payments/check-order/:id: the order's tenant asks the gateway whether it was paid after all. */
export async function checkOrder(deps: Deps, tenantId: string, gatewayOrderId: string, log: Log = silent): Promise<PaymentOrder> {
  const gateway = gatewayFor(deps);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(gatewayOrderId)) throw notFound(MSG.orderNotFound);
  let order = await orderOfTenant(deps.db, gateway, tenantId, gatewayOrderId);
  if (order.status === 'created' || order.status === 'superseded') {
    try {
      if (await reconcileOrder(deps, order, log)) order = await orderOfTenant(deps.db, gateway, tenantId, gatewayOrderId);
    } catch (e) {
      if (e instanceof GatewayError) throw serviceUnavailable(MSG.paymentUnavailable);
      throw e;
    }
  }
  return toOrderView(order, gateway.keyId);
}
