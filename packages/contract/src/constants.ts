/** Every role an account can have: `admin` (moderators, issue 26) is made only by `npm run admin`, never by sign-up. */
export const ROLES = ['owner', 'tenant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles sign-up offers. */
export const SIGNUP_ROLES = ['owner', 'tenant'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const PROPERTY_TYPES = [
  'Apartment/Flat',
  'Villa',
  'Independent House',
  'Duplex',
  'Studio Apartment',
  'Penthouse',
  'Others',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** B3: Family, Bachelor and Both are accepted; the UI labels Both as "Any". */
export const TENANT_TYPES = ['Family', 'Bachelor', 'Both'] as const;
/** A room's tenant type: the spec's three (B3) or one of the listing's (ADR 048). */
export const ROOM_TENANT_TYPES = ['Family', 'Bachelor', 'Both', 'any', 'family', 'bachelors', 'girls', 'boys', 'professionals'] as const;
export type TenantType = (typeof TENANT_TYPES)[number];
export const TENANT_TYPE_LABELS: Record<TenantType, string> = {
  Family: 'Family',
  Bachelor: 'Bachelor',
  Both: 'Any',
};

/**
 * Listing facts (B31, ADR 048): the values of the API, in the order the forms offer them. Their English and Hindi
 * names are in listing-facts.ts (FACT_LABELS) and in the web catalogues.
 */
export const CONFIGURATIONS = ['1RK', '1BHK', '2BHK', '3BHK', '4BHK', '5BHK+', 'single', 'twin', 'triple'] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];
export const FURNISHINGS = ['furnished', 'semi-furnished', 'unfurnished'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];
/** Who the owner will rent to; `any` matches every search. */
export const LISTING_TENANT_TYPES = ['any', 'family', 'bachelors', 'girls', 'boys', 'professionals'] as const;
export type ListingTenantType = (typeof LISTING_TENANT_TYPES)[number];
export const PARKINGS = ['none', 'two-wheeler', 'car'] as const;
export type Parking = (typeof PARKINGS)[number];
/** The fixed amenities the search filters by; an owner may add free text beside them (stored in the same list). */
export const AMENITY_KEYS = [
  'lift',
  'power-backup',
  'water-24h',
  'gated-security',
  'gym',
  'wifi',
  'ac',
  'geyser',
  'washing-machine',
  'fridge',
  'cctv',
  'swimming-pool',
  'play-area',
  'club-house',
] as const;
export type AmenityKey = (typeof AMENITY_KEYS)[number];
/** Search sorts by distance only with `near` (ADR 048). */
export const SEARCH_LIMITS = {
  radiusKmDefault: 5,
  radiusKmMax: 50,
  localityMax: 80,
  localitySuggestions: 8,
  bhkMax: 9,
  amenitiesMax: 14,
} as const;

export const ROOM_STATUSES = ['vacant', 'occupied', 'maintenance'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const BILL_TYPES = [
  'Rent Bill',
  'Electricity Bill',
  'Water Bill',
  'Gas Bill',
  'Maintenance Bill',
  'Internet and Cable Bill',
  'Security Bill',
  'Property Tax',
  'Parking Fee',
  'Other',
] as const;
/**
 * Bill types only Kiraya raises (issue 22): the rent cycle's late fee, which the owner can waive, and the security
 * deposit billed when the tenant accepts (ADR 029). Not in the upload form.
 */
export const SYSTEM_BILL_TYPES = ['Late Fee', 'Deposit'] as const;
/** The security deposit's bill type: money held for the tenant, not income: out of rent totals, statistics' billed figures and HRA receipts. */
export const DEPOSIT_BILL_TYPE = 'Deposit' as const;
/** Every type a bill can have (what the API answers): the 10 an owner uploads and the system's. */
export const ANY_BILL_TYPES = [...BILL_TYPES, ...SYSTEM_BILL_TYPES] as const;
export const METER_BILL_TYPES = ['Electricity Bill', 'Water Bill', 'Gas Bill'] as const;

export const PROPERTY_SORTS = ['newest', 'rent_asc', 'rent_desc', 'distance'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

export const LIMITS = {
  imageMaxBytes: 5_242_880,
  imageMaxCount: 10,
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** Largest image accepted, in pixels (width × height): listings show at most 1600 px. */
  imageMaxPixels: 25_000_000,
  /** Images one user may upload per window (429 beyond), and images re-encoded at once per server process. */
  imageUploadsPerWindow: 30,
  imageUploadWindowMs: 10 * 60_000,
  imageProcessingConcurrency: 2,
  /** Documents (rent agreements, ID proofs, bills) are kept as sent after their bytes are checked. */
  documentMaxBytes: 10_485_760,
  documentMimeTypes: ['application/pdf', 'image/jpeg', 'image/png'] as const,
  amenityChipChars: 15,
  /** New owner numbers one tenant may reveal in 24 hours (repeats of a room already revealed are free; B9). */
  revealsPerDay: 20,
  /** Distinct properties kept in a tenant's Recently Viewed list (B8). */
  recentViews: 10,
  /** A full name's shortest length in characters (B28: "Om" is a name). */
  fullNameMinLength: 2,
  passwordMinLength: 6,
  pageSizeDefault: 12,
  pageSizeMax: 50,
  searchQueryMax: 100,
  /** An Idempotency-Key header: 1 to 100 printable ASCII characters, remembered 24 hours per owner. */
  idempotencyKeyMaxLength: 100,
  idempotencyKeyTtlMs: 24 * 60 * 60_000,
} as const;

/** The header a form sends with one key per submission, so a second click creates nothing twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The longest value each text field takes, in characters (ADR 011). */
export const TEXT_MAX = {
  fullName: 100,
  email: 254,
  address: 300,
  usernameQuery: 60,
  role: 20,
  title: 120,
  street: 200,
  city: 80,
  state: 80,
  landmark: 200,
  propertyDescription: 2000,
  amenity: 60,
  amenitiesCount: 30,
  roomNumber: 20,
  roomType: 40,
  roomDescription: 2000,
  searchQuery: 100,
} as const;

/** Number bounds of form fields and filters; rents in rupees (stored as integer paise). */
export const NUMBER_BOUNDS = {
  rentMaxRupees: 10_000_000,
  /** rentMaxRupees as Indians write it, for messages. */
  rentMaxLabel: '1,00,00,000',
  floorMin: -5,
  floorMax: 200,
  occupancyMin: 1,
  occupancyMax: 50,
  pageMax: 10_000,
} as const;

export const WIZARD_STEPS = { signup: 5, property: 4, room: 6 } as const;

/**
 * Toasts never cover a control: on a desktop top-right *below* the 64 px sticky header (Messages, the bell,
 * the profile button), on a phone (sonner's 600 px breakpoint) along the bottom edge, clear of the header.
 */
export const TOAST = {
  position: 'top-right',
  phonePosition: 'bottom-center',
  phoneQuery: '(max-width: 600px)',
  offset: { top: 80, right: 16 },
  mobileOffset: { bottom: 16, left: 16, right: 16 },
  duration: 5000,
  deleteDuration: 3000,
  hotkey: ['altKey', 'KeyT'],
} as const;

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 10_000;
export const ORDER_TIMEOUT_MS = 60_000;

/** Amenity chip text: cut at 15 characters plus an ellipsis (spec 9). */
export const chipText = (s: string): string => (s.length > LIMITS.amenityChipChars ? `${s.slice(0, LIMITS.amenityChipChars)}...` : s);

/** Price ranges offered as filter chips (spec 3), applied as minRent/maxRent (B1). */
export const PRICE_RANGES = [
  { label: '₹0 - ₹5,000', minRent: 0, maxRent: 5000 },
  { label: '₹5,000 - ₹10,000', minRent: 5000, maxRent: 10000 },
  { label: '₹10,000 - ₹15,000', minRent: 10000, maxRent: 15000 },
  { label: '₹15,000+', minRent: 15000, maxRent: undefined },
] as const;

/** Badge colours of room status (spec 4): occupied green, vacant yellow, maintenance red, else grey. */
export const ROOM_STATUS_TONE: Record<string, 'green' | 'yellow' | 'red'> = {
  occupied: 'green',
  vacant: 'yellow',
  maintenance: 'red',
};
