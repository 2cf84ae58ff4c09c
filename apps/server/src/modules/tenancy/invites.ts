import {
  DEFAULT_LOCALE,
  APP_LINKS,
  EMAIL_INVITE_DAYS,
  EMAIL_INVITES_PER_DAY,
  type EmailInvite,
  type InviteByEmailResult,
  type inviteByEmailBodySchema,
  MSG,
} from '@kiraya/contract';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/index.js';
import { type EmailInvitationRow, emailInvitations, properties, requests, rooms, users } from '../../db/schema.js';
import { asOwner, roomAccess } from '../../lib/access.js';
import { AppError, conflict, notFound, uniqueViolation } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { requestTerms } from '../leases/index.js';
import { notify } from '../notifications/index.js';
import { enqueue } from '../outbox/index.js';
import type { Deps } from '../properties/index.js';
import { sendRequest } from './service.js';

type InviteByEmailValues = z.output<typeof inviteByEmailBodySchema>;

/**
 * Invitations to people not on Kiraya (issue 25 item 7, ADR 036). The owner invites an email address to a
 * vacant room with the lease offered; the address gets an email linking to sign-up (the address filled in,
 * the role Tenant). Signing up as a tenant with that address turns every pending, unexpired invitation into
 * an ordinary request (ADR 013), waiting in Requests.
 */

const DAY_MS = 86_400_000;

const view = (r: EmailInvitationRow, now = new Date()): EmailInvite => ({
  _id: r.id,
  roomId: r.roomId,
  email: r.email,
  status: r.status === 'pending' && r.expiresAt <= now ? 'expired' : r.status,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
});

/**
 * POST /tenancy/invite-by-email. An address that is a tenant's account gets the ordinary request instead
 * (the exact-email search would find that tenant anyway, so the answer tells no more than it). Any other
 * address, an owner's account included (the search does not show owners), is invited by email: the same
 * answer whether or not it has an account.
 */
export async function inviteByEmail(deps: Deps, ownerId: string, body: InviteByEmailValues): Promise<InviteByEmailResult> {
  const email = body.email.toLowerCase();
  const [account] = await deps.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (account?.role === 'tenant') {
    const request = await sendRequest(deps, ownerId, { roomId: body.roomId, tenantId: account.id, terms: body.terms });
    return { via: 'account', invite: null, request: { _id: request._id } };
  }
  try {
    const row = await inTransaction(deps.db, async (db) => {
      const { room, property } = await roomAccess(db, asOwner(ownerId), body.roomId, 'owner', { lock: true });
      if (room.status !== 'vacant' || room.tenantId) throw conflict(MSG.requestRoomNotVacant, 'roomId');
      if (property.isPaused) throw conflict(MSG.requestRoomPaused, 'roomId');
      // The owner's row is locked while counting: two invitations at once cannot both be the 20th.
      const [owner] = await db
        .select({ fullName: users.fullName, locale: users.locale })
        .from(users)
        .where(eq(users.id, ownerId))
        .for('update');
      const now = new Date();
      const [sent] = await db
        .select({ n: count() })
        .from(emailInvitations)
        .where(and(eq(emailInvitations.ownerId, ownerId), gt(emailInvitations.createdAt, new Date(now.getTime() - DAY_MS))));
      if ((sent?.n ?? 0) >= EMAIL_INVITES_PER_DAY) {
        throw new AppError('TOO_MANY_REQUESTS', MSG.emailInvitesPerDay(EMAIL_INVITES_PER_DAY));
      }
      const [pending] = await db
        .select()
        .from(emailInvitations)
        .where(and(eq(emailInvitations.roomId, room.id), eq(emailInvitations.email, email), eq(emailInvitations.status, 'pending')))
        .for('update');
      if (pending) {
        if (pending.expiresAt > now) throw conflict(MSG.emailInviteAlreadyPending, 'email');
        // A lapsed invitation is replaced by the new one.
        await db.update(emailInvitations).set({ status: 'expired', updatedAt: now }).where(eq(emailInvitations.id, pending.id));
      }
      const terms = requestTerms(body.terms, room.rentPaise);
      const [created] = await db
        .insert(emailInvitations)
        .values({
          id: newId(),
          roomId: room.id,
          ownerId,
          email,
          terms,
          expiresAt: new Date(now.getTime() + EMAIL_INVITE_DAYS * DAY_MS),
        })
        .returning();
      const invite = created as EmailInvitationRow;
      await enqueue(db, {
        eventKey: `email-invite:${invite.id}`,
        // No account to read a language from: the email speaks the inviter's (issue 27, ADR 039 "Server texts").
        to: { address: email, locale: owner?.locale ?? DEFAULT_LOCALE },
        template: 'tenantInvite',
        data: {
          ownerName: owner?.fullName ?? null,
          propertyName: property.title,
          city: property.city,
          roomNumber: room.roomNumber,
          rentPaise: terms.rentPaise,
          email,
          expiresAt: invite.expiresAt.toISOString(),
        },
      });
      await publishLive(db, [ownerId], { kind: 'requests', id: invite.id, roomId: room.id });
      return invite;
    });
    return { via: 'email', invite: view(row), request: null };
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** GET /tenancy/email-invites/:roomId: the room's invitations by email still pending (lapsed ones marked expired), newest first. */
export async function roomEmailInvites(deps: Deps, ownerId: string, roomId: string): Promise<EmailInvite[]> {
  const { room } = await roomAccess(deps.db, asOwner(ownerId), roomId, 'owner');
  const rows = await deps.db
    .select()
    .from(emailInvitations)
    .where(and(eq(emailInvitations.roomId, room.id), eq(emailInvitations.status, 'pending')))
    .orderBy(desc(emailInvitations.createdAt))
    .limit(50);
  const now = new Date();
  return rows.map((r) => view(r, now));
}

/** POST /tenancy/cancel-email-invite/:roomId: the owner takes back a pending invitation; its link then leads to nothing. */
export async function cancelEmailInvite(deps: Deps, ownerId: string, roomId: string, inviteId: string): Promise<EmailInvite> {
  return inTransaction(deps.db, async (db) => {
    const { room } = await roomAccess(db, asOwner(ownerId), roomId, 'owner');
    if (!isUuid(inviteId)) throw notFound(MSG.emailInviteNotFound);
    const [row] = await db
      .select()
      .from(emailInvitations)
      .where(and(eq(emailInvitations.id, inviteId), eq(emailInvitations.roomId, room.id)))
      .for('update');
    if (!row) throw notFound(MSG.emailInviteNotFound);
    const now = new Date();
    if (row.status !== 'pending' || row.expiresAt <= now) throw conflict(MSG.emailInviteNotPending, 'inviteId');
    const [changed] = await db
      .update(emailInvitations)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(emailInvitations.id, row.id))
      .returning();
    await publishLive(db, [ownerId], { kind: 'requests', id: row.id, roomId: room.id });
    return view(changed as EmailInvitationRow, now);
  });
}

/**
 * Called in the sign-up transaction: a new tenant's address's pending, unexpired invitations become requests
 * (with the lease offered), each told like an ordinary one. An invitation whose room is no longer vacant or
 * listed is closed as claimed without a request; an expired one is left alone (it cannot be claimed).
 */
export async function claimEmailInvites(tx: Db, user: { id: string; email: string; role: string }): Promise<number> {
  if (user.role !== 'tenant') return 0;
  const now = new Date();
  const invites = await tx
    .select()
    .from(emailInvitations)
    .where(
      and(
        eq(emailInvitations.email, user.email.toLowerCase()),
        eq(emailInvitations.status, 'pending'),
        gt(emailInvitations.expiresAt, now),
      ),
    )
    .orderBy(emailInvitations.createdAt)
    .for('update');
  if (invites.length === 0) return 0;
  const roomRows = await tx
    .select({ room: rooms, property: { title: properties.title, isPaused: properties.isPaused } })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(
      inArray(
        rooms.id,
        invites.map((i) => i.roomId),
      ),
    );
  const roomOf = new Map(roomRows.map((r) => [r.room.id, r]));
  let made = 0;
  for (const invite of invites) {
    const r = roomOf.get(invite.roomId);
    const open = r && r.room.status === 'vacant' && !r.room.tenantId && !r.property.isPaused && !r.room.archivedAt;
    let requestId: string | null = null;
    if (open) {
      requestId = newId();
      await tx
        .insert(requests)
        .values({ id: requestId, roomId: invite.roomId, ownerId: invite.ownerId, tenantId: user.id, terms: invite.terms });
      await notify(tx, {
        userId: user.id,
        note: { text: 'requestReceived', roomNumber: r.room.roomNumber, propertyTitle: r.property.title },
        link: APP_LINKS.tenantRequests,
      });
      await publishLive(tx, [user.id, invite.ownerId], { kind: 'requests', id: requestId, roomId: invite.roomId });
      made++;
    }
    await tx.update(emailInvitations).set({ status: 'claimed', requestId, updatedAt: now }).where(eq(emailInvitations.id, invite.id));
  }
  return made;
}
