import { z } from 'zod';
import {
  AMENITY_KEYS,
  type AmenityKey,
  CONFIGURATIONS,
  type Configuration,
  FURNISHINGS,
  type Furnishing,
  LISTING_TENANT_TYPES,
  type ListingTenantType,
  NUMBER_BOUNDS,
  PARKINGS,
  type Parking,
  SEARCH_LIMITS,
} from './constants.js';
import { isCalendarDate } from './dates.js';
import { decimalField, optionalTextField } from './fields.js';
import { MSG } from './messages.js';

/**
 * The listing facts an owner fills in (B31, ADR 048): configuration (BHK or PG sharing), furnishing, who may rent,
 * available from, deposit, food, pets, parking, and the locality and coordinates of the property. Every one is
 * optional in the create and edit bodies: a create without them takes the defaults of migration 0036, an edit
 * without them keeps what is stored, so the spec's clients keep working.
 */

export const configurationSchema = z.enum(CONFIGURATIONS, { error: MSG.configurationInvalid });
export const furnishingSchema = z.enum(FURNISHINGS, { error: MSG.furnishingInvalid });
export const listingTenantTypeSchema = z.enum(LISTING_TENANT_TYPES, { error: MSG.listingTenantTypeInvalid });
export const parkingSchema = z.enum(PARKINGS, { error: MSG.parkingInvalid });

/** An optional choice where a form's empty select ('') means not given. */
const optionalChoice = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A yes/no as JSON or a form field: true/false (also "on", "yes", "1" and their opposites, as forms send them). */
export const formBoolean = (label: string) =>
  z.union([z.boolean(), z.string()], { error: MSG.yesOrNo(label) }).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.trim().toLowerCase();
    if (['true', 'on', 'yes', '1'].includes(s)) return true;
    if (['false', 'off', 'no', '0'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: MSG.yesOrNo(label) });
    return z.NEVER;
  });

/** A calendar date YYYY-MM-DD (trimmed); blank is absent. */
export const optionalDateField = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((s, ctx) => {
      const t = s?.trim();
      if (!t) return undefined;
      if (!isCalendarDate(t) || t < '2000-01-01' || t > '2100-12-31') {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return t;
    });

/** Deposit in rupees, 0 up to the largest rent's bound, two decimals at most. */
export const depositField = (message = MSG.depositFormat(NUMBER_BOUNDS.rentMaxLabel)) =>
  decimalField({ message, min: 0, max: NUMBER_BOUNDS.rentMaxRupees, scale: 2 });

const coordinate = (message: string, bound: number) => decimalField({ message, min: -bound, max: bound, scale: 7 });

/** The facts of a property in its create and edit bodies (each optional; see above). */
export const propertyFactsFields = {
  locality: optionalTextField({ label: 'Locality', max: SEARCH_LIMITS.localityMax }).optional(),
  latitude: coordinate(MSG.latitudeFormat, 90),
  longitude: coordinate(MSG.longitudeFormat, 180),
  configuration: optionalChoice(configurationSchema),
  furnishing: optionalChoice(furnishingSchema),
  tenantType: optionalChoice(listingTenantTypeSchema),
  availableFrom: optionalDateField(MSG.availableFromFormat),
  deposit: depositField(),
  veg: formBoolean('Vegetarian only').optional(),
  pets: formBoolean('Pets allowed').optional(),
  parking: optionalChoice(parkingSchema),
};

/** The facts of a room (a PG's sharing, or a flat let room by room): each optional, absent = the property's. */
export const roomFactsFields = {
  configuration: optionalChoice(configurationSchema),
  furnishing: optionalChoice(furnishingSchema),
  availableFrom: optionalDateField(MSG.availableFromFormat),
  deposit: depositField(),
};

/** The facts as answers carry them (property answers; rooms answer the first four, null when the property's apply). */
export const propertyFactsAnswer = {
  locality: z.string(),
  /** Public answers round to 3 decimals (about 100 m) until the caller revealed the owner's contact (ADR 048). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  configuration: z.enum(CONFIGURATIONS),
  furnishing: z.enum(FURNISHINGS),
  tenantType: z.enum(LISTING_TENANT_TYPES),
  availableFrom: z.string(),
  /** Rupees. */
  deposit: z.number(),
  veg: z.boolean(),
  pets: z.boolean(),
  parking: z.enum(PARKINGS),
};

/** English names of the fact values (the web catalogues carry the same in en-IN and hi-IN). */
export const FACT_LABELS: {
  configuration: Record<Configuration, string>;
  furnishing: Record<Furnishing, string>;
  tenantType: Record<ListingTenantType, string>;
  parking: Record<Parking, string>;
  amenity: Record<AmenityKey, string>;
} = {
  configuration: {
    '1RK': '1 RK',
    '1BHK': '1 BHK',
    '2BHK': '2 BHK',
    '3BHK': '3 BHK',
    '4BHK': '4 BHK',
    '5BHK+': '5+ BHK',
    single: 'Single sharing',
    twin: 'Twin sharing',
    triple: 'Triple sharing',
  },
  furnishing: { furnished: 'Furnished', 'semi-furnished': 'Semi-furnished', unfurnished: 'Unfurnished' },
  tenantType: {
    any: 'Anyone',
    family: 'Family',
    bachelors: 'Bachelors',
    girls: 'Girls only',
    boys: 'Boys only',
    professionals: 'Working professionals',
  },
  parking: { none: 'No parking', 'two-wheeler': 'Two-wheeler parking', car: 'Car parking' },
  amenity: {
    lift: 'Lift',
    'power-backup': 'Power backup',
    'water-24h': 'Water 24 h',
    'gated-security': 'Gated security',
    gym: 'Gym',
    wifi: 'Wi-Fi',
    ac: 'AC',
    geyser: 'Geyser',
    'washing-machine': 'Washing machine',
    fridge: 'Fridge',
    cctv: 'CCTV',
    'swimming-pool': 'Swimming pool',
    'play-area': 'Play area',
    'club-house': 'Club house',
  },
};

/** The same in Hindi (glossary of ADR 039). */
export const FACT_LABELS_HI: typeof FACT_LABELS = {
  configuration: {
    '1RK': '1 RK',
    '1BHK': '1 BHK',
    '2BHK': '2 BHK',
    '3BHK': '3 BHK',
    '4BHK': '4 BHK',
    '5BHK+': '5+ BHK',
    single: 'सिंगल शेयरिंग',
    twin: 'ट्विन शेयरिंग',
    triple: 'ट्रिपल शेयरिंग',
  },
  furnishing: { furnished: 'फ़र्निश्ड', 'semi-furnished': 'सेमी-फ़र्निश्ड', unfurnished: 'अनफ़र्निश्ड' },
  tenantType: {
    any: 'कोई भी',
    family: 'परिवार',
    bachelors: 'बैचलर',
    girls: 'सिर्फ़ लड़कियाँ',
    boys: 'सिर्फ़ लड़के',
    professionals: 'नौकरीपेशा',
  },
  parking: { none: 'पार्किंग नहीं', 'two-wheeler': 'दोपहिया पार्किंग', car: 'कार पार्किंग' },
  amenity: {
    lift: 'लिफ़्ट',
    'power-backup': 'पावर बैकअप',
    'water-24h': '24 घंटे पानी',
    'gated-security': 'गेटेड सिक्योरिटी',
    gym: 'जिम',
    wifi: 'वाई-फ़ाई',
    ac: 'एसी',
    geyser: 'गीज़र',
    'washing-machine': 'वॉशिंग मशीन',
    fridge: 'फ़्रिज',
    cctv: 'सीसीटीवी',
    'swimming-pool': 'स्विमिंग पूल',
    'play-area': 'खेलने की जगह',
    'club-house': 'क्लब हाउस',
  },
};

/** "2BHK" → 2, "5BHK+" → 5, "1RK" → 1; sharing rooms have no BHK. */
export const bedroomsOf = (c: Configuration): number | null => {
  const m = /^(\d)(BHK|RK)/.exec(c);
  return m ? Number(m[1]) : null;
};
