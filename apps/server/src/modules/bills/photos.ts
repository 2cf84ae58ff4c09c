import { and, asc, eq, inArray, isNotNull, like, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { billItems, files } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { startSweep } from '../../lib/sweep.js';
import { deleteBlobs, deleteFiles, fileKeys } from '../../lib/uploads.js';

/**
 * Meter photos (ADR 016): private files under `private/meter-photos/{ownerId}/`, uploaded first
 * (POST /bills/upload/meter-photo) and then shown by bill items (`current_photo_id`, `previous_photo_id`).
 * One photo may be shown by consecutive bills (this month's current reading is next month's previous), so a
 * photo is deleted only when no bill shows it any more: when a bill is deleted or edited to show another one,
 * with its room, or, never attached, by the sweep a day after its upload.
 */
export const METER_PHOTO_FOLDER = 'private/meter-photos';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
const silent: Log = { info: () => {}, warn: () => {} };

const shows = (photoId: typeof files.id) => or(eq(billItems.currentPhotoId, photoId), eq(billItems.previousPhotoId, photoId));

/** Of these meter photos, the ones a bill still shows (outside `exceptRooms`). */
export async function meterPhotosInUse(tx: Db, photoIds: string[], exceptRooms: string[] = []): Promise<Set<string>> {
  if (photoIds.length === 0) return new Set();
  const shown = or(inArray(billItems.currentPhotoId, photoIds), inArray(billItems.previousPhotoId, photoIds));
  const rows = await tx
    .select({ c: billItems.currentPhotoId, p: billItems.previousPhotoId })
    .from(billItems)
    .where(exceptRooms.length ? and(notInArray(billItems.roomId, exceptRooms), shown) : shown);
  return new Set(rows.flatMap((r) => [r.c, r.p]).filter((x): x is string => !!x));
}

/**
 * Deletes, inside `tx`, the photos of `photoIds` that no bill shows any more (call it after the bill changed);
 * returns the blob keys to delete once `tx` has committed.
 */
export async function deletePhotosNoLongerShown(tx: Db, photoIds: (string | null)[]): Promise<string[]> {
  const ids = [...new Set(photoIds.filter((x): x is string => !!x))];
  if (ids.length === 0) return [];
  const inUse = await meterPhotosInUse(tx, ids);
  return deleteFiles(
    tx,
    ids.filter((id) => !inUse.has(id)),
  );
}

/**
 * The meter photos of the bills of rooms being deleted (the room rows cascade, the file rows and blobs would
 * not), except a photo a bill of another room still shows.
 */
export async function roomMeterPhotoIds(tx: Db, roomIds: string[]): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const photos = await tx
    .select({ c: billItems.currentPhotoId, p: billItems.previousPhotoId })
    .from(billItems)
    .where(and(inArray(billItems.roomId, roomIds), or(isNotNull(billItems.currentPhotoId), isNotNull(billItems.previousPhotoId))));
  const photoIds = [...new Set(photos.flatMap((r) => [r.c, r.p]).filter((x): x is string => !!x))];
  const inUse = await meterPhotosInUse(tx, photoIds, roomIds);
  return photoIds.filter((id) => !inUse.has(id));
}

/** A meter photo no bill shows is kept this long after its upload (the owner may still be filling the form). */
export const UNATTACHED_PHOTO_MAX_AGE_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 100;
/** pg advisory lock key of the sweep ("KRMPH" in ASCII), so one instance sweeps at a time. */
const SWEEP_LOCK = 0x4b524d5048;

/**
 * Deletes the meter photos uploaded more than a day before `now` that no bill shows (rows, then blobs), in
 * batches, each in a short transaction holding a transaction-level advisory lock: an instance that finds it
 * taken skips its turn (another one is sweeping). The rows are locked with SKIP LOCKED and the delete checks
 * again that no bill shows them, so a bill being saved with one of them (checkPhotos locks its photos) keeps it.
 * Returns how many photos it deleted. Run by every instance on a timer (`startMeterPhotoSweep`).
 */
export async function sweepMeterPhotos(deps: Deps, log: Log = silent, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_PHOTO_MAX_AGE_MS);
  let deleted = 0;
  for (;;) {
    const round = await inTransaction(deps.db, async (tx) => {
      const [first] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`));
      if (!first?.locked) return null;
      const unattached = notExists(tx.select({ one: sql`1` }).from(billItems).where(shows(files.id)));
      const due = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(like(files.key, `${METER_PHOTO_FOLDER}/%`), lt(files.createdAt, cutoff), unattached))
        .orderBy(asc(files.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { keys: [], found: 0, deleted: 0 };
      // A fresh statement sees any bill committed since the select: a photo it shows stays.
      const rows = await tx
        .delete(files)
        .where(
          and(
            inArray(
              files.id,
              due.map((r) => r.id),
            ),
            unattached,
          ),
        )
        .returning({ key: files.key, thumbKey: files.thumbKey });
      return { keys: fileKeys(rows), found: due.length, deleted: rows.length };
    });
    if (!round) break;
    await deleteBlobs(deps.blobs, round.keys);
    deleted += round.deleted;
    if (round.found < batch) break;
  }
  if (deleted > 0) log.info({ deleted }, 'bills: deleted meter photos never attached to a bill');
  return deleted;
}

/** Starts the periodic sweep (if configured); returns its stopper. Sweeps never overlap. */
export function startMeterPhotoSweep(deps: Deps & Pick<AppDeps, 'config'>, log: Log): () => void {
  return startSweep(
    deps.config.meterPhotoSweepIntervalMs,
    () => sweepMeterPhotos(deps, log),
    (e) => log.warn({ err: e }, 'bills: meter photo sweep failed; it runs again later'),
  );
}
