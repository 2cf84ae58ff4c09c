/**
 * Start-up benchmark (item 5): `npm start` without the build, from spawn to /healthz answering.
 * Cold: a fresh data directory (the database is created, migrated and the demo loaded); restart: the
 * same directory again. Prints the server's progress lines of the cold start.
 *
 *   node --import tsx bench/startup.ts        (builds first if the build is missing)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sized } from './_size.mjs';
import { ensureBuilt, startServer } from './_server.js';

const RESTARTS = sized(3, 1);

async function main() {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-bench-start-'));
  const env = { DATA_DIR: dir, DATABASE_URL: '' };
  try {
    const cold = await startServer(env);
    const code = await cold.stop();
    console.log('Cold start progress:');
    for (const line of cold
      .output()
      .split('\n')
      .filter((l) => l.startsWith('[')))
      console.log(`  ${line}`);
    const restarts: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const warm = await startServer(env);
      restarts.push(warm.startedMs);
      await warm.stop();
    }
    restarts.sort((a, b) => a - b);
    console.log(`\nStart-up (PGlite, demo data, no build), spawn to /healthz:`);
    console.log(`  cold start (new data directory):  ${(cold.startedMs / 1000).toFixed(1)} s   (exit code on SIGTERM: ${code})`);
    console.log(
      `  restart (median of ${RESTARTS}):            ${((restarts[Math.floor(RESTARTS / 2)] ?? 0) / 1000).toFixed(1)} s   (best ${((restarts[0] ?? 0) / 1000).toFixed(1)} s)`,
    );
    if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
