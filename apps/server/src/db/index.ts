import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
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

export type OpenOptions = { kind: 'postgres'; url: string; max?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite, and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions, { migrate = true } = {}): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (migrate) await migratePg(db as never, { migrationsFolder: migrationsFolder() });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}
