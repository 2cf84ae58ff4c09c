#!/usr/bin/env node
// `npm run bench`: runs every bench/*.ts in turn, each in its own process (so one bench's memory or
// open handles do not colour the next), start-up and memory first. Files starting with `_` are helpers.
// Pass names to run only some: `npm run bench -- startup properties-list`.
// Set DATABASE_URL to add the PostgreSQL figures (each bench makes and drops its own scratch database).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBenchTools } from './_tools.mjs';

const dir = new URL('.', import.meta.url).pathname;
const first = ['startup.ts', 'memory.ts', 'properties-list.ts'];
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .sort((a, b) => (first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99) || a.localeCompare(b));
const wanted = process.argv.slice(2);
const benches = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;

ensureBenchTools();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.log(`${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);
