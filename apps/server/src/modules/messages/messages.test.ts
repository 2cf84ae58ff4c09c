import {
  API_BASE,
  MESSAGE_MAX,
  MESSAGES_PER_MINUTE,
  MSG,
  notificationListSchema,
  sentMessageSchema,
  threadListSchema,
  threadMessagesSchema,
  threadSchema,
  THREAD_MESSAGES_MAX,
} from '@kiraya/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../lib/dates.js';
import { messages } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext, TEST_ORIGIN } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { vacateRoom } from '../tenancy/index.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let enquirer: Person;
let propertyId: string;
let roomId: string;

const M = `${API_BASE}/messages`;
type Who = Person | undefined;
const hdr = (who: Who) => ({ origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) });
const get = (who: Who, path: string) => ctx.app.inject({ method: 'GET', url: `${M}${path}`, headers: hdr(who) });
const post = (who: Who, path: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `${M}${path}`, headers: hdr(who), ...(payload ? { payload } : {}) });
const toOwner = (who: Who, room: string, payload: object) => post(who, `/to-owner/${room}`, payload);
const toTenant = (who: Who, room: string, payload: object) => post(who, `/to-tenant/${room}`, payload);
const threadsOf = async (who: Person) => threadListSchema.parse(okData(await get(who, '/threads')));
const notificationsOf = async (who: Person) =>
  notificationListSchema.parse(okData(await ctx.app.inject({ method: 'GET', url: `${API_BASE}/notifications/list`, headers: hdr(who) })));

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant, enquirer] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Lotus Residency' }))._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, '2026-01-01');
  // The other tenant lives in another owner's room.
  const otherProperty = (await createProperty(ctx.deps, otherOwner.user._id))._id;
  await occupyRoom(ctx.deps, (await createRoom(ctx.deps, otherOwner.user._id, otherProperty))._id, otherTenant.user._id, '2026-01-01');
});
afterAll(() => ctx.close());

describe('the room conversation (B7)', () => {
  let threadId: string;

  it("the room's tenant writes to the owner: the room's thread, unread for the owner, notified once", async () => {
    const sent = sentMessageSchema.parse(
      okData(await toOwner(tenant, roomId, { text: '  The tap\r\nis leaking  ' }), 201, MSG.messageSent),
    );
    threadId = sent.thread._id;
    expect(sent.thread).toMatchObject({ kind: 'room', canSend: true, unread: 0, room: { _id: roomId, propertyTitle: 'Lotus Residency' } });
    expect(sent.thread.with._id).toBe(owner.user._id);
    // Trimmed, CRLF stored as LF.
    expect(sent.message).toMatchObject({ text: 'The tap\nis leaking', mine: true, maintenance: false });
    await toOwner(tenant, roomId, { text: 'Please send a plumber.', maintenance: true });

    const mine = await threadsOf(owner);
    expect(mine.unread).toBe(2);
    expect(mine.threads).toHaveLength(1);
    expect(mine.threads[0]).toMatchObject({
      _id: threadId,
      unread: 2,
      lastMessage: { text: 'Please send a plumber.', maintenance: true, mine: false },
    });
    const bell = await notificationsOf(owner);
    // Two messages, one unread "new message" notification for the conversation.
    const about = bell.items.filter((n) => n.kind === 'message');
    expect(about).toHaveLength(1);
    // It opens the owner's inbox at this conversation (issue 19).
    expect(about[0]?.link).toBe(`/OwnerDashboard/Messages?thread=${threadId}`);
    expect(about[0]?.title).toContain(`${tenant.user.fullName}`);
  });

  it('the owner sees the room’s threads in its Messages tab, replies, and reading marks them read', async () => {
    const tab = okData<unknown[]>(await get(owner, `/room/${roomId}`)).map((t) => threadSchema.parse(t));
    expect(tab.map((t) => t._id)).toEqual([threadId]);
    const opened = threadMessagesSchema.parse(okData(await get(owner, `/thread/${threadId}`)));
    expect(opened.messages.map((m) => m.text)).toEqual(['The tap\nis leaking', 'Please send a plumber.']);
    expect(opened.messages.every((m) => !m.mine)).toBe(true);
    const bellBefore = await notificationsOf(owner);
    expect(okData(await post(owner, `/read/${threadId}`))).toEqual({ unread: 0 });
    expect((await threadsOf(owner)).unread).toBe(0);
    // Reading the conversation also reads its "new message" on the bell.
    const bellAfter = await notificationsOf(owner);
    expect(bellAfter.unread).toBe(bellBefore.unread - 1);
    expect(bellAfter.items.filter((n) => n.kind === 'message').every((n) => n.read)).toBe(true);

    okData(await post(owner, `/thread/${threadId}`, { text: 'Plumber on Monday.' }), 201);
    // Writing to the tenant from the room card lands in the same thread.
    const again = sentMessageSchema.parse(okData(await toTenant(owner, roomId, { text: 'At 10 am.' }), 201));
    expect(again.thread._id).toBe(threadId);
    expect((await threadsOf(tenant)).unread).toBe(2);
    expect((await notificationsOf(tenant)).items.some((n) => n.link === `/TenantDashboard/Messages?thread=${threadId}`)).toBe(true);
  });

  it('is invisible to other tenants, other owners and visitors', async () => {
    for (const who of [otherTenant, otherOwner, enquirer]) {
      expectError(await get(who, `/thread/${threadId}`), 'NOT_FOUND', MSG.threadNotFound);
      expectError(await post(who, `/thread/${threadId}`, { text: 'hi' }), 'NOT_FOUND', MSG.threadNotFound);
      expectError(await post(who, `/read/${threadId}`), 'NOT_FOUND', MSG.threadNotFound);
      expect(okData<unknown[]>(await get(who, `/room/${roomId}`))).toEqual([]);
      expect((await threadsOf(who)).threads.map((t) => t._id)).not.toContain(threadId);
    }
    expectError(await get(undefined, `/thread/${threadId}`), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await get(undefined, `/room/${roomId}`), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await get(undefined, '/threads'), 'UNAUTHORIZED', MSG.unauthorized);
    // Another owner cannot write to this room's tenant; an owner cannot use the tenant's route.
    expectError(await toTenant(otherOwner, roomId, { text: 'hi' }), 'FORBIDDEN', MSG.forbidden);
    expectError(await toOwner(owner, roomId, { text: 'hi' }), 'FORBIDDEN', MSG.tenantsOnly);
    expectError(await toTenant(tenant, roomId, { text: 'hi' }), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await get(owner, '/thread/not-a-uuid'), 'NOT_FOUND', MSG.threadNotFound);
  });

  it('refuses empty, too long and control-character text with the contract’s messages', async () => {
    expectError(await post(tenant, `/thread/${threadId}`, { text: '   ' }), 'BAD_REQUEST', MSG.messageRequired, 'text');
    expectError(await post(tenant, `/thread/${threadId}`, {}), 'BAD_REQUEST', MSG.messageRequired, 'text');
    expectError(
      await post(tenant, `/thread/${threadId}`, { text: 'x'.repeat(MESSAGE_MAX + 1) }),
      'BAD_REQUEST',
      MSG.textTooLong('Message', MESSAGE_MAX),
      'text',
    );
    expectError(
      await post(tenant, `/thread/${threadId}`, { text: 'bell\u0007' }),
      'BAD_REQUEST',
      MSG.textControlChars('Message', true),
      'text',
    );
    expectError(
      await post(tenant, `/thread/${threadId}`, { text: 'ok', maintenance: 'yes' }),
      'BAD_REQUEST',
      MSG.maintenanceFlag,
      'maintenance',
    );
    okData(await post(tenant, `/thread/${threadId}`, { text: 'x'.repeat(MESSAGE_MAX) }), 201);
  });

  it('a former tenant keeps read access to their conversation but can write nothing new', async () => {
    const room = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    const leaver = await signedIn(ctx, 'tenant');
    await occupyRoom(ctx.deps, room, leaver.user._id, '2026-01-01');
    const t = sentMessageSchema.parse(okData(await toOwner(leaver, room, { text: 'Moving out soon.' }), 201)).thread;
    await vacateRoom(ctx.deps, owner.user._id, room, todayInIndia(), 'Left before the notice ran out.');
    const seen = threadMessagesSchema.parse(okData(await get(leaver, `/thread/${t._id}`)));
    expect(seen.thread.canSend).toBe(false);
    expect(seen.messages.map((m) => m.text)).toEqual(['Moving out soon.']);
    expectError(await post(leaver, `/thread/${t._id}`, { text: 'One more thing' }), 'CONFLICT', MSG.threadClosed);
    expectError(await post(owner, `/thread/${t._id}`, { text: 'Bye' }), 'CONFLICT', MSG.threadClosed);
    expectError(await toTenant(owner, room, { text: 'Anyone?' }), 'CONFLICT', MSG.messageNoTenant);
    // The next tenant starts a conversation of their own: the old one stays out of their sight.
    const next = await signedIn(ctx, 'tenant');
    await occupyRoom(ctx.deps, room, next.user._id);
    const fresh = sentMessageSchema.parse(okData(await toTenant(owner, room, { text: 'Welcome!' }), 201)).thread;
    expect(fresh._id).not.toBe(t._id);
    expectError(await get(next, `/thread/${t._id}`), 'NOT_FOUND', MSG.threadNotFound);
    expect(okData<unknown[]>(await get(next, `/room/${room}`))).toHaveLength(1);
    expect(okData<unknown[]>(await get(owner, `/room/${room}`))).toHaveLength(2);
  });
});

describe('enquiries (Send Message on a room card)', () => {
  it('a tenant without the room opens an enquiry; the owner answers it from the room; nobody else sees it', async () => {
    const vacant = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    const sent = sentMessageSchema.parse(okData(await toOwner(enquirer, vacant, { text: 'Is this room available in March?' }), 201));
    expect(sent.thread).toMatchObject({ kind: 'enquiry', canSend: true });
    // A second message from the card lands in the same enquiry.
    const again = sentMessageSchema.parse(okData(await toOwner(enquirer, vacant, { text: 'And is parking included?' }), 201));
    expect(again.thread._id).toBe(sent.thread._id);
    const tab = okData<{ _id: string; kind: string; unread: number }[]>(await get(owner, `/room/${vacant}`));
    expect(tab).toEqual([expect.objectContaining({ _id: sent.thread._id, kind: 'enquiry', unread: 2 })]);
    okData(await post(owner, `/thread/${sent.thread._id}`, { text: 'Yes, from 1 March. Parking too.' }), 201);
    expect((await threadsOf(enquirer)).threads[0]).toMatchObject({ _id: sent.thread._id, unread: 1 });
    expect(okData<unknown[]>(await get(otherTenant, `/room/${vacant}`))).toEqual([]);
    expectError(await get(otherTenant, `/thread/${sent.thread._id}`), 'NOT_FOUND', MSG.threadNotFound);
    expectError(await toOwner(enquirer, '00000000-0000-4000-8000-000000000000', { text: 'hi' }), 'NOT_FOUND', MSG.roomNotFound);
  });
});

describe('a long conversation (Show earlier messages)', () => {
  it(`answers the latest ${THREAD_MESSAGES_MAX}, then each page before a message, every message once and in order`, async () => {
    const writer = await signedIn(ctx, 'tenant');
    const room = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    const first = sentMessageSchema.parse(okData(await toOwner(writer, room, { text: 'm0' }), 201));
    const threadId = first.thread._id;
    // 2½ pages more, many at one instant, where the id alone orders them: the pages must still neither skip
    // nor repeat a message.
    const total = THREAD_MESSAGES_MAX * 2 + 50;
    await ctx.deps.db.insert(messages).values(
      Array.from({ length: total - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        threadId,
        senderId: i % 2 ? owner.user._id : writer.user._id,
        text: `m${i + 1}`,
        // The first ones a microsecond apart (a JS Date would round them to one instant), the rest at one instant.
        createdAt: i < THREAD_MESSAGES_MAX ? sql`now() + ${i + 1} * interval '1 microsecond'` : sql`now() + interval '1 second'`,
      })),
    );
    const pageOf = async (before?: string) =>
      threadMessagesSchema.parse(okData(await get(writer, `/thread/${threadId}${before ? `?before=${before}` : ''}`)));
    const seen: string[] = [];
    let page = await pageOf();
    expect(page.messages).toHaveLength(THREAD_MESSAGES_MAX);
    expect(page.hasEarlier).toBe(true);
    const pages = [page];
    while (page.hasEarlier) {
      page = await pageOf(page.messages[0]?._id);
      pages.push(page);
    }
    expect(pages.map((p) => p.messages.length)).toEqual([THREAD_MESSAGES_MAX, THREAD_MESSAGES_MAX, 50]);
    for (const p of pages.reverse()) seen.push(...p.messages.map((m) => m._id));
    expect(new Set(seen).size).toBe(total);
    // Oldest first across the pages, as PostgreSQL orders them.
    const ordered = await ctx.deps.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.threadId, threadId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    const expected = ordered.map((m) => m.id);
    expect(seen[0]).toBe(first.message._id);
    expect(seen).toEqual(expected);
  });

  it('refuses a `before` that is not a message of this conversation, and hides other conversations', async () => {
    const { threads } = await threadsOf(tenant);
    const mine = threads[0]?._id ?? '';
    const elsewhere = sentMessageSchema.parse(
      okData(await toOwner(enquirer, (await createRoom(ctx.deps, owner.user._id, propertyId))._id, { text: 'hello' }), 201),
    );
    for (const before of [elsewhere.message._id, '00000000-0000-4000-8000-000000000000', 'not-an-id', 'toString', '%00'])
      expectError(await get(tenant, `/thread/${mine}?before=${before}`), 'NOT_FOUND', MSG.earlierMessagesNotFound);
    expectError(await get(tenant, `/thread/${mine}?before=${'a'.repeat(101)}`), 'BAD_REQUEST', MSG.earlierMessagesNotFound);
    // Another tenant learns nothing about the conversation, whatever `before` says.
    expectError(await get(otherTenant, `/thread/${mine}?before=${elsewhere.message._id}`), 'NOT_FOUND', MSG.threadNotFound);
  });
});

describe('rate limit', () => {
  it(`refuses a message beyond ${MESSAGES_PER_MINUTE} a minute with 429`, async () => {
    const sender = await signedIn(ctx, 'tenant');
    const room = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    const first = sentMessageSchema.parse(okData(await toOwner(sender, room, { text: 'one' }), 201));
    // The rest of the minute's allowance, written straight into the table.
    await ctx.deps.db.insert(messages).values(
      Array.from({ length: MESSAGES_PER_MINUTE - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        threadId: first.thread._id,
        senderId: sender.user._id,
        text: `n${i}`,
      })),
    );
    const refused = await toOwner(sender, room, { text: 'too many' });
    expectError(refused, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    const stored = await ctx.deps.db.select().from(messages).where(eq(messages.threadId, first.thread._id));
    expect(stored).toHaveLength(MESSAGES_PER_MINUTE);
  });
});
