import { z } from 'zod';
import { leaseTermsInputSchema } from './leases.js';
import { emailSchema } from './users.js';

/**
 * Invitations to people not on Kiraya (issue 25 item 7, ADR 036): the owner invites an email address to a
 * vacant room; signing up with that address turns the invitation into an ordinary request (ADR 013).
 */
const idField = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(100, `${name} is not valid.`);

/** How long an invitation to an email address can be claimed by signing up (issue 25 item 7). */
export const EMAIL_INVITE_DAYS = 14;
/** Email invitations an owner may send in 24 hours. */
export const EMAIL_INVITES_PER_DAY = 20;

/** POST /tenancy/invite-by-email: invite someone by email (no account yet) with the lease offered. */
export const inviteByEmailBodySchema = z.object({
  roomId: idField('roomId'),
  email: emailSchema,
  terms: leaseTermsInputSchema.optional(),
});
export type InviteByEmailBody = z.input<typeof inviteByEmailBodySchema>;

/** A pending invitation to an address, as the room's owner sees it. */
export const emailInviteSchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'claimed', 'cancelled', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type EmailInvite = z.infer<typeof emailInviteSchema>;

/**
 * What inviting by email did: `email`, an invitation emailed to the address (claimed when it signs up);
 * `account`, the address was a tenant's account, so the tenant got the ordinary request (in their Requests).
 */
export const inviteByEmailResultSchema = z.object({
  via: z.enum(['email', 'account']),
  invite: emailInviteSchema.nullable(),
  request: z.object({ _id: z.string() }).nullable(),
});
export type InviteByEmailResult = z.infer<typeof inviteByEmailResultSchema>;

/** POST /tenancy/cancel-email-invite/:roomId */
export const cancelEmailInviteBodySchema = z.object({ inviteId: idField('inviteId') });
