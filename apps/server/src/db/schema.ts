import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
  jsonb,
} from 'drizzle-orm/pg-core';
import type { LateFeeValues } from '@kiraya/contract';
import { CONFIGURATIONS, FURNISHINGS, LISTING_TENANT_TYPES, PARKINGS, ROOM_TENANT_TYPES } from '@kiraya/contract';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** `admin`: a moderator (issue 26, ADR 037), made only by `npm run admin`, never by sign-up. */
    role: text('role', { enum: ['owner', 'tenant', 'admin'] }).notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** Stored normalised as +{cc}{10 digits}. */
    phoneNumber: text('phone_number').notNull(),
    /** AES-256-GCM ciphertext of the Aadhaar number (B9). */
    aadhaarCipher: text('aadhaar_cipher').notNull(),
    /** Keyed HMAC-SHA256 of the Aadhaar number, for uniqueness without decrypting. */
    aadhaarHash: text('aadhaar_hash').notNull(),
    aadhaarLast4: text('aadhaar_last4').notNull(),
    /** AES-256-GCM ciphertext of an owner's PAN (B18: printed on HRA rent receipts); null until given. */
    panCipher: text('pan_cipher'),
    /** An owner's UPI ID (VPA, lower-case) for rent paid straight to them (issue 23); null until given. */
    upiVpa: text('upi_vpa'),
    address: text('address').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Email categories the user switched off (issue 25): { reminders: false, … }; absent = on. */
    emailPrefs: jsonb('email_prefs').$type<Record<string, boolean>>().notNull().default({}),
    /** When the email was verified through its link (ADR 033); null: not yet (the account works all the same). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** A new address asked for in Profile, waiting for its link; `email` changes only when it is opened. */
    pendingEmail: text('pending_email'),
    /** When the current phone number was verified by a code (ADR 033); a changed number clears it. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Suspended by a moderator (ADR 037): cannot sign in, every session ended, listings gone from public pages.
     * A removed moderator is kept suspended (the audit log names them).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    /** The language the user reads Kiraya in (issue 27, ADR 039): 'en-IN' or 'hi-IN'. */
    locale: text('locale', { enum: ['en-IN', 'hi-IN'] })
      .notNull()
      .default('en-IN'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
    uniqueIndex('users_aadhaar_hash_uq').on(t.aadhaarHash),
  ],
);

/** Opaque refresh tokens, stored hashed; one family per login, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // Ended sessions of the last access-token life, read at start and on listener reconnect (lib/sessions.ts).
    index('refresh_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    landmark: text('landmark').notNull().default(''),
    propertyType: text('property_type').notNull(),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    isPaused: boolean('is_paused').notNull().default(false),
    /**
     * Derived from the rooms by database triggers (migration 0002), so every module that changes a room
     * keeps them right: the lowest rent, and how many rooms there are, vacant and occupied (B13).
     */
    minRentPaise: integer('min_rent_paise'),
    roomCount: integer('room_count').notNull().default(0),
    vacantRoomCount: integer('vacant_room_count').notNull().default(0),
    occupiedRoomCount: integer('occupied_room_count').notNull().default(0),
    /** Lower-cased title, city, state, street, landmark and amenities for free-text search (B1); set by a trigger. */
    searchText: text('search_text').notNull().default(''),
    /**
     * Set when the owner deletes a property that has money or tenancy history (ADR 022): it leaves every
     * list and public page and can no longer be changed, but its receipts, bills and history still read it.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Hidden by a moderator (ADR 037): gone from every public surface; its owner sees it with the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    // Listing facts and location (B31, ADR 048, migration 0036). Deposit in integer paise.
    locality: text('locality').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    configuration: text('configuration', { enum: CONFIGURATIONS }).notNull().default('1BHK'),
    furnishing: text('furnishing', { enum: FURNISHINGS }).notNull().default('unfurnished'),
    tenantType: text('tenant_type', { enum: LISTING_TENANT_TYPES }).notNull().default('any'),
    availableFrom: date('available_from', { mode: 'string' }).notNull().default(sql`CURRENT_DATE`),
    depositPaise: integer('deposit_paise').notNull().default(0),
    veg: boolean('veg').notNull().default(false),
    pets: boolean('pets').notNull().default(false),
    parking: text('parking', { enum: PARKINGS }).notNull().default('none'),
    /** False for listings made before the facts existed, until their owner saves them. */
    factsConfirmed: boolean('facts_confirmed').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('properties_owner_idx').on(t.ownerId),
    index('properties_created_idx').on(t.createdAt),
    index('properties_public_created_idx').on(t.isPaused, t.createdAt, t.id),
    index('properties_min_rent_idx').on(t.minRentPaise),
    index('properties_city_idx').on(sql`lower(${t.city})`),
    index('properties_state_idx').on(sql`lower(${t.state})`),
    index('properties_facts_idx').on(t.configuration, t.furnishing, t.tenantType),
    index('properties_locality_idx').on(sql`lower(${t.locality})`),
    index('properties_latlng_idx').on(t.latitude, t.longitude),
    index('properties_available_idx').on(t.availableFrom),
    // properties_fts_idx (full text) and the pg_trgm indexes are in migrations 0011 and 0036, not declared here.
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomNumber: text('room_number').notNull(),
    roomType: text('room_type').notNull(),
    tenantType: text('tenant_type', { enum: ROOM_TENANT_TYPES }).notNull(),
    floor: integer('floor').notNull(),
    /** Monthly rent in integer paise. */
    rentPaise: integer('rent_paise').notNull(),
    maxOccupancy: integer('max_occupancy').notNull(),
    isFurnished: boolean('is_furnished').notNull(),
    hasAttachedBath: boolean('has_attached_bath').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['vacant', 'occupied', 'maintenance'] })
      .notNull()
      .default('vacant'),
    tenantId: uuid('tenant_id').references(() => users.id, { onDelete: 'set null' }),
    moveInDate: date('move_in_date', { mode: 'string' }),
    /** The room's own facts (ADR 048); null where the property's apply. */
    configuration: text('configuration', { enum: CONFIGURATIONS }),
    furnishing: text('furnishing', { enum: FURNISHINGS }),
    availableFrom: date('available_from', { mode: 'string' }),
    depositPaise: integer('deposit_paise'),
    /** Set when the owner deletes a room that has bills, payments or past tenancies (ADR 022); see properties. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Hidden by a moderator (ADR 037): gone from the public rooms; its tenant keeps it, its owner sees why. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    ...timestamps,
  },
  (t) => [
    index('rooms_property_idx').on(t.propertyId),
    index('rooms_tenant_idx').on(t.tenantId),
    index('rooms_rent_idx').on(t.rentPaise),
    index('rooms_property_rent_idx').on(t.propertyId, t.rentPaise),
    // An archived room keeps its number without holding it: a new room may take it.
    uniqueIndex('rooms_property_number_uq')
      .on(t.propertyId, sql`lower(${t.roomNumber})`)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/**
 * One stored upload (ADR 010): the blobs the upload pipeline wrote under server-generated keys and what
 * they are. What a file belongs to is said by a link table (property_images, room_images; later meter
 * photos and documents), so this table has no column per owner kind.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    /** The upload kind it went through (lib/uploads.ts): 'image' (re-encoded) or 'document' (kept as sent). */
    kind: text('kind', { enum: ['image', 'document'] }).notNull(),
    /** The content type of `key`, from the sniffed bytes (image/webp for re-encoded images). */
    contentType: text('content_type').notNull(),
    /** The blob a browser loads (an image's display size, a document itself). */
    key: text('key').notNull(),
    /** An image's thumbnail blob; null for documents. */
    thumbKey: text('thumb_key'),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size').notNull().default(0),
    /**
     * An image's 64-bit perceptual hash (DCT pHash, sharp-phash; ADR 037), for photos reused across owners' listings;
     * null for documents and for images not hashed yet (the backfill fills those).
     */
    phash: bigint('phash', { mode: 'bigint' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy)],
);

/** A property's photos, in display order. Removing the file removes the link. */
export const propertyImages = pgTable(
  'property_images',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('property_images_property_idx').on(t.propertyId, t.position)],
);

/** A room's photos, in display order. */
export const roomImages = pgTable(
  'room_images',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('room_images_room_idx').on(t.roomId, t.position)],
);

/**
 * A tenant's Get Phone Number on a room (B8, B9): one row per tenant and room. `firstRevealedAt` counts
 * against the daily limit; `revealedAt` moves on each repeat (OwnerDetails lists newest first). The owner
 * and property are kept so the owner's "who asked" list is one indexed read.
 */
export const contactReveals = pgTable(
  'contact_reveals',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstRevealedAt: timestamp('first_revealed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_reveals_tenant_room_uq').on(t.tenantId, t.roomId),
    index('contact_reveals_tenant_first_idx').on(t.tenantId, t.firstRevealedAt),
    index('contact_reveals_owner_idx').on(t.ownerId, t.revealedAt),
  ],
);

/** A tenant's views of property pages (B8): one row per tenant and property, the newest LIMITS.recentViews kept. */
export const propertyViews = pgTable(
  'property_views',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.propertyId] }), index('property_views_tenant_idx').on(t.tenantId, t.viewedAt)],
);

/**
 * An owner's invitation of one tenant to one room (ADR 013). At most one pending request per tenant and
 * room; accepting one withdraws the room's other pending requests.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** When it left `pending`. */
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    /** The lease offered (issue 22), as checked and completed by the server; null on requests sent before leases. */
    terms: jsonb('terms').$type<StoredRequestTerms>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('requests_pending_uq').on(t.roomId, t.tenantId).where(sql`${t.status} = 'pending'`),
    index('requests_tenant_status_idx').on(t.tenantId, t.status),
    index('requests_room_idx').on(t.roomId, t.createdAt),
  ],
);

/**
 * An invitation of an email address with no tenant account to a room (issue 25 item 7, ADR 036). Signing up
 * as a tenant with that address turns every pending, unexpired one into an ordinary request (`request_id`).
 * At most one pending per room and address; `expired` is written when a new invitation replaces a lapsed one.
 */
export const emailInvitations = pgTable(
  'email_invitations',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'claimed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    /** The lease offered, as checked and completed by the server: copied to the request when claimed. */
    terms: jsonb('terms').$type<StoredRequestTerms>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('email_invitations_pending_uq').on(t.roomId, t.email).where(sql`${t.status} = 'pending'`),
    index('email_invitations_email_idx').on(t.email).where(sql`${t.status} = 'pending'`),
    // The daily limit counts an owner's invitations of the last 24 hours.
    index('email_invitations_owner_idx').on(t.ownerId, t.createdAt),
  ],
);
export type EmailInvitationRow = typeof emailInvitations.$inferSelect;

/**
 * One tenant's stay in one room (B13, ADR 013): from move-in to move-out (null while current). Vacating
 * ends it; the row stays as history for bills, payments and the former tenant's access. At most one
 * current tenancy per room.
 *
 * Tenancies, bills, orders, payments and allocations reference their room, property, tenancy, bill and
 * payment with ON DELETE RESTRICT (ADR 022): no delete can silently take money rows or tenancy history
 * with it; a room or property that has any is archived instead.
 */
export const tenancies = pgTable(
  'tenancies',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The accepted request that started it (null for tenancies written by the seed or before requests). */
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** Monthly rent in integer paise when the tenancy started. */
    rentPaise: integer('rent_paise').notNull(),
    moveInDate: date('move_in_date', { mode: 'string' }).notNull(),
    moveOutDate: date('move_out_date', { mode: 'string' }),
    /**
     * A move-out recorded ahead (issue 19, after a notice period): the tenancy stays current until this date,
     * when the move-out sweep sets `moveOutDate` to it and the room becomes vacant. Null when none is planned.
     */
    leavingOn: date('leaving_on', { mode: 'string' }),
    /** Why the move-out is earlier than the lease's notice allows (ADR 041): required then, shown to the tenant. */
    leavingReason: text('leaving_reason'),
    /** The rent cycle raises this tenancy's Rent Bills and late fees (issue 22); the owner can switch it off. */
    autoRent: boolean('auto_rent').notNull().default(true),
    /**
     * The first rent period (YYYY-MM-01) the cycle may raise: the lease start's month for a new tenancy; for one
     * that existed before leases, the month after its latest Rent Bill (migration 0020), so nothing is back-billed.
     */
    rentCycleFrom: date('rent_cycle_from', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('tenancies_auto_rent_idx').on(t.id).where(sql`${t.autoRent} and ${t.moveOutDate} is null`),
    index('tenancies_leaving_on_idx').on(t.leavingOn).where(sql`${t.leavingOn} is not null and ${t.moveOutDate} is null`),
    uniqueIndex('tenancies_current_room_uq').on(t.roomId).where(sql`${t.moveOutDate} is null`),
    index('tenancies_tenant_idx').on(t.tenantId, t.moveInDate),
    index('tenancies_room_idx').on(t.roomId, t.moveInDate),
    check('tenancies_dates_ck', sql`${t.moveOutDate} is null or ${t.moveOutDate} >= ${t.moveInDate}`),
  ],
);

/**
 * A bill group (ADR 016): the bills of one room issued on one bill date, due on `dueDate` (B12).
 */
export const billGroups = pgTable(
  'bill_groups',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('bill_groups_room_idx').on(t.roomId, t.billDate), check('bill_groups_dates_ck', sql`${t.dueDate} >= ${t.billDate}`)],
);

/**
 * One bill of a group, for the tenancy (and tenant) current when it was issued. Money in integer paise;
 * meter readings in hundredths of a unit, the rate in paise per unit. `paidPaise` is what payments
 * settled (unpaid 0, partly paid, paid when it reaches the amount). Meter photos are private files.
 */
export const billItems = pgTable(
  'bill_items',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => billGroups.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billType: text('bill_type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    paidPaise: bigint('paid_paise', { mode: 'number' }).notNull().default(0),
    /** What the owner let go of the rest (issue 18: a balance under ₹1 could never be paid): settles it without money. */
    waivedPaise: bigint('waived_paise', { mode: 'number' }).notNull().default(0),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    meterCurrent: bigint('meter_current', { mode: 'number' }),
    meterPrevious: bigint('meter_previous', { mode: 'number' }),
    ratePaise: bigint('rate_paise', { mode: 'number' }),
    currentPhotoId: uuid('current_photo_id').references(() => files.id, { onDelete: 'set null' }),
    previousPhotoId: uuid('previous_photo_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * The month a Rent Bill is for (its first day; today the bill date's month), null for other types:
     * one Rent Bill per tenancy and month (issue 19), enforced by the unique index below.
     */
    rentPeriod: date('rent_period', { mode: 'string' }),
    /**
     * A Rent Bill for a period after the move-out (ADR 041): cancelled, not deleted. Its amount becomes 0 (so every
     * ledger rule reads it as owing nothing and billing nothing) and what it was is kept here; money paid against it
     * went back to its payments, the tenancy's credit.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledPaise: bigint('cancelled_paise', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('bill_items_group_idx').on(t.groupId),
    index('bill_items_room_type_idx').on(t.roomId, t.billType),
    index('bill_items_tenant_idx').on(t.tenantId),
    // What a tenancy owes (create-order, verify, My Rooms): without it every payment scans all bill items.
    index('bill_items_tenancy_idx').on(t.tenancyId),
    index('bill_items_current_photo_idx').on(t.currentPhotoId),
    index('bill_items_previous_photo_idx').on(t.previousPhotoId),
    uniqueIndex('bill_items_rent_period_uq').on(t.tenancyId, t.rentPeriod).where(sql`${t.rentPeriod} is not null`),
    check('bill_items_amounts_ck', sql`${t.amountPaise} >= 0 and ${t.paidPaise} >= 0`),
    check('bill_items_meter_ck', sql`${t.meterCurrent} is null or ${t.meterCurrent} >= ${t.meterPrevious}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Leases and the rent cycle (issue 22, ADR 028)

/** Lease terms as stored on a request: paise, hundredths of a percent; a null start is "the day the tenant accepts". */
export type StoredRequestTerms = {
  rentPaise: number;
  depositPaise: number;
  /** Null: the lease start's day (at most 28). */
  rentDueDay: number | null;
  startDate: string | null;
  termMonths: number;
  incrementBp: number;
  noticeMonths: number;
  lateFee: LateFeeValues | null;
};

/**
 * A tenancy's lease terms, one row per change: the row with the latest `effectiveFrom` on or before a rent
 * period (YYYY-MM-01) is what that period is billed by. Accepting a request writes the first (from the lease
 * start's month); the owner's edits add rows from the next period the cycle has not raised.
 */
export const leaseTerms = pgTable(
  'lease_terms',
  {
    id: uuid('id').primaryKey(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rentPaise: bigint('rent_paise', { mode: 'number' }).notNull(),
    depositPaise: bigint('deposit_paise', { mode: 'number' }).notNull(),
    rentDueDay: integer('rent_due_day').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    termMonths: integer('term_months').notNull(),
    /** Yearly increment in hundredths of a percent. */
    incrementBp: integer('increment_bp').notNull(),
    noticeMonths: integer('notice_months').notNull(),
    lateFeeKind: text('late_fee_kind', { enum: ['flat', 'percent'] }),
    lateFeePaise: bigint('late_fee_paise', { mode: 'number' }),
    lateFeeBp: integer('late_fee_bp'),
    lateFeeGraceDays: integer('late_fee_grace_days'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lease_terms_tenancy_from_uq').on(t.tenancyId, t.effectiveFrom),
    check(
      'lease_terms_bounds_ck',
      sql`${t.rentPaise} >= 100 and ${t.depositPaise} >= 0 and ${t.depositPaise} <= ${t.rentPaise} * 10
        and ${t.rentDueDay} between 1 and 28 and ${t.termMonths} between 1 and 120
        and ${t.incrementBp} between 0 and 5000 and ${t.noticeMonths} between 0 and 12
        and extract(day from ${t.effectiveFrom}) = 1`,
    ),
    check(
      'lease_terms_late_fee_ck',
      sql`(${t.lateFeeKind} is null and ${t.lateFeePaise} is null and ${t.lateFeeBp} is null and ${t.lateFeeGraceDays} is null)
        or (${t.lateFeeKind} = 'flat' and ${t.lateFeePaise} > 0 and ${t.lateFeeBp} is null and ${t.lateFeeGraceDays} between 0 and 60)
        or (${t.lateFeeKind} = 'percent' and ${t.lateFeeBp} between 1 and 2500 and ${t.lateFeePaise} is null and ${t.lateFeeGraceDays} between 0 and 60)`,
    ),
  ],
);

/**
 * The rent cycle's claim on one tenancy and rent period: inserted once (the primary key), in the transaction
 * that raises the period's Rent Bill, or notes that a Rent Bill for the period was already there (`billItemId`
 * null). A period claimed is never raised again, even when the owner deletes its bill.
 */
export const rentCyclePeriods = pgTable(
  'rent_cycle_periods',
  {
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    period: date('period', { mode: 'string' }).notNull(),
    billItemId: uuid('bill_item_id').references(() => billItems.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenancyId, t.period] })],
);

/**
 * Lease end (issue 22 item 5, ADR 028): the notice raised 30 days before a term ends, once per tenancy and
 * term end (the primary key), whichever instance or run of the rent cycle gets there first.
 */
export const leaseEndNotices = pgTable(
  'lease_end_notices',
  {
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    termEndsOn: date('term_ends_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenancyId, t.termEndsOn] })],
);

export const RENEWAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/**
 * A renewal the owner proposes (issue 22 item 5): the next term's full terms (paise, hundredths of a percent, as
 * `lease_terms`), starting the day after the current term ends. At most one open per tenancy (partial unique
 * index); accepted, it writes a `lease_terms` row from `effective_from`.
 */
export const leaseRenewals = pgTable(
  'lease_renewals',
  {
    id: uuid('id').primaryKey(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RENEWAL_STATUSES }).notNull().default('open'),
    /** The term this renewal follows ends the day before. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    rentPaise: bigint('rent_paise', { mode: 'number' }).notNull(),
    depositPaise: bigint('deposit_paise', { mode: 'number' }).notNull(),
    rentDueDay: integer('rent_due_day').notNull(),
    termMonths: integer('term_months').notNull(),
    incrementBp: integer('increment_bp').notNull(),
    noticeMonths: integer('notice_months').notNull(),
    lateFeeKind: text('late_fee_kind', { enum: ['flat', 'percent'] }),
    lateFeePaise: bigint('late_fee_paise', { mode: 'number' }),
    lateFeeBp: integer('late_fee_bp'),
    lateFeeGraceDays: integer('late_fee_grace_days'),
    /** The rent period the accepted terms bill from. */
    effectiveFrom: date('effective_from', { mode: 'string' }),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('lease_renewals_open_uq').on(t.tenancyId).where(sql`${t.status} = 'open'`),
    index('lease_renewals_room_idx').on(t.roomId),
    check(
      'lease_renewals_bounds_ck',
      sql`${t.rentPaise} >= 100 and ${t.depositPaise} >= 0 and ${t.depositPaise} <= ${t.rentPaise} * 10
        and ${t.rentDueDay} between 1 and 28 and ${t.termMonths} between 1 and 120
        and ${t.incrementBp} between 0 and 5000 and ${t.noticeMonths} between 0 and 12`,
    ),
  ],
);
export type LeaseRenewalRow = typeof leaseRenewals.$inferSelect;

/**
 * A late fee charged on one Rent Bill (at most one: the primary key), with the Late Fee bill it added. The
 * owner waives it through the fee bill's waiver (`bill_items.waived_paise`).
 */
export const lateFees = pgTable(
  'late_fees',
  {
    rentBillItemId: uuid('rent_bill_item_id')
      .primaryKey()
      .references(() => billItems.id, { onDelete: 'cascade' }),
    feeBillItemId: uuid('fee_bill_item_id').references(() => billItems.id, { onDelete: 'set null' }),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    chargedOn: date('charged_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('late_fees_fee_idx').on(t.feeBillItemId), index('late_fees_tenancy_idx').on(t.tenancyId)],
);

// ---------------------------------------------------------------------------------------------
// Security deposits (issue 22 item 4, ADR 029)

/**
 * A tenancy's deposit settlement, written once (unique on the tenancy: a second settle, even a concurrent one,
 * is a 409): what was held (the Deposit bill's paid amount then), the deductions' sum and the refund, with
 * held = deductions + refund to the paisa, and how the refund was paid.
 */
export const depositSettlements = pgTable(
  'deposit_settlements',
  {
    id: uuid('id').primaryKey(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    depositBillItemId: uuid('deposit_bill_item_id').references(() => billItems.id, { onDelete: 'set null' }),
    heldPaise: bigint('held_paise', { mode: 'number' }).notNull(),
    deductionsPaise: bigint('deductions_paise', { mode: 'number' }).notNull(),
    refundPaise: bigint('refund_paise', { mode: 'number' }).notNull(),
    refundMethod: text('refund_method', { enum: ['cash', 'upi', 'bank_transfer', 'cheque'] }),
    refundReference: text('refund_reference').notNull().default(''),
    refundedOn: date('refunded_on', { mode: 'string' }),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_settlements_tenancy_uq').on(t.tenancyId),
    index('deposit_settlements_room_idx').on(t.roomId),
    check(
      'deposit_settlements_sum_ck',
      sql`${t.heldPaise} > 0 and ${t.deductionsPaise} >= 0 and ${t.refundPaise} >= 0 and ${t.heldPaise} = ${t.deductionsPaise} + ${t.refundPaise}`,
    ),
  ],
);

/** One deduction of a settlement: its kind, the owner's reason, the amount, and the tenant's dispute if any. */
export const depositDeductions = pgTable(
  'deposit_deductions',
  {
    id: uuid('id').primaryKey(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => depositSettlements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['damage', 'cleaning', 'unpaid_bills', 'other'] }).notNull(),
    reason: text('reason').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** An unpaid-bills deduction: the offline payment (method and source `deposit`) that settled the bills it nets. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    disputedAt: timestamp('disputed_at', { withTimezone: true, mode: 'date' }),
    disputeText: text('dispute_text'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('deposit_deductions_settlement_idx').on(t.settlementId, t.position),
    check('deposit_deductions_amount_ck', sql`${t.amountPaise} > 0`),
  ],
);

/** A deduction's photos (private files under private/deposit-photos/{ownerId}/), in order. */
export const depositDeductionPhotos = pgTable(
  'deposit_deduction_photos',
  {
    deductionId: uuid('deduction_id')
      .notNull()
      .references(() => depositDeductions.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deductionId, t.fileId] }), index('deposit_deduction_photos_file_idx').on(t.fileId)],
);

// ---------------------------------------------------------------------------------------------
// Payments (issue 10, B10): orders, the ledger of payments, and what each payment settled.

/**
 * An order created for a tenant's payment on a room, with the gateway's order id. The amount is decided
 * here (at least ₹1, at most what the room owes at creation); verify and the webhook read it from this
 * row, never from the client.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** created → paid (or failed); an older open order of the tenancy is `superseded` by a new one (its late capture is still recorded). */
    status: text('status').notNull().default('created'),
    /** The unpaid bill items the order was created for (oldest first), as the tenant saw them. */
    billItemIds: uuid('bill_item_ids').array().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_orders_gateway_order_uq').on(t.gateway, t.gatewayOrderId),
    index('payment_orders_tenant_idx').on(t.tenantId, t.createdAt),
    index('payment_orders_status_idx').on(t.status, t.createdAt),
    check('payment_orders_amount_ck', sql`${t.amountPaise} >= 100`),
  ],
);

/**
 * The offline sandbox gateway's own records of what its checkout paid (ADR 019), kept where every instance
 * and a restarted server can read them, as Razorpay keeps its payments on its servers: reconciliation asks
 * them for an order left `created`. Not the ledger: `payments` is. No personal data, no foreign keys (the
 * gateway's world is its own).
 */
export const sandboxGatewayPayments = pgTable(
  'sandbox_gateway_payments',
  {
    id: text('id').primaryKey(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    method: text('method'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_payments_order_idx').on(t.gatewayOrderId)],
);

/** Numbers receipts (KR-YYYY-NNNNNN) across instances. */
export const paymentReceiptSeq = pgSequence('payment_receipt_seq', { startWith: 1 });

/**
 * The ledger: one row per payment. A gateway payment is recorded once (unique gateway payment id, and one
 * payment per order) however often verify, the webhook or the reconciler report it. An offline payment
 * (issue 23: cash, UPI direct, bank transfer, cheque, kept from the deposit) has no order: the owner
 * recorded it (or confirmed the tenant's report), with its reference, once per owner. A reversed offline
 * payment stays, marked reversed, with the allocations it had (`reversed_allocations`); its
 * `payment_allocations` rows are removed and the bills' `paid_paise` lowered, so it no longer counts.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    /** gateway | offline */
    kind: text('kind', { enum: ['gateway', 'offline'] })
      .notNull()
      .default('gateway'),
    /** The gateway's order; null for an offline payment. */
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    /** sandbox | razorpay; null for an offline payment. */
    gateway: text('gateway'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** KR-YYYY-NNNNNN, from payment_receipt_seq. */
    receiptNumber: text('receipt_number').notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** Gateway: card, upi, netbanking, wallet (as the gateway says). Offline: cash, upi, bank_transfer, cheque, deposit. */
    method: text('method'),
    /** verify | webhook | reconcile (gateway: who reported it first); recorded | reported | deposit (offline). */
    source: text('source').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Offline: the day it was paid (India); paid_at is that day's start in India. */
    paidOn: date('paid_on', { mode: 'string' }),
    /** Offline: the UTR, cheque number or bank reference, as typed (trimmed); compared normalised. */
    reference: text('reference'),
    note: text('note'),
    /** Offline: the owner who recorded or confirmed it. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
    /** What the payment had settled when it was reversed: [{ billItemId, amountPaise }]. */
    reversedAllocations: jsonb('reversed_allocations').$type<{ billItemId: string; amountPaise: number }[]>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_gateway_payment_uq').on(t.gateway, t.gatewayPaymentId),
    uniqueIndex('payments_order_uq').on(t.orderId),
    uniqueIndex('payments_receipt_uq').on(t.receiptNumber),
    /**
     * A reference counts once per owner among the payments that still count (issue 23: duplicate entry),
     * compared normalised (spaces removed, upper-case: contract `normaliseReference`) while kept as typed.
     */
    uniqueIndex('payments_owner_reference_uq')
      .on(t.ownerId, sql`upper(regexp_replace(${t.reference}, '\\s', '', 'g'))`)
      .where(sql`${t.reference} is not null and ${t.reversedAt} is null`),
    index('payments_room_idx').on(t.roomId, t.paidAt),
    index('payments_tenant_idx').on(t.tenantId, t.paidAt),
    index('payments_owner_idx').on(t.ownerId, t.paidAt),
    check('payments_amount_ck', sql`${t.amountPaise} > 0`),
    check(
      'payments_kind_ck',
      sql`(${t.kind} = 'gateway' and ${t.orderId} is not null and ${t.gateway} is not null and ${t.gatewayPaymentId} is not null and ${t.reversedAt} is null)
        or (${t.kind} = 'offline' and ${t.orderId} is null and ${t.paidOn} is not null and ${t.method} in ('cash', 'upi', 'bank_transfer', 'cheque', 'deposit'))`,
    ),
  ],
);

/**
 * A tenant's report of rent paid by UPI straight to the owner (issue 23), with its UTR: pending until the
 * owner confirms it (then it enters the ledger as an offline payment, `payment_id`) or rejects it with a reason.
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: uuid('id').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The UTR, normalised. */
    reference: text('reference').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    /** pending → confirmed | rejected */
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('payment_reports_owner_idx').on(t.ownerId, t.status, t.createdAt),
    index('payment_reports_tenant_idx').on(t.tenantId, t.createdAt),
    index('payment_reports_room_idx').on(t.roomId, t.createdAt),
    uniqueIndex('payment_reports_pending_reference_uq')
      .on(t.ownerId, sql`upper(regexp_replace(${t.reference}, '\\s', '', 'g'))`)
      .where(sql`${t.status} = 'pending'`),
    check('payment_reports_amount_ck', sql`${t.amountPaise} >= 100`),
    check('payment_reports_status_ck', sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
  ],
);

/** What one payment settled on one bill item (oldest bills first); the sum equals the payment. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    billItemId: uuid('bill_item_id')
      .notNull()
      .references(() => billItems.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.billItemId] }),
    index('payment_allocations_bill_idx').on(t.billItemId),
    check('payment_allocations_amount_ck', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Credit given back (issue 19): a tenancy's credit is what its payments brought beyond what its bills took
 * (payments − allocations), less these refunds. The owner records each refund with its reference (a UTR,
 * a cheque number); a correction is a new row, never an edit.
 */
export const creditRefunds = pgTable(
  'credit_refunds',
  {
    id: uuid('id').primaryKey(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    note: text('note'),
    refundedOn: date('refunded_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('credit_refunds_tenancy_idx').on(t.tenancyId), check('credit_refunds_amount_ck', sql`${t.amountPaise} > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Documents (issue 11, B7; ADR 020): a room's documents, each a private `files` row (kind document).

/**
 * A document of a room: the file it is, the tenancy current when it was uploaded (null when the room had no
 * tenant), who uploaded it, and its sanitised name. The owner sees every document of the room; the current
 * tenant the documents of their own tenancy; the uploader deletes.
 */
export const roomDocuments = pgTable(
  'room_documents',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    tenancyId: uuid('tenancy_id').references(() => tenancies.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('room_documents_room_idx').on(t.roomId, t.createdAt), index('room_documents_tenancy_idx').on(t.tenancyId)],
);

// ─── Messages and notifications (B7, ADR 017) ──────────────────────────────────────────────────────────

/**
 * A conversation about one room between its owner and one tenant: `room` with a tenant of the room (kept
 * as read-only history once that tenancy ends), `enquiry` with a tenant who asked from the room card.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['room', 'enquiry'] }).notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_threads_room_tenant_kind_uq').on(t.roomId, t.tenantId, t.kind),
    index('message_threads_owner_idx').on(t.ownerId, t.lastMessageAt),
    index('message_threads_tenant_idx').on(t.tenantId, t.lastMessageAt),
  ],
);

/** One message of a thread; `readAt` is when its recipient (the other party) opened the thread. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    maintenance: boolean('maintenance').notNull().default(false),
    /** An owner asked someone who never rented from them for money by UPI or a link (ADR 037): shown with SAFETY_ADVICE. */
    warning: boolean('warning').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    index('messages_unread_idx').on(t.threadId, t.senderId).where(sql`${t.readAt} is null`),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
  ],
);

/** An in-app notification of one user: what they must not miss, with the app path it opens. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * What the notification says, as its text key and parameters (issue 27, ADR 039): put into words when read, in
     * the reader's language (src/i18n/notifications.ts). Null on rows written before 0032: their English title and
     * body below are answered as stored.
     */
    params: jsonb('params').$type<Record<string, unknown>>(),
    /** The English title and body of a row from before 0032; '' on newer rows (their words come from `params`). */
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Idempotency keys of creating forms (Add Property, Add New Room): the key a submission sent with the
 * `Idempotency-Key` header, per owner, and what it created, for 24 hours. Claimed inside the transaction
 * that creates the object, so a second request with the same key waits on the primary key and then answers
 * the first one's object. Expired rows are deleted lazily as new keys are claimed (lib/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key created: 'property' or 'room'. */
    scope: text('scope', { enum: ['property', 'room'] }).notNull(),
    objectId: uuid('object_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The outbox (issue 25, ADR 030): every message to send, written in the transaction of the event that causes
 * it. One row per (event key, channel, recipient): raising the event again inserts nothing. The worker claims
 * due rows with FOR UPDATE SKIP LOCKED, marks them `sending` until `lease_until`, sends, marks `sent`; a failure
 * goes back to `pending` with a later `next_attempt_at` until the bound, then `failed`. `skipped`: not sent on
 * purpose (the category is switched off, a message read in time). Subject, text and html are kept once rendered:
 * the development mailbox shows them.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey(),
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    /**
     * The user id, or the address (the phone number for an SMS) when the message goes to an address given, or
     * (push) the push subscription's id.
     */
    recipient: text('recipient').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address'),
    /**
     * The language of a message to an address with no user row to read it from (issue 27): the inviter's for an
     * invitation by email, the account's for a verification link. Null: the recipient user's stored locale.
     */
    locale: text('locale', { enum: ['en-IN', 'hi-IN'] }),
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The preference category (null: a security message, always sent, no unsubscribe). */
    category: text('category'),
    /** At most one message of a throttle key per recipient per hour (a conversation's emails). */
    throttleKey: text('throttle_key'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_event_channel_recipient_uq').on(t.eventKey, t.channel, t.recipient),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('outbox_sent_idx').on(t.channel, t.sentAt),
    // Operators' failed count (/readyz, metrics) without scanning every sent message.
    index('outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * Web Push subscriptions (issue 27, ADR 035): one per browser that switched "Push on this device" on. The
 * endpoint is the push service's URL for that browser (unique: a device signed in by someone else is handed
 * over to them); p256dh and auth are the browser's keys the payload is encrypted to (RFC 8291). Removed when
 * the user switches it off or the push service answers 404/410 (the subscription expired).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Password reset tokens (issue 25): only the SHA-256 of the token, 30 minutes, single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Email verification links (ADR 033): only the SHA-256 of the token, 48 hours, single use. `email` is the address
 * the link proves: the account's own (sign-up) or its pending new one (a change in Profile).
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_uq').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Phone verification codes (ADR 033): a keyed HMAC of the code, never the code; 10 minutes, 5 tries. The rows
 * are also the send counts per account and per number (rate limits that hold across instances).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId, t.createdAt), index('phone_codes_phone_idx').on(t.phoneNumber, t.createdAt)],
);

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type RequestRow = typeof requests.$inferSelect;
export type TenancyRow = typeof tenancies.$inferSelect;
export type LeaseTermsRow = typeof leaseTerms.$inferSelect;
export type FileRow = typeof files.$inferSelect;
/** A stored image as a listing shows it: its file and its place in the order. */
export type ImageRow = FileRow & { position: number };
export type BillGroupRow = typeof billGroups.$inferSelect;
export type BillItemRow = typeof billItems.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentReportRow = typeof paymentReports.$inferSelect;
export type RoomDocumentRow = typeof roomDocuments.$inferSelect;
export type ThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * An owner's bank account for payouts (issue 24, ADR 031): a Razorpay Route linked account (the sandbox's,
 * without Razorpay keys). The account number is encrypted (FieldCrypto, like Aadhaar); only its last four
 * digits are ever shown. `status` is the linked account's, as the gateway last reported it.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    accountCipher: text('account_cipher').notNull(),
    accountLast4: text('account_last4').notNull(),
    ifsc: text('ifsc').notNull(),
    /** sandbox | razorpay: the gateway the linked account lives at. */
    gateway: text('gateway').notNull(),
    /** acc_…, and its stakeholder and Route product configuration. */
    linkedAccountId: text('linked_account_id'),
    stakeholderId: text('stakeholder_id'),
    productId: text('product_id'),
    /** created | under_review | activated | needs_clarification */
    status: text('status').notNull().default('created'),
    statusReason: text('status_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payout_accounts_owner_uq').on(t.ownerId),
    uniqueIndex('payout_accounts_linked_uq').on(t.gateway, t.linkedAccountId),
    check('payout_accounts_status_ck', sql`${t.status} in ('created', 'under_review', 'activated', 'needs_clarification')`),
  ],
);

/**
 * Each gateway payment's way to its owner (ADR 031): one row per payment (unique), made in the transaction
 * that records the payment, `held` until the owner's linked account is activated, then claimed
 * (`processing`) by exactly one caller, which asks the gateway for the transfer; `transferred`, then
 * `settled` (the settlement's id, date and UTR) or `failed` (the reason). Fee and net are paise.
 */
export const paymentTransfers = pgTable(
  'payment_transfers',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Set when the transfer is asked for (the rate then in force); null while held. */
    feePaise: bigint('fee_paise', { mode: 'number' }),
    /** held | processing | transferred | settled | failed */
    state: text('state').notNull().default('held'),
    linkedAccountId: text('linked_account_id'),
    transferId: text('transfer_id'),
    settlementId: text('settlement_id'),
    settledOn: date('settled_on', { mode: 'string' }),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    transferredAt: timestamp('transferred_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_transfers_payment_uq').on(t.paymentId),
    uniqueIndex('payment_transfers_transfer_uq').on(t.transferId),
    index('payment_transfers_owner_idx').on(t.ownerId, t.state),
    check('payment_transfers_state_ck', sql`${t.state} in ('held', 'processing', 'transferred', 'settled', 'failed')`),
    check('payment_transfers_fee_ck', sql`${t.feePaise} is null or (${t.feePaise} >= 0 and ${t.feePaise} <= ${t.amountPaise})`),
  ],
);
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PaymentTransferRow = typeof paymentTransfers.$inferSelect;

/**
 * Every phone number and Aadhaar number (its keyed hash) an account has had (ADR 037): written at sign-up and on each
 * change, never removed. Both are unique among current accounts, so "other accounts with the same phone or Aadhaar"
 * can only be found through what accounts had before.
 */
export const accountIdentifiers = pgTable(
  'account_identifiers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['phone', 'aadhaar'] }).notNull(),
    /** The normalised phone number (as users.phone_number), or the Aadhaar number's keyed hash (as users.aadhaar_hash). */
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.value] }), index('account_identifiers_value_idx').on(t.kind, t.value)],
);

/**
 * A report of a property, a room or a user (issue 26 item 1, ADR 037). At most one open report per reporter and target
 * (a partial unique index, so two concurrent posts make one row). `subject_id` is the account it is about: the user
 * reported, or the owner of the listing when reported. A moderator's action closes it: `dismissed` or `actioned`.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['property', 'room', 'user'] }).notNull(),
    /** Not a foreign key: a report outlives a deleted listing. */
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The moderator's reason (in the audit log too); never shown to the reporter. */
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('reports_open_uq').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_subject_idx').on(t.subjectId),
    check('reports_status_ck', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check('reports_target_type_ck', sql`${t.targetType} in ('property', 'room', 'user')`),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/**
 * The moderators' audit log (ADR 037): one row per action, written in the action's transaction. Append-only: no route
 * changes it, and a trigger (migration 0030) refuses UPDATE, DELETE and TRUNCATE. `subject_id` is the account the
 * action touched (a listing's owner when suspending through a listing).
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action', { enum: ['dismiss', 'hide', 'suspend', 'restore'] }).notNull(),
    targetType: text('target_type', { enum: ['property', 'room', 'user'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_audit_created_idx').on(t.createdAt, t.id),
    index('moderation_audit_target_idx').on(t.targetType, t.targetId),
    index('moderation_audit_subject_idx').on(t.subjectId),
  ],
);
export type ModerationAuditRow = typeof moderationAudit.$inferSelect;
