import type { Property, PropertyImage } from '@kiraya/contract';
import { MSG, paiseToRupees } from '@kiraya/contract';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { type ImageRow, type PropertyRow, images } from '../../db/schema.js';
import type { BlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ProcessedImage } from '../../lib/images.js';

export type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Validates form input with a contract schema; the first problem is the message, every one is listed. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const errors = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('BAD_REQUEST', errors[0]?.message ?? MSG.invalidInput, errors);
}

export const imageView = (blobs: BlobStore, row: ImageRow): PropertyImage => ({
  _id: row.id,
  url: blobs.url(row.displayKey),
  thumbnailUrl: blobs.url(row.thumbKey),
  width: row.width,
  height: row.height,
});

/** The images of properties (roomId null) or of rooms, grouped by owner id, in display order. */
export async function imagesOf(db: Db, kind: 'property' | 'room', ids: string[]): Promise<Map<string, ImageRow[]>> {
  const out = new Map<string, ImageRow[]>();
  if (ids.length === 0) return out;
  const rows =
    kind === 'property'
      ? await db
          .select()
          .from(images)
          .where(and(inArray(images.propertyId, ids), isNull(images.roomId)))
          .orderBy(asc(images.position), asc(images.id))
      : await db.select().from(images).where(inArray(images.roomId, ids)).orderBy(asc(images.position), asc(images.id));
  for (const r of rows) {
    const key = kind === 'property' ? r.propertyId : (r.roomId as string);
    const list = out.get(key) ?? [];
    list.push(r);
    out.set(key, list);
  }
  return out;
}

/**
 * Stores re-encoded images and their rows inside the caller's transaction. Every blob written is
 * recorded in `written`, so the caller can delete them if the transaction fails.
 */
export async function saveImages(
  db: Db,
  blobs: BlobStore,
  owner: { propertyId: string; roomId: string | null },
  processed: ProcessedImage[],
  startPosition: number,
  written: string[],
): Promise<void> {
  const folder = owner.roomId ? `rooms/${owner.roomId}` : `properties/${owner.propertyId}`;
  let position = startPosition;
  for (const img of processed) {
    const id = newId();
    const displayKey = `${folder}/${id}-display.webp`;
    const thumbKey = `${folder}/${id}-thumb.webp`;
    await blobs.put(displayKey, img.display, 'image/webp');
    written.push(displayKey);
    await blobs.put(thumbKey, img.thumb, 'image/webp');
    written.push(thumbKey);
    await db.insert(images).values({
      id,
      propertyId: owner.propertyId,
      roomId: owner.roomId,
      position: position++,
      displayKey,
      thumbKey,
      width: img.width,
      height: img.height,
    });
  }
}

/** An edit's image change inside its transaction: drops the removed rows and appends the new images after the last. */
export async function replaceImages(
  tx: Db,
  blobs: BlobStore,
  owner: { propertyId: string; roomId: string | null },
  current: { id: string; position: number }[],
  removing: { id: string }[],
  processed: ProcessedImage[],
  written: string[],
): Promise<void> {
  if (removing.length)
    await tx.delete(images).where(
      inArray(
        images.id,
        removing.map((r) => r.id),
      ),
    );
  const last = current.reduce((m, c) => Math.max(m, c.position), -1);
  await saveImages(tx, blobs, owner, processed, last + 1, written);
}

/** Best-effort removal of blobs (after a failed write, or after their rows were deleted). */
export async function deleteBlobs(blobs: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => blobs.delete(k).catch(() => undefined)));
}

export const blobKeys = (rows: ImageRow[]): string[] => rows.flatMap((r) => [r.displayKey, r.thumbKey]);

/** A property as clients see it: the owner's username only (B9), figures derived from the rooms (B13). */
export function toProperty(blobs: BlobStore, row: PropertyRow, owner: { id: string; username: string }, imgs: ImageRow[]): Property {
  const views = imgs.map((i) => imageView(blobs, i));
  return {
    _id: row.id,
    owner: { _id: owner.id, username: owner.username },
    title: row.title,
    description: row.description,
    street: row.street,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    landmark: row.landmark,
    propertyType: row.propertyType,
    amenities: row.amenities,
    propertyImages: views.map((v) => v.url),
    images: views,
    rentAmount: row.minRentPaise === null ? null : paiseToRupees(row.minRentPaise),
    isAvailable: !row.isPaused && row.vacantRoomCount > 0,
    isFullyRented: row.roomCount > 0 && row.occupiedRoomCount === row.roomCount,
    isPaused: row.isPaused,
    roomCount: row.roomCount,
    vacantRoomCount: row.vacantRoomCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Runs `fn` in a transaction; blobs it wrote are removed again when anything fails. */
export async function withBlobCleanup<T>(deps: Deps, fn: (tx: Db, written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => fn(tx as unknown as Db, written));
  } catch (e) {
    await deleteBlobs(deps.blobs, written);
    throw e;
  }
}
