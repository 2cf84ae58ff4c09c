import { MSG, maskAadhaar } from '@kiraya/contract';
import type { registerBodySchema, updateAccountBodySchema, User, UserSearchResult } from '@kiraya/contract';
import { USERNAME_RE, normalisePhone, PHONE_RE } from '@kiraya/contract';
import { and, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { refreshTokens, users, type UserRow } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, conflict, unauthorized, uniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { escapeLike } from '../../lib/sql.js';
import { WindowCounter } from '../../lib/throttle.js';
import type { z } from 'zod';

type RegisterValues = z.output<typeof registerBodySchema>;
type UpdateAccountValues = z.output<typeof updateAccountBodySchema>;

type Deps = Pick<AppDeps, 'db' | 'crypto' | 'signer' | 'config'>;

/** A user as `viewerId` may see them: the full Aadhaar number only for its holder (B9). */
export function toUser(deps: Pick<AppDeps, 'crypto'>, row: UserRow, viewerId: string | null): User {
  return {
    _id: row.id,
    role: row.role,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    aadharCardNumber: viewerId === row.id ? deps.crypto.decrypt(row.aadhaarCipher) : maskAadhaar(row.aadhaarLast4),
    address: row.address,
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

/** Registers an account from checked input (the route validates the body; factories parse theirs). */
export async function registerUser(deps: Deps, v: RegisterValues): Promise<User> {
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
  };
  try {
    const [created] = await deps.db.insert(users).values(row).returning();
    return toUser(deps, created as UserRow, (created as UserRow).id);
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

export async function findUser(deps: Pick<AppDeps, 'db'>, id: string): Promise<UserRow | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type Session = { user: User; accessToken: string; refreshToken: string };

/** Starts a refresh-token family (one per login) and signs an access token. */
async function startSession(deps: Deps, row: UserRow, familyId: string = newId()): Promise<Session> {
  const refreshToken = randomToken();
  await deps.db.insert(refreshTokens).values({
    id: newId(),
    userId: row.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000),
  });
  const accessToken = await deps.signer.sign({ userId: row.id, role: row.role });
  return { user: toUser(deps, row, row.id), accessToken, refreshToken };
}

export class LoginThrottle {
  private readonly failures: WindowCounter;
  constructor(failedPerMinute: number) {
    this.failures = new WindowCounter(failedPerMinute, 60_000);
  }
  check(email: string): void {
    if (this.failures.blocked(email)) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyLogins);
  }
  fail(email: string): void {
    this.failures.hit(email);
  }
  succeed(email: string): void {
    this.failures.reset(email);
  }
}

export async function login(deps: Deps, throttle: LoginThrottle, email: string, password: string): Promise<Session> {
  const key = email.trim().toLowerCase();
  throttle.check(key);
  const [row] = await deps.db.select().from(users).where(eq(users.email, key)).limit(1);
  if (!row) {
    await verifyAgainstDummy(password);
    throttle.fail(key);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    throttle.fail(key);
    throw unauthorized(MSG.invalidCredentials);
  }
  throttle.succeed(key);
  return startSession(deps, row);
}

const REVOKED = Symbol('revoked');

/**
 * A just-rotated token presented again within the grace window (two tabs refreshing at once): refused,
 * but the family is kept and the caller's cookies are left alone, since the other tab already holds the
 * successor in the same cookie jar.
 */
export class ConcurrentRefreshError extends AppError {
  constructor() {
    super('UNAUTHORIZED', MSG.sessionExpired);
  }
}

/**
 * Rotates a refresh token; a rotated one presented again after `config.refreshReuseGraceMs` revokes its
 * whole family (every token of that login), so a stolen copy and the real one both stop working.
 */
export async function refreshSession(deps: Deps, presented: string | undefined): Promise<Session> {
  if (!presented) throw unauthorized(MSG.sessionExpired);
  // The revocation must commit, so it is returned from the transaction (a throw would roll it back).
  const result = await deps.db.transaction(async (tx): Promise<Session | typeof REVOKED> => {
    const [tok] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for('update')
      .limit(1);
    if (!tok || tok.revokedAt) throw unauthorized(MSG.sessionExpired);
    if (tok.usedAt) {
      if (Date.now() - tok.usedAt.getTime() < deps.config.refreshReuseGraceMs) throw new ConcurrentRefreshError();
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, tok.familyId), isNull(refreshTokens.revokedAt)));
      return REVOKED;
    }
    if (tok.expiresAt.getTime() <= Date.now()) throw unauthorized(MSG.sessionExpired);
    const [row] = await tx.select().from(users).where(eq(users.id, tok.userId)).limit(1);
    if (!row) throw unauthorized(MSG.sessionExpired);
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, tok.id));
    return startSession({ ...deps, db: tx as unknown as Deps['db'] }, row, tok.familyId);
  });
  if (result === REVOKED) throw unauthorized(MSG.sessionExpired);
  return result;
}

/** Revokes the family of the presented refresh token (that login everywhere it was copied). */
export async function logout(deps: Deps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [tok] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  if (!tok) return;
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, tok.familyId), isNull(refreshTokens.revokedAt)));
}

export async function getCurrentUser(deps: Deps, userId: string): Promise<User> {
  const row = await findUser(deps, userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  return toUser(deps, row, userId);
}

export async function updateAccount(deps: Deps, userId: string, v: UpdateAccountValues): Promise<User> {
  const row = await findUser(deps, userId);
  if (!row) throw unauthorized(MSG.sessionExpired);
  if (v.role !== undefined && v.role !== '' && v.role !== row.role) {
    throw new AppError('BAD_REQUEST', MSG.roleCannotChange, [{ path: 'role', message: MSG.roleCannotChange }]);
  }
  const aadhaarHash = deps.crypto.lookupHash(v.aadharCardNumber);
  await assertUnique(deps, { email: v.email, phoneNumber: v.phoneNumber, aadhaarHash }, userId);
  try {
    const [updated] = await deps.db
      .update(users)
      .set({
        fullName: v.fullName.replace(/\s+/g, ' '),
        email: v.email,
        phoneNumber: v.phoneNumber,
        aadhaarCipher: aadhaarHash === row.aadhaarHash ? row.aadhaarCipher : deps.crypto.encrypt(v.aadharCardNumber),
        aadhaarHash,
        aadhaarLast4: v.aadharCardNumber.slice(-4),
        address: v.address,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return toUser(deps, updated as UserRow, userId);
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
  if (!q) return [];
  const phone = PHONE_RE.test(q.replace(/[\s()-]/g, '')) ? normalisePhone(q) : null;
  const rows = await deps.db
    .select({ _id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.role, 'tenant'),
        or(ilike(users.username, `%${escapeLike(q)}%`), eq(users.email, q.toLowerCase()), phone ? eq(users.phoneNumber, phone) : undefined),
      ),
    )
    .orderBy(users.username)
    .limit(10);
  return rows;
}

export async function checkUsername(deps: Deps, username: string): Promise<{ username: string; available: boolean; message: string }> {
  const u = username.trim();
  if (!u) return { username: u, available: false, message: MSG.usernameRequired };
  if (!USERNAME_RE.test(u)) return { username: u, available: false, message: MSG.usernameFormat };
  const [row] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${u})`).limit(1);
  return row
    ? { username: u, available: false, message: MSG.usernameTaken }
    : { username: u, available: true, message: 'Username is available.' };
}
