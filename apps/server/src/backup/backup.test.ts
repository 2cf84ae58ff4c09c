import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { type Database, openDatabase } from '../db/index.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { countRows, runBackup, runRestore, tableDigests } from './backup.js';
import { BackupError, MANIFEST_FILE, type Manifest, readManifest } from './manifest.js';
import { type PgliteGuard, claimPgliteDir, consistentDump } from './pglite-guard.js';
import { backupTestConfig, copyBackup, folderHashes } from './test-support.js';

/**
 * The PGlite round trip (ADR 027): the demo backed up while a "server" (this process, holding the data
 * directory's guard and serving dumps as main.ts does) has it open, restored into an empty DATA_DIR, and
 * every table's rows and every upload compared. The PostgreSQL and S3 round trip is backup-pg.test.ts.
 */
const onPglite = process.env.KIRAYA_TEST_DB !== 'postgres';

const q = (client: PGlite) => async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

describe.skipIf(!onPglite)('backup and restore on PGlite', () => {
  let config: Config;
  let database: Database;
  let guard: PgliteGuard;
  let app: FastifyInstance;
  let backupDir: string;
  const made: string[] = [];
  const tmp = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    made.push(d);
    return d;
  };

  beforeAll(async () => {
    config = backupTestConfig();
    made.push(config.dataDir);
    const dbDir = join(config.dataDir, 'db');
    // The server: claims the directory, opens it and answers dump requests (main.ts does the same).
    guard = await claimPgliteDir(dbDir);
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    database = await openDatabase({ kind: 'pglite', dataDir: dbDir, loadDataDir: template }, { migrate: false });
    guard.serveDumps(() => consistentDump(clientOf(database)));
    app = await buildApp({ config, db: database.db });
    await seedDemoIfEmpty(app.deps, undefined, { photoWidth: 160 });
    backupDir = join(tmp('kiraya-backup-'), 'nightly');
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await guard?.close();
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });

  it('backs up the demo while the server runs and restores it into an empty DATA_DIR, row for row and byte for byte', async () => {
    const lines: string[] = [];
    const summary = await runBackup(config, backupDir, (l) => lines.push(l));
    expect(lines.join('\n')).toMatch(/asking it for a consistent copy/);
    const manifest = await readManifest(backupDir);
    const source = clientOf(database);
    expect(manifest.database).toMatchObject({ kind: 'pglite', file: 'database.tar.gz' });
    expect(manifest.database.migration).toMatch(/^\d{4}_/);
    expect(manifest.tables).toEqual(await countRows(q(source)));
    // The five demo people and the demo moderator (ADR 037).
    expect(manifest.tables.users).toBe(6);
    expect(manifest.uploads.source).toBe('disk');
    const uploads = await folderHashes(join(config.dataDir, 'uploads'));
    expect(Object.keys(uploads).length).toBeGreaterThan(10);
    expect(Object.fromEntries(manifest.uploads.files.map((f) => [f.key, f.sha256]))).toEqual(uploads);
    expect(summary).toMatchObject({ tables: Object.keys(manifest.tables).length, uploads: Object.keys(uploads).length });
    expect(summary.rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));

    // A second backup into the same folder is refused (a backup never writes over another).
    await expect(runBackup(config, backupDir)).rejects.toThrow(/not empty/);
    // Restoring over the running server's database is refused: it holds the directory.
    await expect(runRestore(config, backupDir, { force: true })).rejects.toThrow(/open in another process.*Stop the server/s);

    const target = backupTestConfig();
    made.push(target.dataDir);
    const restored = await runRestore(target, backupDir);
    expect(restored).toMatchObject({ tables: summary.tables, rows: summary.rows, uploads: summary.uploads, bytes: summary.bytes });
    expect(await folderHashes(join(target.dataDir, 'uploads'))).toEqual(uploads);
    const copy = await openDatabase({ kind: 'pglite', dataDir: join(target.dataDir, 'db') }, { migrate: false });
    try {
      expect(await tableDigests(q(clientOf(copy)))).toEqual(await tableDigests(q(source)));
    } finally {
      await copy.close();
    }
    // And again into the same place: refused without --force.
    await expect(runRestore(target, backupDir)).rejects.toThrow(/already a database/);
  });

  it('refuses a truncated or tampered backup before touching anything', async () => {
    const target = backupTestConfig();
    made.push(target.dataDir);
    const refused = async (damage: (dir: string, m: Manifest) => Promise<void>, message: RegExp) => {
      const dir = await copyBackup(backupDir);
      made.push(dir);
      await damage(dir, await readManifest(dir));
      const err = await runRestore(target, dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(message);
      expect(existsSync(join(target.dataDir, 'db'))).toBe(false);
      expect(existsSync(join(target.dataDir, 'uploads'))).toBe(false);
    };
    const photo = (m: Manifest) => m.uploads.files[0]?.key as string;
    await refused(async (dir, m) => {
      const file = join(dir, 'uploads', photo(m));
      const data = await readFile(file);
      data.writeUInt8((data.at(-1) ?? 0) ^ 1, data.length - 1);
      await writeFile(file, data);
    }, /upload .* does not match the manifest/);
    await refused((dir, m) => rmSync(join(dir, 'uploads', photo(m))) as never, /missing/);
    await refused((dir) => writeFile(join(dir, 'uploads', 'properties', 'extra.webp'), 'x'), /not in the manifest/);
    await refused((dir) => truncate(join(dir, 'database.tar.gz'), 1000), /truncated or replaced/);
    await refused(async (dir) => {
      const m = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
      m.tables.users += 1;
      await writeFile(join(dir, MANIFEST_FILE), JSON.stringify(m, null, 2));
    }, /changed after the backup was taken/);
    await refused(async (dir) => {
      const text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
      await writeFile(join(dir, MANIFEST_FILE), text.slice(0, text.length / 2));
    }, /not valid JSON/);
    await refused((dir) => rmSync(join(dir, MANIFEST_FILE)) as never, /No manifest\.json/);
  });

  it('backs up a stopped server by opening the directory itself, which a server start then waits out', async () => {
    // Stop the "server": the command now claims and opens the directory on its own.
    await app.close();
    await database.close();
    await guard.close();
    const dir = join(tmp('kiraya-backup-'), 'stopped');
    const lines: string[] = [];
    const running = runBackup(config, dir, (l) => lines.push(l));
    // While the command holds the directory, a second opener (a starting server) is refused.
    while (!lines.some((l) => l.includes('No server has the database open'))) await new Promise((r) => setTimeout(r, 10));
    await expect(claimPgliteDir(join(config.dataDir, 'db'))).rejects.toThrow(/open in another process/);
    const summary = await running;
    expect(lines.join('\n')).toMatch(/No server has the database open/);
    expect((await readManifest(dir)).tables).toEqual((await readManifest(backupDir)).tables);
    expect(summary.uploads).toBeGreaterThan(10);
    // Released afterwards.
    guard = await claimPgliteDir(join(config.dataDir, 'db'));
  });
});
