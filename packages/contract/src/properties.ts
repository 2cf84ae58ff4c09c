import { z } from 'zod';
import { LIMITS, PROPERTY_SORTS, PROPERTY_TYPES } from './constants.js';
import { MSG } from './messages.js';

const req = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const PINCODE_RE = /^[1-9]\d{5}$/;

/** "wifi, parking ,  lift" → ["wifi", "parking", "lift"]; also accepts a list whose items may be comma-joined. */
export function parseAmenities(input: unknown): string[] {
  const parts = (Array.isArray(input) ? input : [input])
    .filter((x): x is string => typeof x === 'string')
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Map(parts.map((p) => [p.toLowerCase(), p.slice(0, 60)])).values()].slice(0, 30);
}

export const amenitiesSchema = z
  .union([z.string(), z.array(z.string())], { error: MSG.propertyStepRequired })
  .transform(parseAmenities)
  .refine((a) => a.length > 0, MSG.propertyStepRequired);

export const propertyTypeSchema = z.enum(PROPERTY_TYPES, { error: MSG.propertyTypeRequired });

/** The fields of the Add Property wizard and of Edit property (multipart text fields). */
export const propertyFieldsSchema = z.object({
  title: req(MSG.propertyStepRequired, 120),
  amenities: amenitiesSchema,
  street: req(MSG.propertyStepRequired),
  city: req(MSG.propertyStepRequired, 80),
  state: req(MSG.propertyStepRequired, 80),
  pincode: z.string({ error: MSG.propertyStepRequired }).trim().min(1, MSG.propertyStepRequired).regex(PINCODE_RE, MSG.pincodeFormat),
  landmark: z.string().trim().max(200).optional().default(''),
  propertyType: propertyTypeSchema,
  description: req(MSG.propertyTypeRequired, 2000),
});
export type PropertyFields = z.input<typeof propertyFieldsSchema>;

/** The wizard's four steps; step 4 (images) is checked by the image rules. */
export const propertySteps = [
  propertyFieldsSchema.pick({ title: true, amenities: true }),
  propertyFieldsSchema.pick({ street: true, city: true, state: true, pincode: true, landmark: true }),
  propertyFieldsSchema.pick({ propertyType: true, description: true }),
] as const;

export const propertyImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PropertyImage = z.infer<typeof propertyImageSchema>;

/** Public pages show the owner's username only (B9). */
export const propertyOwnerSchema = z.object({ _id: z.string(), username: z.string() });

export const propertySchema = z.object({
  _id: z.string(),
  owner: propertyOwnerSchema,
  title: z.string(),
  description: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  landmark: z.string(),
  propertyType: z.string(),
  amenities: z.array(z.string()),
  /** Display-size image URLs, for existing clients. */
  propertyImages: z.array(z.string()),
  images: z.array(propertyImageSchema),
  /** The lowest monthly rent among the rooms, in rupees; null without rooms. */
  rentAmount: z.number().nullable(),
  /** Derived from the rooms (B13): a vacant room exists and the listing is not paused. */
  isAvailable: z.boolean(),
  /** Derived from the rooms (B13): every room is occupied. */
  isFullyRented: z.boolean(),
  isPaused: z.boolean(),
  roomCount: z.number().int(),
  vacantRoomCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Property = z.infer<typeof propertySchema>;

const optionalNumber = (label: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number of rupees, 0 or more.` });
        return z.NEVER;
      }
      return n;
    });

/** Query of GET /properties/fetch-all-properties (B1). */
export const propertyListQuerySchema = z
  .object({
    q: z.string().trim().max(LIMITS.searchQueryMax, 'Search text must be at most 100 characters.').optional(),
    city: z.string().trim().max(80).optional(),
    state: z.string().trim().max(80).optional(),
    propertyType: z.enum(PROPERTY_TYPES, { error: `Property type must be one of: ${PROPERTY_TYPES.join(', ')}.` }).optional(),
    minRent: optionalNumber('Minimum rent'),
    maxRent: optionalNumber('Maximum rent'),
    sort: z.enum(PROPERTY_SORTS, { error: `Sort must be one of: ${PROPERTY_SORTS.join(', ')}.` }).default('newest'),
    page: z.coerce
      .number({ error: 'Page must be a whole number from 1.' })
      .int('Page must be a whole number from 1.')
      .min(1, 'Page must be a whole number from 1.')
      .max(10_000)
      .default(1),
    limit: z.coerce
      .number({ error: `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.` })
      .int(`Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.`)
      .min(1, `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.`)
      .max(LIMITS.pageSizeMax, `Limit must be a whole number from 1 to ${LIMITS.pageSizeMax}.`)
      .default(LIMITS.pageSizeDefault),
  })
  .refine((v) => v.minRent === undefined || v.maxRent === undefined || v.minRent <= v.maxRent, {
    message: 'Minimum rent cannot be more than maximum rent.',
    path: ['minRent'],
  });
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;

/** Price ranges live in constants (zod-free, for the public list); re-exported here. */
export { PRICE_RANGES } from './constants.js';

export const deletePropertyBodySchema = z.object({
  propertyId: z.string({ error: 'propertyId is required.' }).min(1, 'propertyId is required.'),
});
export const pausePropertyBodySchema = z.object({ isPaused: z.boolean({ error: 'isPaused must be true or false.' }) });
export const idParamSchema = z.object({ id: z.string().min(1) });

/** Image rules (spec 5, 9), shared by the wizard's drop zone and the server. */
export function imageFileError(file: { type: string; size: number }): string | null {
  if (!(LIMITS.imageMimeTypes as readonly string[]).includes(file.type)) return MSG.imageType;
  if (file.size > LIMITS.imageMaxBytes) return MSG.imageSize;
  return null;
}
