import { randomInt } from 'node:crypto';
import { emailSchema, MSG, passwordSchema } from '@kiraya/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/index.js';
import { files, moderationAudit, propertyImages, roomImages, users } from '../../db/schema.js';
import { randomToken } from '../../lib/crypto.js';
import { uniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { perceptualHash } from '../../lib/images.js';
import { hashPassword } from '../../lib/passwords.js';
import { endAllSessions } from '../users/index.js';

/**
 * Moderators' accounts (issue 26 item 3, ADR 037): made and removed only by the operator command `npm run admin`, on
 * the server's own database. Sign-up never makes one (its role schema refuses `admin`).
 */

type Deps = Pick<AppDeps, 'db' | 'crypto' | 'sessions'>;

/** What the command prints: one line, and its exit code (0 done, 1 refused, 2 wrong usage). */
export type CommandResult = { code: 0 | 1 | 2; line: string };
const done = (line: string): CommandResult => ({ code: 0, line });
const refused = (line: string): CommandResult => ({ code: 1, line });

export const ADMIN_NAME = 'Kiraya moderator';

/** A username from the email's local part: `mod.` and its letters, digits, dots, dashes and underscores (3 to 30). */
function usernameFrom(email: string, n: number): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 20) || 'admin';
  const suffix = n === 0 ? '' : `${n}`;
  return `mod.${local}`.slice(0, 30 - suffix.length) + suffix;
}

/**
 * A phone number no person can have: "+0" and ten digits. Real numbers are stored as +{country code}{10 digits} and a
 * country code never starts with 0 (normalisePhone drops dialling zeros), so it clashes with nobody's.
 */
const placeholderPhone = () => `+0${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

/**
 * `npm run admin -- create`: a moderator account with this email and password (the sign-up password rule). Its other
 * fields are placeholders (name "Kiraya moderator", a username from the email, a phone and an Aadhaar no person can
 * have), verified so no banner asks for them. An email of a removed moderator is enabled again with the new password;
 * any other account with the email is refused.
 */
export async function createAdmin(deps: Deps, rawEmail: string, password: string): Promise<CommandResult> {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return refused(MSG.emailFormat);
  const pw = passwordSchema.safeParse(password);
  if (!pw.success) return refused(MSG.passwordFormat);
  const passwordHash = await hashPassword(password);
  const [existing] = await deps.db.select().from(users).where(eq(users.email, email.data)).limit(1);
  if (existing) {
    if (existing.role !== 'admin') return refused(`${MSG.emailTaken} It is not a moderator's, and it stays as it is.`);
    if (!existing.suspendedAt) return refused(`${email.data} is a moderator already.`);
    await deps.db.update(users).set({ passwordHash, suspendedAt: null, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return done(`Moderator ${email.data} enabled again (username ${existing.username}); sign in with the new password.`);
  }
  const now = new Date();
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = newId();
    const username = usernameFrom(email.data, attempt);
    try {
      await deps.db.insert(users).values({
        id,
        role: 'admin',
        username,
        fullName: ADMIN_NAME,
        email: email.data,
        phoneNumber: placeholderPhone(),
        aadhaarCipher: deps.crypto.encrypt('moderator'),
        aadhaarHash: deps.crypto.lookupHash(`moderator:${id}`),
        aadhaarLast4: '',
        address: 'Kiraya',
        passwordHash,
        emailVerifiedAt: now,
        phoneVerifiedAt: now,
      });
      return done(`Moderator ${email.data} created (username ${username}); sign in at /auth.`);
    } catch (e) {
      const clash = uniqueViolation(e);
      if (!clash) throw e;
      // The email was taken meanwhile: refused; a username or placeholder clash: try the next.
      if (clash.errors[0]?.path === 'email') return refused(MSG.emailTaken);
    }
  }
  return refused('Could not find a free username for this moderator; try another email.');
}

/**
 * `npm run admin -- remove`: a moderator who never acted is deleted; one who did is kept for the audit log (it names
 * them) but disabled: suspended, password replaced by a random one, every session ended on every instance.
 */
export async function removeAdmin(deps: Deps, rawEmail: string): Promise<CommandResult> {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return refused(MSG.emailFormat);
  const result = await inTransaction(deps.db, async (tx) => {
    const [admin] = await tx.select().from(users).where(eq(users.email, email.data)).for('update').limit(1);
    if (!admin || admin.role !== 'admin') return { result: refused(`No moderator account has the email ${email.data}.`), ended: [] };
    const ended = await endAllSessions(tx, admin.id);
    const [acted] = await tx.select({ n: count() }).from(moderationAudit).where(eq(moderationAudit.adminId, admin.id));
    if (Number(acted?.n ?? 0) === 0) {
      await tx.delete(users).where(eq(users.id, admin.id));
      return { result: done(`Moderator ${email.data} removed (deleted: it had taken no action).`), ended };
    }
    const now = new Date();
    await tx
      .update(users)
      .set({ suspendedAt: admin.suspendedAt ?? now, passwordHash: await hashPassword(randomToken()), updatedAt: now })
      .where(eq(users.id, admin.id));
    return {
      result: done(`Moderator ${email.data} removed (disabled and kept: the audit log names it in ${acted?.n} actions).`),
      ended,
    };
  });
  deps.sessions.ended(result.ended);
  return result.result;
}

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Listing photos stored before perceptual hashes existed (ADR 037) get theirs: each display-size blob is read from the
 * store and hashed. Only rows without a hash are read, a batch at a time, so a second run (or another instance) finds
 * nothing left to do. Run at server start in the background and by `npm run admin -- backfill-photos`.
 */
export async function backfillPhotoHashes(deps: Pick<AppDeps, 'db' | 'blobs'>, log?: Log, batch = 50): Promise<number> {
  let hashed = 0;
  const failed = new Set<string>();
  for (;;) {
    const rows = await deps.db
      .select({ id: files.id, key: files.key })
      .from(files)
      .where(
        and(
          eq(files.kind, 'image'),
          isNull(files.phash),
          sql`(exists (select 1 from ${propertyImages} where ${propertyImages.fileId} = ${files.id}) or exists (select 1 from ${roomImages} where ${roomImages.fileId} = ${files.id}))`,
          failed.size
            ? sql`${files.id} not in (${sql.join(
                [...failed].map((f) => sql`${f}`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .limit(batch);
    if (rows.length === 0) break;
    for (const r of rows) {
      try {
        const data = await deps.blobs.get(r.key);
        if (!data) throw new Error('blob missing');
        const phash = await perceptualHash(data);
        await deps.db.update(files).set({ phash }).where(eq(files.id, r.id));
        hashed++;
      } catch (err) {
        failed.add(r.id);
        log?.warn({ fileId: r.id, err: (err as Error).message }, 'photo hash backfill: a photo could not be hashed');
      }
    }
  }
  if (hashed > 0) log?.info({ hashed }, 'photo hash backfill: listing photos hashed');
  return hashed;
}
