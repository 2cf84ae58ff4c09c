import type { Property, PropertyImage } from '@kiraya/contract';
import { MSG, type PropertyValues, paiseToRupees, rupeesToPaise } from '@kiraya/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { files, type ImageRow, type PropertyRow, propertyImages, roomImages } from '../../db/schema.js';
import type { BlobStore } from '../../lib/blob-store.js';
import { badRequest } from '../../lib/errors.js';
import { validate } from '../../lib/multipart.js';
import { deleteFiles, type PreparedUpload, type StoreFiles } from '../../lib/uploads.js';

export type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Validates input with a contract schema (400 with field paths): for routes; services take typed values. */
export const parseFields = validate;

export const imageView = (blobs: BlobStore, row: ImageRow): PropertyImage => ({
  _id: row.id,
  url: blobs.url(row.key),
  thumbnailUrl: blobs.url(row.thumbKey ?? row.key),
  width: row.width ?? 0,
  height: row.height ?? 0,
});

/** The images of properties or of rooms (their file rows with their position), grouped by owner id, in display order. */
export async function imagesOf(db: Db, kind: 'property' | 'room', ids: string[]): Promise<Map<string, ImageRow[]>> {
  const out = new Map<string, ImageRow[]>();
  if (ids.length === 0) return out;
  const rows =
    kind === 'property'
      ? await db
          .select({ file: files, ownerId: propertyImages.propertyId, position: propertyImages.position })
          .from(propertyImages)
          .innerJoin(files, eq(files.id, propertyImages.fileId))
          .where(inArray(propertyImages.propertyId, ids))
          .orderBy(asc(propertyImages.position), asc(files.id))
      : await db
          .select({ file: files, ownerId: roomImages.roomId, position: roomImages.position })
          .from(roomImages)
          .innerJoin(files, eq(files.id, roomImages.fileId))
          .where(inArray(roomImages.roomId, ids))
          .orderBy(asc(roomImages.position), asc(files.id));
  for (const r of rows) {
    const list = out.get(r.ownerId) ?? [];
    list.push({ ...r.file, position: r.position });
    out.set(r.ownerId, list);
  }
  return out;
}

export type ImageOwner = { kind: 'property'; propertyId: string } | { kind: 'room'; roomId: string };

/** Stores prepared images through the upload pipeline and links them to their property or room, after `startPosition`. */
export async function saveImages(
  tx: Db,
  store: StoreFiles,
  owner: ImageOwner,
  prepared: PreparedUpload[],
  startPosition: number,
  uploadedBy: string,
): Promise<void> {
  if (prepared.length === 0) return;
  const folder = owner.kind === 'room' ? `rooms/${owner.roomId}` : `properties/${owner.propertyId}`;
  const rows = await store(prepared, { folder, uploadedBy });
  if (owner.kind === 'room') {
    await tx.insert(roomImages).values(rows.map((r, i) => ({ fileId: r.id, roomId: owner.roomId, position: startPosition + i })));
  } else {
    await tx
      .insert(propertyImages)
      .values(rows.map((r, i) => ({ fileId: r.id, propertyId: owner.propertyId, position: startPosition + i })));
  }
}

/**
 * An edit's image change inside its transaction: deletes the removed files and appends the new images
 * after the last. Returns the blob keys of the removed files, to delete once the transaction committed.
 */
export async function replaceImages(
  tx: Db,
  store: StoreFiles,
  owner: ImageOwner,
  current: { id: string; position: number }[],
  removing: { id: string }[],
  prepared: PreparedUpload[],
  uploadedBy: string,
): Promise<string[]> {
  const keys = await deleteFiles(
    tx,
    removing.map((r) => r.id),
  );
  const last = current.reduce((m, c) => Math.max(m, c.position), -1);
  await saveImages(tx, store, owner, prepared, last + 1, uploadedBy);
  return keys;
}

/** The images to remove in an edit, each of which must be one of `current` (400 otherwise). */
export function imagesToRemove(current: ImageRow[], ids: string[]): ImageRow[] {
  return ids.map((rid) => {
    const img = current.find((c) => c.id === rid);
    if (!img) throw badRequest(MSG.imageNotOwned, 'removeImageIds');
    return img;
  });
}

/** A property as clients see it: the owner's username only (B9), figures derived from the rooms (B13). */
export type ListingOwner = { id: string; username: string; verified: boolean };

/** `forOwner`: the answer goes to the property's owner, who also sees whether moderators hid it and why (ADR 037). */
export function toProperty(blobs: BlobStore, row: PropertyRow, owner: ListingOwner, imgs: ImageRow[], forOwner = false): Property {
  const views = imgs.map((i) => imageView(blobs, i));
  return {
    _id: row.id,
    owner: { _id: owner.id, username: owner.username, verified: owner.verified },
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
    ...(forOwner ? { hidden: row.hiddenAt !== null, hiddenReason: row.hiddenReason } : {}),
    roomCount: row.roomCount,
    vacantRoomCount: row.vacantRoomCount,
    ...propertyFacts(row, forOwner ? 'exact' : 'approximate'),
    ...(forOwner ? { factsConfirmed: row.factsConfirmed } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Coordinates rounded to 3 decimals: about 110 m of latitude, less of longitude (ADR 048). */
export const approximate = (n: number | null): number | null => (n === null ? null : Math.round(n * 1000) / 1000);

/**
 * The listing facts of a property's answer. `approximate`: the coordinates rounded to about 100 m, as everyone but
 * the owner and a tenant who revealed the owner's contact sees them (ADR 048).
 */
export function propertyFacts(row: PropertyRow, coordinates: 'exact' | 'approximate') {
  const round = coordinates === 'exact' ? (n: number | null) => n : approximate;
  return {
    locality: row.locality,
    latitude: round(row.latitude),
    longitude: round(row.longitude),
    configuration: row.configuration,
    furnishing: row.furnishing,
    tenantType: row.tenantType,
    availableFrom: row.availableFrom,
    deposit: paiseToRupees(row.depositPaise),
    veg: row.veg,
    pets: row.pets,
    parking: row.parking,
  };
}

/**
 * A create or edit body as the properties row's columns: the deposit in paise, the coordinates both or neither
 * (400 otherwise), and `factsConfirmed` once the owner sent the configuration (ADR 048). Absent facts stay
 * undefined: the insert takes the column defaults (and asks the owner to confirm them), the update keeps what is stored.
 */
export function propertyColumns(v: PropertyValues, creating: boolean) {
  const { deposit, latitude, longitude, ...rest } = v;
  if ((latitude === undefined) !== (longitude === undefined))
    throw badRequest(MSG.coordinatesTogether, latitude === undefined ? 'latitude' : 'longitude');
  return {
    ...rest,
    ...(deposit === undefined ? {} : { depositPaise: rupeesToPaise(deposit, 'Deposit') }),
    ...(latitude === undefined ? {} : { latitude, longitude }),
    ...(v.configuration !== undefined ? { factsConfirmed: true } : creating ? { factsConfirmed: false } : {}),
  };
}
