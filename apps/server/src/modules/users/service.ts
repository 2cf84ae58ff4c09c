import type { Locale } from '@kiraya/contract/locales';
import { MASKED_AADHAAR_PATTERN, MASKED_PAN_PATTERN, MSG, maskAadhaar, maskPan, maskPhone, SEARCH_MIN_CHARS } from '@kiraya/contract';
import type { changePasswordBodySchema, registerBodySchema, updateAccountBodySchema, User, UserSearchResult } from '@kiraya/contract';
import { USERNAME_RE, normalisePhone, PHONE_RE } from '@kiraya/contract';
import { and, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/index.js';
import { accountIdentifiers, refreshTokens, users, type UserRow } from '../../db/schema.js';
import { createHmac, hkdfSync } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, conflict, forbidden, unauthorized, uniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueue } from '../outbox/index.js';
import { claimEmailInvites, pendingRequestsFor } from '../tenancy/index.js';
import { issueEmailVerification } from './verification.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { notifySessionsEnded } from '../../lib/sessions.js';
import { escapeLike } from '../../lib/sql.js';
import { type FailureCounter, MemoryFailureCounter, RedisFailureCounter, type RedisLike } from '../../lib/throttle.js';
import type { z } from 'zod';

type RegisterValues = z.output<typeof registerBodySchema>;
type UpdateAccountValues = z.output<typeof updateAccountBodySchema>;
type ChangePasswordValues = z.output<typeof changePasswordBodySchema>;

type Deps = Pick<AppDeps, 'db' | 'crypto' | 'signer' | 'config'>;
/** What ending a login needs besides: every instance's list of ended sessions (lib/sessions.ts). */
type SessionDeps = Deps & Pick<AppDeps, 'sessions'>;

/**
 * A user as `viewerId` may see them. The Aadhaar number and the PAN are masked in every answer, the holder's
 * own too (ADR 043: the web app keeps the user in local storage): in full only behind Profile's password-asking
 * "Show" (`revealIdentity`) and, for the PAN, on the HRA receipt of that owner's tenant (payments/receipts.ts).
 */
export function toUser(deps: Pick<AppDeps, 'crypto'>, row: UserRow, viewerId: string | null): User {
  return {
    _id: row.id,
    role: row.role,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    // A moderator has no Aadhaar number (ADR 037): its placeholder is never shown.
    aadharCardNumber: row.role === 'admin' ? '' : maskAadhaar(row.aadhaarLast4),
    address: row.address,
    ...(viewerId === row.id && row.role === 'owner'
      ? { pan: row.panCipher ? maskPan(deps.crypto.decrypt(row.panCipher)) : null, upiVpa: row.upiVpa ?? null }
      : {}),
    // Verification (ADR 033), to its holder only.
    ...(viewerId === row.id
      ? { emailVerified: row.emailVerifiedAt !== null, pendingEmail: row.pendingEmail, phoneVerified: row.phoneVerifiedAt !== null }
      : {}),
    incomingRequests: [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Answers 409 naming the first field that another account already holds (B2). */
async function assertUnique(
  deps: Deps,
  v: { username?: string; email: string; phoneNumber: string; aadhaarHash: string },
  exceptId?: string,
): Promise<void> {
  const clash = or(
    v.username ? sql`lower(${users.username}) = lower(${v.username})` : undefined,
    eq(users.email, v.email),
    eq(users.phoneNumber, v.phoneNumber),
    eq(users.aadhaarHash, v.aadhaarHash),
  );
  const rows = await deps.db
    .select({ username: users.username, email: users.email, phoneNumber: users.phoneNumber, aadhaarHash: users.aadhaarHash })
    .from(users)
    .where(exceptId ? and(clash, ne(users.id, exceptId)) : clash)
    .limit(4);
  for (const r of rows) {
    if (v.username && r.username.toLowerCase() === v.username.toLowerCase()) throw conflict(MSG.usernameTaken, 'username');
  }
  for (const r of rows) if (r.email === v.email) throw conflict(MSG.emailTaken, 'email');
  for (const r of rows) if (r.phoneNumber === v.phoneNumber) throw conflict(MSG.phoneTaken, 'phoneNumber');
  for (const r of rows) if (r.aadhaarHash === v.aadhaarHash) throw conflict(MSG.aadhaarTaken, 'aadharCardNumber');
}

/**
 * Remembers a phone number and an Aadhaar hash an account has (ADR 037): moderators' signals find other accounts that
 * had the same, which the unique indexes on users cannot show once a number moved from one account to another.
 */
export async function recordIdentifiers(tx: Deps['db'], userId: string, v: { phoneNumber?: string; aadhaarHash?: string }): Promise<void> {
  const rows = [
    ...(v.phoneNumber ? [{ userId, kind: 'phone' as const, value: v.phoneNumber }] : []),
    ...(v.aadhaarHash ? [{ userId, kind: 'aadhaar' as const, value: v.aadhaarHash }] : []),
  ];
  if (rows.length) await tx.insert(accountIdentifiers).values(rows).onConflictDoNothing();
}

/**
 * Registers an account from checked input (the route validates the body; factories parse theirs). The account
 * works at once; its email gets a verification link (ADR 033) unless `verified.email` says it is verified already
 * (the demo data and test factories), as `verified.phone` does for the phone.
 */
export async function registerUser(
  deps: Deps,
  v: RegisterValues,
  verified: { email?: boolean; phone?: boolean } = {},
  /** The language the visitor chose before signing up (issue 27, ADR 039). */
  locale: Locale = 'en-IN',
): Promise<User> {
  const aadhaarHash = deps.crypto.lookupHash(v.aadharCardNumber);
  await assertUnique(deps, { username: v.username, email: v.email, phoneNumber: v.phoneNumber, aadhaarHash });
  const row: typeof users.$inferInsert = {
    id: newId(),
    role: v.role,
    username: v.username,
    fullName: v.fullName.replace(/\s+/g, ' '),
    email: v.email,
    phoneNumber: v.phoneNumber,
    aadhaarCipher: deps.crypto.encrypt(v.aadharCardNumber),
    aadhaarHash,
    aadhaarLast4: v.aadharCardNumber.slice(-4),
    address: v.address,
    passwordHash: await hashPassword(v.password),
    emailVerifiedAt: verified.email ? new Date() : null,
    phoneVerifiedAt: verified.phone ? new Date() : null,
    locale,
  };
  try {
    const created = await inTransaction(deps.db, async (tx) => {
      const [inserted] = await tx.insert(users).values(row).returning();
      await recordIdentifiers(tx, row.id as string, { phoneNumber: v.phoneNumber, aadhaarHash });
      // Invitations to this address (issue 25 item 7) become requests once the address is shown to be this
      // person's: at once for an address known verified, else when the verification link is opened (ADR 033).
      if (verified.email) await claimEmailInvites(tx, inserted as UserRow);
      else await issueEmailVerification(tx, deps.crypto, row.id as string, v.email, false);
      return inserted as UserRow;
    });
    return toUser(deps, created, created.id);
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

export async function findUser(deps: Pick<AppDeps, 'db'>, id: string): Promise<UserRow | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** `locale`: the user's stored language, which signing in copies into the `kiraya_lang` cookie (ADR 039). */
export type Session = { user: User; accessToken: string; refreshToken: string; locale: Locale };

/** Stores the user's language; a new access token carries it (the old one's `lng` would otherwise win until it expires). */
export async function setLocale(
  deps: Deps,
  caller: { userId: string; role: UserRow['role']; sessionId: string },
  locale: Locale,
): Promise<string> {
  await deps.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, caller.userId));
  return deps.signer.sign({ userId: caller.userId, role: caller.role, sessionId: caller.sessionId, locale });
}

/**
 * The successor of a refresh token: an HMAC of it under a key derived from JWT_SECRET. Deterministic, so a
 * token presented again within the grace window (two tabs, or a reload while a refresh was in flight) is
 * answered with the very token its first use issued (idempotent rotation), without keeping it anywhere.
 */
export function successorToken(config: Pick<AppDeps['config'], 'jwtSecret'>, presented: string): string {
  let key = successorKeys.get(config.jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(config.jwtSecret, 'utf8'), 'kiraya', 'refresh-successor', 32));
    successorKeys.set(config.jwtSecret, key);
  }
  return createHmac('sha256', key).update(presented).digest('base64url');
}
const successorKeys = new Map<string, Buffer>();

/** Stores a refresh token of a family (one per login) and signs an access token. */
async function issueSession(deps: Deps, row: UserRow, refreshToken: string, familyId: string): Promise<Session> {
  await deps.db.insert(refreshTokens).values({
    id: newId(),
    userId: row.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  return answer(deps, row, refreshToken, familyId);
}

/** The access token carries the family as its session id, so ending the family refuses it (issue 18). */
async function answer(deps: Deps, row: UserRow, refreshToken: string, familyId: string): Promise<Session> {
  const accessToken = await deps.signer.sign({ userId: row.id, role: row.role, sessionId: familyId, locale: row.locale });
  return { user: toUser(deps, row, row.id), accessToken, refreshToken, locale: row.locale };
}

/**
 * Failed sign-ins are counted per account and client address (the strict limit, so a stranger cannot lock
 * the owner out from elsewhere) and per account alone (a looser limit that still stops a distributed attack).
 */
export class LoginThrottle {
  private readonly perAddress: FailureCounter;
  private readonly perAccount: FailureCounter;
  /** `shared`: Redis and its key prefix (ADR 018); without it the counts live in this process. */
  constructor(
    limits: { failedLoginsPerMinute: number; failedLoginsPerAccountPer15Minutes?: number },
    now?: () => number,
    shared?: { redis: RedisLike; prefix: string; onError?: (err: unknown) => void },
  ) {
    const perAccountLimit = limits.failedLoginsPerAccountPer15Minutes ?? 50;
    if (shared) {
      const { redis, prefix, onError } = shared;
      this.perAddress = new RedisFailureCounter(redis, `${prefix}login-fail:ip:`, limits.failedLoginsPerMinute, 60_000, onError, now);
      this.perAccount = new RedisFailureCounter(redis, `${prefix}login-fail:acct:`, perAccountLimit, 15 * 60_000, onError, now);
    } else {
      this.perAddress = new MemoryFailureCounter(limits.failedLoginsPerMinute, 60_000, now);
      this.perAccount = new MemoryFailureCounter(perAccountLimit, 15 * 60_000, now);
    }
  }
  async check(email: string, ip: string): Promise<void> {
    const [byAddress, byAccount] = await Promise.all([this.perAddress.blocked(pair(email, ip)), this.perAccount.blocked(email)]);
    if (byAddress || byAccount) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyLogins);
  }
  async fail(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAddress.hit(pair(email, ip)), this.perAccount.hit(email)]);
  }
  /** The owner got in from this address: its count starts again (the account-wide count keeps running). */
  async succeed(email: string, ip: string): Promise<void> {
    await this.perAddress.reset(pair(email, ip));
  }
}
const pair = (email: string, ip: string) => `${ip} ${email}`;

export async function login(deps: Deps, throttle: LoginThrottle, email: string, password: string, ip: string): Promise<Session> {
  const key = email.trim().toLowerCase();
  await throttle.check(key, ip);
  const [row] = await deps.db.select().from(users).where(eq(users.email, key)).limit(1);
  if (!row) {
    await verifyAgainstDummy(password);
    await throttle.fail(key, ip);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    await throttle.fail(key, ip);
    throw unauthorized(MSG.invalidCredentials);
  }
  await throttle.succeed(key, ip);
  // Told only to whoever knows the password (ADR 037).
  if (row.suspendedAt) throw forbidden(MSG.accountSuspended);
  return issueSession(deps, row, randomToken(), newId());
}

/** A refresh that revoked its family (the revocation must commit, so it is returned, not thrown). */
type Revoked = { revoked: string };

/**
 * A just-rotated token presented again within the grace window whose successor is not on record (issued
 * before rotation became deterministic): refused, but the family is kept and the caller's cookies are left
 * alone, since the other tab already holds the successor in the same cookie jar.
 */
export class ConcurrentRefreshError extends AppError {
  constructor() {
    super('UNAUTHORIZED', MSG.sessionExpired);
  }
}

/** How far a grace-window reuse follows the chain of successors to the newest token of its family. */
const MAX_CHAIN = 16;

/**
 * Rotates a refresh token. Presented again within `config.refreshReuseGraceMs` of its first use, it is
 * answered with the same successor (or that successor's newest descendant), so parallel refreshes of one
 * token all succeed with one pair of cookies. Presented again later, it revokes its whole family (every
 * token of that login), so a stolen copy and the real one both stop working. The row lock makes parallel
 * refreshes of one token queue up on PostgreSQL: the first rotates, the others take the grace path.
 */
export async function refreshSession(deps: SessionDeps, presented: string | undefined): Promise<Session> {
  if (!presented) throw unauthorized(MSG.sessionExpired);
  // The revocation must commit, so it is returned from the transaction (a throw would roll it back).
  const result = await inTransaction(deps.db, async (tx): Promise<Session | Revoked> => {
    const txDeps = { ...deps, db: tx };
    const [tok] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for('update')
      .limit(1);
    if (!tok || tok.revokedAt) throw unauthorized(MSG.sessionExpired);
    // A login ends as a whole: a successor that a refresh racing the logout wrote after the logout's
    // UPDATE read the family is refused too (the family index makes this one cheap lookup).
    const [ended] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, tok.familyId), isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    if (ended) throw unauthorized(MSG.sessionExpired);
    const now = Date.now();
    if (tok.usedAt) {
      if (now - tok.usedAt.getTime() >= deps.config.refreshReuseGraceMs) {
        await endSessions(tx, [tok.familyId]);
        return { revoked: tok.familyId };
      }
      // Within the grace window: answer the successor this token already got (following later rotations).
      let token = presented;
      for (let i = 0; i < MAX_CHAIN; i++) {
        token = successorToken(deps.config, token);
        const [next] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(token)))
          .limit(1);
        if (!next || next.familyId !== tok.familyId) throw new ConcurrentRefreshError();
        if (next.revokedAt || next.expiresAt.getTime() <= now) throw unauthorized(MSG.sessionExpired);
        if (!next.usedAt) {
          const row = await userOf(tx, tok.userId);
          return answer(txDeps, row, token, tok.familyId);
        }
      }
      throw new ConcurrentRefreshError();
    }
    if (tok.expiresAt.getTime() <= now) throw unauthorized(MSG.sessionExpired);
    const row = await userOf(tx, tok.userId);
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(refreshTokens.id, tok.id));
    return issueSession(txDeps, row, successorToken(deps.config, presented), tok.familyId);
  });
  if ('revoked' in result) {
    deps.sessions.ended([result.revoked]);
    throw unauthorized(MSG.sessionExpired);
  }
  return result;
}

async function userOf(db: Deps['db'], id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  // A suspension ends every session at once (ADR 037); a refresh racing it is refused here too.
  if (!row || row.suspendedAt) throw unauthorized(MSG.sessionExpired);
  return row;
}

/**
 * Ends every login of `userId` (a suspension, a moderator removed; ADR 037) inside `tx`, telling every instance when it
 * commits. Returns the ended session ids: the caller reports them to `deps.sessions` after the commit.
 */
export async function endAllSessions(tx: Deps['db'], userId: string): Promise<string[]> {
  const families = await tx
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const ids = families.map((f) => f.familyId);
  await endSessions(tx, ids);
  return ids;
}

/**
 * Revokes the given families (logins) and tells every instance once `tx` commits (lib/sessions.ts): their
 * access tokens are refused and their live streams close. The caller reports them to `deps.sessions` after
 * the commit, so this instance refuses them before the notice comes round.
 */
export async function endSessions(tx: Deps['db'], familyIds: readonly string[]): Promise<void> {
  if (familyIds.length === 0) return;
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(refreshTokens.familyId, [...familyIds]), isNull(refreshTokens.revokedAt)));
  await notifySessionsEnded(tx, familyIds);
}

/** Revokes the family of the presented refresh token (that login everywhere it was copied). */
export async function logout(deps: SessionDeps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [tok] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (!tok) return;
  await inTransaction(deps.db, (tx) => endSessions(tx, [tok.familyId]));
  deps.sessions.ended([tok.familyId]);
}

/**
 * Changes the caller's password after checking the current one, and ends every other login of theirs
 * (tokens and live streams); the login it was asked from goes on.
 */
/** POST /users/reveal-identity: the caller's full Aadhaar number (and PAN, for an owner), after their password (ADR 043). */
export async function revealIdentity(
  deps: Deps,
  userId: string,
  currentPassword: string,
): Promise<{ aadharCardNumber: string; pan: string | null }> {
  const row = await findUser(deps, userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]);
  }
  return {
    aadharCardNumber: row.role === 'admin' ? '' : deps.crypto.decrypt(row.aadhaarCipher),
    pan: row.role === 'owner' && row.panCipher ? deps.crypto.decrypt(row.panCipher) : null,
  };
}

export async function changePassword(deps: SessionDeps, me: { userId: string; sessionId: string }, v: ChangePasswordValues): Promise<void> {
  const row = await findUser(deps, me.userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  if (!(await verifyPassword(row.passwordHash, v.currentPassword))) {
    throw new AppError('BAD_REQUEST', MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]);
  }
  const passwordHash = await hashPassword(v.newPassword);
  const ended = await inTransaction(deps.db, async (db) => {
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.userId));
    // Logins whose refresh tokens could still be used, or were until an access token's life ago.
    const others = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, me.userId),
          ne(refreshTokens.familyId, me.sessionId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date(Date.now() - deps.config.accessTokenTtlSeconds * 1000)),
        ),
      );
    const ids = others.map((o) => o.familyId);
    await endSessions(db, ids);
    // A security email (issue 25): no unsubscribe.
    const at = new Date();
    await enqueue(db, {
      eventKey: `password-changed:${me.userId}:${at.getTime()}`,
      to: { userId: me.userId },
      template: 'passwordChanged',
      data: { at: at.toISOString() },
    });
    return ids;
  });
  deps.sessions.ended(ended);
}

export async function getCurrentUser(deps: Deps, userId: string): Promise<User> {
  const row = await findUser(deps, userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  return withIncomingRequests(deps, row);
}

/** The holder's view with a tenant's pending requests (spec 3 User.incomingRequests; ADR 013). */
async function withIncomingRequests(deps: Deps, row: UserRow): Promise<User> {
  const user = toUser(deps, row, row.id);
  return row.role === 'tenant' ? { ...user, incomingRequests: await pendingRequestsFor(deps.db, row.id) } : user;
}

export async function updateAccount(deps: Deps, userId: string, v: UpdateAccountValues): Promise<User> {
  const row = await findUser(deps, userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  if (v.role !== undefined && v.role !== '' && v.role !== row.role) {
    throw new AppError('BAD_REQUEST', MSG.roleCannotChange, [{ path: 'role', message: MSG.roleCannotChange }]);
  }
  // The PAN (B18) is an owner's: a tenant sending one is told so; left out, it stays as it is.
  if (v.pan && row.role !== 'owner') throw new AppError('BAD_REQUEST', MSG.panOwnersOnly, [{ path: 'pan', message: MSG.panOwnersOnly }]);
  // The masked PAN every answer carries, sent back as it was, keeps the stored one (ADR 043).
  const keepPan = v.pan != null && MASKED_PAN_PATTERN.test(v.pan);
  if (keepPan && (!row.panCipher || maskPan(deps.crypto.decrypt(row.panCipher)) !== v.pan))
    throw new AppError('BAD_REQUEST', MSG.panFormat, [{ path: 'pan', message: MSG.panFormat }]);
  const panCipher = v.pan === undefined || keepPan || row.role !== 'owner' ? row.panCipher : v.pan ? deps.crypto.encrypt(v.pan) : null;
  // The UPI ID (issue 23) is an owner's too: where their tenants pay straight to them.
  if (v.upiVpa && row.role !== 'owner')
    throw new AppError('BAD_REQUEST', MSG.vpaOwnersOnly, [{ path: 'upiVpa', message: MSG.vpaOwnersOnly }]);
  const upiVpa = v.upiVpa === undefined || row.role !== 'owner' ? row.upiVpa : v.upiVpa || null;
  // Likewise the masked Aadhaar number: "XXXX XXXX 1234" sent back keeps the stored number (its last 4 must match).
  const keepAadhaar = MASKED_AADHAAR_PATTERN.test(v.aadharCardNumber);
  if (keepAadhaar && v.aadharCardNumber !== maskAadhaar(row.aadhaarLast4))
    throw new AppError('BAD_REQUEST', MSG.aadhaarFormat, [{ path: 'aadharCardNumber', message: MSG.aadhaarFormat }]);
  const aadhaar = keepAadhaar ? deps.crypto.decrypt(row.aadhaarCipher) : v.aadharCardNumber;
  const aadhaarHash = keepAadhaar ? row.aadhaarHash : deps.crypto.lookupHash(aadhaar);
  await assertUnique(deps, { email: v.email, phoneNumber: v.phoneNumber, aadhaarHash }, userId);
  // A new email does not replace the old one at once (ADR 033): it waits, and its link goes to it. Giving the
  // current address again drops a pending change; the same pending address again sends nothing new (Resend does).
  const newEmail = v.email !== row.email && v.email !== row.pendingEmail ? v.email : null;
  const pendingEmail = v.email === row.email ? null : v.email;
  // A changed number is not verified (issue 26).
  const phoneChanged = v.phoneNumber !== row.phoneNumber;
  try {
    const [updated] = await inTransaction(deps.db, async (tx) => {
      if (newEmail) await issueEmailVerification(tx, deps.crypto, userId, newEmail, true);
      if (row.role !== 'admin') await recordIdentifiers(tx, userId, { phoneNumber: v.phoneNumber, aadhaarHash });
      return tx
        .update(users)
        .set({
          fullName: v.fullName.replace(/\s+/g, ' '),
          pendingEmail,
          phoneNumber: v.phoneNumber,
          ...(phoneChanged && { phoneVerifiedAt: null }),
          aadhaarCipher: aadhaarHash === row.aadhaarHash ? row.aadhaarCipher : deps.crypto.encrypt(aadhaar),
          aadhaarHash,
          aadhaarLast4: aadhaar.slice(-4),
          address: v.address,
          panCipher,
          upiVpa,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
    });
    return withIncomingRequests(deps, updated as UserRow);
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/**
 * Tenants an owner can invite: username contains the text, or email / phone equal it exactly
 * (so the search cannot be used to list people's contact details).
 */
export async function searchTenants(deps: Deps, query: string): Promise<UserSearchResult[]> {
  const q = query.trim();
  // One or two characters would list nearly everyone (issue 19: `_` is in most usernames); an exact email or
  // phone number is always longer.
  if (q.length < SEARCH_MIN_CHARS) return [];
  const phone = PHONE_RE.test(q.replace(/[\s()-]/g, '')) ? normalisePhone(q) : null;
  const rows = await deps.db
    .select({ _id: users.id, username: users.username, fullName: users.fullName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(
      and(
        eq(users.role, 'tenant'),
        or(ilike(users.username, `%${escapeLike(q)}%`), eq(users.email, q.toLowerCase()), phone ? eq(users.phoneNumber, phone) : undefined),
      ),
    )
    .orderBy(users.username)
    .limit(10);
  return rows.map((r) => ({ _id: r._id, username: r.username, fullName: r.fullName, maskedPhone: maskPhone(r.phoneNumber) }));
}

export async function checkUsername(deps: Deps, username: string): Promise<{ username: string; available: boolean; message: string }> {
  const u = username.trim();
  if (!u) return { username: u, available: false, message: MSG.usernameRequired };
  if (!USERNAME_RE.test(u)) return { username: u, available: false, message: MSG.usernameFormat };
  const [row] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${u})`).limit(1);
  return row
    ? { username: u, available: false, message: MSG.usernameTaken }
    : { username: u, available: true, message: MSG.usernameAvailable };
}

/**
 * Whether an email and a phone number are free (sign-up step 3). It tells no more than sign-up's own 409 does,
 * and its route is limited like sign-up, so it is no faster a way to learn who has an account.
 */
export async function checkAvailability(
  deps: Deps,
  v: { email?: string; phoneNumber?: string },
): Promise<{ email?: { available: boolean; message: string }; phoneNumber?: { available: boolean; message: string } }> {
  const out: Awaited<ReturnType<typeof checkAvailability>> = {};
  if (v.email) {
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, v.email)).limit(1);
    out.email = row ? { available: false, message: MSG.emailTaken } : { available: true, message: MSG.emailAvailable };
  }
  if (v.phoneNumber) {
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, v.phoneNumber)).limit(1);
    out.phoneNumber = row ? { available: false, message: MSG.phoneTaken } : { available: true, message: MSG.phoneAvailable };
  }
  return out;
}
