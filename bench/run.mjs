#!/usr/bin/env node
// `npm run bench`: runs every bench/*.ts in turn, each in its own process (so one bench's memory or
// open handles do not colour the next), start-up and memory first. Files starting with `_` are helpers.
// Pass names to run only some: `npm run bench -- startup properties-list`.
// `npm run bench -- --tiny` (or BENCH_SIZE=tiny) runs every bench at a size that takes seconds: CI runs that
// as the last step of `npm test`, so no bench can drift from the schema or the app unnoticed (ADR 025).
// Set DATABASE_URL to add the PostgreSQL figures (each bench makes and drops its own scratch database).
// Any bench that fails (exits non-zero, or is killed) fails the run: the exit code is 1 and the failures
// are listed at the end, with each bench's time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureBenchTools } from './_tools.mjs';

const dir = new URL('.', import.meta.url).pathname;
const first = ['startup.ts', 'memory.ts', 'cached-reads.ts', 'properties-list.ts'];
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && !f.endsWith('.d.ts'))
  .sort((a, b) => (first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99) || a.localeCompare(b));
const args = process.argv.slice(2);
if (args.includes('--tiny')) process.env.BENCH_SIZE = 'tiny';
const wanted = args.filter((a) => !a.startsWith('--'));
const benches = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
if (wanted.length && benches.length === 0) {
  console.error(`no bench matches ${wanted.join(', ')} (benches: ${all.join(', ')})`);
  process.exit(1);
}

ensureBenchTools();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`${benches.length} benches${process.env.BENCH_SIZE === 'tiny' ? ' (tiny)' : ''}, load average ${load()}`);
const results = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  const ok = r.status === 0;
  results.push({ file, ok, seconds: (performance.now() - started) / 1000, how: r.error?.message ?? `exit ${r.status ?? r.signal}` });
  if (!ok) console.log(`${file} FAILED (${results.at(-1).how})`);
}
console.log(`\nbenches (load average ${load()}):`);
for (const r of results) console.log(`  ${r.file.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : `FAILED (${r.how})`}`);
const failed = results.filter((r) => !r.ok);
if (failed.length) console.log(`${failed.length} of ${results.length} benches failed: ${failed.map((r) => r.file).join(', ')}`);
process.exit(failed.length ? 1 : 0);
