import { IDEMPOTENCY_HEADER, LIMITS, MSG } from '@kiraya/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { idempotencyKeys } from '../db/schema.js';
import { badRequest, conflict } from './errors.js';

/**
 * Idempotency keys of creating forms (issue 19): the web app sends one `Idempotency-Key` per submission,
 * so a second click (or a retry after a lost answer) gets the object the first one created instead of a
 * copy. The key is claimed inside the transaction that creates the object: a second request with the same
 * key waits on the primary key (user_id, key) until the first commits, then answers its object (or, if the
 * first failed, creates it itself). Keys live LIMITS.idempotencyKeyTtlMs; expired rows are deleted as new
 * keys are claimed.
 */
export type IdempotencyScope = 'property' | 'room';
export type IdempotencyKey = { userId: string; key: string | null; scope: IdempotencyScope };

const PRINTABLE = new RegExp(`^[\\x20-\\x7e]{1,${LIMITS.idempotencyKeyMaxLength}}$`);

/** The request's Idempotency-Key, or null when none was sent; 400 unless 1 to 100 printable ASCII characters. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !PRINTABLE.test(raw) || raw.trim() === '') throw badRequest(MSG.idempotencyKeyInvalid, IDEMPOTENCY_HEADER);
  return raw;
}

/** Thrown inside the creating transaction when another request holds the key: the transaction rolls back. */
class KeyTaken extends Error {}

const cutoff = () => new Date(Date.now() - LIMITS.idempotencyKeyTtlMs);

/** The object an unexpired key created (409 when the key created something of another kind). */
async function findKey(db: Db, k: IdempotencyKey & { key: string }): Promise<string | null> {
  const [row] = await db
    .select({ scope: idempotencyKeys.scope, objectId: idempotencyKeys.objectId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key), gt(idempotencyKeys.createdAt, cutoff())))
    .limit(1);
  if (!row) return null;
  if (row.scope !== k.scope) throw conflict(MSG.idempotencyKeyReused, IDEMPOTENCY_HEADER);
  return row.objectId;
}

/** Claims the key for `objectId` inside `tx`; throws KeyTaken when another request claimed it (after it committed). */
async function claimKey(tx: Db, k: IdempotencyKey & { key: string }, objectId: string): Promise<void> {
  const before = cutoff();
  // This key, if it expired, is free again; other expired rows go a batch at a time, skipping any in use.
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key), lt(idempotencyKeys.createdAt, before)));
  await tx.execute(
    sql`delete from ${idempotencyKeys} where (user_id, key) in (select user_id, key from ${idempotencyKeys} where created_at < ${before.toISOString()} limit 100 for update skip locked)`,
  );
  // Waits here while another transaction holds an uncommitted row with the same key.
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: k.userId, key: k.key, scope: k.scope, objectId })
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId });
  if (claimed.length === 0) throw new KeyTaken();
}

/**
 * Creates an object at most once per key. Without a key, `create` runs as it always did. With one: an
 * unexpired key answers the object it created (`replay`); otherwise `create` runs and must call
 * `claim(tx, objectId)` inside its transaction before writing anything. When another request claimed the
 * key meanwhile, its object is answered; 409 "This form was already sent" when that object is gone.
 */
export async function idempotent<T>(
  db: Db,
  k: IdempotencyKey,
  replay: (objectId: string) => Promise<T | null>,
  create: (claim: (tx: Db, objectId: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  const key = k.key;
  if (key === null) return create(async () => undefined);
  const keyed = { ...k, key };
  const answer = async (objectId: string | null): Promise<T> => {
    const found = objectId ? await replay(objectId) : null;
    if (found === null) throw conflict(MSG.formAlreadySent, IDEMPOTENCY_HEADER);
    return found;
  };
  const earlier = await findKey(db, keyed);
  if (earlier) return answer(earlier);
  try {
    return await create((tx, objectId) => claimKey(tx, keyed, objectId));
  } catch (e) {
    if (!(e instanceof KeyTaken)) throw e;
    return answer(await findKey(db, keyed));
  }
}
