import { MSG, type PayoutAccount, type PayoutDetailsBody, payoutDetailsBodySchema } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { type PayoutAccountRow, payoutAccounts, users } from '../../db/schema.js';
import { AppError, serviceUnavailable, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { verifyPassword } from '../../lib/passwords.js';
import { notify } from '../notifications/index.js';
import { GatewayError, type LinkedAccountInput, type LinkedAccountStatus } from './gateway.js';
import { accountRow, type Deps, gatewayOf, type Log, silent, toAccount } from './common.js';
import { releaseHeld } from './transfers.js';

// The owner's linked account: saved (password checked), its status stored, held payouts released on activation.

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

/** Stores a linked account status; on activation tells the owner and releases what is held. */
export async function applyAccountStatus(deps: Deps, row: PayoutAccountRow, s: LinkedAccountStatus, log: Log): Promise<PayoutAccountRow> {
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
