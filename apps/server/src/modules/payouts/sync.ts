import { MSG, type PayoutAccount } from '@kiraya/contract';
import { eq, inArray, ne, or } from 'drizzle-orm';
import { paymentTransfers, payoutAccounts } from '../../db/schema.js';
import { serviceUnavailable } from '../../lib/errors.js';
import { GatewayError } from './gateway.js';
import { accountRow, type Deps, gatewayOf, type Log, silent, toAccount } from './common.js';
import { applyAccountStatus } from './accounts.js';
import { releaseHeld, syncTransfers } from './transfers.js';

// The account's status and the transfers asked of the gateway again: on request and on an interval.

/**
 * POST /payouts/check (and the sync): the linked account's status from the gateway, then held payouts
 * released (if activated), then the transferred ones' settlements. Answers the account (null: none yet).
 */
export async function checkPayouts(deps: Deps, ownerId: string, log: Log = silent): Promise<PayoutAccount | null> {
  const gateway = gatewayOf(deps);
  let row = await accountRow(deps.db, ownerId);
  if (!row) return null;
  if (row.linkedAccountId && row.gateway === gateway.name && row.status !== 'activated') {
    try {
      row = await applyAccountStatus(
        deps,
        row,
        await gateway.accountStatus({ linkedAccountId: row.linkedAccountId, stakeholderId: row.stakeholderId, productId: row.productId }),
        log,
      );
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      log.warn({ ownerId, err: err.message }, 'payouts: linked account status not known');
      throw serviceUnavailable(MSG.payoutsUnavailable);
    }
  }
  await releaseHeld(deps, ownerId, log);
  await syncTransfers(deps, gateway, ownerId, log);
  return toAccount(row);
}

/** The sync: every owner with an account not yet activated, or payouts not yet settled. */
export async function payoutSweep(deps: Deps, log: Log = silent): Promise<void> {
  const pending = await deps.db
    .selectDistinct({ ownerId: payoutAccounts.ownerId })
    .from(payoutAccounts)
    .leftJoin(paymentTransfers, eq(paymentTransfers.ownerId, payoutAccounts.ownerId))
    .where(or(ne(payoutAccounts.status, 'activated'), inArray(paymentTransfers.state, ['held', 'processing', 'transferred'])));
  for (const p of pending) {
    try {
      await checkPayouts(deps, p.ownerId, log);
    } catch (err) {
      log.warn({ ownerId: p.ownerId, err: (err as Error).message }, 'payouts: sync of an owner failed');
    }
  }
}

/** Runs the sync on its interval (PAYOUT_SYNC_INTERVAL_SECONDS); returns the stop. */
export function startPayoutSync(deps: Deps, log: Log): () => void {
  const ms = deps.config.payouts.syncIntervalMs;
  if (ms <= 0 || deps.config.payments.gateway === 'off') return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    payoutSweep(deps, log)
      .catch((err) => log.error({ err: (err as Error).message }, 'payouts: sync failed'))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
