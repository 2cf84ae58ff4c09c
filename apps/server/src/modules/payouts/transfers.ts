import { platformFee } from '@kiraya/contract';
import { and, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { type PaymentRow, paymentTransfers, payments } from '../../db/schema.js';
import { APP_TIME_ZONE } from '../../lib/dates.js';
import { newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { GatewayError, type RouteGateway, routeGatewayFor } from './gateway.js';
import { accountRow, type Deps, type Log, STALE_CLAIM_MS, silent } from './common.js';

// Each gateway payment's transfer to the owner's linked account, exactly once: held, asked for, settled.

/**
 * Inside the transaction that records a gateway payment: its payout row, held, once (unique on the payment).
 * The transfer itself is asked for after the commit (`afterPaymentRecorded`): no HTTP inside a transaction.
 */
export async function holdPayoutIn(tx: Db, payment: Pick<PaymentRow, 'id' | 'ownerId' | 'amountPaise' | 'kind'>): Promise<void> {
  if (payment.kind !== 'gateway') return;
  await tx
    .insert(paymentTransfers)
    .values({ id: newId(), paymentId: payment.id, ownerId: payment.ownerId, amountPaise: payment.amountPaise, state: 'held' })
    .onConflictDoNothing({ target: paymentTransfers.paymentId });
}

/**
 * After a gateway payment's transaction commits (verify, webhook, reconciliation, however many report it):
 * transfers what the owner holds if their account is activated. Never fails the caller: a payout that could
 * not be made stays held and the sync tries again.
 */
export async function afterPaymentRecorded(deps: Deps, ownerId: string, log: Log = silent): Promise<void> {
  try {
    await releaseHeld(deps, ownerId, log);
  } catch (err) {
    log.error({ ownerId, err: (err as Error).message }, 'payouts: releasing held payouts failed; the sync tries again');
  }
}

/**
 * Transfers the owner's held payouts to their activated linked account. Each row is claimed (held →
 * processing, one UPDATE … WHERE state = 'held') before the gateway is asked, so concurrent callers transfer
 * it once; an interrupted attempt asks the gateway for the payment's transfers before making another.
 */
export async function releaseHeld(deps: Deps, ownerId: string, log: Log = silent): Promise<number> {
  const gateway = routeGatewayFor(deps.config);
  if (!gateway) return 0;
  const account = await accountRow(deps.db, ownerId);
  if (!account?.linkedAccountId || account.status !== 'activated' || account.gateway !== gateway.name) return 0;
  const stale = new Date(Date.now() - STALE_CLAIM_MS);
  const due = await deps.db
    .select({
      id: paymentTransfers.id,
      amountPaise: paymentTransfers.amountPaise,
      gatewayPaymentId: payments.gatewayPaymentId,
      receipt: payments.receiptNumber,
    })
    .from(paymentTransfers)
    .innerJoin(payments, eq(payments.id, paymentTransfers.paymentId))
    .where(
      and(
        eq(paymentTransfers.ownerId, ownerId),
        eq(payments.gateway, gateway.name),
        or(eq(paymentTransfers.state, 'held'), and(eq(paymentTransfers.state, 'processing'), lt(paymentTransfers.claimedAt, stale))),
      ),
    );
  let moved = 0;
  for (const d of due) {
    const { feePaise, netPaise } = platformFee(d.amountPaise, deps.config.payouts.feeBps);
    const now = new Date();
    const [claimed] = await deps.db
      .update(paymentTransfers)
      .set({ state: 'processing', claimedAt: now, feePaise, linkedAccountId: account.linkedAccountId, updatedAt: now })
      .where(
        and(
          eq(paymentTransfers.id, d.id),
          or(eq(paymentTransfers.state, 'held'), and(eq(paymentTransfers.state, 'processing'), lt(paymentTransfers.claimedAt, stale))),
        ),
      )
      .returning({ id: paymentTransfers.id });
    if (!claimed || !d.gatewayPaymentId) continue;
    try {
      const earlier = (await gateway.paymentTransfers(d.gatewayPaymentId)).find((t) => t.recipient === account.linkedAccountId);
      const made =
        earlier ??
        (await gateway.transfer(d.gatewayPaymentId, account.linkedAccountId, netPaise, { receipt: d.receipt, kiraya_payout: d.id }));
      await deps.db
        .update(paymentTransfers)
        .set({ state: 'transferred', transferId: made.transferId, transferredAt: new Date(), failureReason: null, updatedAt: new Date() })
        .where(and(eq(paymentTransfers.id, d.id), eq(paymentTransfers.state, 'processing')));
      moved++;
      log.info({ payoutId: d.id, transferId: made.transferId, netPaise, feePaise }, 'payouts: payment transferred to the owner');
    } catch (err) {
      const refused = err instanceof GatewayError && err.status !== undefined && err.status >= 400 && err.status < 500;
      await deps.db
        .update(paymentTransfers)
        .set(
          refused
            ? { state: 'failed', failureReason: (err as Error).message.slice(0, 300), updatedAt: new Date() }
            : { state: 'held', claimedAt: null, updatedAt: new Date() },
        )
        .where(and(eq(paymentTransfers.id, d.id), eq(paymentTransfers.state, 'processing')));
      log.error({ payoutId: d.id, err: (err as Error).message, refused }, 'payouts: transfer not made');
    }
  }
  if (moved > 0) await publishLive(deps.db, [ownerId], { kind: 'payments', id: ownerId });
  return moved;
}

/** Records a transfer's settlement (or failure) as the gateway reports it. */
export async function applyTransferStatus(
  deps: Deps,
  transferId: string,
  s: { status: string; failureReason: string | null; settlement: { id: string; utr: string | null; settledAt: Date } | null },
): Promise<number> {
  const now = new Date();
  if (s.settlement) {
    const done = await deps.db
      .update(paymentTransfers)
      .set({
        state: 'settled',
        settlementId: s.settlement.id,
        utr: s.settlement.utr,
        settledOn: new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(s.settlement.settledAt),
        updatedAt: now,
      })
      .where(and(eq(paymentTransfers.transferId, transferId), inArray(paymentTransfers.state, ['transferred', 'processing'])))
      .returning({ id: paymentTransfers.id });
    return done.length;
  }
  if (s.status === 'failed' || s.status === 'reversed') {
    const done = await deps.db
      .update(paymentTransfers)
      .set({ state: 'failed', failureReason: s.failureReason ?? `The transfer was ${s.status}`, updatedAt: now })
      .where(and(eq(paymentTransfers.transferId, transferId), ne(paymentTransfers.state, 'settled')))
      .returning({ id: paymentTransfers.id });
    return done.length;
  }
  return 0;
}

/** Asks the gateway about the owner's transferred payouts and records the settled and failed ones. */
export async function syncTransfers(deps: Deps, gateway: RouteGateway, ownerId: string, log: Log): Promise<void> {
  const open = await deps.db
    .select({ transferId: paymentTransfers.transferId })
    .from(paymentTransfers)
    .where(and(eq(paymentTransfers.ownerId, ownerId), eq(paymentTransfers.state, 'transferred'), isNotNull(paymentTransfers.transferId)));
  let changed = 0;
  for (const o of open) {
    if (!o.transferId) continue;
    try {
      changed += await applyTransferStatus(deps, o.transferId, await gateway.transferStatus(o.transferId));
    } catch (err) {
      log.warn({ transferId: o.transferId, err: (err as Error).message }, 'payouts: transfer status not known yet');
    }
  }
  // The owner's open pages refresh their payouts (a live `payments` event, ADR 017).
  if (changed > 0) await publishLive(deps.db, [ownerId], { kind: 'payments', id: ownerId });
}
