import type { PageMeta, Property } from '@kiraya/contract';
import { MSG, pausePropertyBodySchema, propertyFieldsSchema, type propertyListQuerySchema, toPaise } from '@kiraya/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { type ImageRow, type PropertyRow, images, properties, rooms, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { checkImageCount, processImages } from '../../lib/images.js';
import { publicCacheFor } from '../../plugins/public-cache.js';
import {
  blobKeys,
  type Deps,
  deleteBlobs,
  imagesOf,
  parseFields,
  replaceImages,
  saveImages,
  toProperty,
  withBlobCleanup,
} from './shared.js';

/** The list query after the contract schema's defaults and coercions (the route validates it). */
export type PropertyListQueryParsed = z.output<typeof propertyListQuerySchema>;

export type Viewer = { userId: string; role: 'owner' | 'tenant' } | null;
export type PropertyInput = Record<string, string | string[] | undefined>;

/**
 * Ownership rule (every mutating call): a property that does not exist (or an id that is not a UUID)
 * is 404; a property that exists but belongs to another owner is 403. Listings are public, so a 403
 * reveals nothing a visitor could not already see. Tenants are refused 403 by the route (owners only),
 * visitors 401.
 */
export async function ownedProperty(db: Db, ownerId: string, id: string, { lock = false } = {}): Promise<PropertyRow> {
  if (!isUuid(id)) throw notFound(MSG.propertyNotFound);
  const q = db.select().from(properties).where(eq(properties.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MSG.propertyNotFound);
  if (row.ownerId !== ownerId) throw forbidden();
  return row;
}

async function ownersOf(db: Db, ids: string[]): Promise<Map<string, { id: string; username: string }>> {
  const uniq = [...new Set(ids)];
  if (uniq.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, uniq));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Maps rows to API properties with their owners and images, in two extra queries for the whole page. */
export async function viewProperties(deps: Deps, rows: PropertyRow[]): Promise<Property[]> {
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
  return rows.map((r) => toProperty(deps.blobs, r, owners.get(r.ownerId) ?? { id: r.ownerId, username: '' }, imgs.get(r.id) ?? []));
}

export async function viewProperty(deps: Deps, row: PropertyRow): Promise<Property> {
  const [p] = await viewProperties(deps, [row]);
  return p as Property;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public list and tenant search (B1): filtered, sorted and paginated here; paused listings hidden.
 * Takes the route's parsed query. `total` is counted once per filter until the next write (ADR 007).
 */
export async function listPublic(deps: Deps, v: PropertyListQueryParsed): Promise<{ items: Property[]; meta: PageMeta }> {
  const where: SQL[] = [eq(properties.isPaused, false)];
  const words = (v.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const w of words) where.push(sql`${properties.searchText} like ${`%${escapeLike(w)}%`}`);
  const city = v.city?.toLowerCase();
  const state = v.state?.toLowerCase();
  if (city) where.push(sql`lower(${properties.city}) = ${city}`);
  if (state) where.push(sql`lower(${properties.state}) = ${state}`);
  if (v.propertyType) where.push(eq(properties.propertyType, v.propertyType));
  let rent: [number, number] | null = null;
  if (v.minRent !== undefined || v.maxRent !== undefined) {
    rent = [toPaise(v.minRent ?? 0), v.maxRent === undefined ? 2_147_483_647 : toPaise(v.maxRent)];
    where.push(
      sql`exists (select 1 from ${rooms} where ${rooms.propertyId} = ${properties.id} and ${rooms.rentPaise} between ${rent[0]} and ${rent[1]})`,
    );
  }
  const cond = and(...where);
  const order =
    v.sort === 'rent_asc'
      ? [sql`${properties.minRentPaise} asc nulls last`, desc(properties.createdAt), desc(properties.id)]
      : v.sort === 'rent_desc'
        ? [sql`${properties.minRentPaise} desc nulls last`, desc(properties.createdAt), desc(properties.id)]
        : [desc(properties.createdAt), desc(properties.id)];
  const countKey = JSON.stringify([words, city, state, v.propertyType, rent]);
  const [total, rows] = await Promise.all([
    publicCacheFor(deps.db).count(countKey, async () => {
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

/** The owner's own properties, paused ones included, newest first. */
export async function listOwn(deps: Deps, ownerId: string): Promise<Property[]> {
  const rows = await deps.db
    .select()
    .from(properties)
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return viewProperties(deps, rows);
}

/** A property that `viewer` may see: public unless paused; a paused listing only to its owner. */
export async function visibleProperty(db: Db, id: string, viewer: Viewer): Promise<PropertyRow> {
  if (!isUuid(id)) throw notFound(MSG.propertyNotFound);
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!row || (row.isPaused && row.ownerId !== viewer?.userId)) throw notFound(MSG.propertyNotFound);
  return row;
}

export async function getProperty(deps: Deps, id: string, viewer: Viewer): Promise<Property> {
  return viewProperty(deps, await visibleProperty(deps.db, id, viewer));
}

const fieldValues = (input: PropertyInput) => ({
  title: input.title,
  amenities: input.amenities,
  street: input.street,
  city: input.city,
  state: input.state,
  pincode: input.pincode,
  landmark: input.landmark,
  propertyType: input.propertyType,
  description: input.description,
});

/** Add Property (spec 5): the wizard's fields and 1 to 10 images (JPEG, PNG, WEBP, 5 MB each). */
export async function createProperty(deps: Deps, ownerId: string, input: PropertyInput, files: Buffer[]): Promise<Property> {
  const v = parseFields(propertyFieldsSchema, fieldValues(input));
  checkImageCount(files.length, { path: 'propertyImages', required: true, emptyMessage: MSG.imageRequired });
  const processed = await processImages(files, 'propertyImages');
  const id = newId();
  const row = await withBlobCleanup(deps, async (tx, written) => {
    const [created] = await tx
      .insert(properties)
      .values({ id, ownerId, ...v })
      .returning();
    await saveImages(tx, deps.blobs, { propertyId: id, roomId: null }, processed, 0, written);
    return created as PropertyRow;
  });
  return viewProperty(deps, row);
}

/**
 * Edit property (spec 5, B14): every field again (landmark optional), new images to add and
 * `removeImageIds` to remove; between 1 and 10 images must remain.
 */
export async function updateProperty(
  deps: Deps,
  ownerId: string,
  id: string,
  input: PropertyInput,
  files: Buffer[],
  removeImageIds: string[],
): Promise<Property> {
  await ownedProperty(deps.db, ownerId, id);
  const v = parseFields(propertyFieldsSchema, fieldValues(input));
  const current = (await imagesOf(deps.db, 'property', [id])).get(id) ?? [];
  const removing = removeImageIds.map((rid) => {
    const img = current.find((c) => c.id === rid);
    if (!img) throw badRequest(MSG.imageNotOwned, 'removeImageIds');
    return img;
  });
  checkImageCount(files.length, {
    path: 'propertyImages',
    existing: current.length - removing.length,
    required: true,
    emptyMessage: MSG.imageAtLeastOne,
  });
  const processed = await processImages(files, 'propertyImages');
  const row = await withBlobCleanup(deps, async (tx, written) => {
    await ownedProperty(tx, ownerId, id, { lock: true });
    await replaceImages(tx, deps.blobs, { propertyId: id, roomId: null }, current, removing, processed, written);
    const [updated] = await tx
      .update(properties)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(properties.id, id))
      .returning();
    return updated as PropertyRow;
  });
  await deleteBlobs(deps.blobs, blobKeys(removing));
  return viewProperty(deps, row);
}

/** Pause or resume a listing (B13): a paused listing leaves the public list and search. */
export async function pauseProperty(deps: Deps, ownerId: string, id: string, body: unknown): Promise<Property> {
  const { isPaused } = parseFields(pausePropertyBodySchema, body);
  await ownedProperty(deps.db, ownerId, id);
  const [row] = await deps.db.update(properties).set({ isPaused, updatedAt: new Date() }).where(eq(properties.id, id)).returning();
  return viewProperty(deps, row as PropertyRow);
}

/** Deletes a property with its rooms and images; refused while a room is occupied (B13). */
export async function deleteProperty(deps: Deps, ownerId: string, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await ownedProperty(db, ownerId, id, { lock: true });
    const [occupied] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.propertyId, id), eq(rooms.status, 'occupied')))
      .limit(1);
    if (occupied) throw conflict(MSG.propertyHasOccupiedRoom, 'propertyId');
    const imgs: ImageRow[] = await db.select().from(images).where(eq(images.propertyId, id));
    await db.delete(images).where(eq(images.propertyId, id));
    await db.delete(rooms).where(eq(rooms.propertyId, id));
    await db.delete(properties).where(eq(properties.id, id));
    return imgs;
  });
  await deleteBlobs(deps.blobs, blobKeys(removed));
}
