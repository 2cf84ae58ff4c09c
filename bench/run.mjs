#!/usr/bin/env node
// `npm run bench`: runs every bench/*.ts in turn, each in its own process (so one bench's memory or
// open handles do not colour the next), start-up and memory first. Files starting with `_` are helpers.
// Pass names to run only some: `npm run bench -- startup properties-list`.
// `npm run bench -- --tiny` (or BENCH_SIZE=tiny) runs every bench at a size that takes seconds: CI runs that
// as the last step of `npm test`, so no bench can drift from the schema or the app unnoticed (ADR 025).
// Set DATABASE_URL to add the PostgreSQL figures (each bench makes and drops its own scratch database).
// Any bench that fails (exits non-zero, or is killed) fails the run: the exit code is 1 and the failures
// are listed at the end, with each bench's time.
import { spawn } from 'node:child_process';
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
// A tiny run proves that each bench still runs; its figures mean nothing (_size.mjs), so two run at a time, each
// one's output printed whole when it ends (ADR 040). A full run measures: one at a time, printed as it goes.
const jobs = process.env.BENCH_SIZE === 'tiny' ? Number(process.env.BENCH_JOBS ?? 2) : 1;
const results = [];
const runOne = (file) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, file)], {
      stdio: jobs > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    if (jobs === 1) console.log(`\n=== ${file} ===`);
    child.on('error', (e) => {
      output += `${e.message}\n`;
    });
    child.on('close', (code, signal) => {
      if (jobs > 1) console.log(`\n=== ${file} ===\n${output.trimEnd()}`);
      const ok = code === 0;
      results.push({ file, ok, seconds: (performance.now() - started) / 1000, how: `exit ${code ?? signal}` });
      if (!ok) console.log(`${file} FAILED (exit ${code ?? signal})`);
      resolve();
    });
  });
const queue = [...benches];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) await runOne(f);
  }),
);
results.sort((a, b) => benches.indexOf(a.file) - benches.indexOf(b.file));
console.log(`\nbenches (load average ${load()}):`);
for (const r of results) console.log(`  ${r.file.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : `FAILED (${r.how})`}`);
const failed = results.filter((r) => !r.ok);
if (failed.length) console.log(`${failed.length} of ${results.length} benches failed: ${failed.map((r) => r.file).join(', ')}`);
process.exit(failed.length ? 1 : 0);
