import { type LinkedAccountState, MSG, maskAccountNumber, type PayoutAccount } from '@kiraya/contract';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { type PayoutAccountRow, payoutAccounts } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { type RouteGateway, routeGatewayFor } from './gateway.js';

// What the payouts files share (ADR 031): the dependencies, the gateway, the account row.

export type Deps = Pick<AppDeps, 'db' | 'config'>;
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** A claim left `processing` this long (a crash between claiming and recording) is taken up again. */
export const STALE_CLAIM_MS = 2 * 60_000;

export const gatewayOf = (deps: Deps): RouteGateway => {
  const g = routeGatewayFor(deps.config);
  if (!g) throw new AppError('PAYMENTS_OFF', MSG.paymentsOff);
  return g;
};

export const toAccount = (r: PayoutAccountRow): PayoutAccount => ({
  holderName: r.holderName,
  accountNumberMasked: maskAccountNumber(r.accountLast4),
  ifsc: r.ifsc,
  status: r.status as LinkedAccountState,
  statusReason: r.statusReason,
  gateway: r.gateway,
  checkedAt: r.checkedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

export async function accountRow(db: Db, ownerId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, ownerId)).limit(1);
  return row ?? null;
}
