import {
  type LinkedAccountState,
  MSG,
  maskAccountNumber,
  type PayoutAccount,
  type PayoutDetailsBody,
  type PayoutState,
  type Payouts,
  paiseToRupees,
  payoutDetailsBodySchema,
  platformFee,
} from '@kiraya/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import {
  type PaymentRow,
  type PayoutAccountRow,
  paymentTransfers,
  payments,
  payoutAccounts,
  properties,
  rooms,
  users,
} from '../../db/schema.js';
import { APP_TIME_ZONE } from '../../lib/dates.js';
import { AppError, serviceUnavailable, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { verifyPassword } from '../../lib/passwords.js';
import { notify } from '../notifications/index.js';
import { csvLine } from '../../lib/csv.js';
import {
  GatewayError,
  type LinkedAccountInput,
  type LinkedAccountStatus,
  type RouteGateway,
  redactDigits,
  routeGatewayFor,
} from './gateway.js';

/**
 * Payouts (issue 24, ADR 031): the owner's linked account, and each gateway payment's transfer to it,
 * exactly once. Account numbers are encrypted at rest, shown as ••••1234, and never logged.
 */

export type Deps = Pick<AppDeps, 'db' | 'config'>;
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** A claim left `processing` this long (a crash between claiming and recording) is taken up again. */
const STALE_CLAIM_MS = 2 * 60_000;

const gatewayOf = (deps: Deps): RouteGateway => {
  const g = routeGatewayFor(deps.config);
  if (!g) throw new AppError('PAYMENTS_OFF', MSG.paymentsOff);
  return g;
};

const toAccount = (r: PayoutAccountRow): PayoutAccount => ({
  holderName: r.holderName,
  accountNumberMasked: maskAccountNumber(r.accountLast4),
  ifsc: r.ifsc,
  status: r.status as LinkedAccountState,
  statusReason: r.statusReason,
  gateway: r.gateway,
  checkedAt: r.checkedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

async function accountRow(db: Db, ownerId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, ownerId)).limit(1);
  return row ?? null;
}

/** GET /payouts/account: the caller's payout account, masked, or null before they add one. */
export async function payoutAccount(deps: Deps, ownerId: string): Promise<PayoutAccount | null> {
  const row = await accountRow(deps.db, ownerId);
  return row ? toAccount(row) : null;
}

type Details = z.output<typeof payoutDetailsBodySchema>;

/**
 * PUT /payouts/account: checks the password again, then creates the owner's linked account at the gateway
 * (or changes its settlement bank account) and stores the details, the number encrypted. A change of an
 * existing account is told to the owner. An account that is activated releases the held payouts.
 */
export async function savePayoutAccount(
  deps: Pick<AppDeps, 'db' | 'config' | 'crypto'>,
  ownerId: string,
  v: Details,
  log: Log = silent,
): Promise<PayoutAccount> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!user) throw unauthorized(MSG.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, v.currentPassword))) {
    throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]);
  }
  const pan = v.pan ?? (user.panCipher ? deps.crypto.decrypt(user.panCipher) : null);
  if (!pan) throw new AppError('BAD_REQUEST', MSG.payoutPanRequired, [{ path: 'pan', message: MSG.payoutPanRequired }]);
  const gateway = gatewayOf(deps);
  const existing = await accountRow(deps.db, ownerId);
  const input: LinkedAccountInput = {
    ownerId,
    email: user.email,
    phone: user.phoneNumber,
    contactName: user.fullName,
    holderName: v.holderName,
    pan,
    accountNumber: v.accountNumber,
    ifsc: v.ifsc,
  };
  let ref: { linkedAccountId: string; stakeholderId: string | null; productId: string | null };
  let status: LinkedAccountStatus;
  try {
    if (existing?.linkedAccountId && existing.gateway === gateway.name) {
      ref = { linkedAccountId: existing.linkedAccountId, stakeholderId: existing.stakeholderId, productId: existing.productId };
      status = await gateway.updateSettlementAccount(ref, input);
    } else {
      const made = await gateway.createLinkedAccount(input);
      ref = { linkedAccountId: made.linkedAccountId, stakeholderId: made.stakeholderId, productId: made.productId };
      status = { status: made.status, reason: made.reason };
    }
  } catch (err) {
    if (err instanceof GatewayError) {
      log.error({ ownerId, gateway: gateway.name, err: err.message }, 'payouts: the gateway refused or failed the linked account');
      throw serviceUnavailable(MSG.payoutsUnavailable);
    }
    throw err;
  }
  const now = new Date();
  const values = {
    holderName: v.holderName,
    accountCipher: deps.crypto.encrypt(v.accountNumber),
    accountLast4: v.accountNumber.slice(-4),
    ifsc: v.ifsc,
    gateway: gateway.name,
    ...ref,
    status: status.status,
    statusReason: status.reason,
    checkedAt: now,
    activatedAt: status.status === 'activated' ? (existing?.activatedAt ?? now) : null,
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(payoutAccounts)
    .values({ id: newId(), ownerId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.ownerId, set: values })
    .returning();
  if (v.pan && user.panCipher === null) {
    await deps.db
      .update(users)
      .set({ panCipher: deps.crypto.encrypt(v.pan), updatedAt: now })
      .where(eq(users.id, ownerId));
  }
  if (existing) {
    await notify(deps.db, {
      userId: ownerId,
      note: { text: 'payoutAccountChanged', last4: values.accountLast4 },
      link: '/OwnerDashboard/Profile',
    });
  }
  log.info(
    { ownerId, gateway: gateway.name, linkedAccountId: ref.linkedAccountId, status: status.status },
    'payouts: payout account saved',
  );
  if (status.status === 'activated') await releaseHeld(deps, ownerId, log);
  return toAccount(row as PayoutAccountRow);
}

/** Validates a body with the contract's schema (the route does; the seed and tests call the service directly). */
export const payoutDetails = (body: PayoutDetailsBody): Details => payoutDetailsBodySchema.parse(body);

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
async function applyTransferStatus(
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
async function syncTransfers(deps: Deps, gateway: RouteGateway, ownerId: string, log: Log): Promise<void> {
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

/** Stores a linked account status; on activation tells the owner and releases what is held. */
async function applyAccountStatus(deps: Deps, row: PayoutAccountRow, s: LinkedAccountStatus, log: Log): Promise<PayoutAccountRow> {
  const now = new Date();
  const activatedNow = s.status === 'activated' && row.status !== 'activated';
  const [updated] = await deps.db
    .update(payoutAccounts)
    .set({
      status: s.status,
      statusReason: s.reason,
      checkedAt: now,
      ...(activatedNow ? { activatedAt: now } : {}),
      ...(s.status !== row.status ? { updatedAt: now } : {}),
    })
    .where(eq(payoutAccounts.id, row.id))
    .returning();
  if (activatedNow) {
    await notify(deps.db, {
      userId: row.ownerId,
      note: { text: 'payoutAccountActivated' },
      link: '/OwnerDashboard/Billings',
    });
    log.info({ ownerId: row.ownerId, linkedAccountId: row.linkedAccountId }, 'payouts: linked account activated');
  }
  if (s.status !== row.status) await publishLive(deps.db, [row.ownerId], { kind: 'payments', id: row.ownerId });
  return (updated as PayoutAccountRow | undefined) ?? row;
}

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

const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(d);

type PayoutLine = {
  paymentId: string;
  receiptNumber: string;
  paidAt: Date;
  roomNumber: string;
  propertyName: string;
  tenantName: string;
  amountPaise: number;
  feePaise: number;
  netPaise: number;
  state: PayoutState;
  transferId: string | null;
  settledOn: string | null;
  utr: string | null;
  failureReason: string | null;
};

async function payoutLines(deps: Deps, ownerId: string): Promise<PayoutLine[]> {
  const rows = await deps.db
    .select({
      paymentId: payments.id,
      receiptNumber: payments.receiptNumber,
      paidAt: payments.paidAt,
      roomNumber: rooms.roomNumber,
      propertyName: properties.title,
      tenantName: users.fullName,
      amountPaise: paymentTransfers.amountPaise,
      feePaise: paymentTransfers.feePaise,
      state: paymentTransfers.state,
      transferId: paymentTransfers.transferId,
      settledOn: paymentTransfers.settledOn,
      utr: paymentTransfers.utr,
      failureReason: paymentTransfers.failureReason,
    })
    .from(paymentTransfers)
    .innerJoin(payments, eq(payments.id, paymentTransfers.paymentId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .innerJoin(users, eq(users.id, payments.tenantId))
    .where(eq(paymentTransfers.ownerId, ownerId))
    .orderBy(desc(payments.paidAt))
    .limit(2_000);
  return rows.map((r) => {
    // Held: the fee the transfer would take at today's rate; from the transfer on, the fee it took.
    const fee = r.feePaise ?? platformFee(r.amountPaise, deps.config.payouts.feeBps).feePaise;
    return { ...r, feePaise: fee, netPaise: r.amountPaise - fee, state: r.state as PayoutState };
  });
}

/** GET /payouts/list: each online payment's payout (rupees) and the totals per month. */
export async function listPayouts(deps: Deps, ownerId: string): Promise<Payouts> {
  const lines = await payoutLines(deps, ownerId);
  const months = new Map<string, { count: number; amount: number; fee: number; net: number; transferred: number; settled: number }>();
  for (const l of lines) {
    const key = monthOf(l.paidAt);
    const m = months.get(key) ?? { count: 0, amount: 0, fee: 0, net: 0, transferred: 0, settled: 0 };
    m.count++;
    m.amount += l.amountPaise;
    m.fee += l.feePaise;
    m.net += l.netPaise;
    if (l.state === 'transferred' || l.state === 'settled') m.transferred += l.netPaise;
    if (l.state === 'settled') m.settled += l.netPaise;
    months.set(key, m);
  }
  return {
    feeBps: deps.config.payouts.feeBps,
    payouts: lines.map((l) => ({
      paymentId: l.paymentId,
      receiptNumber: l.receiptNumber,
      paidAt: l.paidAt.toISOString(),
      roomNumber: l.roomNumber,
      propertyName: l.propertyName,
      tenantName: l.tenantName,
      amount: paiseToRupees(l.amountPaise),
      fee: paiseToRupees(l.feePaise),
      net: paiseToRupees(l.netPaise),
      state: l.state,
      transferId: l.transferId,
      settledOn: l.settledOn,
      utr: l.utr,
      failureReason: l.failureReason,
    })),
    months: [...months.entries()].map(([month, m]) => ({
      month,
      count: m.count,
      amount: paiseToRupees(m.amount),
      fee: paiseToRupees(m.fee),
      net: paiseToRupees(m.net),
      transferred: paiseToRupees(m.transferred),
      settled: paiseToRupees(m.settled),
    })),
  };
}

/** GET /payouts/export: the same lines as CSV (a BOM first, so spreadsheets read ₹ and names right). */
export async function payoutsCsv(deps: Deps, ownerId: string): Promise<{ filename: string; csv: string }> {
  const lines = await payoutLines(deps, ownerId);
  const out = [
    csvLine([
      'Paid at (IST)',
      'Receipt',
      'Property',
      'Room',
      'Tenant',
      'Amount (INR)',
      'Platform fee (INR)',
      'Net to bank (INR)',
      'Payout state',
      'Transfer',
      'Settled on',
      'UTR',
      'Failure reason',
    ]),
  ];
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  for (const l of lines) {
    out.push(
      csvLine([
        fmt.format(l.paidAt).replace(',', ''),
        l.receiptNumber,
        l.propertyName,
        l.roomNumber,
        l.tenantName,
        paiseToRupees(l.amountPaise),
        paiseToRupees(l.feePaise),
        paiseToRupees(l.netPaise),
        l.state,
        l.transferId,
        l.settledOn,
        l.utr,
        l.failureReason,
      ]),
    );
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(new Date());
  return { filename: `kiraya-payouts-${today}.csv`, csv: `\uFEFF${out.join('\r\n')}\r\n` };
}

/** A count of the owner's payouts by state (the seed's and tests' check). */
export async function payoutStates(db: Db, ownerId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: paymentTransfers.state, n: sql<number>`count(*)::int` })
    .from(paymentTransfers)
    .where(eq(paymentTransfers.ownerId, ownerId))
    .groupBy(paymentTransfers.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
