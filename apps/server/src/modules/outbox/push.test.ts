import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, MSG } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OutboxRow, outboxMessages, pushSubscriptions } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { createBilledRoom, expectError, okData, type Person, switchLocale } from '../../test/support.js';
import { claimDue, deliverDue } from './service.js';
import { assertPublicHost } from '../../lib/public-address.js';
import { type PushFetch, pushEndpointAllowed, sendPush } from './push.js';

/**
 * Web Push end to end (issue 27, ADR 035): a "browser" made of its own P-256 key pair and auth secret subscribes
 * through the API with a local HTTP server standing in for the push service; an event raises a push; the test
 * checks the VAPID signature and decrypts the body as a browser does (RFC 8291, aes128gcm) to read the message.
 */

type Received = { url: string; headers: IncomingHttpHeaders; body: Buffer };
let ctx: TestContext;
let service: Server;
let serviceUrl: string;
let received: Received[] = [];
/** What the stand-in push service answers next (201 Created, as FCM and Mozilla do). */
let answer = 201;

beforeAll(async () => {
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The stand-in push service is the one origin the setting adds (ADR 043); nothing else local is called.
  ctx = await createTestContext({ pushServiceOrigin: serviceUrl });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => service?.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = 201;
});

/** A browser's side of a push subscription: its key pair and auth secret (what PushManager.subscribe makes). */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${serviceUrl}/push/${name}-${randomBytes(4).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (with RFC 8188's aes128gcm record): what a browser does with a push it receives. */
function decryptPush(b: ReturnType<typeof browser>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = b.ecdh.getPublicKey();
  const ecdhSecret = b.ecdh.computeSecret(asPublic);
  const prkKey = hmac(b.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header (RFC 8292): ES256 JWT for the push service's origin, signed by the server's key. */
function checkVapid(headers: IncomingHttpHeaders, endpoint: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(m).not.toBeNull();
  const [jwt = '', k = ''] = [m?.[1], m?.[2]];
  expect(k).toBe(ctx.config.push.publicKey);
  const [h = '', p = '', s = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  expect(claims.aud).toBe(new URL(endpoint).origin);
  expect(claims.sub).toBe(ctx.config.push.subject);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

const post = (who: Person, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}${path}`, headers: { cookie: who.cookie }, payload });

/** An owner, a tenant living in a billed room, and the room. */
async function tenancy() {
  const owner = await signedIn(ctx, 'owner');
  const tenant = await signedIn(ctx, 'tenant');
  const property = await createProperty(ctx.deps, owner.user._id);
  const { roomId } = await createBilledRoom(ctx, owner, tenant, property._id);
  return { owner, tenant, roomId };
}

const recordCash = (owner: Person, roomId: string, amount: number) =>
  post(owner, '/payments/record', { roomId, amount, method: 'cash', paidOn: '2026-02-05' });

describe('web push (issue 27)', () => {
  it('gives a signed-in browser the VAPID public key it subscribes with', async () => {
    const { tenant } = await tenancy();
    const res = await ctx.app.inject({ url: `${API_BASE}/push/public-key`, headers: { cookie: tenant.cookie } });
    const data = okData<{ publicKey: string }>(res, 200, MSG.pushKeyFetched);
    expect(data.publicKey).toBe(ctx.config.push.publicKey);
    expect(Buffer.from(data.publicKey, 'base64url')).toHaveLength(65);
  });

  it('pushes a recorded payment to the tenant, encrypted to their browser: the test decrypts and reads it', async () => {
    const { owner, tenant, roomId } = await tenancy();
    const b = browser('payment');
    okData(await post(tenant, '/push/subscribe', b.json), 200, MSG.pushSubscribed);

    okData(await recordCash(owner, roomId, 500), 201);
    const result = await deliverDue(ctx.deps);
    expect(result.sent).toBeGreaterThanOrEqual(2); // the email and the push
    const pushes = received.filter((r) => r.url === new URL(b.json.endpoint).pathname);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push?.headers ?? {}, b.json.endpoint);
    const message = JSON.parse(decryptPush(b, push?.body ?? Buffer.alloc(0))) as { title: string; body: string; url: string; tag: string };
    expect(message.title).toContain('500');
    expect(message.url).toMatch(/^\/TenantDashboard\/Receipts\//);
    expect(message.tag).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, tenant.user._id), eq(outboxMessages.channel, 'push')));
    expect(row?.status).toBe('sent');
    const [sub] = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint));
    expect(sub?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('pushes in the user’s language: a Hindi tenant’s payment push decrypts to Hindi (issue 27)', async () => {
    const { owner, tenant, roomId } = await tenancy();
    await switchLocale(ctx, tenant, 'hi-IN');
    const b = browser('hindi');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    okData(await recordCash(owner, roomId, 500), 201);
    await deliverDue(ctx.deps);
    const [push] = received.filter((r) => r.url === new URL(b.json.endpoint).pathname);
    const message = JSON.parse(decryptPush(b, push?.body ?? Buffer.alloc(0))) as { title: string; body: string; url: string };
    expect(message.title).toBe('भुगतान दर्ज हुआ: ₹500.00');
    expect(message.body).toMatch(/^नकद, 5 फ़रवरी 2026, कमरा R\d+ के लिए \(रसीद KR-\d{4}-\d+\)।$/);
    expect(message.url).toMatch(/^\/TenantDashboard\/Receipts\//);
  });

  it('honours the email category preferences: payments switched off, no push either', async () => {
    const { owner, tenant, roomId } = await tenancy();
    const b = browser('prefs');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    okData(
      await ctx.app.inject({
        method: 'PUT',
        url: `${API_BASE}/users/email-settings`,
        headers: { cookie: tenant.cookie },
        payload: { payments: false },
      }),
    );
    okData(await recordCash(owner, roomId, 300), 201);
    await deliverDue(ctx.deps);
    expect(received.filter((r) => r.url === new URL(b.json.endpoint).pathname)).toHaveLength(0);
    const [row] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, tenant.user._id), eq(outboxMessages.channel, 'push')));
    expect(row?.status).toBe('skipped');
  });

  it('removes a subscription the push service answers 410 Gone for, and sends it nothing more', async () => {
    const { owner, tenant, roomId } = await tenancy();
    const b = browser('gone');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    answer = 410;
    okData(await recordCash(owner, roomId, 200), 201);
    await deliverDue(ctx.deps);
    expect(received.filter((r) => r.url === new URL(b.json.endpoint).pathname)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint))).toHaveLength(0);
    const [row] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, tenant.user._id), eq(outboxMessages.channel, 'push')));
    expect(row?.status).toBe('skipped');

    answer = 201;
    received = [];
    okData(await recordCash(owner, roomId, 100), 201);
    await deliverDue(ctx.deps);
    expect(received).toHaveLength(0);
  });

  it('retries a push the push service failed (500) with the backoff, then sends it', async () => {
    const { owner, tenant, roomId } = await tenancy();
    const b = browser('retry');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    answer = 500;
    okData(await recordCash(owner, roomId, 150), 201);
    await deliverDue(ctx.deps);
    const [row] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, tenant.user._id), eq(outboxMessages.channel, 'push')));
    expect(row?.status).toBe('pending');
    expect(row?.lastError).toContain('500');
    answer = 201;
    await deliverDue(ctx.deps, { now: new Date(Date.now() + 60_000) });
    const [again] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, row?.id ?? ''));
    expect(again?.status).toBe('sent');
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint))).toHaveLength(1);
  });

  it('claims only pushes when there is no email transport (production before SMTP is configured): email waits', async () => {
    const { owner, tenant, roomId } = await tenancy();
    const b = browser('no-smtp');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    okData(await recordCash(owner, roomId, 250), 201);
    const mine = and(eq(outboxMessages.userId, tenant.user._id), eq(outboxMessages.status, 'pending'));
    expect(new Set((await ctx.deps.db.select().from(outboxMessages).where(mine)).map((r) => r.channel))).toEqual(
      new Set(['email', 'push']),
    );
    const claimed = await claimDue(ctx.deps.db, new Date(), 100, ['push']);
    expect(claimed.filter((r) => r.userId === tenant.user._id).map((r) => r.channel)).toEqual(['push']);
    expect(claimed.every((r) => r.channel === 'push')).toBe(true);
    // The emails (the bill's and the payment's) are still waiting.
    expect(new Set((await ctx.deps.db.select().from(outboxMessages).where(mine)).map((r) => r.channel))).toEqual(new Set(['email']));
  });

  it('hands a device over to whoever subscribes it last, and unsubscribes only the caller', async () => {
    const { tenant, owner } = await tenancy();
    const b = browser('shared');
    okData(await post(tenant, '/push/subscribe', b.json), 200);
    okData(await post(owner, '/push/subscribe', b.json), 200);
    const rows = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([owner.user._id]);
    // The tenant no longer owns it: their unsubscribe removes nothing.
    expect(okData<{ removed: boolean }>(await post(tenant, '/push/unsubscribe', { endpoint: b.json.endpoint })).removed).toBe(false);
    expect(
      okData<{ removed: boolean }>(await post(owner, '/push/unsubscribe', { endpoint: b.json.endpoint }), 200, MSG.pushUnsubscribed)
        .removed,
    ).toBe(true);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint))).toHaveLength(0);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, with the contract message', async () => {
    const { tenant } = await tenancy();
    const b = browser('bad');
    const short = { ...b.json, keys: { p256dh: b.json.keys.p256dh, auth: randomBytes(8).toString('base64url') } };
    expectError(await post(tenant, '/push/subscribe', short), 'BAD_REQUEST', MSG.pushKeysInvalid);
    expectError(await post(tenant, '/push/subscribe', { ...b.json, endpoint: 'not a url' }), 'BAD_REQUEST', MSG.pushEndpointInvalid);
  });

  it('in every mode posts only to the known push services over https, or the one origin the setting adds (ADR 043)', () => {
    const config = { pushServiceOrigin: undefined };
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', config)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc', config)).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/abc', config)).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://127.0.0.1:9/push',
      'http://0x7f000001:9/push',
      'http://[::1]:9/push',
      'https://localhost/push',
      'file:///etc/passwd',
    ]) {
      expect(pushEndpointAllowed(bad, config), bad).toBe(false);
    }
    expect(pushEndpointAllowed('http://127.0.0.1:9/push', { pushServiceOrigin: 'http://127.0.0.1:9' })).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:10/push', { pushServiceOrigin: 'http://127.0.0.1:9' })).toBe(false);
  });

  it('refuses to subscribe a local address, and never posts to a subscription that resolves inside the network', async () => {
    const { tenant } = await tenancy();
    const b = browser('local');
    for (const endpoint of ['http://127.0.0.1:9/push/x', 'http://0x7f000001:9/push/x', 'http://[::1]:9/push/x']) {
      expectError(await post(tenant, '/push/subscribe', { ...b.json, endpoint }), 'BAD_REQUEST', MSG.pushEndpointInvalid, 'endpoint');
    }
    // A push service's name that resolves to loopback (DNS rebinding) is refused at the moment of sending,
    // and a subscription saved under the old rules (any http URL outside production) is dropped, not called.
    const calls: string[] = [];
    const spy: PushFetch = async (url) => {
      calls.push(url);
      return { status: 201 };
    };
    const sub = async (endpoint: string) => {
      const id = newId();
      await ctx.deps.db
        .insert(pushSubscriptions)
        .values({ id, userId: tenant.user._id, endpoint, p256dh: b.json.keys.p256dh, auth: b.json.keys.auth });
      return {
        id: newId(),
        eventKey: `e-${id}`,
        recipient: id,
        userId: tenant.user._id,
        data: { notificationId: id, kind: 'x', link: '/' },
      } as unknown as OutboxRow;
    };
    const rebound = await sub(`https://fcm.googleapis.com/fcm/send/rebound-${newId()}`);
    await expect(sendPush(ctx.deps, rebound, spy, (host) => assertPublicHost(host, async () => ['127.0.0.1']))).rejects.toThrow(
      /not public/,
    );
    const old = await sub(`http://127.0.0.1:9/push/old-${newId()}`);
    expect((await sendPush(ctx.deps, old, spy)).result).toBe('gone');
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, old.recipient))).toHaveLength(0);
    expect(calls).toEqual([]);
  });
});
