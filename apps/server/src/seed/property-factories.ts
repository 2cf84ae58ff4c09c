import type { Property, PropertyType, Room } from '@kiraya/contract';
import { newRoomFieldsSchema, propertyFieldsSchema } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../deps.js';
import { rooms } from '../db/schema.js';
import { createProperty as createPropertyService } from '../modules/properties/index.js';
import { createRoom as createRoomService } from '../modules/rooms/index.js';
import { startTenancy } from '../modules/tenancy/index.js';
import { todayInIndia } from '../lib/dates.js';

/**
 * Property and room factories for tests and the demo seeder. They go through the services, so every
 * row, image and derived figure obeys the same rules as the API.
 */
type Deps = Pick<AppDeps, 'db' | 'blobs'>;

let seq = 0;

/** A small plain image made with sharp (JPEG by default), for uploads in tests. */
export async function sampleImage(
  opts: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp'; color?: string } = {},
): Promise<Buffer> {
  const img = sharp({
    create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: opts.color ?? '#3b82f6' },
  });
  const format = opts.format ?? 'jpeg';
  return format === 'png' ? img.png().toBuffer() : format === 'webp' ? img.webp().toBuffer() : img.jpeg().toBuffer();
}

export type PropertyOverrides = Partial<{
  title: string;
  description: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string;
  amenities: string;
  propertyType: PropertyType;
  // Listing facts (ADR 048), as a form sends them.
  locality: string;
  latitude: string;
  longitude: string;
  configuration: string;
  furnishing: string;
  tenantType: string;
  availableFrom: string;
  deposit: string;
  veg: string;
  pets: string;
  parking: string;
}>;

export function propertyInput(overrides: PropertyOverrides = {}): Record<string, string> {
  seq += 1;
  return {
    title: `Green Nest Residency ${seq}`,
    description: 'Quiet building near the metro with daily water supply and covered parking.',
    street: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    landmark: 'Near Trinity Metro',
    amenities: 'WiFi, Parking, Power Backup',
    propertyType: 'Apartment/Flat',
    ...overrides,
  };
}

export async function createProperty(deps: Deps, ownerId: string, overrides: PropertyOverrides = {}, images?: Buffer[]): Promise<Property> {
  return createPropertyService(deps, ownerId, propertyFieldsSchema.parse(propertyInput(overrides)), images ?? [await sampleImage()]);
}

export type RoomOverrides = Partial<
  Record<
    | 'roomNumber'
    | 'roomType'
    | 'tenantType'
    | 'floor'
    | 'rentAmount'
    | 'maxOccupancy'
    | 'configuration'
    | 'furnishing'
    | 'availableFrom'
    | 'deposit',
    string | number
  >
> &
  Partial<{ isFurnitured: boolean | string; hasAttachedBath: boolean | string; description: string }>;

export function roomInput(propertyId: string, overrides: RoomOverrides = {}): Record<string, string> {
  seq += 1;
  const v = {
    roomNumber: `R${seq}`,
    roomType: '1BHK',
    tenantType: 'Both',
    floor: 1,
    rentAmount: 8500,
    maxOccupancy: 2,
    isFurnitured: true,
    hasAttachedBath: true,
    description: 'Bright room with a balcony and a wardrobe.',
    propertyId,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

export async function createRoom(
  deps: Deps,
  ownerId: string,
  propertyId: string,
  overrides: RoomOverrides = {},
  images?: Buffer[],
): Promise<Room> {
  const fields = newRoomFieldsSchema.parse(roomInput(propertyId, overrides));
  return createRoomService(deps, ownerId, fields, images ?? [await sampleImage({ color: '#f59e0b' })]);
}

/**
 * Puts a tenant in a room (status occupied, with a move-in date) and starts their tenancy (ADR 013).
 * The invitation flow does this in production (B4); tests and the demo use this shortcut.
 */
export async function occupyRoom(deps: Deps, roomId: string, tenantId: string, moveInDate = todayInIndia()) {
  await startTenancy(deps, roomId, tenantId, moveInDate);
}

export async function setRoomMaintenance(deps: Deps, roomId: string) {
  await deps.db.update(rooms).set({ status: 'maintenance', updatedAt: new Date() }).where(eq(rooms.id, roomId));
}
