import { EMAIL_INVITES_PER_DAY, emailInviteSchema, inviteByEmailResultSchema, MSG, requestSchema } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInvitations, outboxMessages, requests, rooms } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { userInput } from '../../seed/factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { expectError, okData, register } from '../../test/support.js';
import { deliverDue, unsealData } from '../outbox/index.js';
import { pauseProperty } from '../properties/index.js';

let ctx: TestContext;
let smtp: TestSmtp;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let propertyId: string;
const API = '/api/v1';

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
  [owner, otherOwner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Lotus Residency', city: 'Pune' }))._id;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const hdr = (who?: Person) => (who ? { cookie: who.cookie } : {});
const invite = (who: Person | undefined, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `${API}/tenancy/invite-by-email`, headers: hdr(who), payload: body as object });
const list = (who: Person | undefined, roomId: string) =>
  ctx.app.inject({ method: 'GET', url: `${API}/tenancy/email-invites/${roomId}`, headers: hdr(who) });
const cancel = (who: Person | undefined, roomId: string, inviteId: string) =>
  ctx.app.inject({ method: 'POST', url: `${API}/tenancy/cancel-email-invite/${roomId}`, headers: hdr(who), payload: { inviteId } });
const newRoom = async (rentAmount = 12_500) =>
  (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: `E${Math.random().toString().slice(2, 7)}`, rentAmount }))._id;
let n = 0;
const freshEmail = () => `new.person.${Date.now()}.${n++}@example.com`;

async function invited(roomId: string, email = freshEmail()) {
  const r = inviteByEmailResultSchema.parse(okData(await invite(owner, { roomId, email }), 201, MSG.emailInviteSent(email.toLowerCase())));
  expect(r.via).toBe('email');
  return { email: email.toLowerCase(), invite: emailInviteSchema.parse(r.invite) };
}

describe('POST /tenancy/invite-by-email', () => {
  it('invites an address with no account: the invitation is stored, listed on the room, and its email carries the owner, room, rent and sign-up link', async () => {
    const roomId = await newRoom(12_500);
    const email = freshEmail();
    // An address is kept in lower case.
    const { invite: inv } = await invited(roomId, email.toUpperCase());
    expect(inv).toMatchObject({ roomId, email, status: 'pending' });
    const days = (new Date(inv.expiresAt).getTime() - new Date(inv.createdAt).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);
    const listed = okData<unknown[]>(await list(owner, roomId), 200, MSG.emailInvitesFetched).map((x) => emailInviteSchema.parse(x));
    expect(listed.map((x) => x._id)).toEqual([inv._id]);

    const before = smtp.received.length;
    await deliverDue(ctx.deps);
    const mail = smtp.received.slice(before).find((m) => (m.to as { text: string }).text === email);
    expect(mail?.subject).toBe(
      `${owner.user.fullName} invites you to rent Room ${(await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomId)))[0]?.roomNumber}, Lotus Residency`,
    );
    expect(mail?.text).toContain('for ₹12,500/month,');
    expect(mail?.text).toContain('Pune');
    const link = `http://localhost:3000/auth?signup=1&role=tenant&email=${encodeURIComponent(email)}`;
    expect(mail?.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail?.text).toContain(link);
    // No account, no preferences: an invitation has no unsubscribe header.
    expect(mail?.headerLines.find((h) => h.key === 'list-unsubscribe')).toBeUndefined();
  });

  it('refuses a second pending invitation of the same address to the same room, but a lapsed one is replaced', async () => {
    const roomId = await newRoom();
    const { email, invite: first } = await invited(roomId);
    expectError(await invite(owner, { roomId, email }), 'CONFLICT', MSG.emailInviteAlreadyPending, 'email');
    // The first lapses: a new invitation replaces it.
    await ctx.deps.db
      .update(emailInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailInvitations.id, first._id));
    const { invite: second } = await invited(roomId, email);
    const [old] = await ctx.deps.db.select().from(emailInvitations).where(eq(emailInvitations.id, first._id));
    expect(old?.status).toBe('expired');
    expect(second._id).not.toBe(first._id);
  });

  it("answers a tenant's address with the ordinary request, waiting in their Requests", async () => {
    const roomId = await newRoom();
    const res = await invite(owner, { roomId, email: tenant.user.email });
    const r = inviteByEmailResultSchema.parse(okData(res, 201, MSG.emailInviteToAccount));
    expect(r).toMatchObject({ via: 'account', invite: null });
    const [req] = await ctx.deps.db
      .select()
      .from(requests)
      .where(and(eq(requests.roomId, roomId), eq(requests.tenantId, tenant.user._id)));
    expect(req?.status).toBe('pending');
    expect(req?.id).toBe(r.request?._id);
    // It tells no more than the search does: no contact details of the tenant.
    expect(res.body).not.toContain(tenant.user.phoneNumber);
  });

  it("gives an owner's address the same answer as an address with no account (the search does not show owners)", async () => {
    const roomId = await newRoom();
    const r = inviteByEmailResultSchema.parse(
      okData(await invite(owner, { roomId, email: otherOwner.user.email }), 201, MSG.emailInviteSent(otherOwner.user.email)),
    );
    expect(r.via).toBe('email');
  });

  it("refuses another owner's room (403, as every owner route on a listed room), tenants (403) and visitors (401)", async () => {
    const roomId = await newRoom();
    const body = { roomId, email: freshEmail() };
    expectError(await invite(otherOwner, body), 'FORBIDDEN', MSG.forbidden);
    expectError(await invite(tenant, body), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await invite(undefined, body), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await list(otherOwner, roomId), 'FORBIDDEN', MSG.forbidden);
    expectError(await list(tenant, roomId), 'FORBIDDEN', MSG.ownersOnly);
    expect(await ctx.deps.db.select().from(emailInvitations).where(eq(emailInvitations.roomId, roomId))).toHaveLength(0);
  });

  it('refuses an occupied room and a paused listing with the ordinary invitation messages', async () => {
    const occupied = await newRoom();
    await occupyRoom(ctx.deps, occupied, tenant.user._id);
    expectError(await invite(owner, { roomId: occupied, email: freshEmail() }), 'CONFLICT', MSG.requestRoomNotVacant, 'roomId');
    const paused = await createProperty(ctx.deps, owner.user._id, { title: 'Paused House' });
    const pausedRoom = (await createRoom(ctx.deps, owner.user._id, paused._id))._id;
    await pauseProperty(ctx.deps, owner.user._id, paused._id, { isPaused: true });
    expectError(await invite(owner, { roomId: pausedRoom, email: freshEmail() }), 'CONFLICT', MSG.requestRoomPaused, 'roomId');
  });

  it('refuses hostile input with 400 and the field named', async () => {
    const roomId = await newRoom();
    for (const email of ['not-an-email', 'a@b', `${'x'.repeat(300)}@example.com`, 'evil@example.com\r\nBcc: x@y.z', '']) {
      expectError(await invite(owner, { roomId, email }), 'BAD_REQUEST', MSG.emailFormat, 'email');
    }
    expect((await invite(owner, { roomId: 'x'.repeat(500), email: freshEmail() })).statusCode).toBe(400);
    expect((await invite(owner, { roomId: "'; drop table rooms; --", email: freshEmail() })).statusCode).toBe(404);
    expect((await invite(owner, { roomId, email: freshEmail(), terms: { rent: -5 } })).statusCode).toBe(400);
  });

  it(`allows at most ${EMAIL_INVITES_PER_DAY} invitations in 24 hours per owner, counted in the database`, async () => {
    const busy = await signedIn(ctx, 'owner');
    const p = await createProperty(ctx.deps, busy.user._id);
    const roomId = (await createRoom(ctx.deps, busy.user._id, p._id))._id;
    // Yesterday's do not count.
    const old = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ({ id: crypto.randomUUID(), email: `old${i}.${Date.now()}@example.com` })),
    );
    for (const o of old) {
      await ctx.deps.db.insert(emailInvitations).values({
        id: o.id,
        roomId,
        ownerId: busy.user._id,
        email: o.email,
        status: 'cancelled',
        terms: {
          rentPaise: 1,
          depositPaise: 0,
          rentDueDay: null,
          startDate: null,
          termMonths: 11,
          incrementBp: 0,
          noticeMonths: 1,
          lateFee: null,
        },
        expiresAt: new Date(),
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      });
    }
    for (let i = 0; i < EMAIL_INVITES_PER_DAY; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API}/tenancy/invite-by-email`,
        headers: hdr(busy),
        payload: { roomId, email: freshEmail() },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await ctx.app.inject({
      method: 'POST',
      url: `${API}/tenancy/invite-by-email`,
      headers: hdr(busy),
      payload: { roomId, email: freshEmail() },
    });
    expectError(over, 'TOO_MANY_REQUESTS', MSG.emailInvitesPerDay(EMAIL_INVITES_PER_DAY));
    // Cancelling does not give one back; another owner is not limited by it.
    await invited(await newRoom());
  });
});

describe('cancelling an email invitation', () => {
  it('cancels a pending one (its owner only); a cancelled one cannot be cancelled again or claimed', async () => {
    const roomId = await newRoom();
    const { email, invite: inv } = await invited(roomId);
    expectError(await cancel(otherOwner, roomId, inv._id), 'FORBIDDEN', MSG.forbidden);
    expectError(await cancel(tenant, roomId, inv._id), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await cancel(owner, await newRoom(), inv._id), 'NOT_FOUND', MSG.emailInviteNotFound);
    expectError(await cancel(owner, roomId, 'not-a-uuid'), 'NOT_FOUND', MSG.emailInviteNotFound);
    const done = emailInviteSchema.parse(okData(await cancel(owner, roomId, inv._id), 200, MSG.emailInviteCancelled));
    expect(done.status).toBe('cancelled');
    expectError(await cancel(owner, roomId, inv._id), 'CONFLICT', MSG.emailInviteNotPending, 'inviteId');
    expect(okData<unknown[]>(await list(owner, roomId))).toEqual([]);
    // Signing up with the address now finds nothing waiting.
    okData(await register(ctx, userInput('tenant', { email })), 201);
    const [row] = await ctx.deps.db.select().from(emailInvitations).where(eq(emailInvitations.id, inv._id));
    expect(row?.status).toBe('cancelled');
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomId))).toHaveLength(0);
  });
});

/** Opens the verification link sign-up sent to `email` (ADR 033): invitations wait for it. */
async function verifyAddress(email: string): Promise<void> {
  const rows = await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'verifyEmail'));
  const row = rows.find((r) => r.data.email === email);
  const token = row && unsealData(row.data, ctx.deps.crypto).token;
  expect(typeof token).toBe('string');
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/verify-email`, payload: { token } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('signing up with an invited address', () => {
  it('turns the pending invitations into requests with the lease offered, waiting in Requests; the tenant accepts', async () => {
    const roomA = await newRoom(9_000);
    const roomB = await newRoom(11_000);
    const email = freshEmail();
    const withTerms = await invite(owner, { roomId: roomA, email, terms: { rent: 9_500, securityDeposit: 19_000 } });
    expect(withTerms.statusCode, withTerms.body).toBe(201);
    await invited(roomB, email);
    const input = userInput('tenant', { email });
    okData(await register(ctx, input), 201);
    // Nothing is claimed until the address is shown to be the new tenant's: the link sign-up sent.
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomA))).toHaveLength(0);
    await verifyAddress(email);
    const login = await ctx.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password: input.password } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = okData<{ _id: string; incomingRequests: unknown[] }>(
      await ctx.app.inject({ method: 'GET', url: `${API}/users/get-current-user`, headers: { cookie } }),
    );
    const incoming = me.incomingRequests.map((r) => requestSchema.parse(r));
    expect(incoming.map((r) => r.roomId._id).sort()).toEqual([roomA, roomB].sort());
    const a = incoming.find((r) => r.roomId._id === roomA);
    expect(a?.terms).toMatchObject({ rent: 950_000, securityDeposit: 1_900_000 });
    const rows = await ctx.deps.db.select().from(emailInvitations).where(eq(emailInvitations.email, email));
    expect(rows.every((r) => r.status === 'claimed' && r.requestId)).toBe(true);
    // The new tenant is told (bell and email) like any invitee.
    const told = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, me._id), eq(outboxMessages.template, 'notification')));
    expect(told.length).toBe(2);
    // Accepting puts the tenant in the room.
    const accepted = await ctx.app.inject({ method: 'PATCH', url: `${API}/requests/accept/${a?._id}`, headers: { cookie } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [room] = await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomA));
    expect(room?.tenantId).toBe(me._id);
  });

  it('does not claim an expired invitation, nor for an owner sign-up', async () => {
    const roomId = await newRoom();
    const { email, invite: inv } = await invited(roomId);
    await ctx.deps.db
      .update(emailInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailInvitations.id, inv._id));
    okData(await register(ctx, userInput('tenant', { email })), 201);
    await verifyAddress(email);
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomId))).toHaveLength(0);
    const listed = okData<unknown[]>(await list(owner, roomId)).map((x) => emailInviteSchema.parse(x));
    expect(listed.map((x) => x.status)).toEqual(['expired']);
    expectError(await cancel(owner, roomId, inv._id), 'CONFLICT', MSG.emailInviteNotPending, 'inviteId');

    const room2 = await newRoom();
    const { email: ownerEmail } = await invited(room2);
    okData(await register(ctx, userInput('owner', { email: ownerEmail })), 201);
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, room2))).toHaveLength(0);
  });

  it('closes an invitation whose room was taken meanwhile without a request', async () => {
    const roomId = await newRoom();
    const { email, invite: inv } = await invited(roomId);
    await occupyRoom(ctx.deps, roomId, tenant.user._id);
    okData(await register(ctx, userInput('tenant', { email })), 201);
    await verifyAddress(email);
    const [row] = await ctx.deps.db.select().from(emailInvitations).where(eq(emailInvitations.id, inv._id));
    expect(row).toMatchObject({ status: 'claimed', requestId: null });
    expect(await ctx.deps.db.select().from(requests).where(eq(requests.roomId, roomId))).toHaveLength(0);
  });
});
