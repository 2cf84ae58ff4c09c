import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, PAYMENT_WEBHOOK_PATH } from '@kiraya/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/index.js';
import { billItems, paymentOrders, payments } from '../db/schema.js';
import { S3BlobStore } from '../lib/s3-blob-store.js';
import { webhookSignature } from '../modules/payments/index.js';
import { publicCacheFor } from '../plugins/public-cache.js';
import { createOwner, createTenant } from '../seed/factories.js';
import { createProperty, createRoom, occupyRoom, propertyInput } from '../seed/property-factories.js';
import { TEST_ENV, TEST_ORIGIN, freshDatabase } from './harness.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';
import { newBucket, startS3Server } from './s3.js';
import { openStream } from './sse-stream.js';
import { multipart, signupBody } from './support.js';

/**
 * Two instances of the app on one PostgreSQL database, one Redis and one S3 bucket, behind a round-robin
 * proxy (ADR 018). Needs the server-pg project (TEST_DATABASE_URL) and REDIS_URL; skipped otherwise.
 */
const reason =
  process.env.KIRAYA_TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL
    ? 'runs in the server-pg project (TEST_DATABASE_URL)'
    : !process.env.REDIS_URL
      ? 'REDIS_URL is not set'
      : '';
if (reason) console.log(`multi-instance: skipped (${reason})`);

const API = '/api/v1';
type Instance = { app: FastifyInstance; database: Database; url: string; dataDir: string };

describe.skipIf(!!reason)('two instances behind a load balancer (ADR 018)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let drop: () => Promise<void>;
  const instances: Instance[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    s3 = await startS3Server();
    const bucket = await newBucket(s3.endpoint);
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const redisPrefix = `kiraya-test-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `kiraya-multi-${i}-`));
      const config = loadConfig(
        {
          ...TEST_ENV,
        },
        {
          dataDir,
          redisUrl: process.env.REDIS_URL,
          redisPrefix,
          s3: bucket,
          rateLimits: {
            signupsPerHour: 2,
            failedLoginsPerMinute: 3,
            failedLoginsPerAccountPer15Minutes: 50,
            loginsPerIpPerMinute: 10_000,
          },
        },
      );
      // Each instance has its own pool, as separate processes would (the first one shares the test's).
      const database =
        i === 0 ? fresh.database : await openDatabase({ kind: 'postgres', url: fresh.database.url as string, max: 5 }, { migrate: false });
      const app = await buildApp({ config, db: database.db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      instances.push({ app, database, url: `http://127.0.0.1:${port}`, dataDir });
    }
    proxy = await startRoundRobinProxy(instances.map((x) => x.url));
  });

  afterAll(async () => {
    await proxy?.close();
    for (const [i, x] of instances.entries()) {
      await x.app.close();
      if (i > 0) await x.database.close();
      rmSync(x.dataDir, { recursive: true, force: true });
    }
    await drop?.();
    await s3?.close();
  });

  /** One request through the load balancer; `upstream` is the instance that answered. */
  const send = async (
    path: string,
    init: { method?: string; cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) body = new Uint8Array(init.body);
    const res = await fetch(proxy.url + path, { method: init.method ?? 'GET', headers, body });
    const buf = Buffer.from(await res.arrayBuffer());
    const upstream = Number(res.headers.get('x-upstream'));
    lastUpstream = upstream;
    return { res, buf, upstream, json: () => JSON.parse(buf.toString()) };
  };
  let lastUpstream = -1;
  /** Makes the next request through the proxy land on `upstream` (a health check takes the other turn). */
  const nextOn = async (upstream: number) => {
    for (let i = 0; i < 2 && (lastUpstream + 1) % instances.length !== upstream; i++) await send('/healthz');
    expect((lastUpstream + 1) % instances.length).toBe(upstream);
  };
  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const login = (email: string, password: string) => send(`${API}/users/login`, { method: 'POST', json: { email, password } });

  it('a login on one instance is valid on the other', async () => {
    const owner = await createOwner(instances[0]!.app.deps);
    const signIn = await login(owner.email, owner.password);
    expect(signIn.res.status).toBe(200);
    const cookie = cookiesOf(signIn.res);
    const me = await send(`${API}/users/get-current-user`, { cookie });
    expect(me.res.status).toBe(200);
    expect(me.upstream).not.toBe(signIn.upstream);
    expect(me.json().data.email).toBe(owner.email);
    const again = await send(`${API}/users/get-current-user`, { cookie });
    expect(again.upstream).toBe(signIn.upstream);
    expect(again.res.status).toBe(200);
  });

  it('a photo uploaded through one instance is served by the other, from the shared bucket', async () => {
    expect(instances.every((x) => x.app.deps.blobs instanceof S3BlobStore)).toBe(true);
    const owner = await createOwner(instances[0]!.app.deps);
    const cookie = cookiesOf((await login(owner.email, owner.password)).res);
    const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#228844' } })
      .jpeg()
      .toBuffer();
    const form = await multipart(propertyInput({ title: 'Two Instance Towers' }), [
      { field: 'propertyImages', data: jpeg, filename: 'a.jpg' },
    ]);
    const created = await send(`${API}/properties/add-new-property`, { method: 'POST', cookie, body: form.payload, headers: form.headers });
    expect(created.res.status, created.buf.toString()).toBe(201);
    const url = created.json().data.images[0].url as string;
    const served = await send(url);
    expect(served.upstream).not.toBe(created.upstream);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.buf).metadata()).format).toBe('webp');
    const other = await send(url);
    expect(other.upstream).toBe(created.upstream);
    expect(other.buf.equals(served.buf)).toBe(true);
  });

  it('the failed-login limit holds across both instances (Redis)', async () => {
    const owner = await createOwner(instances[0]!.app.deps);
    const seen = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const r = await login(owner.email, 'Wrong-password-1');
      expect(r.res.status).toBe(401);
      seen.add(r.upstream);
    }
    expect(seen.size).toBe(2);
    // Limit 3 per minute: a fourth try, even with the right password, is refused on either instance.
    for (let i = 0; i < 2; i++) {
      const r = await login(owner.email, owner.password);
      expect(r.res.status).toBe(429);
      expect(r.json().message).toBe(MSG.tooManyLogins);
    }
  });

  it('a route rate limit counts requests to both instances against one limit (Redis store)', async () => {
    // Sign-ups: 2 an hour per address here; one lands on each instance, the third is refused by either.
    const seen = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const r = await send(`${API}/users/register`, { method: 'POST', json: signupBody() });
      expect(r.res.status, r.buf.toString()).toBe(201);
      seen.add(r.upstream);
    }
    expect(seen.size).toBe(2);
    for (let i = 0; i < 2; i++) {
      const r = await send(`${API}/users/register`, { method: 'POST', json: signupBody() });
      expect(r.res.status).toBe(429);
      expect(r.json().message).toBe(MSG.tooManySignups);
    }
  });

  it('a public page cached by both instances is refreshed on both after an edit through one', async () => {
    const owner = await createOwner(instances[0]!.app.deps);
    const cookie = cookiesOf((await login(owner.email, owner.password)).res);
    const form = await multipart(propertyInput({ title: 'Cached Before Edit' }), [
      {
        field: 'propertyImages',
        data: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      },
    ]);
    const created = await send(`${API}/properties/add-new-property`, { method: 'POST', cookie, body: form.payload, headers: form.headers });
    expect(created.res.status).toBe(201);
    const id = created.json().data._id as string;
    const page = `${API}/properties/${id}`;
    const list = `${API}/properties/fetch-all-properties?limit=50&search=Cached`;
    // Two reads in a row: one on each instance, each now holding the page and the list in its cache.
    const titles = (r: { json: () => { data: { title: string }[] } }) => r.json().data.map((p) => p.title);
    const before = [await send(page), await send(page), await send(list), await send(list)];
    expect(new Set(before.map((r) => r.upstream)).size).toBe(2);
    for (const r of before.slice(0, 2)) expect(r.json().data.title).toBe('Cached Before Edit');
    for (const r of before.slice(2)) expect(titles(r)).toContain('Cached Before Edit');
    for (const x of instances) expect(publicCacheFor(x.app.deps.db).pages.size).toBeGreaterThanOrEqual(2);
    const generations = instances.map((x) => publicCacheFor(x.app.deps.db).generation);

    const edit = await multipart({ ...propertyInput({ title: 'Cached After Edit' }) });
    const put = await send(`${API}/properties/update-property/${id}`, { method: 'PUT', cookie, body: edit.payload, headers: edit.headers });
    expect(put.res.status, put.buf.toString()).toBe(200);
    // The other instance hears of the edit through PostgreSQL NOTIFY (kiraya_public): wait for it to arrive.
    for (const [i, x] of instances.entries()) {
      const cache = publicCacheFor(x.app.deps.db);
      for (let waited = 0; cache.generation === generations[i] && waited < 100; waited++) await new Promise((r) => setTimeout(r, 50));
      expect(cache.generation).toBeGreaterThan(generations[i] as number);
    }
    const after = [await send(page), await send(page), await send(list), await send(list)];
    expect(new Set(after.map((r) => r.upstream)).size).toBe(2);
    for (const r of after.slice(0, 2)) expect(r.json().data.title).toBe('Cached After Edit');
    for (const r of after.slice(2)) expect(titles(r)).toContain('Cached After Edit');
  });
  /** An owner and a tenant signed in through the proxy, the tenant living in a room of the owner's. */
  const occupiedRoom = async () => {
    const deps = instances[0]!.app.deps;
    const owner = await createOwner(deps);
    const tenant = await createTenant(deps);
    const propertyId = (await createProperty(deps, owner._id))._id;
    const roomId = (await createRoom(deps, owner._id, propertyId))._id;
    await occupyRoom(deps, roomId, tenant._id, '2026-01-01');
    const ownerCookie = cookiesOf((await login(owner.email, owner.password)).res);
    const tenantCookie = cookiesOf((await login(tenant.email, tenant.password)).res);
    return { propertyId, roomId, ownerCookie, tenantCookie };
  };

  it('a message sent through one instance reaches an event stream held open on the other', async () => {
    const { roomId, ownerCookie, tenantCookie } = await occupiedRoom();
    const stream = await openStream(proxy.url, { cookie: tenantCookie });
    try {
      expect(stream.res.status).toBe(200);
      const streamOn = Number(stream.res.headers.get('x-upstream'));
      lastUpstream = streamOn;
      await stream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
      await nextOn(1 - streamOn);
      const sent = await send(`${API}/messages/to-tenant/${roomId}`, {
        method: 'POST',
        cookie: ownerCookie,
        json: { text: 'Lift maintenance on Sunday.' },
      });
      expect(sent.res.status, sent.buf.toString()).toBe(201);
      expect(sent.upstream).not.toBe(streamOn);
      const threadId = sent.json().data.thread._id as string;
      await stream.waitFor((e) => e.some((x) => x.data.kind === 'message' && x.data.threadId === threadId), 'the message');
      expect(stream.live().filter((x) => x.kind === 'message')).toEqual([{ kind: 'message', threadId, roomId }]);
    } finally {
      stream.close();
    }
  });

  it('a logout through one instance ends the session on the other at once: its token and its event stream', async () => {
    const tenant = await createTenant(instances[0]!.app.deps);
    const signIn = await login(tenant.email, tenant.password);
    const cookie = cookiesOf(signIn.res);
    const other = cookiesOf((await login(tenant.email, tenant.password)).res);
    const token = signIn.json().data.accessToken as string;
    const stream = await openStream(proxy.url, { cookie });
    try {
      const streamOn = Number(stream.res.headers.get('x-upstream'));
      lastUpstream = streamOn;
      await stream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
      await nextOn(1 - streamOn);
      const out = await send(`${API}/users/logout`, { method: 'POST', cookie });
      expect(out.res.status).toBe(200);
      expect(out.upstream).not.toBe(streamOn);
      // The NOTIFY reaches the stream's instance within milliseconds of the logout's commit.
      const t0 = performance.now();
      const { sessionId } = (await instances[0]!.app.deps.signer.verify(token)) as { sessionId: string };
      while (!instances[streamOn]!.app.deps.sessions.has(sessionId) && performance.now() - t0 < 2000)
        await new Promise((r) => setTimeout(r, 1));
      console.log(`multi-instance: the logout reached the other instance ${(performance.now() - t0).toFixed(1)} ms after its answer`);
      expect(await stream.waitEnded()).toBe(true);
      for (let i = 0; i < 2; i++) {
        const r = await send(`${API}/users/get-current-user`, { headers: { authorization: `Bearer ${token}` } });
        expect(r.res.status).toBe(401);
        expect(r.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: MSG.sessionExpired });
      }
      // The same person's other login (another device) goes on, on both instances.
      for (let i = 0; i < 2; i++) expect((await send(`${API}/users/get-current-user`, { cookie: other })).res.status).toBe(200);
    } finally {
      stream.close();
    }
  });

  describe('a payment verified on one instance and its webhook delivered to the other is recorded once', () => {
    type Paid = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    /** A room with one unpaid ₹1,000 bill, an order for ₹400 paid in the sandbox. */
    const paidOrder = async () => {
      const { propertyId, roomId, ownerCookie, tenantCookie } = await occupiedRoom();
      const bill = await send(`${API}/bills/add-bill`, {
        method: 'POST',
        cookie: ownerCookie,
        json: { propertyId, roomId, billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] },
      });
      expect(bill.res.status, bill.buf.toString()).toBe(201);
      const billIds = (bill.json().data.bills as { _id: string }[]).map((b) => b._id);
      const order = await send(`${API}/bills/create-order`, { method: 'POST', cookie: tenantCookie, json: { roomId, amount: 400 } });
      expect(order.res.status, order.buf.toString()).toBe(201);
      const orderId = order.json().data.id as string;
      const pay = await send(`${API}/payments/sandbox/pay`, {
        method: 'POST',
        cookie: tenantCookie,
        json: { orderId, outcome: 'success' },
      });
      expect(pay.res.status, pay.buf.toString()).toBe(200);
      return { billIds, orderId, tenantCookie, paid: pay.json().data as Paid, paidOn: pay.upstream };
    };
    const verify = (cookie: string, paid: Paid) => send(`${API}/bills/verify-payment`, { method: 'POST', cookie, json: paid });
    /** payment.captured as Razorpay delivers it: the raw JSON body signed with the webhook secret. */
    const webhook = (paid: Paid, amountPaise: number) => {
      const raw = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: paid.razorpay_payment_id,
              entity: 'payment',
              order_id: paid.razorpay_order_id,
              amount: amountPaise,
              currency: 'INR',
              status: 'captured',
              method: 'upi',
            },
          },
        },
      });
      // Both instances derive the same sandbox webhook secret from the shared JWT_SECRET.
      const secret = instances[0]!.app.deps.config.payments.sandboxWebhookSecret;
      expect(instances[1]!.app.deps.config.payments.sandboxWebhookSecret).toBe(secret);
      return send(`${API}${PAYMENT_WEBHOOK_PATH}`, {
        method: 'POST',
        body: Buffer.from(raw),
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(secret, raw),
          'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
        },
      });
    };
    const recorded = async (gatewayOrderId: string) => {
      const db = instances[0]!.app.deps.db;
      const [o] = await db.select().from(paymentOrders).where(eq(paymentOrders.gatewayOrderId, gatewayOrderId));
      return o ? db.select().from(payments).where(eq(payments.orderId, o.id)) : [];
    };
    const paidPaise = async (billIds: string[]) =>
      (await instances[0]!.app.deps.db.select({ paid: billItems.paidPaise }).from(billItems).where(inArray(billItems.id, billIds))).reduce(
        (sum, b) => sum + b.paid,
        0,
      );

    it('verify first on one instance, then the webhook on the other', async () => {
      const { billIds, orderId, tenantCookie, paid } = await paidOrder();
      const verified = await verify(tenantCookie, paid);
      expect(verified.res.status, verified.buf.toString()).toBe(200);
      await nextOn(1 - verified.upstream);
      const hook = await webhook(paid, 40_000);
      expect(hook.upstream).not.toBe(verified.upstream);
      expect(hook.res.status, hook.buf.toString()).toBe(200);
      expect(hook.json()).toEqual({ status: 'duplicate' });
      const rows = await recorded(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(verified.json().data._id);
      expect(rows[0]?.source).toBe('verify');
      expect(await paidPaise(billIds)).toBe(40_000);
    });

    it('the webhook first on one instance, then verify on the other answers with the recorded payment', async () => {
      const { billIds, orderId, tenantCookie, paid } = await paidOrder();
      const hook = await webhook(paid, 40_000);
      expect(hook.res.status, hook.buf.toString()).toBe(200);
      expect(hook.json()).toEqual({ status: 'recorded' });
      await nextOn(1 - hook.upstream);
      const verified = await verify(tenantCookie, paid);
      expect(verified.upstream).not.toBe(hook.upstream);
      expect(verified.res.status, verified.buf.toString()).toBe(200);
      const rows = await recorded(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.source).toBe('webhook');
      expect(verified.json().data._id).toBe(rows[0]?.id);
      expect(await paidPaise(billIds)).toBe(40_000);
    });

    it('a sandbox payment whose browser never came back is found by check-order on the other instance', async () => {
      const { billIds, orderId, tenantCookie, paidOn } = await paidOrder();
      await nextOn(1 - paidOn);
      const checked = await send(`${API}/payments/check-order/${orderId}`, { method: 'POST', cookie: tenantCookie });
      expect(checked.upstream).not.toBe(paidOn);
      expect(checked.res.status, checked.buf.toString()).toBe(200);
      expect(checked.json().data.status).toBe('paid');
      const rows = await recorded(orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.source).toBe('reconcile');
      expect(await paidPaise(billIds)).toBe(40_000);
    });
  });
});
