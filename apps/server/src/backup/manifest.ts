import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { assertKey } from '../lib/blob-store.js';

/** A backup that cannot be restored as it is: refused before anything is touched (ADR 027). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const MANIFEST_FILE = 'manifest.json';
export const UPLOADS_DIR = 'uploads';
export const DATABASE_FILES = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const uploadKey = z.string().refine((k) => {
  try {
    assertKey(k);
    return true;
  } catch {
    return false;
  }
}, 'not an upload key');

const manifestSchema = z.object({
  format: z.literal('kiraya-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string().datetime(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum([DATABASE_FILES.pglite, DATABASE_FILES.postgres]),
    bytes: z.number().int().nonnegative(),
    sha256,
    /** The last migration applied (its tag in drizzle/meta/_journal.json), null for a database never migrated. */
    migration: z.string().nullable(),
  }),
  /** Rows of every table ("table" in public, "schema.table" elsewhere). */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  uploads: z.object({
    source: z.enum(['disk', 's3']),
    files: z.array(z.object({ key: uploadKey, bytes: z.number().int().nonnegative(), sha256 })),
  }),
  /** sha256 of this manifest's JSON without this field: an edited manifest is refused. */
  checksum: sha256,
});

export type Manifest = z.infer<typeof manifestSchema>;
export type UploadEntry = Manifest['uploads']['files'][number];

const checksumOf = (m: Omit<Manifest, 'checksum'>): string => createHash('sha256').update(JSON.stringify(m)).digest('hex');

export function sealManifest(m: Omit<Manifest, 'checksum'>): Manifest {
  return { ...m, checksum: checksumOf(m) };
}

export function serializeManifest(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** Reads and checks a backup's manifest; throws BackupError saying what is wrong. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`No ${MANIFEST_FILE} in ${dir}: not a Kiraya backup, or one that did not finish.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} in ${dir} is not valid JSON (truncated or damaged).`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new BackupError(`${MANIFEST_FILE} in ${dir} is not a Kiraya backup manifest (${first?.path.join('.')}: ${first?.message}).`);
  }
  // The checksum covers the fields as written (in their order in the file).
  const { checksum: _, ...written } = json as Record<string, unknown>;
  if (checksumOf(written as Omit<Manifest, 'checksum'>) !== parsed.data.checksum)
    throw new BackupError(`${MANIFEST_FILE} in ${dir} was changed after the backup was taken (its checksum does not match).`);
  if (parsed.data.database.file !== DATABASE_FILES[parsed.data.database.kind])
    throw new BackupError(`${MANIFEST_FILE} in ${dir} names the wrong database file.`);
  return parsed.data;
}

/** sha256 and size of a file, streamed. */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export const hashBuffer = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** Every regular file under `root`, as keys relative to it with '/' separators (symbolic links are not followed). */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * Checks every file of a backup against its manifest before a restore touches anything: the database file
 * and every upload present with their size and sha256, and nothing else in the uploads folder.
 */
export async function verifyBackupFiles(dir: string, m: Manifest, progress: (line: string) => void): Promise<void> {
  const db = join(dir, m.database.file);
  const dbStat = await lstat(db).catch(() => null);
  if (!dbStat?.isFile()) throw new BackupError(`The database file ${m.database.file} is missing from ${dir}.`);
  const got = await hashFile(db);
  if (got.bytes !== m.database.bytes)
    throw new BackupError(
      `The database file ${m.database.file} has ${got.bytes} bytes, the manifest says ${m.database.bytes}: truncated or replaced.`,
    );
  if (got.sha256 !== m.database.sha256)
    throw new BackupError(`The database file ${m.database.file} does not match the manifest's sha256: damaged or tampered with.`);
  progress(`Checked the database file (${formatBytes(got.bytes)}).`);
  const root = join(dir, UPLOADS_DIR);
  const present = new Set(await listFiles(root));
  const expected = new Set(m.uploads.files.map((f) => f.key));
  const extra = [...present].filter((k) => !expected.has(k));
  if (extra.length > 0)
    throw new BackupError(
      `${extra.length} upload(s) in ${root} are not in the manifest (first: ${extra[0]}): the backup was tampered with.`,
    );
  let checked = 0;
  for (const f of m.uploads.files) {
    if (!present.has(f.key)) throw new BackupError(`The upload ${f.key} is missing from ${root}.`);
    const h = await hashFile(join(root, f.key));
    if (h.bytes !== f.bytes || h.sha256 !== f.sha256)
      throw new BackupError(`The upload ${f.key} does not match the manifest (size or sha256): damaged or tampered with.`);
    if (++checked % 200 === 0) progress(`Checked ${checked} of ${m.uploads.files.length} uploads…`);
  }
  progress(`Checked ${m.uploads.files.length} uploads.`);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
