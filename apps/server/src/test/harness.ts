import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/index.js';
import { inArray } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { createOwner, createTenant } from '../seed/factories.js';
import { newBucket } from './s3.js';

export type TestContext = {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  database: Database;
  close: () => Promise<void>;
};

/** A fresh copy of the migrated template database, private to the calling test file. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `kiraya_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
        break;
      } catch (e) {
        if (attempt > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 5 }, { migrate: false });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(file)]) }, { migrate: false });
  return { database, drop: () => database.close() };
}

export const TEST_ORIGIN = 'http://localhost:3000';

/** The environment every test app is configured from (fixed secrets, no demo data, the test origin). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  DATA_KEY: 'test-data-key-test-data-key-test-data-key',
  DEMO_DATA: 'false',
  PUBLIC_URL: TEST_ORIGIN,
} as const;

/** Builds the real app on a fresh database; rate limits are generous unless a test overrides them. */
export async function createTestContext(overrides: Partial<Config> = {}, build: Pick<BuildOptions, 'logger'> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-test-'));
  const config = loadConfig(TEST_ENV, {
    dataDir,
    rateLimits: {
      signupsPerHour: 10_000,
      failedLoginsPerMinute: 10_000,
      loginsPerIpPerMinute: 10_000,
      ordersPerUserPerMinute: 10_000,
      resetsPer15Minutes: 10_000,
    },
    ...overrides,
  });
  // KIRAYA_TEST_BLOBS=s3: uploads go to a bucket of its own on the test S3 server (ADR 018).
  const s3Endpoint = inject('s3Endpoint');
  if (s3Endpoint && !('s3' in overrides)) config.s3 = await newBucket(s3Endpoint);
  const { database, drop } = await freshDatabase();
  const app = await buildApp({ config, db: database.db, ...build });
  await app.ready();
  return {
    app,
    deps: app.deps,
    config,
    database,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies from a response's set-cookie headers, as a Cookie header value. */
export function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Creates a user through the factories and signs them in; returns the user and their cookie header. */
export async function signedIn(ctx: TestContext, role: 'owner' | 'tenant') {
  const user = role === 'owner' ? await createOwner(ctx.deps) : await createTenant(ctx.deps);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const body = res.json() as { data: { accessToken: string } };
  return { user, cookie: cookieHeader(res), accessToken: body.data.accessToken };
}

/**
 * Makes accounts a month old: new accounts may list at most 5 properties in their first 7 days (ADR 037), which a
 * test listing more for one owner is not about.
 */
export async function establishedAccounts(ctx: Pick<TestContext, 'deps'>, ids: string[]): Promise<void> {
  await ctx.deps.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(inArray(users.id, ids));
}

export type SecondInstance = { app: FastifyInstance; db: Database['db']; close: () => Promise<void> };

/**
 * A second app instance on the test's database, as another server of a deployment: its own pool (and
 * LISTEN connection) on PostgreSQL, the same PGlite otherwise. Ready; `close` closes the app and its pool.
 */
export async function secondInstance(ctx: TestContext): Promise<SecondInstance> {
  const own =
    ctx.database.kind === 'postgres' && ctx.database.url
      ? await openDatabase({ kind: 'postgres', url: ctx.database.url, max: 3 }, { migrate: false })
      : null;
  const db = own?.db ?? ctx.deps.db;
  const app = await buildApp({ config: ctx.config, db });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await own?.close();
    },
  };
}
