#!/usr/bin/env node
// `npm test`: every suite. Vitest (contract, server on PGlite, server on PostgreSQL when
// TEST_DATABASE_URL is set, web components), then the Playwright journeys against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const only = process.argv[2]; // optional: "unit" or "e2e"
let status = 0;
if (only !== 'e2e') {
  status ||= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'vitest.json')}`]);
}
if (only !== 'unit') {
  const b = run('npm', ['run', 'build']);
  if (b !== 0) status ||= b;
  else status ||= run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json') });
}

// One closing line for the whole run.
let passed = 0;
let failed = 0;
let skipped = 0;
const vj = join(out, 'vitest.json');
if (existsSync(vj)) {
  const v = JSON.parse(readFileSync(vj, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
const pj = join(out, 'playwright.json');
if (existsSync(pj)) {
  const s = JSON.parse(readFileSync(pj, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status);
