import { z } from 'zod';
import { CONFIGURATIONS, FURNISHINGS, NUMBER_BOUNDS, ROOM_STATUSES, ROOM_TENANT_TYPES, TEXT_MAX } from './constants.js';
import { requiredDecimalField, textField } from './fields.js';
import { roomFactsFields } from './listing-facts.js';
import { MSG } from './messages.js';
import { propertyImageSchema, propertySchema } from './properties.js';

const req = (label: string, max: number, multiline = false) => textField({ label, max, required: MSG.roomStepRequired, multiline });

const intField = (min: number, max: number, label: string) =>
  requiredDecimalField({ message: MSG.wholeNumber(label, min, max), min, max, scale: 0, required: MSG.roomStepRequired });

const boolField = (yes: string, no: string) =>
  z.union([z.boolean(), z.string()], { error: MSG.roomStepRequired }).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === yes.toLowerCase()) return true;
    if (s === 'false' || s === no.toLowerCase()) return false;
    ctx.addIssue({ code: 'custom', message: MSG.roomStepRequired });
    return z.NEVER;
  });

/**
 * "Both/Any" and "Any" (the wizard's All option) are stored as Both (B3); the listing's own values (family, girls,
 * professionals …, ADR 048) are taken as they are.
 */
export const tenantTypeSchema = z
  .string({ error: MSG.roomStepRequired })
  .trim()
  .min(1, MSG.roomStepRequired)
  .transform((s) => (s === 'Both/Any' || s === 'Any' || s === 'All' ? 'Both' : s))
  .pipe(z.enum(ROOM_TENANT_TYPES, { error: MSG.tenantTypeInvalid }));

/** Monthly rent in rupees: more than 0, at most NUMBER_BOUNDS.rentMaxRupees, two decimals at most. */
export const rentSchema = requiredDecimalField({
  message: MSG.rentAmountFormat(NUMBER_BOUNDS.rentMaxLabel),
  min: 0,
  exclusiveMin: true,
  max: NUMBER_BOUNDS.rentMaxRupees,
  scale: 2,
  required: MSG.roomStepRequired,
});

export const roomFieldsSchema = z.object({
  roomNumber: req('Room number', TEXT_MAX.roomNumber),
  roomType: req('Room type', TEXT_MAX.roomType),
  tenantType: tenantTypeSchema,
  floor: intField(NUMBER_BOUNDS.floorMin, NUMBER_BOUNDS.floorMax, 'Floor'),
  maxOccupancy: intField(NUMBER_BOUNDS.occupancyMin, NUMBER_BOUNDS.occupancyMax, 'Allowed members'),
  isFurnitured: boolField('Furnished', 'Unfurnished'),
  hasAttachedBath: boolField('Attached', 'Not Attached'),
  description: req('Description', TEXT_MAX.roomDescription, true),
  rentAmount: rentSchema,
  // The room's own listing facts (ADR 048), each optional.
  ...roomFactsFields,
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
  tenantType: z.enum(ROOM_TENANT_TYPES),
  floor: z.number().int(),
  rentAmount: z.number(),
  maxOccupancy: z.number().int(),
  isFurnitured: z.boolean(),
  hasAttachedBath: z.boolean(),
  description: z.string(),
  roomStatus: roomStatusSchema,
  /** The room's own facts (ADR 048); null where the property's apply. Deposit in rupees. */
  configuration: z.enum(CONFIGURATIONS).nullable().optional(),
  furnishing: z.enum(FURNISHINGS).optional(),
  availableFrom: z.string().nullable().optional(),
  deposit: z.number().nullable().optional(),
  /** To the property's owner only (issue 26): hidden by Kiraya moderators, and their reason. */
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
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

/** A room's own facts and photos, as other answers (owner contact, tenant room details) embed them. */
export const roomFactsSchema = roomSchema.pick({
  _id: true,
  roomNumber: true,
  roomType: true,
  tenantType: true,
  floor: true,
  rentAmount: true,
  maxOccupancy: true,
  isFurnitured: true,
  hasAttachedBath: true,
  description: true,
  images: true,
});

export const deleteRoomBodySchema = z.object({ roomId: z.string({ error: 'roomId is required.' }).min(1, 'roomId is required.') });
export const roomStatusBodySchema = z.object({
  roomStatus: z.enum(['vacant', 'maintenance'], { error: 'Room status must be vacant or maintenance.' }),
});

/** Room status badge colours live in constants (zod-free, for public pages); re-exported here. */
export { ROOM_STATUS_TONE } from './constants.js';
