import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { createProperty } from '../seed/property-factories.js';
import { type TestContext, createTestContext, signedIn } from '../test/harness.js';
import { openDatabase } from './index.js';

const LIST = '/api/v1/properties/fetch-all-properties';

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also wrapped in a cause or an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // SQLSTATE 55000 as the FATAL answer to a connection: the database refuses connections (ALLOW_CONNECTIONS false).
    const refusing = Object.assign(new Error('database "kiraya" is not currently accepting connections'), {
      code: '55000',
      severity: 'FATAL',
    });
    expect(isDatabaseUnavailable(refusing)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refusing }))).toBe(true);
  });

  it('leaves query and programming errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    // The same SQLSTATE inside a working session is a bug, not an outage.
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), { code: '55000', severity: 'ERROR' }),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('object not in prerequisite state'), { code: '55000' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('a database that refuses connections', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-down-'));
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_KEY: 'y'.repeat(40), DEMO_DATA: 'false' }, { dataDir });
    // Nothing listens on port 1: every connection attempt is refused.
    const database = await openDatabase(
      { kind: 'postgres', url: 'postgres://kiraya@127.0.0.1:1/none', onError: () => {} },
      { migrate: false },
    );
    app = await buildApp({ config, db: database.db });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('answers 503 with the error envelope, not 500', async () => {
    const res = await app.inject({ method: 'GET', url: LIST });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 503, success: false });
    expect(body.message).toMatch(/temporarily unavailable/);
    expect(body.errors).toEqual([{ path: '', message: body.message }]);
  });

  it('reports not ready', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.skipIf(process.env.KIRAYA_TEST_DB !== 'postgres')('PostgreSQL backends terminated under the server', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    ctx = await createTestContext();
    expect(ctx.database.kind).toBe('postgres');
    admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await admin?.end();
    await ctx?.close();
  });
  afterEach(async () => {
    await admin.query('rollback').catch(() => {});
    expect(rejections).toEqual([]);
  });

  /** Ends every other backend on this database (the server's pool), waiting until each has exited. */
  const terminateServerBackends = async () => {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid, 5000) as done from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.length;
  };
  /** Waits until `n` server backends are blocked on a lock the admin client holds. */
  const waitForLockWaiters = async (n: number) => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'",
      );
      if (rows[0].n >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${n} backends waited on the lock`);
  };

  it('keeps serving after its idle connections are killed between requests', async () => {
    const owner = await signedIn(ctx, 'owner');
    await createProperty(ctx.deps, owner.user._id);
    // Open several pooled connections, then kill them all while idle.
    const warm = await Promise.all(Array.from({ length: 4 }, () => ctx.app.inject({ method: 'GET', url: LIST })));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await terminateServerBackends()).toBeGreaterThan(0);

    const reads = await Promise.all(Array.from({ length: 4 }, () => ctx.app.inject({ method: 'GET', url: LIST })));
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(reads[0]?.json().data).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await terminateServerBackends();
    // A write on a connection that died may answer 503 (never 500); the next one goes through.
    const first = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties', headers: { cookie: owner.cookie } });
    expect([200, 503]).toContain(first.statusCode);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties', headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(200);
  });

  it('retries a read whose connection is killed while it runs', async () => {
    const owner = await signedIn(ctx, 'owner');
    await createProperty(ctx.deps, owner.user._id);
    await admin.query('begin');
    await admin.query('lock table properties in access exclusive mode');
    const pending = Promise.all(Array.from({ length: 3 }, () => ctx.app.inject({ method: 'GET', url: LIST })));
    await waitForLockWaiters(1);
    expect(await terminateServerBackends()).toBeGreaterThanOrEqual(1);
    await admin.query('commit');
    const res = await pending;
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('answers 503, not 500, while the database refuses connections (SQLSTATE 55000), then serves again', async () => {
    const { rows } = await admin.query('select current_database() as name');
    const name = admin.escapeIdentifier(rows[0].name);
    // PostgreSQL refuses this from a connection to the database itself: from the server's main database.
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    await outside.query(`alter database ${name} allow_connections false`);
    try {
      await terminateServerBackends();
      // A filter no other test reads: the public cache cannot answer it.
      const res = await ctx.app.inject({ method: 'GET', url: `${LIST}?city=Refused` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ statusCode: 503, success: false, message: expect.stringMatching(/temporarily unavailable/) });
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await outside.query(`alter database ${name} allow_connections true`);
      await outside.end();
    }
    expect((await ctx.app.inject({ method: 'GET', url: `${LIST}?city=Refused` })).statusCode).toBe(200);
  });

  it('answers 503 for a write whose connection is killed while it runs, then serves it again', async () => {
    const owner = await signedIn(ctx, 'owner');
    const property = await createProperty(ctx.deps, owner.user._id);
    const pause = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/properties/pause-property/${property._id}`,
        headers: { cookie: owner.cookie },
        payload: { isPaused: true },
      });
    await admin.query('begin');
    // Reads go through; the UPDATE waits for the lock.
    await admin.query('lock table properties in exclusive mode');
    const pending = pause();
    await waitForLockWaiters(1);
    await terminateServerBackends();
    await admin.query('commit');
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, success: false, message: expect.stringMatching(/temporarily unavailable/) });

    const retried = await pause();
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.isPaused).toBe(true);
  });
});
