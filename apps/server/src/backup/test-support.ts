import { mkdtempSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config.js';
import { TEST_ENV } from '../test/harness.js';
import { hashBuffer, listFiles } from './manifest.js';

/** A server configuration on a new temporary DATA_DIR, as the backup command would load it. */
export function backupTestConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-backup-data-'));
  return loadConfig(TEST_ENV, { dataDir, ...overrides });
}

/** key → sha256 of every file under a folder. */
export async function folderHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of await listFiles(root)) out[key] = hashBuffer(await readFile(join(root, key)));
  return out;
}

/** A copy of a backup folder, to damage without spoiling the original. */
export async function copyBackup(from: string): Promise<string> {
  const to = mkdtempSync(join(tmpdir(), 'kiraya-backup-copy-'));
  const { mkdir } = await import('node:fs/promises');
  for (const key of await listFiles(from)) {
    await mkdir(join(to, key, '..'), { recursive: true });
    await copyFile(join(from, key), join(to, key));
  }
  return to;
}
