import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, S3Config } from '../config.js';
import { hashBuffer } from './manifest.js';
import { S3BlobStore } from '../lib/s3-blob-store.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { newBucket, startS3Server } from '../test/s3.js';
import { countRows, runBackup, runRestore, tableDigests } from './backup.js';
import { readManifest } from './manifest.js';
import { backupTestConfig } from './test-support.js';

/**
 * The PostgreSQL round trip (ADR 027): the demo on PostgreSQL with its uploads in an S3 bucket (s3rver),
 * backed up with pg_dump and the bucket's objects, restored into a new empty database and a new empty
 * bucket, and every table's rows and every object compared.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.KIRAYA_TEST_DB === 'postgres' && !!url;
if (!onPostgres) console.log('backup-pg: skipped (runs in the server-pg project, with TEST_DATABASE_URL)');

const query = (client: pg.Client) => async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];

/** key → sha256 of every object in a bucket. */
async function bucketHashes(config: S3Config): Promise<Record<string, string>> {
  const store = new S3BlobStore(config);
  try {
    const out: Record<string, string> = {};
    const list = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket }));
    for (const o of list.Contents ?? []) {
      const res = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: o.Key }));
      out[o.Key as string] = hashBuffer(
        Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()),
      );
    }
    return out;
  } finally {
    store.close();
  }
}

describe.skipIf(!onPostgres)('backup and restore on PostgreSQL with uploads in S3', () => {
  const admin = new pg.Client({ connectionString: url });
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let ctx: TestContext;
  let config: Config;
  const databases: string[] = [];
  const dirs: string[] = [];
  const emptyDatabase = async () => {
    const name = `kiraya_restore_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    return u.toString();
  };

  beforeAll(async () => {
    await admin.connect();
    s3 = await startS3Server();
    ctx = await createTestContext({ s3: await newBucket(s3.endpoint) });
    await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 160 });
    config = { ...ctx.config, databaseUrl: ctx.database.url };
  });
  afterAll(async () => {
    await ctx?.close();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await s3?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('backs up the demo (pg_dump and the bucket) and restores it into an empty database and bucket, row for row and byte for byte', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kiraya-backup-')), 'pg');
    dirs.push(join(dir, '..'));
    const summary = await runBackup(config, dir);
    const manifest = await readManifest(dir);
    expect(manifest.database).toMatchObject({ kind: 'postgres', file: 'database.pgdump' });
    expect(manifest.uploads.source).toBe('s3');
    const source = new pg.Client({ connectionString: ctx.database.url });
    await source.connect();
    const target = { url: await emptyDatabase(), bucket: await newBucket(s3.endpoint) };
    const targetConfig = backupTestConfig({ databaseUrl: target.url, s3: target.bucket });
    dirs.push(targetConfig.dataDir);
    const restoredDb = new pg.Client({ connectionString: target.url });
    try {
      expect(manifest.tables).toEqual(await countRows(query(source)));
      const objects = await bucketHashes(config.s3 as S3Config);
      expect(Object.keys(objects).length).toBeGreaterThan(10);
      expect(Object.fromEntries(manifest.uploads.files.map((f) => [f.key, f.sha256]))).toEqual(objects);

      const restored = await runRestore(targetConfig, dir);
      expect(restored).toMatchObject({ tables: summary.tables, rows: summary.rows, uploads: summary.uploads, bytes: summary.bytes });
      await restoredDb.connect();
      expect(await tableDigests(query(restoredDb))).toEqual(await tableDigests(query(source)));
      expect(await bucketHashes(target.bucket)).toEqual(objects);

      // The database now has Kiraya tables: a second restore is refused without --force, and replaces them with it.
      await expect(runRestore(targetConfig, dir)).rejects.toThrow(/already has Kiraya tables.*--force/s);
      await restoredDb.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('extra', 1)`);
      await runRestore(targetConfig, dir, { force: true });
      expect(await tableDigests(query(restoredDb))).toEqual(await tableDigests(query(source)));
    } finally {
      await source.end();
      await restoredDb.end().catch(() => undefined);
    }
  });

  it('refuses to restore into a non-empty database or a non-empty bucket without --force, touching nothing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kiraya-backup-')), 'pg');
    dirs.push(join(dir, '..'));
    await runBackup(config, dir);
    // The source database itself has Kiraya tables.
    await expect(runRestore(config, dir)).rejects.toThrow(/already has Kiraya tables/);
    // An empty database but a bucket with objects in it.
    const targetConfig = backupTestConfig({ databaseUrl: await emptyDatabase(), s3: config.s3 });
    dirs.push(targetConfig.dataDir);
    await expect(runRestore(targetConfig, dir)).rejects.toThrow(/bucket .* is not empty/);
    const check = new pg.Client({ connectionString: targetConfig.databaseUrl });
    await check.connect();
    try {
      expect(await countRows(query(check))).toEqual({});
    } finally {
      await check.end();
    }
    // A PGlite configuration cannot take a PostgreSQL backup.
    const pglite = backupTestConfig();
    dirs.push(pglite.dataDir);
    await expect(runRestore(pglite, dir)).rejects.toThrow(/postgres backup.*same kind/s);
  });
});
