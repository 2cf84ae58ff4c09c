import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  MSG,
  maskPhone,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_CODES_PER_15_MINUTES,
  PHONE_CODES_PER_DAY,
  type PhoneCodeSent,
  VERIFY_EMAIL_HOURS,
  VERIFY_EMAILS_PER_HOUR,
} from '@kiraya/contract';
import { and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { emailVerificationTokens, phoneCodes, users } from '../../db/schema.js';
import { type FieldCrypto, randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, unauthorized, uniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueue, enqueueSms, smsTransportFor } from '../outbox/index.js';
import { claimEmailInvites } from '../tenancy/index.js';

/**
 * Email verification and phone codes (issue 25 item 4, issue 26 item 2, ADR 033). A link's token is 32 random
 * bytes (base64url) of which only the SHA-256 is kept; a phone code is 6 digits of which only a keyed HMAC is kept.
 */
type Deps = Pick<AppDeps, 'db' | 'config' | 'crypto'>;

/**
 * Makes a verification link for `email` (the account's own, or its pending new address) and emails it in `tx`.
 * The link goes to that address (not to the account's current one: a pending change proves the new one).
 */
export async function issueEmailVerification(
  tx: Db,
  crypto: FieldCrypto,
  userId: string,
  email: string,
  change: boolean,
  now = new Date(),
): Promise<void> {
  const token = randomToken();
  const id = newId();
  await tx.insert(emailVerificationTokens).values({
    id,
    userId,
    email,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + VERIFY_EMAIL_HOURS * 3_600_000),
    createdAt: now,
  });
  // Sent to the address being proven, in the account's language (issue 27).
  const [u] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  await enqueue(tx, {
    eventKey: `verify-email:${id}`,
    to: { address: email, locale: u?.locale ?? DEFAULT_LOCALE },
    template: 'verifyEmail',
    data: { token, email, change },
    crypto,
  });
}

/**
 * POST /users/resend-verification-email: a new link to the address waiting for one (a pending change, else the
 * account's unverified email). At most VERIFY_EMAILS_PER_HOUR links an hour per account, counted in the database.
 */
export async function resendVerification(deps: Deps, userId: string, now = new Date()): Promise<string> {
  return inTransaction(deps.db, async (tx) => {
    // The row lock queues an account's parallel requests, so the count below cannot be raced past.
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw unauthorized(MSG.sessionExpired);
    const target = u.pendingEmail ?? (u.emailVerifiedAt ? null : u.email);
    if (!target) throw badRequest(MSG.emailAlreadyVerified);
    const [recent] = await tx
      .select({ n: count() })
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, new Date(now.getTime() - 3_600_000))));
    if ((recent?.n ?? 0) >= VERIFY_EMAILS_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyVerifyEmails);
    await issueEmailVerification(tx, deps.crypto, userId, target, target !== u.email, now);
    return target;
  });
}

const invalidLink = () => new AppError('BAD_REQUEST', MSG.verifyTokenInvalid, [{ path: 'token', message: MSG.verifyTokenInvalid }]);

/**
 * POST /users/verify-email: a valid, unused, unexpired link verifies the address it was made for. The account's own
 * address is marked verified; a pending new one replaces the old (checked free again now: it may have been taken
 * since), is verified, and the old address is told. A link for an address the account no longer has or waits for
 * (replaced since) is refused. Works signed out: the token is the proof.
 */
export async function verifyEmail(deps: Deps, token: string, now = new Date()): Promise<{ email: string; userId: string }> {
  const [row] = await deps.db
    .select()
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, sha256(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw invalidLink();
  try {
    return await inTransaction(deps.db, async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update').limit(1);
      if (!u) throw invalidLink();
      // Used once: a second request with the same link (a double click, a replay) finds it used.
      const claimed = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(and(eq(emailVerificationTokens.id, row.id), isNull(emailVerificationTokens.usedAt)))
        .returning({ id: emailVerificationTokens.id });
      if (claimed.length === 0) throw invalidLink();
      if (u.email === row.email) {
        if (!u.emailVerifiedAt) {
          await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, u.id));
          // Invitations sent to this address wait for it to be shown to be this person's (issue 25 item 7).
          await claimEmailInvites(tx, u);
        }
        return { email: u.email, userId: u.id };
      }
      if (u.pendingEmail !== row.email) throw invalidLink();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, row.email), ne(users.id, u.id)))
        .limit(1);
      if (taken) throw conflict(MSG.emailTaken, 'email');
      await tx.update(users).set({ email: row.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, u.id));
      await claimEmailInvites(tx, { ...u, email: row.email });
      // The old address hears of it (a security email: no unsubscribe), sent to it, not to the account.
      await enqueue(tx, {
        eventKey: `email-changed:${row.id}`,
        to: { address: u.email, locale: u.locale },
        template: 'emailChanged',
        data: { newEmail: row.email, at: now.toISOString() },
      });
      return { email: row.email, userId: u.id };
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** The key of phone codes' HMACs: derived from the server secret, never stored. */
function codeKey(config: Pick<AppDeps['config'], 'jwtSecret'>): Buffer {
  let key = codeKeys.get(config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('kiraya:phone-code').digest();
    codeKeys.set(config.jwtSecret, key);
  }
  return key;
}
const codeKeys = new Map<string, Buffer>();

/** HMAC-SHA256 of a code, bound to its row and number: a leaked table cannot be matched against the 10⁶ codes without the key. */
export function hashPhoneCode(config: Pick<AppDeps['config'], 'jwtSecret'>, id: string, phone: string, code: string): string {
  return createHmac('sha256', codeKey(config)).update(`${id}:${phone}:${code}`).digest('base64url');
}

/**
 * POST /users/phone/send-code: a 6-digit code (crypto.randomInt) by SMS to the account's phone number, through the
 * outbox (durable; the code is in the outbox row until sent, never in a log). Limited per account and per number:
 * PHONE_CODES_PER_15_MINUTES and PHONE_CODES_PER_DAY, counted from the rows (every instance sees them). A new code
 * replaces the ones before it.
 */
export async function sendPhoneCode(deps: Deps, userId: string, now = new Date()): Promise<PhoneCodeSent> {
  if (!smsTransportFor(deps.config)) throw new AppError('SMS_OFF', MSG.smsOff, [{ path: '', message: MSG.smsOff }]);
  return inTransaction(deps.db, async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw unauthorized(MSG.sessionExpired);
    if (u.phoneVerifiedAt) throw badRequest(MSG.phoneAlreadyVerified);
    const phone = u.phoneNumber;
    const mine = or(eq(phoneCodes.userId, userId), eq(phoneCodes.phoneNumber, phone));
    const [c] = await tx
      .select({
        quarter:
          sql<number>`count(*) filter (where ${phoneCodes.createdAt} > ${new Date(now.getTime() - 15 * 60_000).toISOString()})`.mapWith(
            Number,
          ),
        day: count(),
      })
      .from(phoneCodes)
      .where(and(mine, gt(phoneCodes.createdAt, new Date(now.getTime() - 86_400_000))));
    if ((c?.quarter ?? 0) >= PHONE_CODES_PER_15_MINUTES || (c?.day ?? 0) >= PHONE_CODES_PER_DAY) {
      throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyPhoneCodes);
    }
    // The codes before this one stop working.
    await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.userId, userId), isNull(phoneCodes.usedAt)));
    const id = newId();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
    await tx
      .insert(phoneCodes)
      .values({ id, userId, phoneNumber: phone, codeHash: hashPhoneCode(deps.config, id, phone, code), expiresAt, createdAt: now });
    await enqueueSms(tx, { eventKey: `phone-code:${id}`, userId, phone, template: 'phoneCode', data: { code }, crypto: deps.crypto });
    return { maskedPhone: maskPhone(phone), expiresAt: expiresAt.toISOString() };
  });
}

/**
 * POST /users/phone/confirm-code: the newest live code of the account for its current number. A wrong code uses
 * one of PHONE_CODE_TRIES tries (counted in the row, atomically); the last wrong try kills the code. The right
 * one verifies the phone (and, with a verified email, makes the owner a verified owner on every listing).
 */
export async function confirmPhoneCode(deps: Deps, userId: string, code: string, now = new Date()): Promise<void> {
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw unauthorized(MSG.sessionExpired);
  if (u.phoneVerifiedAt) throw badRequest(MSG.phoneAlreadyVerified);
  const [row] = await deps.db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.phoneNumber, u.phoneNumber)))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  if (!row) throw badRequest(MSG.phoneCodeNone, 'code');
  const dead = row.usedAt || row.expiresAt <= now || row.attempts >= PHONE_CODE_TRIES;
  if (dead) throw badRequest(MSG.phoneCodeExpired, 'code');
  const want = Buffer.from(row.codeHash);
  const got = Buffer.from(hashPhoneCode(deps.config, row.id, row.phoneNumber, code));
  const right = want.length === got.length && timingSafeEqual(want, got);
  if (!right) {
    // One try used, atomically: parallel guesses cannot share a try.
    const [after] = await deps.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt), sql`${phoneCodes.attempts} < ${PHONE_CODE_TRIES}`))
      .returning({ attempts: phoneCodes.attempts });
    if (!after) throw badRequest(MSG.phoneCodeExpired, 'code');
    const left = PHONE_CODE_TRIES - after.attempts;
    throw badRequest(left > 0 ? MSG.phoneCodeWrong(left) : MSG.phoneCodeExpired, 'code');
  }
  await inTransaction(deps.db, async (tx) => {
    const claimed = await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt), sql`${phoneCodes.attempts} < ${PHONE_CODE_TRIES}`))
      .returning({ id: phoneCodes.id });
    if (claimed.length === 0) throw badRequest(MSG.phoneCodeExpired, 'code');
    // Only if the number is still the one the code went to (a change in between clears it).
    await tx
      .update(users)
      .set({ phoneVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.phoneNumber, row.phoneNumber)));
  });
}
