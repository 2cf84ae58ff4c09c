import type { Property, Room } from '@kiraya/contract';
import { MSG, maskAadhaar, newRoomFieldsSchema, roomFieldsSchema, roomStatusBodySchema, toPaise, toRupees } from '@kiraya/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { type ImageRow, type RoomRow, images, rooms, users } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { checkImageCount, processImages } from '../../lib/images.js';
import { ownedProperty, type Viewer, viewProperty, visibleProperty } from '../properties/service.js';
import {
  blobKeys,
  type Deps,
  deleteBlobs,
  imageView,
  imagesOf,
  parseFields,
  replaceImages,
  saveImages,
  withBlobCleanup,
} from '../properties/shared.js';

export type RoomInput = Record<string, string | string[] | undefined>;

type TenantView = Room['tenantId'];

function toRoom(deps: Deps, row: RoomRow, imgs: ImageRow[], tenant: TenantView, property?: Property): Room {
  const views = imgs.map((i) => imageView(deps.blobs, i));
  return {
    _id: row.id,
    propertyId: row.propertyId,
    ...(property ? { property_id: property } : {}),
    roomNumber: row.roomNumber,
    roomType: row.roomType,
    tenantType: row.tenantType,
    floor: row.floor,
    rentAmount: toRupees(row.rentPaise),
    maxOccupancy: row.maxOccupancy,
    isFurnitured: row.isFurnished,
    hasAttachedBath: row.hasAttachedBath,
    description: row.description,
    roomStatus: row.status,
    roomImages: views.map((v) => v.url),
    images: views,
    tenantId: tenant,
    moveInDate: tenant ? row.moveInDate : null, // with the tenant details: owner only (not for visitors)
    messages: [],
    documents: [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The tenants of rooms, for their owner only: contact details and a masked Aadhaar number (B9). */
async function tenantsOf(db: Db, ids: string[]): Promise<Map<string, NonNullable<TenantView>>> {
  const uniq = [...new Set(ids)];
  if (uniq.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phoneNumber: users.phoneNumber, last4: users.aadhaarLast4 })
    .from(users)
    .where(inArray(users.id, uniq));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, fullName: r.fullName, email: r.email, phoneNumber: r.phoneNumber, aadharCardNumber: maskAadhaar(r.last4) },
    ]),
  );
}

async function viewRooms(deps: Deps, rows: RoomRow[], property: Property | undefined, showTenants: boolean): Promise<Room[]> {
  const [imgs, tenants] = await Promise.all([
    imagesOf(
      deps.db,
      'room',
      rows.map((r) => r.id),
    ),
    showTenants
      ? tenantsOf(
          deps.db,
          rows.map((r) => r.tenantId).filter((t): t is string => !!t),
        )
      : Promise.resolve(new Map<string, NonNullable<TenantView>>()),
  ]);
  return rows.map((r) => toRoom(deps, r, imgs.get(r.id) ?? [], (r.tenantId && tenants.get(r.tenantId)) || null, property));
}

const byNumber = [sql`length(${rooms.roomNumber})`, asc(rooms.roomNumber), asc(rooms.id)];

/**
 * GET /rooms/{propertyId}: the rooms of a property with the property populated. Public (the owner's
 * username only); tenant details only to the property's owner; a paused property's rooms only to its owner.
 */
export async function listRooms(deps: Deps, propertyId: string, viewer: Viewer): Promise<Room[]> {
  const prow = await visibleProperty(deps.db, propertyId, viewer);
  const property = await viewProperty(deps, prow);
  const rows = await deps.db
    .select()
    .from(rooms)
    .where(eq(rooms.propertyId, propertyId))
    .orderBy(...byNumber);
  return viewRooms(deps, rows, property, viewer?.userId === prow.ownerId);
}

/** A room of a property the caller owns: 404 when missing, 403 when another owner's (as properties). */
export async function ownedRoom(db: Db, ownerId: string, id: string, { lock = false } = {}): Promise<RoomRow> {
  if (!isUuid(id)) throw notFound(MSG.roomNotFound);
  const q = db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MSG.roomNotFound);
  try {
    await ownedProperty(db, ownerId, row.propertyId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'FORBIDDEN') throw forbidden();
    throw notFound(MSG.roomNotFound);
  }
  return row;
}

async function viewOwnedRoom(deps: Deps, row: RoomRow): Promise<Room> {
  const [room] = await viewRooms(deps, [row], undefined, true);
  return room as Room;
}

const roomValues = (input: RoomInput) => ({
  roomNumber: input.roomNumber,
  roomType: input.roomType,
  tenantType: input.tenantType,
  floor: input.floor,
  maxOccupancy: input.maxOccupancy,
  isFurnitured: input.isFurnitured,
  hasAttachedBath: input.hasAttachedBath,
  description: input.description,
  rentAmount: input.rentAmount,
});

function columns(v: ReturnType<typeof roomFieldsSchema.parse>) {
  return {
    roomNumber: v.roomNumber,
    roomType: v.roomType,
    tenantType: v.tenantType,
    floor: v.floor,
    rentPaise: toPaise(v.rentAmount),
    maxOccupancy: v.maxOccupancy,
    isFurnished: v.isFurnitured,
    hasAttachedBath: v.hasAttachedBath,
    description: v.description,
  };
}

async function assertNumberFree(db: Db, propertyId: string, roomNumber: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        sql`lower(${rooms.roomNumber}) = lower(${roomNumber})`,
        exceptId ? ne(rooms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(MSG.roomNumberTaken, 'roomNumber');
}

const numberClash = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === '23505' ? conflict(MSG.roomNumberTaken, 'roomNumber') : null;
};

/** Add New Room (spec 5, B3): the wizard's fields, the property (the caller's own) and 1 to 10 images. */
export async function createRoom(deps: Deps, ownerId: string, input: RoomInput, files: Buffer[]): Promise<Room> {
  const v = parseFields(newRoomFieldsSchema, { ...roomValues(input), propertyId: input.propertyId });
  await ownedProperty(deps.db, ownerId, v.propertyId);
  await assertNumberFree(deps.db, v.propertyId, v.roomNumber);
  checkImageCount(files.length, { path: 'roomImages', required: true, emptyMessage: MSG.imageRequired });
  const processed = await processImages(files, 'roomImages');
  const id = newId();
  try {
    const row = await withBlobCleanup(deps, async (tx, written) => {
      await ownedProperty(tx, ownerId, v.propertyId, { lock: true });
      const [created] = await tx
        .insert(rooms)
        .values({ id, propertyId: v.propertyId, ...columns(v) })
        .returning();
      await saveImages(tx, deps.blobs, { propertyId: v.propertyId, roomId: id }, processed, 0, written);
      return created as RoomRow;
    });
    return viewOwnedRoom(deps, row);
  } catch (e) {
    throw numberClash(e) ?? e;
  }
}

/** Edit a room (B13): every field again, images to add (roomImages) and to remove (removeImageIds). */
export async function updateRoom(
  deps: Deps,
  ownerId: string,
  id: string,
  input: RoomInput,
  files: Buffer[],
  removeImageIds: string[],
): Promise<Room> {
  const room = await ownedRoom(deps.db, ownerId, id);
  const v = parseFields(roomFieldsSchema, roomValues(input));
  await assertNumberFree(deps.db, room.propertyId, v.roomNumber, id);
  const current = (await imagesOf(deps.db, 'room', [id])).get(id) ?? [];
  const removing = removeImageIds.map((rid) => {
    const img = current.find((c) => c.id === rid);
    if (!img) throw badRequest(MSG.imageNotOwned, 'removeImageIds');
    return img;
  });
  checkImageCount(files.length, { path: 'roomImages', existing: current.length - removing.length, emptyMessage: MSG.imageAtLeastOne });
  const processed = await processImages(files, 'roomImages');
  try {
    const row = await withBlobCleanup(deps, async (tx, written) => {
      await ownedRoom(tx, ownerId, id, { lock: true });
      await replaceImages(tx, deps.blobs, { propertyId: room.propertyId, roomId: id }, current, removing, processed, written);
      const [updated] = await tx
        .update(rooms)
        .set({ ...columns(v), updatedAt: new Date() })
        .where(eq(rooms.id, id))
        .returning();
      return updated as RoomRow;
    });
    await deleteBlobs(deps.blobs, blobKeys(removing));
    return viewOwnedRoom(deps, row);
  } catch (e) {
    throw numberClash(e) ?? e;
  }
}

/** Deletes a room and its images; an occupied room cannot be deleted (B13). */
export async function deleteRoom(deps: Deps, ownerId: string, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const room = await ownedRoom(db, ownerId, id, { lock: true });
    if (room.status === 'occupied' || room.tenantId) throw conflict(MSG.roomOccupied, 'roomId');
    const imgs = await db.select().from(images).where(eq(images.roomId, id));
    await db.delete(images).where(eq(images.roomId, id));
    await db.delete(rooms).where(eq(rooms.id, id));
    return imgs;
  });
  await deleteBlobs(deps.blobs, blobKeys(removed));
}

/** Marks a room vacant or under maintenance; an occupied room changes only when its tenant leaves. */
export async function setRoomStatus(deps: Deps, ownerId: string, id: string, body: unknown): Promise<Room> {
  const { roomStatus } = parseFields(roomStatusBodySchema, body);
  const row = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const room = await ownedRoom(db, ownerId, id, { lock: true });
    if (room.status === 'occupied' || room.tenantId) throw conflict(MSG.roomStatusOccupied, 'roomStatus');
    const [updated] = await db.update(rooms).set({ status: roomStatus, updatedAt: new Date() }).where(eq(rooms.id, id)).returning();
    return updated as RoomRow;
  });
  return viewOwnedRoom(deps, row);
}
