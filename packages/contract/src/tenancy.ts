import { z } from 'zod';
import { ROOM_STATUSES } from './constants.js';
import { leaseTermsInputSchema, leaseTermsSchema, nextDueSchema, requestTermsSchema } from './leases.js';
import { isoDateSchema } from './fields.js';
import { MSG } from './messages.js';
import { propertyImageSchema } from './properties.js';
import { roomFactsSchema } from './rooms.js';

/**
 * Invitations (requests) and tenancies (ADR 013). A request invites one tenant to one room; the invited
 * tenant accepts or rejects it, the owner may withdraw it while it is pending. Accepting starts a tenancy;
 * the owner vacating the room ends it (the row stays as history for bills and payments, B13).
 */
export const REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const requestStatusSchema = z.enum(REQUEST_STATUSES);

const idField = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(100, `${name} is not valid.`);

/** POST /requests/send */
export const sendRequestBodySchema = z.object({
  roomId: idField('roomId'),
  tenantId: idField('tenantId'),
  /** The lease offered (issue 22); absent fields are filled by the server (rent from the room). */
  terms: leaseTermsInputSchema.optional(),
});
export type SendRequestBody = z.input<typeof sendRequestBodySchema>;

/** A person on a request or tenancy: never their contact details or Aadhaar (B9). */
export const requestPartySchema = z.object({ _id: z.string(), username: z.string(), fullName: z.string() });

/** The property a request or tenancy's room belongs to, as the two parties see it. */
export const requestPropertySchema = z.object({
  _id: z.string(),
  title: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
});

export const requestRoomSchema = z.object({
  _id: z.string(),
  roomNumber: z.string(),
  /** Monthly rent in rupees. */
  rentAmount: z.number(),
  propertyId: z.string(),
  property_id: requestPropertySchema,
});

/**
 * One request, the same shape for both parties: `ownerId` and `roomId` populated as the spec's Request
 * (ownerId.fullName, roomId.roomNumber), `title` the property's title, `tenantId` the invitee.
 * `respondedAt` is when it left `pending` (accepted, rejected or withdrawn), else null.
 */
export const requestSchema = z.object({
  _id: z.string(),
  status: requestStatusSchema,
  title: z.string(),
  ownerId: requestPartySchema,
  tenantId: requestPartySchema,
  roomId: requestRoomSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  respondedAt: z.string().nullable(),
  /** The lease offered (issue 22): what the tenant accepts. */
  terms: requestTermsSchema,
  /** The deposit is above 2 months' rent (MSG.leaseDepositWarning): shown, not refused. */
  depositWarning: z.boolean(),
});
export type TenancyRequest = z.infer<typeof requestSchema>;

/**
 * POST /rooms/vacate/:id (the room id). Without a date the tenancy ends when the lease's notice period from today
 * runs out (today without a notice period, ADR 041); a later date is recorded ahead (issue 19). A date before the
 * notice runs out needs a reason, which the tenant is shown.
 */
export const vacateBodySchema = z
  .object({
    moveOutDate: isoDateSchema(MSG.moveOutDateFormat).optional(),
    reason: z.string().trim().max(500, MSG.moveOutReasonTooLong).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type VacateBody = z.input<typeof vacateBodySchema>;

/** One tenancy (a tenant in a room from move-in to move-out; moveOutDate null while current). */
export const tenancySchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  propertyId: z.string(),
  tenantId: requestPartySchema,
  ownerId: requestPartySchema,
  moveInDate: z.string(),
  moveOutDate: z.string().nullable(),
  /** A move-out recorded ahead (issue 19): the tenancy is current until this date, then ends on it. */
  leavingOn: z.string().nullable(),
  /** Why the move-out is earlier than the lease's notice allows (ADR 041), or null. */
  leavingReason: z.string().nullable().optional(),
  /** Monthly rent in rupees when the tenancy started. */
  rentAmount: z.number(),
  /** The lease (issue 22), money in paise: the latest terms the owner set (see GET /leases/room/:roomId for when they apply). */
  terms: leaseTermsSchema.nullable(),
  /** The rent cycle raises this tenancy's Rent Bills. */
  autoRent: z.boolean(),
});
export type Tenancy = z.infer<typeof tenancySchema>;

/** The room of a tenant's room details (its facts and photos). */
export const tenantRoomFactsSchema = roomFactsSchema.extend({
  /** Monthly rent in rupees (today's rent for a current room). */
  rentAmount: z.number(),
  roomStatus: z.enum(ROOM_STATUSES),
  moveInDate: z.string().nullable(),
  roomImages: z.array(z.string()),
});

/** The property of a tenant's room details. */
export const tenantRoomPropertySchema = z.object({
  _id: z.string(),
  title: z.string(),
  street: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  images: z.array(propertyImageSchema),
  propertyImages: z.array(z.string()),
});

/**
 * One entry of GET /tenant/room-details (current rooms) or GET /tenant/past-rooms (ended tenancies):
 * the spec's Tenant room details (propertyId, roomId, room, property_id) plus the tenancy's dates and
 * rent and the owner's name (contact details come only through Get Phone Number, B9).
 */
/** The pending UPI reports of a tenancy (money in paise): what My Rooms and the home show as "waiting for the owner". */
export const reportedSchema = z.object({ amount: z.number().int(), paidOn: z.string(), count: z.number().int() });
export type Reported = z.infer<typeof reportedSchema>;

export const tenantRoomSchema = z.object({
  /** The tenancy's id. */
  _id: z.string(),
  propertyId: z.string(),
  roomId: z.string(),
  room: tenantRoomFactsSchema,
  property_id: tenantRoomPropertySchema,
  ownerId: requestPartySchema,
  moveInDate: z.string(),
  moveOutDate: z.string().nullable(),
  /** A move-out recorded ahead (issue 19): the tenant stays until this date, then the room is vacant. */
  leavingOn: z.string().nullable(),
  /** Why the owner set a move-out earlier than the lease's notice allows (ADR 041), or null. */
  leavingReason: z.string().nullable().optional(),
  /** Monthly rent in rupees: the room's rent now for a current room, the rent at move-in for a past one. */
  rentAmount: z.number(),
  /** My Rooms' Last Bill (B6): the latest bill date of this tenancy's bills, null before the first bill (ADR 016). */
  lastBillDate: z.string().nullable().optional(),
  /** My Rooms' Last Payment (B6): the latest payment of this tenancy (ISO time, rupees), null before the first. */
  lastPayment: z.object({ paidAt: z.string(), amount: z.number() }).nullable().optional(),
  /** The lease (issue 22), money in paise: the latest terms the owner set. */
  terms: leaseTermsSchema.nullable(),
  /** What the tenancy owes now, paise (every bill not paid or waived). */
  outstanding: z.number().int(),
  /** Of that, what is past its due date, paise (show in red). */
  overdue: z.number().int(),
  /** The next payment falling due (today or later): an owed bill's due date and what is owed on it, or the next automatic Rent Bill; null when nothing is coming. */
  nextDue: nextDueSchema,
  /**
   * UPI payments the tenant reported that the owner has not confirmed or rejected yet (ADR 042), paise: their
   * sum, the latest payment date and how many; null when none. `outstanding` still counts them until confirmed.
   */
  reported: reportedSchema.nullable().optional(),
});
export type TenantRoom = z.infer<typeof tenantRoomSchema>;
