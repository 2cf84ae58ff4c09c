/**
 * The public pages in a browser (ADR 015): Lighthouse's scores, LCP, CLS, TBT and the JavaScript each page
 * loads (bench/public-pages.mjs), then the long main-thread tasks of the list page on a 4x slower CPU
 * (bench/page-tasks.mjs), against the built Kiraya (PGlite, demo data) started here.
 *
 *   node --import tsx bench/pages.ts        (or: npm run bench -- pages)
 *
 * Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH): without it the bench is skipped, saying so.
 * Tiny (BENCH_SIZE=tiny, CI): the list page's long tasks only; Lighthouse is left to full runs (ADR 040: it took half
 * a minute of every CI run, and the landing page's JavaScript budget is asserted by e2e/pwa.spec.ts). Fails when
 * either tool fails (a Lighthouse runtime error included).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TINY } from './_size.mjs';
import { ensureBuilt, root, startServer } from './_server.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main() {
  if (!existsSync(chromium)) {
    console.log(`pages: skipped, no Chromium at ${chromium} (install it, or set CHROMIUM_PATH)`);
    return;
  }
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-bench-pages-'));
  const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '', DEMO_DATA: 'true' });
  let failed = false;
  try {
    const env = { ...process.env, CHROMIUM_PATH: chromium, ...(TINY ? { PAGES: '/properties' } : {}) };
    const tools: (readonly [string, readonly string[]])[] = [
      ...(TINY ? [] : [['public-pages.mjs', [server.base]] as const]),
      ['page-tasks.mjs', [`${server.base}/properties`]],
    ];
    for (const [script, args] of tools) {
      console.log(`\n${script}:`);
      const r = spawnSync(process.execPath, [join(root, 'bench', script), ...args], { stdio: 'inherit', env, cwd: root });
      if (r.status !== 0) {
        failed = true;
        console.log(`${script} failed (exit ${r.status ?? r.signal})`);
      }
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
