import { z } from 'zod';
import { ROOM_STATUSES, TENANT_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { propertyImageSchema, propertySchema } from './properties.js';

const req = (max = 200) => z.string({ error: MSG.roomStepRequired }).trim().min(1, MSG.roomStepRequired).max(max);

const intField = (min: number, max: number, label: string) =>
  z.union([z.string(), z.number()], { error: MSG.roomStepRequired }).transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: MSG.roomStepRequired });
      return z.NEVER;
    }
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}.` });
      return z.NEVER;
    }
    return n;
  });

const boolField = (yes: string, no: string) =>
  z.union([z.boolean(), z.string()], { error: MSG.roomStepRequired }).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === yes.toLowerCase()) return true;
    if (s === 'false' || s === no.toLowerCase()) return false;
    ctx.addIssue({ code: 'custom', message: MSG.roomStepRequired });
    return z.NEVER;
  });

/** "Both/Any" and "Any" (the wizard's All option) are stored as Both (B3). */
export const tenantTypeSchema = z
  .string({ error: MSG.roomStepRequired })
  .trim()
  .min(1, MSG.roomStepRequired)
  .transform((s) => (s === 'Both/Any' || s === 'Any' || s === 'All' ? 'Both' : s))
  .pipe(z.enum(TENANT_TYPES, { error: MSG.tenantTypeInvalid }));

export const rentSchema = z.union([z.string(), z.number()], { error: MSG.roomStepRequired }).transform((v, ctx) => {
  if (v === '') {
    ctx.addIssue({ code: 'custom', message: MSG.roomStepRequired });
    return z.NEVER;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || n > 10_000_000 || Math.round(n * 100) !== Number((n * 100).toFixed(6))) {
    ctx.addIssue({ code: 'custom', message: 'Rent amount must be more than ₹0 with at most two decimals.' });
    return z.NEVER;
  }
  return n;
});

export const roomFieldsSchema = z.object({
  roomNumber: req(20),
  roomType: req(40),
  tenantType: tenantTypeSchema,
  floor: intField(-5, 200, 'Floor'),
  maxOccupancy: intField(1, 50, 'Allowed members'),
  isFurnitured: boolField('Furnished', 'Unfurnished'),
  hasAttachedBath: boolField('Attached', 'Not Attached'),
  description: req(2000),
  rentAmount: rentSchema,
});
export type RoomFields = z.input<typeof roomFieldsSchema>;

export const newRoomFieldsSchema = roomFieldsSchema.extend({
  propertyId: z.string({ error: 'propertyId is required.' }).trim().min(1, 'propertyId is required.'),
});

/** The room wizard's six steps; step 6 (images) is checked by the image rules. */
export const roomSteps = [
  roomFieldsSchema.pick({ roomNumber: true, roomType: true }),
  roomFieldsSchema.pick({ tenantType: true, floor: true }),
  roomFieldsSchema.pick({ maxOccupancy: true }),
  roomFieldsSchema.pick({ isFurnitured: true, hasAttachedBath: true }),
  roomFieldsSchema.pick({ description: true, rentAmount: true }),
] as const;

export const roomStatusSchema = z.enum(ROOM_STATUSES);

/** What an owner sees of the tenant of their room; Aadhaar is masked (B9). */
export const roomTenantSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  aadharCardNumber: z.string(),
});

export const roomSchema = z.object({
  _id: z.string(),
  propertyId: z.string(),
  property_id: propertySchema.optional(),
  roomNumber: z.string(),
  roomType: z.string(),
  tenantType: z.enum(TENANT_TYPES),
  floor: z.number().int(),
  rentAmount: z.number(),
  maxOccupancy: z.number().int(),
  isFurnitured: z.boolean(),
  hasAttachedBath: z.boolean(),
  description: z.string(),
  roomStatus: roomStatusSchema,
  roomImages: z.array(z.string()),
  images: z.array(propertyImageSchema),
  tenantId: roomTenantSchema.nullable(),
  moveInDate: z.string().nullable(),
  messages: z.array(z.string()),
  documents: z.array(z.object({ name: z.string(), url: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const deleteRoomBodySchema = z.object({ roomId: z.string({ error: 'roomId is required.' }).min(1, 'roomId is required.') });
export const roomStatusBodySchema = z.object({
  roomStatus: z.enum(['vacant', 'maintenance'], { error: 'Room status must be vacant or maintenance.' }),
});

/** Room status badge colours live in constants (zod-free, for public pages); re-exported here. */
export { ROOM_STATUS_TONE } from './constants.js';
