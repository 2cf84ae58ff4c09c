import { and, asc, gt, inArray, lt, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/index.js';
import { startSweep } from '../../lib/sweep.js';
import { type PaymentOrderRow, paymentOrders } from '../../db/schema.js';
import { countPayment } from '../../lib/metrics.js';
import { type Deps, type Log, rowsOf, silent } from './common.js';
import { GatewayError, gatewayFor } from './gateway.js';
import { type CapturedPayment, type Recorded, recordPayment } from './ledger.js';

/** Reconciliation: orders whose browser never came back are asked of the gateway and their payments recorded. */

/**
 * Asks the gateway for an order's payments and records a captured one of the order's amount (the
 * browser never came back). Returns whether a payment was recorded now.
 */
export async function reconcileOrder(deps: Deps, order: PaymentOrderRow, log: Log): Promise<Recorded | null> {
  const gateway = gatewayFor(deps);
  const list = await gateway.orderPayments(order.gatewayOrderId);
  const captured = list.find((p) => p.status === 'captured' && p.orderId === order.gatewayOrderId);
  if (!captured) return null;
  if (captured.amountPaise !== order.amountPaise || captured.currency !== order.currency) {
    log.error({ orderId: order.gatewayOrderId, paymentId: captured.id }, 'payments: captured amount differs from the order; not recorded');
    countPayment(deps, 'reconcile', 'amount_mismatch');
    return null;
  }
  const p: CapturedPayment = {
    gatewayPaymentId: captured.id,
    method: captured.method,
    paidAt: new Date(captured.createdAt),
    source: 'reconcile',
  };
  const recorded = await recordPayment(deps, order.id, p, log);
  countPayment(deps, 'reconcile', recorded.created ? 'recorded' : 'duplicate');
  return recorded;
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
      countPayment(deps, 'reconcile', 'error');
      log.warn({ err: e instanceof GatewayError ? e.message : e, orderId: order.gatewayOrderId }, 'payments: reconciling an order failed');
    }
  }
  if (recorded > 0) log.info({ recorded }, 'payments: reconciliation recorded payments');
  return recorded;
}

/** Starts the periodic sweep (if configured); returns its stopper. Sweeps never overlap. */
export function startReconciler(deps: Deps, log: Log): () => void {
  if (deps.config.payments.gateway === 'off') return () => {};
  return startSweep(
    deps.config.payments.reconcileIntervalMs,
    () => reconcileSweep(deps, log),
    (e) => log.warn({ err: e }, 'payments: reconciliation sweep failed'),
  );
}
