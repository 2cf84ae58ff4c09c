import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server';

/**
 * Loads the demo once for the whole run (ADR 040): a server on an empty directory seeds it and stops; every
 * worker's server, and every spec's own, starts on a copy of that directory (e2e/server.ts).
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-e2e-template-'));
  const server = await startServer({ empty: true, dataDir: dir });
  await server.stop();
  process.env.E2E_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
