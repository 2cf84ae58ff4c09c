import { API_BASE, MSG } from '@kiraya/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/index.js';
import { publishLive } from '../lib/live.js';
import { newId } from '../lib/ids.js';
import { TokenSigner } from '../plugins/auth.js';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { createTestContext, type SecondInstance, secondInstance, signedIn, type TestContext, TEST_ORIGIN } from './harness.js';
import { LIVE_LIMITS, liveHubFor } from '../modules/live/index.js';
import { openStream } from './sse-stream.js';

/**
 * Live delivery between two sessions on two server instances sharing one database (ADR 017): real
 * listening servers, real event streams read over HTTP.
 */

let ctx: TestContext;
/** A second instance on the same database (its own pool and listener on PostgreSQL). */
let second: FastifyInstance;
let instance: SecondInstance | undefined;
let urlA: string;
let urlB: string;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let roomId: string;
let otherRoomId: string;

const send = (base: string, who: Person, path: string, body: object) =>
  fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  const p = (await createProperty(ctx.deps, owner.user._id))._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, p))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, '2026-01-01');
  const q = (await createProperty(ctx.deps, otherOwner.user._id))._id;
  otherRoomId = (await createRoom(ctx.deps, otherOwner.user._id, q))._id;
  await occupyRoom(ctx.deps, otherRoomId, otherTenant.user._id, '2026-01-01');

  instance = await secondInstance(ctx);
  second = instance.app;
  urlA = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await instance?.close();
  await ctx.close();
});

describe('GET /events (ADR 017)', () => {
  it('a message posted on one instance reaches the addressee’s stream on the other, and nobody else’s', async () => {
    const mine = await openStream(urlA, { cookie: tenant.cookie });
    const theirs = await openStream(urlA, { cookie: otherTenant.cookie });
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    await mine.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    await theirs.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');

    const sent = await send(urlB, owner, `/messages/to-tenant/${roomId}`, { text: 'Water is off from 2 to 4 pm.' });
    expect(sent.status).toBe(201);
    const threadId = ((await sent.json()) as { data: { thread: { _id: string } } }).data.thread._id;
    await mine.waitFor((e) => e.some((x) => x.data.kind === 'message' && x.data.threadId === threadId), 'the message');
    await mine.waitFor((e) => e.some((x) => x.data.kind === 'notification'), 'the notification');
    // The other tenant's own message arrives; nothing of the first conversation came before it.
    const other = await send(urlB, otherOwner, `/messages/to-tenant/${otherRoomId}`, { text: 'Hello.' });
    const otherThread = ((await other.json()) as { data: { thread: { _id: string } } }).data.thread._id;
    await theirs.waitFor((e) => e.some((x) => x.data.kind === 'message'), 'their message');
    expect(theirs.live().filter((x) => x.kind === 'message')).toEqual([{ kind: 'message', threadId: otherThread, roomId: otherRoomId }]);
    expect(mine.live().some((x) => x.threadId === otherThread)).toBe(false);
    // Events carry ids and kinds, never the text.
    expect(JSON.stringify(mine.events)).not.toContain('Water is off');
    mine.close();
    theirs.close();
  });

  it('a bill added, edited and deleted reaches the room’s tenant live each time, and not the other tenant', async () => {
    const mine = await openStream(urlA, { cookie: tenant.cookie });
    const theirs = await openStream(urlA, { cookie: otherTenant.cookie });
    await mine.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    await theirs.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    const room = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    await occupyRoom(ctx.deps, room, tenant.user._id, '2026-01-01');
    const bills = () => mine.live().filter((x) => x.kind === 'bills' && x.roomId === room).length;

    const added = await send(urlB, owner, '/bills/add-bill', {
      propertyId,
      roomId: room,
      billDate: '2026-01-01',
      bills: [
        { billType: 'Rent Bill', amount: 8500 },
        { billType: 'Maintenance Bill', amount: 300 },
      ],
    });
    expect(added.status).toBe(201);
    const [rentBill, second] = ((await added.json()) as { data: { bills: { _id: string }[] } }).data.bills as [
      { _id: string },
      { _id: string },
    ];
    await mine.waitFor(() => bills() === 1, 'the added bill');
    const edited = await fetch(`${urlB}${API_BASE}/bills/update-bill/${second._id}`, {
      method: 'PUT',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ billType: 'Maintenance Bill', amount: 350 }),
    });
    expect(edited.status).toBe(200);
    await mine.waitFor(() => bills() === 2, 'the edited bill');
    expect((await send(urlB, owner, '/bills/delete-bill', { billId: rentBill._id })).status).toBe(200);
    await mine.waitFor(() => bills() === 3, 'the deleted bill');
    expect(theirs.live().some((x) => x.kind === 'bills')).toBe(false);
    mine.close();
    theirs.close();
  });

  it('sends nothing for a rolled-back write', async () => {
    const s = await openStream(urlA, { cookie: tenant.cookie });
    await s.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    await expect(
      inTransaction(ctx.deps.db, async (tx) => {
        await publishLive(tx, [tenant.user._id], { kind: 'bills', id: 'rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await inTransaction(ctx.deps.db, (tx) => publishLive(tx, [tenant.user._id], { kind: 'bills', id: 'committed' }));
    await s.waitFor((e) => e.some((x) => x.data.id === 'committed'), 'the committed event');
    expect(s.live().map((x) => x.id)).toEqual(['committed']);
    s.close();
  });

  it('removes a stream on disconnect and caps the streams one user holds open', async () => {
    const hub = liveHubFor(ctx.deps);
    // The streams of the tests before have gone (their clients aborted).
    for (let i = 0; i < 100 && hub.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
    const before = hub.size;
    expect(before).toBe(0);
    const streams = [];
    for (let i = 0; i < LIVE_LIMITS.maxStreamsPerUser; i++) streams.push(await openStream(urlA, { cookie: owner.cookie }));
    for (const s of streams) await s.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    expect(hub.size).toBe(before + LIVE_LIMITS.maxStreamsPerUser);
    const extra = await openStream(urlA, { cookie: owner.cookie });
    await extra.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    // The oldest was closed by the server to make room.
    expect(await streams[0]?.waitEnded()).toBe(true);
    expect(hub.streams.get(owner.user._id)?.length).toBe(LIVE_LIMITS.maxStreamsPerUser);
    for (const s of [...streams, extra]) s.close();
    for (let i = 0; i < 100 && hub.size > before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(hub.size).toBe(before);
  });

  it('ends the stream when the access token expires; reconnecting with it is 401 (the page refreshes first)', async () => {
    const shortLived = new TokenSigner({ jwtSecret: ctx.config.jwtSecret, accessTokenTtlSeconds: 1 });
    const token = await shortLived.sign({ userId: tenant.user._id, role: 'tenant', sessionId: newId() });
    const s = await openStream(urlA, { bearer: token });
    expect(s.res.status).toBe(200);
    expect(await s.waitEnded()).toBe(true);
    const again = await fetch(`${urlA}${API_BASE}/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toBe(MSG.sessionExpired);
  });

  it('refuses visitors and answers unread counts without the event-stream Accept header', async () => {
    const visitor = await fetch(`${urlA}${API_BASE}/events`, { headers: { accept: 'text/event-stream' } });
    expect(visitor.status).toBe(401);
    const counts = await fetch(`${urlA}${API_BASE}/events`, { headers: { cookie: tenant.cookie } });
    const body = (await counts.json()) as { data: { messages: number; notifications: number } };
    expect(body.data.messages).toBeGreaterThanOrEqual(1);
    expect(body.data.notifications).toBeGreaterThanOrEqual(1);
  });
});
