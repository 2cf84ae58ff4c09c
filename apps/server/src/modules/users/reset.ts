import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORIES_OFF_BY_DEFAULT,
  type EmailCategory,
  type EmailPrefs,
  type Locale,
  MSG,
  RESET_TOKEN_MINUTES,
} from '@kiraya/contract';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/index.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { enqueue, verifyUnsubscribe } from '../outbox/index.js';
import { endSessions } from './service.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'sessions' | 'crypto'>;

/** Reset emails one account may be sent per hour; more requests still answer the same 200, and send nothing. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

/**
 * POST /users/forgot-password (issue 25): when an account uses the address, a single-use token (32 random
 * bytes, base64url; only its SHA-256 kept) valid 30 minutes, emailed through the outbox. The caller learns
 * nothing either way: same answer, and the same work (a token is made and hashed) whether or not it exists.
 */
export async function forgotPassword(deps: Pick<Deps, 'db' | 'crypto'>, email: string, now = new Date()): Promise<void> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user) return;
  await inTransaction(deps.db, async (tx) => {
    // Per account, across instances: the tokens made in the last hour.
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - 3_600_000))));
    if ((recent?.n ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) return;
    const id = newId();
    await tx.insert(passwordResetTokens).values({
      id,
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueue(tx, {
      eventKey: `reset:${id}`,
      to: { userId: user.id },
      template: 'passwordReset',
      data: { token },
      crypto: deps.crypto,
    });
  });
}

let queued: Promise<void> = Promise.resolve();

/**
 * POST /users/forgot-password answers before doing the work (ADR 043): the lookup, the token and the email are
 * queued here and done one after another, so the answer takes the same time for an unknown address as for a
 * known one (the work differed by 300 ms on PGlite), and two requests for one account never race its hourly cap.
 * A failure is logged without the address.
 */
export function queueForgotPassword(
  deps: Pick<Deps, 'db' | 'crypto'>,
  email: string,
  log: { error: (o: object, msg: string) => void },
): void {
  queued = queued
    .then(() => forgotPassword(deps, email))
    .catch((err: unknown) => log.error({ err }, 'forgot-password: the reset email could not be queued'));
}

/** Resolves once every queued forgot-password request is done (tests; the server's shutdown). */
export const forgotPasswordsSettled = (): Promise<void> => queued;

/** Tests: holds the queue until the returned function is called (what comes after waits, as behind slow work). */
export function holdForgotPasswords(): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  queued = queued.then(() => gate);
  return release;
}

const invalid = () => new AppError('BAD_REQUEST', MSG.resetTokenInvalid, [{ path: 'token', message: MSG.resetTokenInvalid }]);

/**
 * POST /users/reset-password: a valid, unused, unexpired token sets the password, uses up every reset token of
 * the account, ends every session (all devices) and emails that the password changed. Nobody is signed in.
 */
export async function resetPassword(deps: Deps, token: string, password: string, now = new Date()): Promise<void> {
  const tokenHash = sha256(token);
  const [row] = await deps.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  if (!row) throw invalid();
  const passwordHash = await hashPassword(password);
  const ended = await inTransaction(deps.db, async (tx) => {
    // Used once: a second request with the same token (a double click, a replay) finds it used.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) throw invalid();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    const families = await tx
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, row.userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date(now.getTime() - deps.config.accessTokenTtlSeconds * 1000)),
        ),
      );
    const ids = families.map((f) => f.familyId);
    await endSessions(tx, ids);
    await enqueue(tx, {
      eventKey: `password-changed:reset:${row.id}`,
      to: { userId: row.userId },
      template: 'passwordChanged',
      data: { at: now.toISOString() },
    });
    return ids;
  });
  deps.sessions.ended(ended);
}

const withDefaults = (prefs: Record<string, boolean>): EmailPrefs =>
  Object.fromEntries(
    EMAIL_CATEGORIES.map((c) => [c, EMAIL_CATEGORIES_OFF_BY_DEFAULT.includes(c) ? prefs[c] === true : prefs[c] !== false]),
  ) as EmailPrefs;

/** GET /users/email-settings: every category, on unless switched off (the daily summary: off unless switched on). */
export async function emailPrefs(deps: Pick<Deps, 'db'>, userId: string): Promise<EmailPrefs> {
  const [u] = await deps.db.select({ prefs: users.emailPrefs }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw unauthorized(MSG.sessionExpired);
  return withDefaults(u.prefs);
}

/** PUT /users/email-settings: changes the categories given, keeps the others. */
export async function updateEmailPrefs(deps: Pick<Deps, 'db'>, userId: string, change: Partial<EmailPrefs>): Promise<EmailPrefs> {
  return inTransaction(deps.db, async (tx) => {
    const [u] = await tx.select({ prefs: users.emailPrefs }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw unauthorized(MSG.sessionExpired);
    const next = withDefaults({ ...u.prefs, ...change });
    await tx.update(users).set({ emailPrefs: next, updatedAt: new Date() }).where(eq(users.id, userId));
    return next;
  });
}

/** POST /users/unsubscribe?u&c&s (RFC 8058 one-click; the link page posts the same): only that user's one category. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  category: EmailCategory,
  sig: string,
): Promise<Locale> {
  if (!verifyUnsubscribe(deps.config, userId, category, sig)) {
    throw new AppError('BAD_REQUEST', MSG.unsubscribeInvalid, [{ path: 's', message: MSG.unsubscribeInvalid }]);
  }
  const [u] = await deps.db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound(MSG.unsubscribeInvalid);
  await updateEmailPrefs(deps, userId, { [category]: false });
  // The answer speaks the language of the person the email was for (issue 27), signed in or not.
  return u.locale;
}
