import type { PageMeta, Property } from '@kiraya/contract';
import type { PropertyValues } from '@kiraya/contract';
import { MSG, NEW_ACCOUNT_LISTING_LIMIT, type pausePropertyBodySchema, type propertyListQuerySchema } from '@kiraya/contract';
import { and, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/index.js';
import { type PropertyRow, properties, propertyImages, roomImages, rooms, users } from '../../db/schema.js';
import { asOwner, type Caller, propertyAccess } from '../../lib/access.js';
import { archiveRooms, roomsWithHistory } from '../../lib/archive.js';
import { AppError, conflict } from '../../lib/errors.js';
import { propertyListed } from '../../lib/listing.js';
import { newId } from '../../lib/ids.js';
import { idempotent } from '../../lib/idempotency.js';
import { checkImageCount } from '../../lib/images.js';
import { deleteBlobs, deleteFiles, prepareUploads, roomDocumentFileIds, UPLOAD_KINDS, withUploads } from '../../lib/uploads.js';
import { publicCacheFor } from '../../plugins/public-cache.js';
import { roomMeterPhotoIds } from '../bills/index.js';
import { countKey, distanceKm, searchConditions } from './search.js';
import {
  type Deps,
  imagesOf,
  type ListingOwner,
  imagesToRemove,
  propertyColumns,
  replaceImages,
  saveImages,
  toProperty,
} from './shared.js';

/** The list query after the contract schema's defaults and coercions (the route validates it). */
export type PropertyListQueryParsed = z.output<typeof propertyListQuerySchema>;

export type Viewer = Caller;

/** Owners as listings show them: the username, and whether they are a verified owner (phone and email, ADR 033). */
async function ownersOf(db: Db, ids: string[]): Promise<Map<string, ListingOwner>> {
  const uniq = [...new Set(ids)];
  if (uniq.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      verified: sql<boolean>`(${users.emailVerifiedAt} is not null and ${users.phoneVerifiedAt} is not null)`,
    })
    .from(users)
    .where(inArray(users.id, uniq));
  return new Map(rows.map((r) => [r.id, { ...r, verified: r.verified === true }]));
}

/**
 * Maps rows to API properties with their owners and images, in two extra queries for the whole page. `forOwner`: the
 * rows are the caller's own (they also see whether moderators hid them, ADR 037).
 */
export async function viewProperties(deps: Deps, rows: PropertyRow[], forOwner = false): Promise<Property[]> {
  const [owners, imgs] = await Promise.all([
    ownersOf(
      deps.db,
      rows.map((r) => r.ownerId),
    ),
    imagesOf(
      deps.db,
      'property',
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) =>
    toProperty(deps.blobs, r, owners.get(r.ownerId) ?? { id: r.ownerId, username: '', verified: false }, imgs.get(r.id) ?? [], forOwner),
  );
}

export async function viewProperty(deps: Deps, row: PropertyRow, forOwner = false): Promise<Property> {
  const [p] = await viewProperties(deps, [row], forOwner);
  return p as Property;
}

/**
 * The public list and tenant search (B1): filtered, sorted and paginated here; paused listings hidden, listings
 * with a vacant room first.
 * Takes the route's parsed query. `total` is counted once per filter until the next write (ADR 007).
 */
export async function listPublic(deps: Deps, v: PropertyListQueryParsed): Promise<{ items: Property[]; meta: PageMeta }> {
  // Not paused, archived, hidden by a moderator, nor of a suspended owner (lib/listing.ts); then the filters.
  const where: SQL[] = [propertyListed, ...(await searchConditions(deps.db, v))];
  const cond = and(...where);
  // Listings with a vacant room come first whatever the sort: a visitor looking for a room met fully rented ones
  // at the top (docs/features/listings.md). The chosen sort orders each of the two groups.
  const availableFirst = sql`(${properties.vacantRoomCount} > 0) desc`;
  const order =
    v.sort === 'rent_asc'
      ? [availableFirst, sql`${properties.minRentPaise} asc nulls last`, desc(properties.createdAt), desc(properties.id)]
      : v.sort === 'rent_desc'
        ? [availableFirst, sql`${properties.minRentPaise} desc nulls last`, desc(properties.createdAt), desc(properties.id)]
        : v.sort === 'distance' && v.near
          ? [availableFirst, sql`${distanceKm(v.near.lat, v.near.lng)} asc`, desc(properties.createdAt), desc(properties.id)]
          : [availableFirst, desc(properties.createdAt), desc(properties.id)];
  const [total, rows] = await Promise.all([
    publicCacheFor(deps.db).count(countKey(v), async () => {
      const [r] = await deps.db.select({ n: count() }).from(properties).where(cond);
      return Number(r?.n ?? 0);
    }),
    deps.db
      .select()
      .from(properties)
      .where(cond)
      .orderBy(...order)
      .limit(v.limit)
      .offset((v.page - 1) * v.limit),
  ]);
  return { items: await viewProperties(deps, rows), meta: { page: v.page, limit: v.limit, total } };
}

/** The owner's own properties, paused ones included (archived ones not: ADR 022), newest first. */
export async function listOwn(deps: Deps, ownerId: string): Promise<Property[]> {
  const rows = await deps.db
    .select()
    .from(properties)
    .where(and(eq(properties.ownerId, ownerId), isNull(properties.archivedAt)))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return viewProperties(deps, rows, true);
}

export async function getProperty(deps: Deps, id: string, viewer: Viewer): Promise<Property> {
  const { property, relation } = await propertyAccess(deps.db, viewer, id, 'listed');
  return viewProperty(deps, property, relation === 'owner');
}

const DAY_MS = 86_400_000;

/**
 * New accounts may list at most NEW_ACCOUNT_LISTING_LIMIT.properties properties in their first .days days (issue 26
 * item 4): a burst of listings from a fresh account is what brokers and fake owners do. Counted in the creating
 * transaction under the owner's row lock, so parallel submissions cannot pass it together. 429 with the rule.
 */
async function checkNewAccountLimit(db: Db, ownerId: string, lock: boolean): Promise<void> {
  const { properties: max, days } = NEW_ACCOUNT_LISTING_LIMIT;
  const q = db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, ownerId));
  const [owner] = lock ? await q.for('update') : await q;
  if (!owner || owner.createdAt.getTime() <= Date.now() - days * DAY_MS) return;
  const [listed] = await db.select({ n: count() }).from(properties).where(eq(properties.ownerId, ownerId));
  if (Number(listed?.n ?? 0) >= max) {
    const message = MSG.newAccountListingLimit(max, days);
    throw new AppError('TOO_MANY_REQUESTS', message, [{ path: '', message }]);
  }
}

/**
 * Add Property (spec 5): the wizard's fields (checked by the route) and 1 to 10 images (JPEG, PNG, WEBP, 5 MB
 * each). With an idempotency key, a second submission of the same form answers the property the first created.
 */
export async function createProperty(
  deps: Deps,
  ownerId: string,
  v: PropertyValues,
  files: Buffer[],
  idempotencyKey: string | null = null,
): Promise<Property> {
  return idempotent(
    deps.db,
    { userId: ownerId, key: idempotencyKey, scope: 'property' },
    async (id) => {
      const [row] = await deps.db
        .select()
        .from(properties)
        .where(and(eq(properties.id, id), eq(properties.ownerId, ownerId), isNull(properties.archivedAt)));
      return row ? viewProperty(deps, row, true) : null;
    },
    async (claim) => {
      checkImageCount(files.length, { path: 'propertyImages', required: true, emptyMessage: MSG.imageRequired });
      const columns = propertyColumns(v, true);
      // Before the images are processed (cheap), and again under the lock in the transaction.
      await checkNewAccountLimit(deps.db, ownerId, false);
      const prepared = await prepareUploads(UPLOAD_KINDS.image, files, 'propertyImages');
      const id = newId();
      const row = await withUploads(deps, async (tx, store) => {
        await claim(tx, id);
        await checkNewAccountLimit(tx, ownerId, true);
        const [created] = await tx
          .insert(properties)
          .values({ id, ownerId, ...columns })
          .returning();
        await saveImages(tx, store, { kind: 'property', propertyId: id }, prepared, 0, ownerId);
        return created as PropertyRow;
      });
      return viewProperty(deps, row, true);
    },
  );
}

/**
 * Edit property (spec 5, B14): every field again (landmark optional), new images to add and
 * `removeImageIds` to remove; between 1 and 10 images must remain.
 */
export async function updateProperty(
  deps: Deps,
  ownerId: string,
  id: string,
  v: PropertyValues,
  files: Buffer[],
  removeImageIds: string[],
): Promise<Property> {
  await propertyAccess(deps.db, asOwner(ownerId), id, 'owner');
  const columns = propertyColumns(v, false);
  const current = (await imagesOf(deps.db, 'property', [id])).get(id) ?? [];
  const removing = imagesToRemove(current, removeImageIds);
  checkImageCount(files.length, {
    path: 'propertyImages',
    existing: current.length - removing.length,
    required: true,
    emptyMessage: MSG.imageAtLeastOne,
  });
  const prepared = await prepareUploads(UPLOAD_KINDS.image, files, 'propertyImages');
  const { row, removed } = await withUploads(deps, async (tx, store) => {
    await propertyAccess(tx, asOwner(ownerId), id, 'owner', { lock: true });
    const removed = await replaceImages(tx, store, { kind: 'property', propertyId: id }, current, removing, prepared, ownerId);
    const [updated] = await tx
      .update(properties)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    return { row: updated as PropertyRow, removed };
  });
  await deleteBlobs(deps.blobs, removed);
  return viewProperty(deps, row, true);
}

/** Pause or resume a listing (B13): a paused listing leaves the public list and search. */
export async function pauseProperty(
  deps: Deps,
  ownerId: string,
  id: string,
  { isPaused }: z.output<typeof pausePropertyBodySchema>,
): Promise<Property> {
  await propertyAccess(deps.db, asOwner(ownerId), id, 'owner');
  const [row] = await deps.db.update(properties).set({ isPaused, updatedAt: new Date() }).where(eq(properties.id, id)).returning();
  return viewProperty(deps, row as PropertyRow, true);
}

/**
 * Deletes a property with its rooms, images, documents and meter photos; refused while a room is occupied
 * (B13). Rooms with bills, payments or past tenancies are archived instead, and the property with them
 * (ADR 022): what has no history is deleted, the rest stays for receipts, rent receipts and statistics.
 */
export async function deleteProperty(deps: Deps, ownerId: string, id: string): Promise<void> {
  const removed = await inTransaction(deps.db, async (db) => {
    await propertyAccess(db, asOwner(ownerId), id, 'owner', { lock: true });
    const [occupied] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.propertyId, id), eq(rooms.status, 'occupied')))
      .limit(1);
    if (occupied) throw conflict(MSG.propertyHasOccupiedRoom, 'propertyId');
    const roomIds = (await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.propertyId, id))).map((r) => r.id);
    const kept = [...(await roomsWithHistory(db, roomIds))];
    const gone = roomIds.filter((r) => !kept.includes(r));
    const [own, ofRooms] = await Promise.all([
      kept.length
        ? Promise.resolve([])
        : db.select({ id: propertyImages.fileId }).from(propertyImages).where(eq(propertyImages.propertyId, id)),
      gone.length ? db.select({ id: roomImages.fileId }).from(roomImages).where(inArray(roomImages.roomId, gone)) : Promise.resolve([]),
    ]);
    // The deleted rooms' documents and meter photos go too: nothing of them stays on disk (ADR 010).
    const keys = await deleteFiles(
      db,
      [...own, ...ofRooms].map((f) => f.id).concat(await roomDocumentFileIds(db, gone), await roomMeterPhotoIds(db, gone)),
    );
    if (kept.length === 0) {
      await db.delete(rooms).where(eq(rooms.propertyId, id));
      await db.delete(properties).where(eq(properties.id, id));
      return keys;
    }
    if (gone.length) await db.delete(rooms).where(and(eq(rooms.propertyId, id), notInArray(rooms.id, kept)));
    const now = new Date();
    const archivedKeys = await archiveRooms(db, kept, now);
    await db.update(properties).set({ archivedAt: now, updatedAt: now }).where(eq(properties.id, id));
    return [...keys, ...archivedKeys];
  });
  await deleteBlobs(deps.blobs, removed);
}
