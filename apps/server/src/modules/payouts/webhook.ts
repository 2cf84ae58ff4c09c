import { and, eq } from 'drizzle-orm';
import { paymentTransfers, payments, payoutAccounts } from '../../db/schema.js';
import { redactDigits, routeGatewayFor } from './gateway.js';
import { accountRow, type Deps, type Log, silent } from './common.js';
import { checkPayouts } from './sync.js';
import { applyTransferStatus, syncTransfers } from './transfers.js';

// Route events from the gateway's webhook: account activation, transfer settlement or failure.

export type PayoutWebhookResult = { status: 'recorded' | 'duplicate' | 'ignored' };

type Entity = Record<string, unknown>;
const entityOf = (e: { payload?: Record<string, { entity?: Entity } | undefined> }, key: string): Entity | null => {
  const x = e.payload?.[key]?.entity;
  return x && typeof x === 'object' ? x : null;
};

/**
 * The webhook's `account.*`, `product.route.*`, `transfer.*` and `settlement.*` events (already signature-checked
 * by the payments route). An account event is taken as a nudge: its status is asked from the gateway, not read from
 * the event. A transfer event records the transfer; a settlement event settles the account's transferred payouts.
 */
export async function handlePayoutEvent(deps: Deps, event: unknown, log: Log = silent): Promise<PayoutWebhookResult> {
  const e = (event ?? {}) as { event?: unknown; account_id?: unknown; payload?: Record<string, { entity?: Entity } | undefined> };
  const name = typeof e.event === 'string' ? e.event : '';
  const gateway = routeGatewayFor(deps.config);
  if (!gateway) return { status: 'ignored' };
  if (name.startsWith('account.') || name.startsWith('product.route.')) {
    const acc = entityOf(e, 'account') ?? entityOf(e, 'merchant_product');
    const id = typeof acc?.id === 'string' && acc.id.startsWith('acc_') && !acc.id.startsWith('acc_prd_') ? acc.id : e.account_id;
    if (typeof id !== 'string') return { status: 'ignored' };
    const [row] = await deps.db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.gateway, gateway.name), eq(payoutAccounts.linkedAccountId, id)))
      .limit(1);
    if (!row) {
      log.warn({ event: name, linkedAccountId: id }, 'payouts: webhook for a linked account we do not know; ignored');
      return { status: 'ignored' };
    }
    const before = row.status;
    await checkPayouts(deps, row.ownerId, log);
    const after = await accountRow(deps.db, row.ownerId);
    return { status: after?.status !== before ? 'recorded' : 'duplicate' };
  }
  if (name.startsWith('transfer.')) {
    const t = entityOf(e, 'transfer');
    if (!t || typeof t.id !== 'string') return { status: 'ignored' };
    const transferId = t.id;
    // A transfer reported before the claimer recorded its id: matched by its payment and recipient.
    if (typeof t.source === 'string' && typeof t.recipient === 'string') {
      const [open] = await deps.db
        .select({ id: paymentTransfers.id })
        .from(paymentTransfers)
        .innerJoin(payments, eq(payments.id, paymentTransfers.paymentId))
        .where(
          and(
            eq(payments.gateway, gateway.name),
            eq(payments.gatewayPaymentId, t.source),
            eq(paymentTransfers.linkedAccountId, t.recipient),
            eq(paymentTransfers.state, 'processing'),
          ),
        )
        .limit(1);
      if (open) {
        await deps.db
          .update(paymentTransfers)
          .set({ state: 'transferred', transferId, transferredAt: new Date(), updatedAt: new Date() })
          .where(and(eq(paymentTransfers.id, open.id), eq(paymentTransfers.state, 'processing')));
      }
    }
    const [known] = await deps.db.select().from(paymentTransfers).where(eq(paymentTransfers.transferId, transferId)).limit(1);
    if (!known) return { status: 'ignored' };
    if (name === 'transfer.failed' || name === 'transfer.reversed') {
      const err = (t.error ?? {}) as Entity;
      await applyTransferStatus(deps, transferId, {
        status: name === 'transfer.failed' ? 'failed' : 'reversed',
        failureReason: typeof err.description === 'string' ? redactDigits(err.description).slice(0, 300) : null,
        settlement: null,
      });
      return { status: 'recorded' };
    }
    return { status: known.state === 'transferred' ? 'duplicate' : 'recorded' };
  }
  if (name.startsWith('settlement.')) {
    const s = entityOf(e, 'settlement');
    if (!s || typeof s.id !== 'string') return { status: 'ignored' };
    if (name !== 'settlement.processed') return { status: 'ignored' };
    const owners =
      typeof e.account_id === 'string'
        ? await deps.db
            .select({ ownerId: payoutAccounts.ownerId })
            .from(payoutAccounts)
            .where(and(eq(payoutAccounts.gateway, gateway.name), eq(payoutAccounts.linkedAccountId, e.account_id)))
        : [];
    if (owners.length === 0) {
      log.warn({ event: name, settlementId: s.id }, 'payouts: settlement for an account we do not know; ignored');
      return { status: 'ignored' };
    }
    for (const o of owners) await syncTransfers(deps, gateway, o.ownerId, log);
    return { status: 'recorded' };
  }
  return { status: 'ignored' };
}
