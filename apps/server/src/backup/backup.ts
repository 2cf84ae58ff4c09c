import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
// The database's pg_trgm indexes (migrations 0011, 0036) need the extension wherever a copy is opened.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrationsFolder } from '../db/index.js';
import { assertKey, contentTypeOfKey } from '../lib/blob-store.js';
import { S3BlobStore } from '../lib/s3-blob-store.js';
import {
  BackupError,
  DATABASE_FILES,
  MANIFEST_FILE,
  type Manifest,
  UPLOADS_DIR,
  type UploadEntry,
  formatBytes,
  hashBuffer,
  hashFile,
  listFiles,
  readManifest,
  sealManifest,
  serializeManifest,
  verifyBackupFiles,
} from './manifest.js';
import { PgliteInUseError, claimPgliteDir, consistentDump, requestDump } from './pglite-guard.js';

export type Progress = (line: string) => void;
export type Summary = { tables: number; rows: number; uploads: number; bytes: number; seconds: number };

/** Rows of a query, whichever driver runs it. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

const pgliteQuery =
  (client: PGlite): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;
const pgQuery =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows;

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Every table of the app (public) and of the migrator (drizzle), as "table" or "drizzle.table". */
async function tableNames(q: Query): Promise<{ name: string; sql: string }[]> {
  const rows = await q(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  return rows.map((r) => {
    const s = String(r.s);
    const t = String(r.t);
    return { name: s === 'public' ? t : `${s}.${t}`, sql: `${ident(s)}.${ident(t)}` };
  });
}

/** Row counts of every table. */
export async function countRows(q: Query): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await tableNames(q)) out[t.name] = Number((await q(`select count(*)::int as n from ${t.sql}`))[0]?.n ?? 0);
  return out;
}

/** An ordered hash of every table's rows (what the round-trip tests compare). */
export async function tableDigests(q: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await tableNames(q)) {
    const [row] = await q(`select md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as h from ${t.sql} r`);
    out[t.name] = String(row?.h);
  }
  return out;
}

type Journal = { entries: { tag: string; when: number }[] };
const journal = (): Journal => JSON.parse(readFileSync(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as Journal;

/** The tag of the last migration applied, or null when the migrator never ran. */
async function lastMigration(q: Query): Promise<string | null> {
  const [exists] = await q(`select to_regclass('drizzle.__drizzle_migrations') is not null as e`);
  if (!exists?.e) return null;
  const [row] = await q('select created_at::text as w from drizzle.__drizzle_migrations order by created_at desc limit 1');
  if (!row) return null;
  const when = Number(row.w);
  return journal().entries.find((e) => e.when === when)?.tag ?? `unknown-${when}`;
}

export function appVersion(): string {
  for (const p of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@kiraya/server' && pkg.version) return pkg.version;
    } catch {
      // try the next place (sources or the bundle)
    }
  }
  return 'unknown';
}

const pgliteDir = (config: Config) => join(config.dataDir, 'db');

/** PGlite: a dump from the running server, or from the directory opened here when no server runs. */
async function dumpPglite(config: Config, progress: Progress): Promise<Buffer> {
  const dbDir = pgliteDir(config);
  if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dbDir} (DATA_DIR=${config.dataDir}).`);
  let guard: Awaited<ReturnType<typeof claimPgliteDir>>;
  try {
    guard = await claimPgliteDir(dbDir);
  } catch (e) {
    if (!(e instanceof PgliteInUseError)) throw e;
    progress('The server has the database open: asking it for a consistent copy…');
    try {
      return await requestDump(dbDir);
    } catch (err) {
      throw new BackupError((err as Error).message);
    }
  }
  try {
    progress(`No server has the database open: opening ${dbDir} here (the server cannot start meanwhile)…`);
    const client = new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
    await client.waitReady;
    try {
      return await consistentDump(client);
    } finally {
      await client.close();
    }
  } finally {
    await guard.close();
  }
}

/** pg_dump and pg_restore's connection: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function pgToolArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; a missing tool or a failure is a BackupError carrying its message. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 8000) stderr += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      fail(
        new BackupError(
          e.code === 'ENOENT'
            ? `${tool} was not found on PATH: install the PostgreSQL client tools (the server's major version or newer; on Debian or Ubuntu: apt-get install postgresql-client-15).`
            : `${tool} could not run: ${e.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? ok() : fail(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim() || '(no message)'}`)),
    );
  });
}

async function connectPg(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    throw new BackupError(`Could not connect to DATABASE_URL: ${(e as Error).message}`);
  }
  return client;
}

/** Runs `fn` at most `width` at a time over `items`. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Every key in the bucket (all pages, or the first only). */
async function bucketKeys(store: S3BlobStore, firstPageOnly = false): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated && !firstPageOnly ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

const validKey = (key: string) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
};

/** Copies the uploads (DATA_DIR/uploads or the bucket) into `dir/uploads`; returns their manifest entries. */
async function backUpUploads(config: Config, dir: string, progress: Progress): Promise<{ source: 'disk' | 's3'; files: UploadEntry[] }> {
  const target = join(dir, UPLOADS_DIR);
  const files: UploadEntry[] = [];
  const report = () => {
    if (files.length % 200 === 0) progress(`Copied ${files.length} uploads…`);
  };
  if (config.s3) {
    const store = new S3BlobStore(config.s3);
    try {
      progress(`Listing the bucket ${config.s3.bucket}…`);
      const all = await bucketKeys(store);
      const keys = all.filter(validKey);
      if (keys.length < all.length)
        progress(
          `Skipping ${all.length - keys.length} object(s) whose keys the app never writes (first: ${all.find((k) => !validKey(k))}).`,
        );
      await eachLimited(keys, 8, async (key) => {
        const data = await store.get(key);
        if (!data) return; // deleted since the listing
        await mkdir(dirname(join(target, key)), { recursive: true });
        await writeFile(join(target, key), data);
        files.push({ key, bytes: data.length, sha256: hashBuffer(data) });
        report();
      });
    } finally {
      store.close();
    }
  } else {
    const root = join(config.dataDir, UPLOADS_DIR);
    for (const key of await listFiles(root)) {
      if (!validKey(key)) {
        progress(`Skipping ${key} (not a name the app writes).`);
        continue;
      }
      await mkdir(dirname(join(target, key)), { recursive: true });
      await copyFile(join(root, key), join(target, key));
      files.push({ key, ...(await hashFile(join(target, key))) });
      report();
    }
  }
  files.sort((a, b) => (a.key < b.key ? -1 : 1));
  return { source: config.s3 ? 's3' : 'disk', files };
}

const seconds = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/**
 * `npm run backup -- <dir>` (ADR 027): the database (PGlite's own dump, or pg_dump in the custom format),
 * every upload (the uploads folder or the bucket) and a manifest, into an empty or new directory.
 */
export async function runBackup(config: Config, dirArg: string, progress: Progress = () => undefined): Promise<Summary> {
  const t0 = performance.now();
  const dir = resolve(dirArg);
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: back up into a new or empty directory (for example one named after the date).`);
  await mkdir(dir, { recursive: true });
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const dbFile = join(dir, DATABASE_FILES[kind]);
  let tables: Record<string, number>;
  let migration: string | null;
  if (kind === 'pglite') {
    progress(`Backing up the PGlite database in ${pgliteDir(config)}…`);
    const dump = await dumpPglite(config, progress);
    await writeFile(dbFile, dump);
    progress(`Dumped the database (${formatBytes(dump.length)}); loading the copy to count its rows…`);
    // Counting the copy, not the live database: the figures are the dump's, and the dump is proven to load.
    const copy = new PGlite({ loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
    try {
      await copy.waitReady;
      tables = await countRows(pgliteQuery(copy));
      migration = await lastMigration(pgliteQuery(copy));
    } finally {
      await copy.close();
    }
  } else {
    const url = config.databaseUrl as string;
    progress('Backing up the PostgreSQL database (pg_dump, custom format)…');
    const client = await connectPg(url);
    try {
      // One snapshot for the counts and for pg_dump: the manifest describes exactly what was dumped.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
      tables = await countRows(pgQuery(client));
      migration = await lastMigration(pgQuery(client));
      const { dbname, env } = pgToolArgs(url);
      await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dbFile}`, `--dbname=${dbname}`], env);
      await client.query('COMMIT');
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const db = await hashFile(dbFile);
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  progress(`Database: ${Object.keys(tables).length} tables, ${rows} rows, ${formatBytes(db.bytes)}, migration ${migration ?? 'none'}.`);
  progress(config.s3 ? `Downloading the uploads from the bucket ${config.s3.bucket}…` : 'Copying the uploads…');
  const uploads = await backUpUploads(config, dir, progress);
  const uploadBytes = uploads.files.reduce((a, f) => a + f.bytes, 0);
  progress(`Uploads: ${uploads.files.length} files, ${formatBytes(uploadBytes)}.`);
  const manifest = sealManifest({
    format: 'kiraya-backup',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    appVersion: appVersion(),
    database: { kind, file: DATABASE_FILES[kind], bytes: db.bytes, sha256: db.sha256, migration },
    tables,
    uploads,
  });
  // Written last: a backup without its manifest is one that did not finish.
  await writeFile(join(dir, MANIFEST_FILE), serializeManifest(manifest));
  return { tables: Object.keys(tables).length, rows, uploads: uploads.files.length, bytes: db.bytes + uploadBytes, seconds: seconds(t0) };
}

/** The restored database must hold what the manifest says it held. */
function compareCounts(expected: Record<string, number>, got: Record<string, number>): void {
  for (const [t, n] of Object.entries(expected)) {
    if (got[t] !== n) throw new BackupError(`After the restore, table ${t} has ${got[t] ?? 'no'} rows; the backup had ${n}.`);
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * `npm run restore -- <dir> [--force]` (ADR 027): checks the manifest and every file against it, then the
 * target (an empty database and uploads store, unless --force), and only then restores.
 */
export async function runRestore(
  config: Config,
  dirArg: string,
  { force = false }: { force?: boolean } = {},
  progress: Progress = () => undefined,
): Promise<Summary> {
  const t0 = performance.now();
  const dir = resolve(dirArg);
  const manifest = await readManifest(dir);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  progress(
    `Backup of ${manifest.createdAt} (app ${manifest.appVersion}, ${manifest.database.kind}, migration ${manifest.database.migration ?? 'none'}).`,
  );
  if (manifest.database.kind !== kind)
    throw new BackupError(
      `This is a ${manifest.database.kind} backup and the configuration points at ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (no DATABASE_URL)'}: restore it into the same kind of database.`,
    );
  const tags = journal().entries.map((e) => e.tag);
  if (manifest.database.migration && !tags.includes(manifest.database.migration))
    throw new BackupError(
      `The backup's database is at migration ${manifest.database.migration}, which this version of Kiraya does not know: restore it with the version that took it (${manifest.appVersion}) or a newer one.`,
    );
  await verifyBackupFiles(dir, manifest, progress);
  const uploadsTo = config.s3 ? 's3' : 'disk';

  if (kind === 'pglite') {
    const dbDir = pgliteDir(config);
    let guard: Awaited<ReturnType<typeof claimPgliteDir>>;
    try {
      guard = await claimPgliteDir(dbDir);
    } catch (e) {
      if (e instanceof PgliteInUseError) throw new BackupError(`${e.message} Stop the server before restoring.`);
      throw e;
    }
    try {
      const occupied = existsSync(join(dbDir, 'PG_VERSION'));
      if (occupied && !force)
        throw new BackupError(
          `There is already a database in ${dbDir}: restore into an empty DATA_DIR, or add --force to set it aside and replace it.`,
        );
      await checkUploadsTarget(config, force);
      if (occupied) {
        const aside = `${dbDir}.replaced-${stamp()}`;
        await rename(dbDir, aside);
        progress(`Moved the existing database to ${aside}.`);
      }
      progress(`Restoring the database into ${dbDir}…`);
      const data = await readFile(join(dir, manifest.database.file));
      const client = new PGlite({ dataDir: dbDir, loadDataDir: new Blob([data]), extensions: { pg_trgm } });
      try {
        await client.waitReady;
        compareCounts(manifest.tables, await countRows(pgliteQuery(client)));
      } finally {
        await client.close();
      }
    } finally {
      await guard.close();
    }
  } else {
    const url = config.databaseUrl as string;
    const client = await connectPg(url);
    try {
      const present = await tableNames(pgQuery(client));
      const ours = present.filter((t) => t.name in manifest.tables);
      if (ours.length > 0 && !force)
        throw new BackupError(
          `The database at DATABASE_URL already has Kiraya tables (${ours
            .slice(0, 3)
            .map((t) => t.name)
            .join(', ')}…): restore into an empty database, or add --force to drop and replace them.`,
        );
      await checkUploadsTarget(config, force);
      progress('Restoring the database (pg_restore)…');
      const { dbname, env } = pgToolArgs(url);
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          ...(ours.length > 0 ? ['--clean', '--if-exists'] : []),
          `--dbname=${dbname}`,
          join(dir, manifest.database.file),
        ],
        env,
      );
      compareCounts(manifest.tables, await countRows(pgQuery(client)));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  progress(`Database restored: ${Object.keys(manifest.tables).length} tables, ${rows} rows, the counts match the manifest.`);

  progress(
    uploadsTo === 's3' ? `Uploading ${manifest.uploads.files.length} files to the bucket ${config.s3?.bucket}…` : 'Copying the uploads…',
  );
  const from = join(dir, UPLOADS_DIR);
  let done = 0;
  if (config.s3) {
    const store = new S3BlobStore(config.s3);
    try {
      await eachLimited(manifest.uploads.files, 8, async (f) => {
        const data = await readFile(join(from, f.key));
        if (hashBuffer(data) !== f.sha256) throw new BackupError(`The upload ${f.key} changed during the restore.`);
        await store.put(f.key, data, contentTypeOfKey(f.key));
        if (++done % 200 === 0) progress(`Uploaded ${done} of ${manifest.uploads.files.length}…`);
      });
    } finally {
      store.close();
    }
  } else {
    const root = join(config.dataDir, UPLOADS_DIR);
    for (const f of manifest.uploads.files) {
      await mkdir(dirname(join(root, f.key)), { recursive: true });
      await copyFile(join(from, f.key), join(root, f.key));
      if (++done % 200 === 0) progress(`Copied ${done} of ${manifest.uploads.files.length}…`);
    }
  }
  const bytes = manifest.database.bytes + manifest.uploads.files.reduce((a, f) => a + f.bytes, 0);
  return { tables: Object.keys(manifest.tables).length, rows, uploads: manifest.uploads.files.length, bytes, seconds: seconds(t0) };
}

/** The uploads store must be empty unless --force (then files of the same key are replaced, others kept). */
async function checkUploadsTarget(config: Config, force: boolean): Promise<void> {
  if (force) return;
  if (config.s3) {
    const store = new S3BlobStore(config.s3);
    try {
      if ((await bucketKeys(store, true)).length > 0)
        throw new BackupError(
          `The bucket ${config.s3.bucket} is not empty: restore into an empty bucket, or add --force to write over it.`,
        );
    } finally {
      store.close();
    }
  } else if ((await listFiles(join(config.dataDir, UPLOADS_DIR))).length > 0) {
    throw new BackupError(
      `${join(config.dataDir, UPLOADS_DIR)} is not empty: restore into an empty DATA_DIR, or add --force to write over it.`,
    );
  }
}

export type { Manifest };
