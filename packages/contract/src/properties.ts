import { z } from 'zod';
import {
  AMENITY_KEYS,
  CONFIGURATIONS,
  LIMITS,
  NUMBER_BOUNDS,
  PROPERTY_SORTS,
  PROPERTY_TYPES,
  SEARCH_LIMITS,
  TEXT_MAX,
} from './constants.js';
import { decimalField, isSingleLineText, optionalTextField, textField } from './fields.js';
import {
  depositField,
  formBoolean,
  furnishingSchema,
  listingTenantTypeSchema,
  optionalDateField,
  parkingSchema,
  propertyFactsAnswer,
  propertyFactsFields,
} from './listing-facts.js';
import { MSG } from './messages.js';

export const PINCODE_RE = /^[1-9]\d{5}$/;

/** The amenities as typed: split at commas, trimmed, empty ones dropped, duplicates (any case) kept once. */
function splitAmenities(input: unknown): string[] {
  const parts = (Array.isArray(input) ? input : [input])
    .filter((x): x is string => typeof x === 'string')
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Map(parts.map((p) => [p.toLowerCase(), p])).values()];
}

/** "wifi, parking ,  lift" → ["wifi", "parking", "lift"]; also accepts a list whose items may be comma-joined. */
export function parseAmenities(input: unknown): string[] {
  return splitAmenities(input)
    .map((p) => p.slice(0, TEXT_MAX.amenity))
    .slice(0, TEXT_MAX.amenitiesCount);
}

/** Amenities over the limits are refused with a message, not cut (ADR 011). */
export const amenitiesSchema = z
  .union([z.string(), z.array(z.string()).max(200, MSG.amenitiesTooMany(TEXT_MAX.amenitiesCount))], { error: MSG.propertyStepRequired })
  .transform(splitAmenities)
  .refine((a) => a.length > 0, MSG.propertyStepRequired)
  .refine((a) => a.every(isSingleLineText), MSG.textControlChars('Amenities'))
  .refine((a) => a.every((x) => x.length <= TEXT_MAX.amenity), MSG.amenityTooLong(TEXT_MAX.amenity))
  .refine((a) => a.length <= TEXT_MAX.amenitiesCount, MSG.amenitiesTooMany(TEXT_MAX.amenitiesCount));

export const propertyTypeSchema = z.enum(PROPERTY_TYPES, { error: MSG.propertyTypeRequired });

/** The fields of the Add Property wizard and of Edit property (multipart text fields). */
export const propertyFieldsSchema = z.object({
  title: textField({ label: 'Title', max: TEXT_MAX.title, required: MSG.propertyStepRequired }),
  amenities: amenitiesSchema,
  street: textField({ label: 'Street', max: TEXT_MAX.street, required: MSG.propertyStepRequired }),
  city: textField({ label: 'City', max: TEXT_MAX.city, required: MSG.propertyStepRequired }),
  state: textField({ label: 'State', max: TEXT_MAX.state, required: MSG.propertyStepRequired }),
  pincode: z.string({ error: MSG.propertyStepRequired }).trim().min(1, MSG.propertyStepRequired).regex(PINCODE_RE, MSG.pincodeFormat),
  landmark: optionalTextField({ label: 'Landmark', max: TEXT_MAX.landmark }),
  propertyType: propertyTypeSchema,
  description: textField({ label: 'Description', max: TEXT_MAX.propertyDescription, required: MSG.propertyTypeRequired, multiline: true }),
  // The listing facts (ADR 048), each optional.
  ...propertyFactsFields,
});
export type PropertyFields = z.input<typeof propertyFieldsSchema>;

/** The wizard's four steps; step 4 (images) is checked by the image rules. */
export const propertySteps = [
  propertyFieldsSchema.pick({ title: true, amenities: true }),
  propertyFieldsSchema.pick({ street: true, city: true, state: true, pincode: true, landmark: true }),
  propertyFieldsSchema.pick({
    propertyType: true,
    description: true,
    locality: true,
    configuration: true,
    furnishing: true,
    tenantType: true,
    availableFrom: true,
    deposit: true,
    veg: true,
    pets: true,
    parking: true,
  }),
] as const;

export const propertyImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PropertyImage = z.infer<typeof propertyImageSchema>;

/**
 * Public pages show the owner's username only (B9), and whether they are a verified owner (phone and email
 * verified, ADR 033): a yes or no, never the phone.
 */
export const propertyOwnerSchema = z.object({ _id: z.string(), username: z.string(), verified: z.boolean() });

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
  /**
   * To its owner only (issue 26): hidden by Kiraya moderators, and their reason. A hidden listing is gone from every
   * public surface; its owner still sees and manages it.
   */
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
  roomCount: z.number().int(),
  vacantRoomCount: z.number().int(),
  ...propertyFactsAnswer,
  /** To its owner only: false for listings made before the facts existed, until the owner saves them (ADR 048). */
  factsConfirmed: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Property = z.infer<typeof propertySchema>;

/** A rent filter in rupees: 0 up to a room's maximum rent, two decimals at most (bounded so paise fit the column). */
const rentFilter = (label: string) =>
  decimalField({ message: MSG.rentFilterFormat(label, NUMBER_BOUNDS.rentMaxLabel), min: 0, max: NUMBER_BOUNDS.rentMaxRupees, scale: 2 });

const pageMessage = MSG.wholeNumber('Page', 1, NUMBER_BOUNDS.pageMax);
const limitMessage = MSG.wholeNumber('Limit', 1, LIMITS.pageSizeMax);

/** A query parameter that may be repeated or comma-separated: "2BHK,3BHK" and bhk=2BHK&bhk=3BHK are the same. */
const repeatedParam = <T extends readonly [string, ...string[]]>(values: T, label: string, max: number, message: string) =>
  z
    .union([z.string(), z.array(z.string()).max(max * 4, MSG.tooManyValues(label, max))], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const items = [
        ...new Set(
          (Array.isArray(v) ? v : [v])
            .flatMap((s) => s.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (items.length === 0) return undefined;
      if (items.length > max) {
        ctx.addIssue({ code: 'custom', message: MSG.tooManyValues(label, max) });
        return z.NEVER;
      }
      if (!items.every((i) => (values as readonly string[]).includes(i))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return items as T[number][];
    });

/** A single-valued parameter sent twice keeps the last value (as Fastify's repeated parameters arrive as a list). */
const lastOf = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** "12.9716,77.5946" → { lat, lng }. */
const nearParam = z
  .string({ error: MSG.nearFormat })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const m = /^\s*(-?\d{1,2}(?:\.\d{1,8})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,8})?)\s*$/.exec(v);
    const lat = m ? Number(m[1]) : Number.NaN;
    const lng = m ? Number(m[2]) : Number.NaN;
    if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
      ctx.addIssue({ code: 'custom', message: MSG.nearFormat });
      return z.NEVER;
    }
    return { lat, lng };
  });

/** Query of GET /properties/fetch-all-properties (B1, and the listing facts of B31, ADR 048). */
export const propertyListQuerySchema = z
  .object({
    q: optionalTextField({ label: 'Search text', max: LIMITS.searchQueryMax }),
    city: optionalTextField({ label: 'City', max: TEXT_MAX.city }),
    state: optionalTextField({ label: 'State', max: TEXT_MAX.state }),
    propertyType: z.enum(PROPERTY_TYPES, { error: `Property type must be one of: ${PROPERTY_TYPES.join(', ')}.` }).optional(),
    minRent: rentFilter('Minimum rent'),
    maxRent: rentFilter('Maximum rent'),
    bhk: repeatedParam(CONFIGURATIONS, 'BHK', SEARCH_LIMITS.bhkMax, MSG.configurationInvalid),
    furnishing: z.preprocess(lastOf, furnishingSchema.optional()),
    tenantType: z.preprocess(lastOf, listingTenantTypeSchema.optional()),
    availableBy: z.preprocess(lastOf, optionalDateField(MSG.availableByFormat)),
    maxDeposit: z.preprocess(lastOf, depositField(MSG.maxDepositFormat(NUMBER_BOUNDS.rentMaxLabel))),
    veg: z.preprocess(lastOf, formBoolean('Veg').optional()),
    pets: z.preprocess(lastOf, formBoolean('Pets').optional()),
    parking: z.preprocess(lastOf, parkingSchema.optional()),
    amenities: repeatedParam(AMENITY_KEYS, 'Amenities', SEARCH_LIMITS.amenitiesMax, MSG.amenityUnknown(AMENITY_KEYS.join(', '))),
    locality: z.preprocess(lastOf, optionalTextField({ label: 'Locality', max: SEARCH_LIMITS.localityMax })),
    near: z.preprocess(lastOf, nearParam),
    radiusKm: z.preprocess(
      lastOf,
      decimalField({ message: MSG.radiusFormat(SEARCH_LIMITS.radiusKmMax), min: 0.1, max: SEARCH_LIMITS.radiusKmMax, scale: 2 }),
    ),
    sort: z.enum(PROPERTY_SORTS, { error: `Sort must be one of: ${PROPERTY_SORTS.join(', ')}.` }).default('newest'),
    page: decimalField({ message: pageMessage, min: 1, max: NUMBER_BOUNDS.pageMax, scale: 0 }).transform((n) => n ?? 1),
    limit: decimalField({ message: limitMessage, min: 1, max: LIMITS.pageSizeMax, scale: 0 }).transform((n) => n ?? LIMITS.pageSizeDefault),
  })
  .refine((v) => v.minRent === undefined || v.maxRent === undefined || v.minRent <= v.maxRent, {
    message: 'Minimum rent cannot be more than maximum rent.',
    path: ['minRent'],
  })
  .refine((v) => v.sort !== 'distance' || v.near !== undefined, { message: MSG.sortDistanceNeedsNear, path: ['sort'] });
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;

/** GET /localities?q=: listed localities that start like, or look like (typos forgiven), the text typed (ADR 048). */
export const localitiesQuerySchema = z.object({
  q: z.preprocess(lastOf, optionalTextField({ label: 'Locality', max: SEARCH_LIMITS.localityMax })),
  city: z.preprocess(lastOf, optionalTextField({ label: 'City', max: TEXT_MAX.city })),
});
/** One suggestion: the locality as owners wrote it, its city, and how many listings it has. */
export const localitySuggestionSchema = z.object({ locality: z.string(), city: z.string(), count: z.number().int() });
export type LocalitySuggestion = z.infer<typeof localitySuggestionSchema>;

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
