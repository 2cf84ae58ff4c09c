import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { createTenant } from './seed/factories.js';
import { createProperty, sampleImage } from './seed/property-factories.js';
import { TEST_ORIGIN, type TestContext, cookieHeader, createTestContext, signedIn } from './test/harness.js';

const FRONT_END = 'http://localhost:5173';
const STRANGER = 'https://evil.example';
const LOGIN = '/api/v1/users/login';

describe('a trusted front end on another origin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustedOrigins: [TEST_ORIGIN, FRONT_END] });
  });
  afterAll(() => ctx.close());

  const preflight = (origin: string) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: LOGIN,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('gets its preflight answered with credentials allowed', async () => {
    const res = await preflight(FRONT_END);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(res.headers['access-control-allow-headers'])).toContain('content-type');
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('gives another origin no CORS headers, and 403 on state changes', async () => {
    const pre = await preflight(STRANGER);
    expect(pre.statusCode).not.toBe(204);
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);

    const get = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties', headers: { origin: STRANGER } });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // The answer depends on the Origin, so caches must keep them apart.
    expect(String(get.headers.vary)).toMatch(/Origin/);

    const post = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: STRANGER },
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('reads answers, errors included, with CORS headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties', headers: { origin: FRONT_END } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gets absolute image URLs it can load cross-origin', async () => {
    const owner = await signedIn(ctx, 'owner');
    await createProperty(ctx.deps, owner.user._id, {}, [await sampleImage()]);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties', headers: { origin: FRONT_END } });
    const image = list.json().data[0].images[0] as { url: string; thumbnailUrl: string };
    expect(image.url.startsWith(`${TEST_ORIGIN}/uploads/`)).toBe(true);
    expect(image.thumbnailUrl.startsWith(`${TEST_ORIGIN}/uploads/`)).toBe(true);
    const file = await ctx.app.inject({ method: 'GET', url: new URL(image.url).pathname, headers: { origin: FRONT_END } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Everything else keeps helmet's same-origin policy.
    const api = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('a PUBLIC_URL on https outside production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ publicUrl: 'https://kiraya.example' });
  });
  afterAll(() => ctx.close());

  it('sends HSTS and upgrade-insecure-requests, and sets the session cookies Secure', async () => {
    expect(ctx.config.isProduction).toBe(false);
    const page = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const user = await createTenant(ctx.deps);
    const login = await ctx.app.inject({ method: 'POST', url: LOGIN, payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
    // The session cookies, and the language cookie sign-in sets from the stored locale (ADR 039).
    expect(login.cookies.map((c) => [c.name, c.secure])).toEqual([
      ['accessToken', true],
      ['refreshToken', true],
      ['kiraya_lang', true],
    ]);
  });
});

describe('an empty JSON body', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const post = (url: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      body: '',
    });

  it('is no body on refresh-token and logout (fetch clients send the header anyway)', async () => {
    const { cookie } = await signedIn(ctx, 'tenant');
    const refreshed = await post('/api/v1/users/refresh-token', cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.accessToken).toEqual(expect.any(String));
    const out = await post('/api/v1/users/logout', cookieHeader(refreshed));
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
  });

  it('is still refused where a body is required, and bad JSON is still bad', async () => {
    const login = await post(LOGIN);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ success: false, message: 'The request body is empty; send JSON.' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('slow clients', () => {
  /** The real server on a loopback port; its database is never reached by these requests. */
  async function listening(timeouts: Config['timeouts']): Promise<{ app: FastifyInstance; port: number; close: () => Promise<void> }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-slow-'));
    const config = loadConfig(
      { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_KEY: 'y'.repeat(40), DEMO_DATA: 'false' },
      { dataDir, timeouts },
    );
    const database = await openDatabase(
      { kind: 'postgres', url: 'postgres://kiraya@127.0.0.1:1/none', onError: () => {} },
      { migrate: false },
    );
    const app = await buildApp({ config, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      app,
      port: (app.server.address() as AddressInfo).port,
      close: async () => {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  /** Sends `raw`, then nothing more; resolves with what came back once the server closes the socket. */
  const stall = (port: number, raw: string) =>
    new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(raw));
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after 8 s; received: ${JSON.stringify(received)}`));
      }, 8000);
      socket.on('data', (d) => {
        received += d.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(guard);
        resolve(received);
      });
    });

  it('cuts off a request whose body never arrives in full (408)', async () => {
    const server = await listening({ requestMs: 500, headersMs: 300, connectionMs: 0, keepAliveMs: 5000 });
    try {
      const answer = await stall(
        server.port,
        `POST ${LOGIN} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await server.close();
    }
  });

  it('cuts off a request whose headers never end (408)', async () => {
    const server = await listening({ requestMs: 5000, headersMs: 300, connectionMs: 0, keepAliveMs: 5000 });
    try {
      const answer = await stall(server.port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await server.close();
    }
  });

  it('closes a connection on which nothing moves', async () => {
    const server = await listening({ requestMs: 0, headersMs: 5000, connectionMs: 300, keepAliveMs: 5000 });
    try {
      const answer = await stall(
        server.port,
        `POST ${LOGIN} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      expect(answer).toBe('');
    } finally {
      await server.close();
    }
  });

  it('defaults to finite timeouts', () => {
    const c = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_KEY: 'y'.repeat(40) }, { dataDir: tmpdir() });
    expect(c.timeouts).toEqual({ requestMs: 120_000, headersMs: 15_000, connectionMs: 30_000, keepAliveMs: 5_000 });
    const set = loadConfig(
      {
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        DATA_KEY: 'y'.repeat(40),
        REQUEST_TIMEOUT_SECONDS: '30',
        KEEP_ALIVE_TIMEOUT_SECONDS: '2.5',
      },
      { dataDir: tmpdir() },
    );
    expect(set.timeouts).toMatchObject({ requestMs: 30_000, keepAliveMs: 2_500 });
  });
});
