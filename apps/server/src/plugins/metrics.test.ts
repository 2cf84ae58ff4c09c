import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, paymentOrderSchema } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loggerOptions } from '../lib/logger.js';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { createTestContext, freshDatabase, signedIn, TEST_ENV, TEST_ORIGIN, type TestContext } from '../test/harness.js';
import { okData } from '../test/support.js';
import { HttpRequestMetrics } from '../lib/metrics.js';
import { METRICS_PATH, responseHook } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

// With a built web app: an unknown address would get its HTML shell; /metrics must not.
let dist: string;
let ctx: TestContext;
let off: TestContext;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kiraya-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html><body>landing</body></html>');
  ctx = await createTestContext({ webDist: dist, metricsToken: TOKEN });
  off = await createTestContext({ webDist: dist, metricsToken: undefined });
});
afterAll(async () => {
  await Promise.all([ctx.close(), off.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const scrape = async (c: TestContext = ctx) => {
  const res = await c.app.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
/** The value of one sample line (`name{labels} value`), 0 when the series is not there yet. */
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

function expectNotFound(res: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown }) {
  expect(res.statusCode).toBe(404);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', success: false, message: 'No route for GET /metrics.' });
  expect(res.body).not.toContain('<html');
  expect(res.body).not.toContain('kiraya_');
}

describe('GET /metrics (ADR 026)', () => {
  it('answers 404 (the API envelope, never the web app or figures) without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    const get = (c: TestContext, headers: Record<string, string> = {}) => c.app.inject({ method: 'GET', url: METRICS_PATH, headers });
    expectNotFound(await get(ctx));
    expectNotFound(await get(ctx, bearer('wrong-token-0123456789abcdef')));
    expectNotFound(await get(ctx, bearer(`${TOKEN}x`)));
    expectNotFound(await get(ctx, { authorization: TOKEN }));
    expectNotFound(await get(ctx, { authorization: `Basic ${TOKEN}` }));
    expectNotFound(await get(ctx, { cookie: `accessToken=${TOKEN}` }));
    expectNotFound(await get(off));
    expectNotFound(await get(off, bearer(TOKEN)));
    expectNotFound(await get(off, bearer('')));
    const head = await ctx.app.inject({ method: 'HEAD', url: METRICS_PATH });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('serves the Prometheus text with the token: requests by route pattern, never the raw URL', async () => {
    const owner = await signedIn(ctx, 'owner');
    const p = await createProperty(ctx.deps, owner.user._id, { title: 'Metrics Manor' });
    expect((await ctx.app.inject({ method: 'GET', url: `${API_BASE}/properties/${p._id}?utm=x` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/no/such/address/secret-segment' })).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `bearer  ${TOKEN} ` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    const route = `${API_BASE}/properties/:id`;
    expect(sample(text, 'kiraya_http_requests_total', `route="${route}",status_class="2xx"`)).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`kiraya_http_request_duration_seconds_bucket{method="GET",route="${route}",status_class="2xx",le="+Inf"}`);
    expect(sample(text, 'kiraya_http_requests_total', 'route="unmatched",status_class="4xx"')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(p._id);
    expect(text).not.toContain('secret-segment');
    expect(text).not.toContain('utm');
    // The pool: PostgreSQL's (the harness opens 5 at most), or PGlite's one connection.
    expect(sample(text, 'kiraya_db_pool_size', 'bound="max"')).toBe(ctx.database.kind === 'postgres' ? 5 : 1);
    for (const name of [
      'kiraya_db_pool_in_use',
      'kiraya_db_pool_waiting',
      'kiraya_db_pool_size',
      'kiraya_live_connections',
      'kiraya_public_cache_requests_total',
      'kiraya_payment_verifications_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('has every figure the Grafana dashboard (docs/grafana-dashboard.json) reads', async () => {
    const text = await scrape();
    const dashboard = readFileSync(new URL('../../../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
    const exprs = [...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] as string);
    expect(exprs.length).toBeGreaterThan(15);
    const names = new Set(exprs.flatMap((e) => [...e.matchAll(/\b(?:kiraya|process|nodejs)_\w+/g)].map((m) => m[0])));
    for (const name of names) {
      const base = text.includes(`# TYPE ${name} `) ? name : name.replace(/_(bucket|sum|count)$/, '');
      expect(text, name).toContain(`# TYPE ${base} `);
    }
  });

  it('counts public cache hits and misses', async () => {
    const list = `${API_BASE}/properties/fetch-all-properties?limit=7`;
    const before = await scrape();
    const hit0 = sample(before, 'kiraya_public_cache_requests_total', 'result="hit"');
    const miss0 = sample(before, 'kiraya_public_cache_requests_total', 'result="miss"');
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: list })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'kiraya_public_cache_requests_total', 'result="miss"')).toBe(miss0 + 1);
    expect(sample(after, 'kiraya_public_cache_requests_total', 'result="hit"')).toBe(hit0 + 2);
  });

  it('counts payment verifications by outcome on a sandbox verify', async () => {
    const [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
    const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    await occupyRoom(ctx.deps, roomId, tenant.user._id, '2025-12-01');
    const post = (who: { cookie: string }, url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `${API_BASE}${url}`, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });
    okData(
      await post(owner, '/bills/add-bill', {
        propertyId,
        roomId,
        billDate: '2026-01-01',
        bills: [{ billType: 'Rent Bill', amount: 1000 }],
      }),
      201,
    );
    const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 1000 }), 201));
    const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }));
    const count = (text: string, outcome: string) =>
      sample(text, 'kiraya_payment_verifications_total', `source="verify",outcome="${outcome}"`);
    const before = await scrape();
    expect((await post(tenant, '/bills/verify-payment', { ...paid, razorpay_signature: 'a'.repeat(64) })).statusCode).toBe(400);
    okData(await post(tenant, '/bills/verify-payment', paid));
    okData(await post(tenant, '/bills/verify-payment', paid));
    const after = await scrape();
    expect(count(after, 'bad_signature')).toBe(count(before, 'bad_signature') + 1);
    expect(count(after, 'recorded')).toBe(count(before, 'recorded') + 1);
    expect(count(after, 'duplicate')).toBe(count(before, 'duplicate') + 1);
  });
});

describe('slow requests (ADR 026)', () => {
  it('logs a slow request once, with its route pattern, method, status and duration only', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-test-'));
    const config = loadConfig(
      {
        ...TEST_ENV,
        SLOW_REQUEST_MS: '40',
      },
      { dataDir },
    );
    expect(config.slowRequestMs).toBe(40);
    const { database, drop } = await freshDatabase();
    const app = await buildApp({
      config,
      db: database.db,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } },
    });
    // A test-only route, made slow.
    app.post('/slow-test/:code', async () => {
      await new Promise((r) => setTimeout(r, 60));
      return { ok: true };
    });
    app.get('/fast-test/:code', async () => ({ ok: true }));
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/slow-test/PathSecret42?q=QuerySecret77',
        headers: { cookie: 'refreshToken=CookieSecret99', authorization: 'Bearer HeaderSecret55', 'x-user': 'meera@example.com' },
        payload: { email: 'BodySecret@example.com', fullName: 'Meera BodySecret Iyer' },
      });
      expect(res.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/fast-test/x' })).statusCode).toBe(200);
      // The log line is written as the response finishes.
      await new Promise((r) => setTimeout(r, 20));
      const slow = lines.filter((l) => l.includes('slow request'));
      expect(slow).toHaveLength(1);
      const entry = JSON.parse(slow[0] as string);
      expect(entry).toMatchObject({ level: 40, msg: 'slow request', route: '/slow-test/:code', method: 'POST', status: 200 });
      expect(entry.ms).toBeGreaterThanOrEqual(40);
      expect(Object.keys(entry).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
      for (const s of ['PathSecret42', 'QuerySecret77', 'CookieSecret99', 'HeaderSecret55', 'BodySecret', 'meera', 'Meera', '?q=']) {
        expect(slow[0], s).not.toContain(s);
      }
    } finally {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('configuration and the hook (ADR 026)', () => {
  const env = TEST_ENV;
  it('reads METRICS_TOKEN (16+ characters) and SLOW_REQUEST_MS (default 500, 0 = off)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-test-'));
    try {
      expect(loadConfig(env, { dataDir })).toMatchObject({ metricsToken: undefined, slowRequestMs: 500 });
      expect(loadConfig({ ...env, METRICS_TOKEN: TOKEN, SLOW_REQUEST_MS: '0' }, { dataDir })).toMatchObject({
        metricsToken: TOKEN,
        slowRequestMs: 0,
      });
      expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' }, { dataDir })).toThrow('METRICS_TOKEN must be at least 16 characters.');
      expect(() => loadConfig({ ...env, SLOW_REQUEST_MS: '-1' }, { dataDir })).toThrow('SLOW_REQUEST_MS');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('after a start, takes the first slow request of each route for a cold one, and logs the next', async () => {
    const warned: unknown[] = [];
    const debug: unknown[] = [];
    const cold = { until: Date.now() + 60_000, seen: new Set<string>() };
    const hook = responseHook(null, 10, new Set(), cold);
    const call = (url: string, ms: number) =>
      new Promise<void>((done) =>
        hook.call(
          {} as never,
          {
            routeOptions: { url },
            method: 'GET',
            log: { warn: (o: unknown) => warned.push(o), debug: (o: unknown) => debug.push(o) },
          } as never,
          { elapsedTime: ms, statusCode: 200 } as never,
          () => done(),
        ),
      );
    await call('/properties', 2_000); // the first render after the start: cold
    await call('/properties', 600); // the same route again: slow
    await call('/api/v1/users/me', 5); // fast, and now seen
    await call('/api/v1/users/me', 900);
    expect(warned).toEqual([
      { route: '/properties', method: 'GET', status: 200, ms: 600 },
      { route: '/api/v1/users/me', method: 'GET', status: 200, ms: 900 },
    ]);
    expect(debug).toHaveLength(1);
    // A minute on, a first request is no longer excused.
    cold.until = Date.now() - 1;
    await call('/api/v1/bills', 700);
    expect(warned).toHaveLength(3);
  });

  it('leaves streams out and logs nothing for /metrics itself', async () => {
    const http = new HttpRequestMetrics();
    const warned: unknown[] = [];
    const hook = responseHook(http, 10, new Set(['/api/v1/events']));
    const call = (url: string | undefined, ms: number) =>
      new Promise<void>((done) =>
        hook.call(
          {} as never,
          { routeOptions: { url }, method: 'GET', log: { warn: (o: unknown) => warned.push(o) } } as never,
          { elapsedTime: ms, statusCode: 200 } as never,
          () => done(),
        ),
      );
    await call('/api/v1/events', 60_000);
    await call(METRICS_PATH, 50);
    await call(undefined, 50);
    const counted = (await http.counter('c', 'c').get()).values.map((v) => v.labels.route);
    expect(counted).toEqual([METRICS_PATH, 'unmatched']);
    expect(warned).toEqual([{ route: 'unmatched', method: 'GET', status: 200, ms: 50 }]);
  });
});
