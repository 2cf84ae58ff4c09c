import type { NewRoomValues, Property, Room, RoomValues } from '@kiraya/contract';
import { MSG, maskAadhaar, type roomStatusBodySchema, paiseToRupees, rupeesToPaise } from '@kiraya/contract';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/index.js';
import { type ImageRow, type RoomRow, roomImages, rooms, users } from '../../db/schema.js';
import { asOwner, propertyAccess, roomAccess } from '../../lib/access.js';
import { archiveRooms, roomsWithHistory } from '../../lib/archive.js';
import { conflict, uniqueViolation } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { newId } from '../../lib/ids.js';
import { checkImageCount } from '../../lib/images.js';
import { roomMeterPhotoIds } from '../bills/index.js';
import { deleteBlobs, deleteFiles, prepareUploads, roomDocumentFileIds, UPLOAD_KINDS, withUploads } from '../../lib/uploads.js';
import {
  type Deps,
  imageView,
  imagesOf,
  imagesToRemove,
  replaceImages,
  saveImages,
  type Viewer,
  viewProperty,
} from '../properties/index.js';

type TenantView = Room['tenantId'];

/** `forOwner`: the property's owner also sees whether moderators hid the room and why (ADR 037). */
function toRoom(deps: Deps, row: RoomRow, imgs: ImageRow[], tenant: TenantView, property?: Property, forOwner = false): Room {
  const views = imgs.map((i) => imageView(deps.blobs, i));
  return {
    _id: row.id,
    propertyId: row.propertyId,
    ...(property ? { property_id: property } : {}),
    roomNumber: row.roomNumber,
    roomType: row.roomType,
    tenantType: row.tenantType,
    floor: row.floor,
    rentAmount: paiseToRupees(row.rentPaise),
    maxOccupancy: row.maxOccupancy,
    isFurnitured: row.isFurnished,
    hasAttachedBath: row.hasAttachedBath,
    description: row.description,
    roomStatus: row.status,
    // The room's own facts (ADR 048): furnishing falls back to the spec's furnished / unfurnished.
    configuration: row.configuration,
    furnishing: row.furnishing ?? (row.isFurnished ? 'furnished' : 'unfurnished'),
    availableFrom: row.availableFrom,
    deposit: row.depositPaise === null ? null : paiseToRupees(row.depositPaise),
    ...(forOwner ? { hidden: row.hiddenAt !== null, hiddenReason: row.hiddenReason } : {}),
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
  return rows.map((r) => toRoom(deps, r, imgs.get(r.id) ?? [], (r.tenantId && tenants.get(r.tenantId)) || null, property, showTenants));
}

const byNumber = [sql`length(${rooms.roomNumber})`, asc(rooms.roomNumber), asc(rooms.id)];

/**
 * GET /rooms/{propertyId}: the rooms of a property with the property populated. Public (the owner's
 * username only); tenant details only to the property's owner; a paused property's rooms only to its owner. A room
 * hidden by a moderator (ADR 037) is left out for everyone but the owner and the room's own tenant.
 */
export async function listRooms(deps: Deps, propertyId: string, viewer: Viewer): Promise<Room[]> {
  const { property: prow, relation } = await propertyAccess(deps.db, viewer, propertyId, 'listed');
  const property = await viewProperty(deps, prow, relation === 'owner');
  const shown =
    relation === 'owner' ? undefined : viewer ? or(isNull(rooms.hiddenAt), eq(rooms.tenantId, viewer.userId)) : isNull(rooms.hiddenAt);
  const rows = await deps.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), isNull(rooms.archivedAt), shown))
    .orderBy(...byNumber);
  return viewRooms(deps, rows, property, relation === 'owner');
}

async function viewOwnedRoom(deps: Deps, row: RoomRow): Promise<Room> {
  const [room] = await viewRooms(deps, [row], undefined, true);
  return room as Room;
}

function columns(v: RoomValues) {
  return {
    roomNumber: v.roomNumber,
    roomType: v.roomType,
    tenantType: v.tenantType,
    floor: v.floor,
    rentPaise: rupeesToPaise(v.rentAmount, 'Rent amount'),
    maxOccupancy: v.maxOccupancy,
    isFurnished: v.isFurnitured,
    hasAttachedBath: v.hasAttachedBath,
    description: v.description,
    // The room's own facts (ADR 048): absent ones are left as they are (an edit) or null (a new room).
    configuration: v.configuration,
    furnishing: v.furnishing,
    availableFrom: v.availableFrom,
    depositPaise: v.deposit === undefined ? undefined : rupeesToPaise(v.deposit, 'Deposit'),
  };
}

async function assertNumberFree(db: Db, propertyId: string, roomNumber: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.archivedAt),
        sql`lower(${rooms.roomNumber}) = lower(${roomNumber})`,
        exceptId ? ne(rooms.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(MSG.roomNumberTaken, 'roomNumber');
}

/**
 * Add New Room (spec 5, B3): the wizard's fields (checked by the route), the property (the caller's own) and
 * 1 to 10 images. With an idempotency key, a second submission of the same form answers the room the first created.
 */
export async function createRoom(
  deps: Deps,
  ownerId: string,
  v: NewRoomValues,
  files: Buffer[],
  idempotencyKey: string | null = null,
): Promise<Room> {
  return idempotent(
    deps.db,
    { userId: ownerId, key: idempotencyKey, scope: 'room' },
    async (id) => {
      const [row] = await deps.db
        .select()
        .from(rooms)
        .where(and(eq(rooms.id, id), isNull(rooms.archivedAt)));
      if (!row) return null;
      await roomAccess(deps.db, asOwner(ownerId), id, 'owner');
      return viewOwnedRoom(deps, row);
    },
    async (claim) => {
      await propertyAccess(deps.db, asOwner(ownerId), v.propertyId, 'owner');
      await assertNumberFree(deps.db, v.propertyId, v.roomNumber);
      checkImageCount(files.length, { path: 'roomImages', required: true, emptyMessage: MSG.imageRequired });
      const prepared = await prepareUploads(UPLOAD_KINDS.image, files, 'roomImages');
      const id = newId();
      try {
        const row = await withUploads(deps, async (tx, store) => {
          await claim(tx, id);
          await propertyAccess(tx, asOwner(ownerId), v.propertyId, 'owner', { lock: true });
          const [created] = await tx
            .insert(rooms)
            .values({ id, propertyId: v.propertyId, ...columns(v) })
            .returning();
          await saveImages(tx, store, { kind: 'room', roomId: id }, prepared, 0, ownerId);
          return created as RoomRow;
        });
        return viewOwnedRoom(deps, row);
      } catch (e) {
        throw uniqueViolation(e) ?? e;
      }
    },
  );
}

/** Edit a room (B13): every field again, images to add (roomImages) and to remove (removeImageIds). */
export async function updateRoom(
  deps: Deps,
  ownerId: string,
  id: string,
  v: RoomValues,
  files: Buffer[],
  removeImageIds: string[],
): Promise<Room> {
  const { room } = await roomAccess(deps.db, asOwner(ownerId), id, 'owner');
  await assertNumberFree(deps.db, room.propertyId, v.roomNumber, id);
  const current = (await imagesOf(deps.db, 'room', [id])).get(id) ?? [];
  const removing = imagesToRemove(current, removeImageIds);
  checkImageCount(files.length, { path: 'roomImages', existing: current.length - removing.length, emptyMessage: MSG.imageAtLeastOne });
  const prepared = await prepareUploads(UPLOAD_KINDS.image, files, 'roomImages');
  try {
    const { row, removed } = await withUploads(deps, async (tx, store) => {
      await roomAccess(tx, asOwner(ownerId), id, 'owner', { lock: true });
      const removed = await replaceImages(tx, store, { kind: 'room', roomId: id }, current, removing, prepared, ownerId);
      const [updated] = await tx
        .update(rooms)
        .set({ ...columns(v), updatedAt: new Date() })
        .where(eq(rooms.id, id))
        .returning();
      return { row: updated as RoomRow, removed };
    });
    await deleteBlobs(deps.blobs, removed);
    return viewOwnedRoom(deps, row);
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/**
 * Deletes a room with its images, documents and meter photos; an occupied room cannot be deleted (B13).
 * A room with bills, payments or past tenancies is archived instead (ADR 022): its money records and the
 * tenancy history outlive it.
 */
export async function deleteRoom(deps: Deps, ownerId: string, id: string): Promise<void> {
  const removed = await inTransaction(deps.db, async (db) => {
    const { room } = await roomAccess(db, asOwner(ownerId), id, 'owner', { lock: true });
    if (room.status === 'occupied' || room.tenantId) throw conflict(MSG.roomOccupied, 'roomId');
    if ((await roomsWithHistory(db, [id])).size > 0) return archiveRooms(db, [id]);
    const linked = await db.select({ id: roomImages.fileId }).from(roomImages).where(eq(roomImages.roomId, id));
    // Its documents and meter photos go too: nothing of a deleted room stays on disk (ADR 010).
    const keys = await deleteFiles(db, [
      ...linked.map((f) => f.id),
      ...(await roomDocumentFileIds(db, [id])),
      ...(await roomMeterPhotoIds(db, [id])),
    ]);
    await db.delete(rooms).where(eq(rooms.id, id));
    return keys;
  });
  await deleteBlobs(deps.blobs, removed);
}

/** Marks a room vacant or under maintenance; an occupied room changes only when its tenant leaves. */
export async function setRoomStatus(
  deps: Deps,
  ownerId: string,
  id: string,
  { roomStatus }: z.output<typeof roomStatusBodySchema>,
): Promise<Room> {
  const row = await inTransaction(deps.db, async (db) => {
    const { room } = await roomAccess(db, asOwner(ownerId), id, 'owner', { lock: true });
    if (room.status === 'occupied' || room.tenantId) throw conflict(MSG.roomStatusOccupied, 'roomStatus');
    const [updated] = await db.update(rooms).set({ status: roomStatus, updatedAt: new Date() }).where(eq(rooms.id, id)).returning();
    return updated as RoomRow;
  });
  return viewOwnedRoom(deps, row);
}
