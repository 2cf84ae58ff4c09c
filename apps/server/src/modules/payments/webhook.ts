import { and, eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { type Deps, type Log, silent } from './common.js';
import { gatewayFor } from './gateway.js';
import { recordPayment } from './ledger.js';
import { handlePayoutEvent } from '../payouts/index.js';

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
  // Route (issue 24, ADR 031): linked accounts, transfers and settlements belong to the payouts module.
  if (/^(account|product\.route|transfer|settlement)\./.test(name)) return handlePayoutEvent(deps, event, log);
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
