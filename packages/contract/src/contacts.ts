import { z } from 'zod';
import { propertyImageSchema } from './properties.js';
import { roomFactsSchema } from './rooms.js';

/**
 * Reaching the owner (spec 2 OwnerDetails, B8, B9): a tenant's Get Phone Number answers the owner's
 * contact details with the room's facts; the reveal is kept on the server so OwnerDetails works on any device.
 */
export const ownerContactSchema = z.object({
  /** The room revealed (one reveal per tenant and room). */
  _id: z.string(),
  owner: z.object({ _id: z.string(), username: z.string(), fullName: z.string(), phoneNumber: z.string(), email: z.string() }),
  property: z.object({
    _id: z.string(),
    title: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  room: roomFactsSchema,
  /** When the tenant last asked (ISO). */
  revealedAt: z.string(),
});
export type OwnerContact = z.infer<typeof ownerContactSchema>;

/** Who asked for an owner's number: the tenant's username and full name only (B9: their contact stays private). */
export const revealRecordSchema = z.object({
  _id: z.string(),
  tenant: z.object({ _id: z.string(), username: z.string(), fullName: z.string() }),
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
  property: z.object({ _id: z.string(), title: z.string() }),
  revealedAt: z.string(),
});
export type RevealRecord = z.infer<typeof revealRecordSchema>;

/** A property in a tenant's Recently Viewed list (B8). */
export const recentViewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  city: z.string(),
  state: z.string(),
  propertyType: z.string(),
  /** Lowest room rent in rupees, or null without rooms. */
  rentAmount: z.number().nullable(),
  image: propertyImageSchema.nullable(),
  viewedAt: z.string(),
});
export type RecentView = z.infer<typeof recentViewSchema>;
