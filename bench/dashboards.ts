/**
 * The dashboards on a phone (issue 35 item 14, ADR 044): Lighthouse (mobile: a 4x slower CPU and a mobile network, as
 * bench/pages.ts measures the public pages) on the owner's home and Billings and the tenant's home, My Rooms,
 * Billings and Pay, in English and in Hindi, signed in through the form (bench/dashboard-pages.mjs), against the
 * built Kiraya (PGlite, demo data) started here. The goal: performance 90 or more and LCP 2.5 s or less.
 *
 *   node --import tsx bench/dashboards.ts        (or: npm run bench -- dashboards)
 *
 * Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH): without it the bench is skipped, saying so. Tiny
 * (BENCH_SIZE=tiny, CI): skipped, saying so (a server with the demo and Lighthouse take minutes; ADR 040's budget).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TINY } from './_size.mjs';
import { ensureBuilt, root, startServer } from './_server.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main() {
  if (TINY) {
    console.log('dashboards: skipped in a tiny run (Lighthouse on signed-in pages takes minutes); run `npm run bench -- dashboards`');
    return;
  }
  if (!existsSync(chromium)) {
    console.log(`dashboards: skipped, no Chromium at ${chromium} (install it, or set CHROMIUM_PATH)`);
    return;
  }
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-bench-dashboards-'));
  const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '', DEMO_DATA: 'true' });
  let status: number | null = 1;
  try {
    // The demo loads after the server answers: wait until it says it is ready.
    for (let i = 0; i < 600; i++) {
      if ((await fetch(`${server.base}/readyz`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const env = { ...process.env, CHROMIUM_PATH: chromium };
    const r = spawnSync(process.execPath, [join(root, 'bench', 'dashboard-pages.mjs'), server.base], { stdio: 'inherit', env, cwd: root });
    status = r.status;
    if (r.status !== 0) console.log(`dashboard-pages.mjs failed (exit ${r.status ?? r.signal})`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (status !== 0) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
