import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, migrationsFolder, openDatabase } from './index.js';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.KIRAYA_TEST_DB === 'postgres' && !!url;
if (!onPostgres) console.log('migrate-concurrent: skipped (runs in the server-pg project, with TEST_DATABASE_URL)');

const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe.skipIf(!onPostgres)('migrations when several instances start at once (ADR 018)', () => {
  const admin = new pg.Client({ connectionString: url });
  const made: string[] = [];
  const emptyDatabase = async () => {
    const name = `kiraya_mig_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    made.push(name);
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    return u.toString();
  };
  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('three instances migrating one empty database together: one migrates, the others wait, all start', async () => {
    const dbUrl = await emptyDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: dbUrl, max: 1 })));
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    try {
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(journal.entries.length);
      const users = await check.query(`select to_regclass('public.users') as t`);
      expect(users.rows[0].t).toBe('users');
      // The custom migration `multi_sql`: free-text search gets its trigram index on PostgreSQL.
      const trgm = await check.query(`select to_regclass('public.properties_search_trgm_idx') as t`);
      expect(trgm.rows[0].t).toBe('properties_search_trgm_idx');
    } finally {
      await check.end();
      for (const d of opened) await d.close();
    }
  });

  it('an instance starting while another holds the migration lock waits for it', async () => {
    const dbUrl = await emptyDatabase();
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let done = false;
    const opening = openDatabase({ kind: 'postgres', url: dbUrl, max: 1 }).then((d) => {
      done = true;
      return d;
    });
    // The newcomer shows up as a waiter on the advisory lock, with nothing migrated yet.
    for (;;) {
      const { rows } = await holder.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
      );
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(done).toBe(false);
    expect((await holder.query(`select to_regclass('public.users') as t`)).rows[0].t).toBeNull();
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const database = await opening;
    expect((await holder.query(`select to_regclass('public.users') as t`)).rows[0].t).toBe('users');
    await database.close();
    await holder.end();
  });
});
