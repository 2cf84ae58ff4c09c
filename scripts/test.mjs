#!/usr/bin/env node
// `npm test`: every suite. The build first (the server-rendering tests in Vitest load the real SSR bundle,
// and Playwright serves the built app), then each Vitest project (contract, scripts, server on PGlite,
// server on PostgreSQL when TEST_DATABASE_URL is set, web components), then the Playwright journeys, then every
// bench at its tiny size (`npm run bench -- --tiny`, ADR 025: a bench that no longer runs fails the tests).
// Prints how long each step took. `npm test unit` skips the build and Playwright (the SSR bundle tests
// then run only if a build is already there); `npm test e2e` runs the build and Playwright only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const times = [];
const run = (label, cmd, args, env = {}) => {
  const started = performance.now();
  const status = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  times.push({ label, seconds: (performance.now() - started) / 1000, status });
  return status;
};

// The projects of vitest.config.ts, one run each so that each one's time is its own.
const PROJECTS = ['contract', 'scripts', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : []), 'web'];

const only = process.argv[2]; // optional: "unit" or "e2e"
let status = 0;
let built = false;
if (only !== 'unit') {
  built = run('build', 'npm', ['run', 'build']) === 0;
  if (!built) status = 1;
}
if (only !== 'e2e') {
  for (const project of PROJECTS) {
    const json = join(out, `vitest-${project}.json`);
    const env = built ? { KIRAYA_WEB_BUILT: '1' } : {};
    const s = run(
      project,
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
      env,
    );
    status ||= s;
  }
}
if (only !== 'unit' && built) {
  const s = run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'playwright.json'),
  });
  status ||= s;
}
// The benches, tiny, on the build above; their PostgreSQL parts on the test server when there is one.
if (only !== 'unit' && only !== 'e2e' && built) {
  const pg = process.env.TEST_DATABASE_URL
    ? { DATABASE_URL: process.env.TEST_DATABASE_URL, BENCH_PG_URL: process.env.TEST_DATABASE_URL }
    : {};
  const s = run('benches', 'node', ['bench/run.mjs', '--tiny'], pg);
  status ||= s;
}

// One closing line for the whole run, and the time of each step.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const project of PROJECTS) {
  const vj = join(out, `vitest-${project}.json`);
  if (!existsSync(vj)) continue;
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
const total = times.reduce((sum, t) => sum + t.seconds, 0);
console.log('\ntimes:');
for (const t of times) console.log(`  ${t.label.padEnd(10)} ${t.seconds.toFixed(1).padStart(7)} s${t.status === 0 ? '' : '  (failed)'}`);
console.log(`  ${'total'.padEnd(10)} ${total.toFixed(1).padStart(7)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status);
