import {
  APP_LINKS,
  allocatePayment,
  formatPaise,
  MIN_PAYMENT_PAISE,
  MSG,
  PAYMENT_CURRENCY,
  type Payment,
  type PaymentGatewayName,
  type PaymentOrder,
  type PaymentSource,
  type OwedBillView,
  type PaySummary,
  paiseToRupees,
} from '@kiraya/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  billGroups,
  billItems,
  type PaymentOrderRow,
  type PaymentRow,
  paymentAllocations,
  paymentOrders,
  payments,
  properties,
  rooms,
  tenancies,
  users,
} from '../../db/schema.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { APP_TIME_ZONE } from '../../lib/dates.js';
import { creditPaise, IS_OWED_SQL, type LedgerItem, owedPaise } from '../../lib/ledger.js';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { GatewayError, gatewayFor, type PaymentGateway, SandboxGateway } from './gateway.js';

/**
 * Payments (ADR 019): orders, the ledger and allocations. Money is integer paise; rupees only in views.
 * The server decides every amount: an order's is checked against what the room owes, and verify, the
 * webhook and reconciliation all record the STORED order's amount, once (unique gateway payment id and
 * one payment per order, under a lock on the order row).
 */

export type Deps = Pick<AppDeps, 'db' | 'config'>;
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** The rows of a raw query, whichever driver ran it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

const tenantOf = (tenantId: string): Caller => ({ userId: tenantId, role: 'tenant' });

/** A bill item still owed on a tenancy, oldest bill date first. */
type OwedItem = LedgerItem & { id: string; billDate: string; createdAt: Date };

async function owedItems(db: Db, tenancyId: string, lock: boolean): Promise<OwedItem[]> {
  const q = db
    .select({
      id: billItems.id,
      amountPaise: billItems.amountPaise,
      paidPaise: billItems.paidPaise,
      waivedPaise: billItems.waivedPaise,
      billDate: billGroups.billDate,
      createdAt: billItems.createdAt,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenancyId, tenancyId), IS_OWED_SQL))
    .orderBy(asc(billGroups.billDate), asc(billItems.createdAt), asc(billItems.id));
  return lock ? q.for('update', { of: billItems }) : q;
}

const owedSum = (items: OwedItem[]) => items.reduce((s, i) => s + owedPaise(i), 0);

/** The outstanding balance of a tenancy (paise): what its bills still owe. */
export async function outstandingPaise(db: Db, tenancyId: string): Promise<number> {
  return owedSum(await owedItems(db, tenancyId, false));
}

/** The current tenancy of `tenantId` in a room they occupy (404 otherwise). */
async function currentTenancyOf(db: Db, tenantId: string, roomId: string) {
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
  const rows = await deps.db
    .select({
      id: billItems.id,
      billType: billItems.billType,
      amountPaise: billItems.amountPaise,
      paidPaise: billItems.paidPaise,
      waivedPaise: billItems.waivedPaise,
      billDate: billGroups.billDate,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenancyId, tenancy.id), IS_OWED_SQL))
    .orderBy(asc(billGroups.billDate), asc(billItems.createdAt), asc(billItems.id));
  const balance = rows.reduce((s, r) => s + owedPaise(r), 0);
  const credit = await creditPaise(deps.db, tenancy.id);
  return {
    roomId: room.id,
    credit: paiseToRupees(credit),
    online: deps.config.payments.gateway,
    balance: paiseToRupees(balance),
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

/** A captured payment of a stored order, as verify, the webhook or reconciliation report it. */
export type CapturedPayment = { gatewayPaymentId: string; method: string | null; paidAt: Date; source: PaymentSource };

export type Recorded = { payment: PaymentRow; created: boolean };

/** Receipt numbers: KR-YYYY-NNNNNN (the year of the payment in India, a number from the sequence). */
function receiptNumber(paidAt: Date, n: number): string {
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric' }).format(paidAt);
  return `KR-${year}-${String(n).padStart(6, '0')}`;
}

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
  const items = await owedItems(tx, order.tenancyId, true);
  const { allocations, remainder } = allocatePayment(
    order.amountPaise,
    items.map((i) => ({ id: i.id, owedPaise: owedPaise(i), date: i.billDate })),
  );
  if (remainder > 0) {
    log.info({ orderId: order.gatewayOrderId, remainder }, "payments: payment exceeds what the bills owe; the rest is the tenant's credit");
  }
  const [seq] = rowsOf<{ n: string | number }>(await tx.execute(sql`select nextval('payment_receipt_seq') as n`));
  const n = Number(seq?.n);
  const [payment] = await tx
    .insert(payments)
    .values({
      id: newId(),
      orderId: order.id,
      gateway: order.gateway,
      gatewayPaymentId: p.gatewayPaymentId,
      receiptNumber: receiptNumber(p.paidAt, n),
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
  for (const a of allocations) {
    await tx
      .update(billItems)
      .set({ paidPaise: sql`${billItems.paidPaise} + ${a.paise}`, updatedAt: new Date() })
      .where(eq(billItems.id, a.id));
  }
  if (allocations.length > 0) {
    await tx.insert(paymentAllocations).values(allocations.map((a) => ({ paymentId: row.id, billItemId: a.id, amountPaise: a.paise })));
  }
  await tx.update(paymentOrders).set({ status: 'paid', paidAt: p.paidAt, updatedAt: new Date() }).where(eq(paymentOrders.id, order.id));
  // Told once, with the payment: the owner's "payment received" and both parties' open pages (ADR 017).
  const [who] = await tx
    .select({ fullName: users.fullName, roomNumber: rooms.roomNumber })
    .from(users)
    .innerJoin(rooms, eq(rooms.id, order.roomId))
    .where(eq(users.id, order.tenantId));
  await notify(tx, {
    userId: order.ownerId,
    kind: 'paymentReceived',
    title: `Payment received: ${formatPaise(order.amountPaise)}`,
    body: `${who?.fullName ?? 'Your tenant'} paid for Room ${who?.roomNumber ?? ''} (receipt ${row.receiptNumber}).`,
    link: APP_LINKS.ownerReceipt(row.id),
  });
  await publishLive(tx, [order.ownerId, order.tenantId], { kind: 'payments', id: row.id, roomId: order.roomId });
  return { payment: row, created: true };
}

/** Records a captured payment in its own transaction (the owner's notification and live events commit with it). */
export async function recordPayment(deps: Deps, orderId: string, p: CapturedPayment, log: Log = silent): Promise<Recorded> {
  return inTransaction(deps.db, (tx) => recordPaymentIn(tx, orderId, p, log));
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
    throw new AppError('BAD_SIGNATURE', MSG.paymentVerifyFailed, [{ path: 'signature', message: MSG.paymentVerifyFailed }]);
  }
  const { payment } = await recordPayment(
    deps,
    order.id,
    { gatewayPaymentId: body.paymentId, method: null, paidAt: new Date(), source: 'verify' },
    log,
  );
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

/**
 * Asks the gateway for an order's payments and records a captured one of the order's amount (the
 * browser never came back). Returns whether a payment was recorded now.
 */
async function reconcileOrder(deps: Deps, order: PaymentOrderRow, log: Log): Promise<Recorded | null> {
  const gateway = gatewayFor(deps);
  const list = await gateway.orderPayments(order.gatewayOrderId);
  const captured = list.find((p) => p.status === 'captured' && p.orderId === order.gatewayOrderId);
  if (!captured) return null;
  if (captured.amountPaise !== order.amountPaise || captured.currency !== order.currency) {
    log.error({ orderId: order.gatewayOrderId, paymentId: captured.id }, 'payments: captured amount differs from the order; not recorded');
    return null;
  }
  const p: CapturedPayment = {
    gatewayPaymentId: captured.id,
    method: captured.method,
    paidAt: new Date(captured.createdAt),
    source: 'reconcile',
  };
  return recordPayment(deps, order.id, p, log);
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

/** The sweep's window: orders left `created` for longer than this, and younger than the next. */
export const RECONCILE_MIN_AGE_MS = 5 * 60_000;
export const RECONCILE_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
const RECONCILE_BATCH = 25;
/** pg advisory lock key of the sweep ("KRPAY" in ASCII), so one instance sweeps at a time. */
const RECONCILE_LOCK = 0x4b52504159;

/** A claimed order is not picked again by any instance for this long. */
const RECONCILE_CLAIM_MS = 60_000;

/**
 * One sweep of orders left `created` (between 5 minutes and 3 days old): a short transaction holding a
 * transaction-level advisory lock claims a batch (stamps `updated_at`, so no instance picks it again for a
 * minute; another instance that finds the lock taken skips its turn); then each claimed order is checked
 * with the gateway OUTSIDE any transaction (no lock held across network calls) and a captured payment
 * recorded in its own transaction. Returns how many payments it recorded.
 */
export async function reconcileSweep(deps: Deps, log: Log = silent, now = new Date()): Promise<number> {
  const due = await inTransaction(deps.db, async (tx) => {
    const [first] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${RECONCILE_LOCK}) as locked`));
    if (!first?.locked) return [];
    const rows = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          inArray(paymentOrders.status, ['created', 'superseded']),
          lt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_MIN_AGE_MS)),
          gt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_MAX_AGE_MS)),
          lt(paymentOrders.updatedAt, new Date(now.getTime() - RECONCILE_CLAIM_MS)),
        ),
      )
      .orderBy(asc(paymentOrders.updatedAt))
      .limit(RECONCILE_BATCH);
    if (rows.length > 0) {
      await tx
        .update(paymentOrders)
        .set({ updatedAt: now })
        .where(
          inArray(
            paymentOrders.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
  let recorded = 0;
  for (const order of due) {
    try {
      if ((await reconcileOrder(deps, order, log))?.created) recorded++;
    } catch (e) {
      log.warn({ err: e instanceof GatewayError ? e.message : e, orderId: order.gatewayOrderId }, 'payments: reconciling an order failed');
    }
  }
  if (recorded > 0) log.info({ recorded }, 'payments: reconciliation recorded payments');
  return recorded;
}

/** Starts the periodic sweep (if configured); returns its stopper. Sweeps never overlap. */
export function startReconciler(deps: Deps, log: Log): () => void {
  const every = deps.config.payments.reconcileIntervalMs;
  if (every <= 0 || deps.config.payments.gateway === 'off') return () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcileSweep(deps, log)
      .catch((e) => log.warn({ err: e }, 'payments: reconciliation sweep failed'))
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

// ------------------------------------------------------------------------------------------------
// Webhook

export type WebhookResult = { status: 'recorded' | 'duplicate' | 'ignored' };

type WebhookPaymentEntity = {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
  method?: unknown;
  created_at?: unknown;
};

/**
 * POST /payments/webhook (already signature-checked by the route): `payment.captured` and `order.paid`
 * record the payment for the stored order (source webhook), once; anything else is acknowledged and ignored.
 */
export async function handleWebhookEvent(deps: Deps, event: unknown, log: Log = silent): Promise<WebhookResult> {
  const e = event as { event?: unknown; payload?: { payment?: { entity?: WebhookPaymentEntity } } } | null;
  const name = typeof e?.event === 'string' ? e.event : '';
  if (name !== 'payment.captured' && name !== 'order.paid') return { status: 'ignored' };
  const p = e?.payload?.payment?.entity;
  if (!p || typeof p.id !== 'string' || typeof p.order_id !== 'string' || typeof p.amount !== 'number') {
    log.warn({ event: name }, 'payments: webhook event without a payment entity; ignored');
    return { status: 'ignored' };
  }
  const gateway = gatewayFor(deps);
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gateway, gateway.name), eq(paymentOrders.gatewayOrderId, p.order_id)))
    .limit(1);
  if (!order) {
    log.warn({ event: name, orderId: p.order_id }, 'payments: webhook for an order we do not know; ignored');
    return { status: 'ignored' };
  }
  if (p.amount !== order.amountPaise || (p.currency !== undefined && p.currency !== order.currency)) {
    log.error({ event: name, orderId: p.order_id, paymentId: p.id }, 'payments: webhook amount differs from the order; not recorded');
    return { status: 'ignored' };
  }
  if (p.status !== undefined && p.status !== 'captured') return { status: 'ignored' };
  const createdAt = typeof p.created_at === 'number' && Number.isFinite(p.created_at) ? new Date(p.created_at * 1000) : new Date();
  try {
    const { created } = await recordPayment(
      deps,
      order.id,
      { gatewayPaymentId: p.id, method: typeof p.method === 'string' ? p.method.slice(0, 40) : null, paidAt: createdAt, source: 'webhook' },
      log,
    );
    return { status: created ? 'recorded' : 'duplicate' };
  } catch (err) {
    // A payment id already recorded for another order: the ledger stays as it is. Answering 409 would have
    // the gateway retry the delivery for a day (issue 18): answer 200, and leave it to an operator.
    if (err instanceof AppError && err.code === 'CONFLICT') {
      log.error({ event: name, orderId: p.order_id, paymentId: p.id }, 'payments: webhook payment id belongs to another order; ignored');
      return { status: 'ignored' };
    }
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------
// Views: payments, receipts

const tenantUser = alias(users, 'payment_tenant');
const ownerUser = alias(users, 'payment_owner');

/** Payments by id, as their payer and payee see them (allocations oldest bill first), in the given order. */
export async function paymentViews(db: Db, ids: string[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      p: payments,
      order: { gatewayOrderId: paymentOrders.gatewayOrderId },
      room: { id: rooms.id, roomNumber: rooms.roomNumber },
      property: { id: properties.id, title: properties.title },
      tenant: { id: tenantUser.id, username: tenantUser.username, fullName: tenantUser.fullName },
      owner: { id: ownerUser.id, username: ownerUser.username, fullName: ownerUser.fullName },
    })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, payments.tenantId))
    .innerJoin(ownerUser, eq(ownerUser.id, payments.ownerId))
    .where(inArray(payments.id, ids));
  const allocs = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      billId: billItems.id,
      billType: billItems.billType,
      billDate: billGroups.billDate,
      amountPaise: paymentAllocations.amountPaise,
    })
    .from(paymentAllocations)
    .innerJoin(billItems, eq(billItems.id, paymentAllocations.billItemId))
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(inArray(paymentAllocations.paymentId, ids))
    .orderBy(asc(billGroups.billDate), asc(billItems.createdAt));
  const byPayment = new Map<string, Payment['allocations']>();
  for (const a of allocs) {
    const list = byPayment.get(a.paymentId) ?? [];
    list.push({
      billId: a.billId,
      billType: a.billType as Payment['allocations'][number]['billType'],
      billDate: a.billDate,
      amount: paiseToRupees(a.amountPaise),
    });
    byPayment.set(a.paymentId, list);
  }
  const byId = new Map(
    rows.map((r) => [
      r.p.id,
      {
        _id: r.p.id,
        receiptNumber: r.p.receiptNumber,
        gateway: r.p.gateway as PaymentGatewayName,
        orderId: r.order.gatewayOrderId,
        paymentId: r.p.gatewayPaymentId,
        method: r.p.method,
        amount: paiseToRupees(r.p.amountPaise),
        currency: PAYMENT_CURRENCY,
        paidAt: r.p.paidAt.toISOString(),
        source: r.p.source as PaymentSource,
        roomId: r.p.roomId,
        propertyId: r.p.propertyId,
        room: { _id: r.room.id, roomNumber: r.room.roomNumber },
        property: { _id: r.property.id, title: r.property.title },
        tenantId: { _id: r.tenant.id, username: r.tenant.username, fullName: r.tenant.fullName },
        ownerId: { _id: r.owner.id, username: r.owner.username, fullName: r.owner.fullName },
        allocations: byPayment.get(r.p.id) ?? [],
      } satisfies Payment,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((p): p is Payment => !!p);
}

/** GET /payments/mine: a tenant's payments made, an owner's received (newest first), optionally for one room. */
export async function myPayments(deps: Deps, caller: NonNullable<Caller>, roomId?: string): Promise<Payment[]> {
  if (roomId !== undefined && !isUuid(roomId)) return [];
  const mine = caller.role === 'owner' ? eq(payments.ownerId, caller.userId) : eq(payments.tenantId, caller.userId);
  const rows = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(roomId ? and(mine, eq(payments.roomId, roomId)) : mine)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(500);
  return paymentViews(
    deps.db,
    rows.map((r) => r.id),
  );
}
