import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

/**
 * Runs `fn` in one transaction of `db` (committed when it resolves, rolled back when it throws) and hands
 * it the transaction typed as a `Db`, so the helpers that take a `Db` run inside it. The one cast of a
 * transaction: Drizzle types it as a PgTransaction, which has every query method of the database it came
 * from (plus rollback) but is not declared a PgDatabase.
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string (PostgreSQL only). */
  url?: string;
  close: () => Promise<void>;
};

/** The committed SQL migrations: beside the sources in development, copied beside the bundle in dist. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../drizzle'), join(here, '../drizzle'), join(here, 'drizzle')]) {
    if (existsSync(join(candidate, 'meta/_journal.json'))) return resolve(candidate);
  }
  throw new Error('Migrations folder not found');
}

export type OpenOptions =
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** Named prepared statements (default true; DATABASE_PREPARED_STATEMENTS). */
      prepare?: boolean;
      /** Called when an idle pooled connection fails (the server restarted, a backend was terminated). */
      onError?: (err: Error) => void;
      /** How long to wait for a new connection before the request fails with 503 (ms). */
      connectTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** At most this many distinct statements are prepared (per connection); later new texts run unnamed. */
export const MAX_PREPARED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/** The prepared-statement name of a query text: a hash of it, so one text always has one name. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED_STATEMENTS) return undefined;
    name = `k_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection that runs every parameterised query as a named prepared statement (city bench, issue 13):
 * PostgreSQL parses and plans it once per connection instead of on every request (unnamed statements were
 * parsed and planned each time: 0.3–3 ms a query on the bench). Drizzle always sends the same text for the
 * same query shape with the values apart, so the statements are few; unparameterised texts (migrations,
 * BEGIN, LISTEN) stay unnamed. Off with DATABASE_PREPARED_STATEMENTS=false (a pooler in transaction mode).
 */
/**
 * A client that never kills the process (issue 18): pg-pool listens for 'error' only on idle clients, so a
 * backend terminated between two queries of a transaction (the client checked out, no query running)
 * emitted 'error' with no listener and ended the server. Here the error is only reported; the transaction's
 * next query fails with "not queryable" (a 503), and the pool discards the broken client on release.
 */
class SafeClient extends pg.Client {
  static onError: (err: Error) => void = () => {};
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client's constructor config.
  constructor(config?: any) {
    super(config);
    this.on('error', (err) => (this.constructor as typeof SafeClient).onError(err));
  }
}

class PreparingClient extends SafeClient {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name && typeof config.submit !== 'function') {
      const params = Array.isArray(config.values) ? config.values : Array.isArray(values) ? values : [];
      const name = params.length > 0 ? statementName(config.text) : undefined;
      if (name) return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }
}

/** The pool's client class: prepared or not, and reporting connection errors to `onError` whenever they come. */
function clientClass(prepare: boolean, onError: (err: Error) => void): typeof pg.Client {
  const Base = prepare ? PreparingClient : SafeClient;
  return class extends Base {
    static override onError = onError;
  };
}

/** A plain read, safe to run again when its connection died under it (a write may have committed). */
const isRead = (text: string): boolean =>
  /^\s*select\b/i.test(text) && !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text);

/**
 * A pool that survives the database going away: an idle connection dropped by a restart or
 * pg_terminate_backend is logged and discarded (without a listener, pg-pool's 'error' event kills the
 * process); a read whose connection died under it runs once more on a fresh connection.
 */
export function createPool(opts: {
  url: string;
  max?: number;
  onError?: (err: Error) => void;
  connectTimeoutMs?: number;
  prepare?: boolean;
}): pg.Pool {
  const onError = opts.onError ?? ((e: Error) => console.warn(`database connection lost: ${e.message}`));
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    ...{ Client: clientClass(opts.prepare !== false, onError) },
  });
  pool.on('error', onError);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    try {
      return await query(...args);
    } catch (err) {
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      if (typeof args.at(-1) === 'function' || typeof text !== 'string' || !isRead(text) || !isDatabaseUnavailable(err)) throw err;
      return query(...args);
    }
  };
  return pool;
}

/** Any constant shared by every instance: the key of the advisory lock held while migrating. */
export const MIGRATION_LOCK_KEY = 4_242_017_018;

/**
 * Several instances starting at once on one database (ADR 018): the first takes a session advisory lock
 * and migrates; the others wait on the lock, then find every migration applied and go on. The lock is
 * held on its own connection (not a pooled one: a pool of one would deadlock against the migrator) and
 * is released by PostgreSQL if that connection dies.
 */
export async function migrateOnce(url: string, run: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await run();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

/**
 * Embedded PostgreSQL's settings (ADR 025). PGlite runs PostgreSQL in WebAssembly memory, which grows and never
 * shrinks: its default 160 MB of shared buffers end up resident once touched. The data files sit in the OS page
 * cache anyway, so a small buffer pool costs reads little and keeps the server within its memory goal.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'temp_buffers = 4MB'];

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite, and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions, { migrate = true } = {}): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = createPool(opts);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (migrate) {
      try {
        await migrateOnce(opts.url, () => migratePg(db as never, { migrationsFolder: migrationsFolder() }));
      } catch (e) {
        await pool.end().catch(() => undefined);
        throw e;
      }
    }
    return { db, kind: 'postgres', url: opts.url, close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm: the typo-tolerant locality search (ADR 048) and the free-text index run on PGlite as on PostgreSQL.
  const client = new PGlite({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    postgresqlconf: PGLITE_CONF,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}
