#!/usr/bin/env node
// `npm test`: every suite. The build first (the server-rendering tests in Vitest load the real SSR bundle,
// and Playwright serves the built app), then each Vitest project (contract, scripts, server on PGlite,
// server on PostgreSQL when TEST_DATABASE_URL is set, web components), then the Playwright journeys, then every
// bench at its tiny size (`npm run bench -- --tiny`, ADR 025: a bench that no longer runs fails the tests).
// `npm test unit` skips the build and Playwright (the SSR bundle tests then run only if a build is already
// there); `npm test e2e` runs the build and Playwright only.
//
// At the end (ADR 040): each step's time beside its goal (the whole of `.ci/run` has 20 minutes on the CI
// machine), the ten slowest test files of each project, every test that passed only on a retry, and the check
// that no file skipped more tests than scripts/expected-skips.mjs allows for what is missing here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { expectedSkips } from './expected-skips.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** Seconds each step should take on the CI machine (2 cores), all of them within the 20 minutes of `.ci/run`. */
export const GOALS = { build: 30, contract: 15, scripts: 10, server: 110, 'server-pg': 140, web: 80, e2e: 420, benches: 150 };

const times = [];
const run = (label, cmd, args, env = {}) => {
  const started = performance.now();
  const status = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  times.push({ label, seconds: (performance.now() - started) / 1000, status });
  return status;
};

// The projects of vitest.config.ts, one run each so that each one's time is its own.
const PROJECTS = ['contract', 'scripts', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : []), 'web'];
/** Each project's root, against which its files are named. */
const PROJECT_ROOT = {
  contract: 'packages/contract',
  scripts: 'scripts',
  server: 'apps/server',
  'server-pg': 'apps/server',
  web: 'apps/web',
};

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

// What ran: counts, the slowest files, tests that passed only on a retry (Playwright's, in CI; Vitest retries
// nothing, so a test that fails once fails the run), skips beyond the expected.
const have = { pg: !!process.env.TEST_DATABASE_URL, redis: !!process.env.REDIS_URL, build: built || process.env.KIRAYA_WEB_BUILT === '1' };
let passed = 0;
let failed = 0;
let skipped = 0;
const slowest = [];
const flaky = [];
const unexpectedSkips = [];
for (const project of PROJECTS) {
  const vj = join(out, `vitest-${project}.json`);
  if (!existsSync(vj)) continue;
  const v = JSON.parse(readFileSync(vj, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  const files = [];
  for (const f of v.testResults ?? []) {
    const file = relative(join(root, PROJECT_ROOT[project]), f.name);
    files.push({ file, seconds: (f.endTime - f.startTime) / 1000, tests: f.assertionResults.length });
    const skippedHere = f.assertionResults.filter((a) => a.status === 'skipped' || a.status === 'pending' || a.status === 'todo');
    const allowed = expectedSkips(project, file, have);
    if (skippedHere.length > allowed)
      unexpectedSkips.push(
        `${project} ${file}: ${skippedHere.length} skipped, ${allowed} expected (${skippedHere.map((a) => a.title).join('; ')})`,
      );
  }
  files.sort((a, b) => b.seconds - a.seconds);
  slowest.push({ project, files: files.slice(0, 10) });
}
const pj = join(out, 'playwright.json');
if (existsSync(pj)) {
  const p = JSON.parse(readFileSync(pj, 'utf8'));
  const s = p.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const seconds = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0) / 1000, 0);
        const e = perFile.get(spec.file) ?? { file: `e2e/${spec.file}`, seconds: 0, tests: 0 };
        e.seconds += seconds;
        e.tests += 1;
        perFile.set(spec.file, e);
        if (t.status === 'flaky') flaky.push(`e2e e2e/${spec.file}:${spec.line} › ${spec.title}`);
        if (t.status === 'skipped') unexpectedSkips.push(`e2e e2e/${spec.file}:${spec.line} › ${spec.title}: skipped, none expected`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
  slowest.push({ project: 'e2e', files: [...perFile.values()].sort((a, b) => b.seconds - a.seconds).slice(0, 10) });
}

for (const { project, files } of slowest) {
  if (!files.length) continue;
  console.log(`\nslowest files, ${project}:`);
  for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${String(f.tests).padStart(3)} tests  ${f.file}`);
}
if (flaky.length) {
  console.log(`\npassed only on a retry (${flaky.length}; the goal is none):`);
  for (const f of flaky) console.log(`  ${f}`);
}
if (unexpectedSkips.length) {
  console.log(
    `\nskipped beyond what scripts/expected-skips.mjs allows with${have.pg ? '' : 'out'} PostgreSQL, with${have.redis ? '' : 'out'} Redis, with${have.build ? '' : 'out'} a build:`,
  );
  for (const s of unexpectedSkips) console.log(`  ${s}`);
  status ||= 1;
}

if (status !== 0 && failed === 0) failed = 1;
const total = times.reduce((sum, t) => sum + t.seconds, 0);
const goalTotal = times.reduce((sum, t) => sum + (GOALS[t.label] ?? 0), 0);
console.log(
  `\ntimes (goal on the 2-core CI machine; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}):`,
);
for (const t of times) {
  const goal = GOALS[t.label];
  const over = goal !== undefined && t.seconds > goal ? '  over its goal' : '';
  console.log(
    `  ${t.label.padEnd(10)} ${t.seconds.toFixed(1).padStart(7)} s  (goal ${String(goal ?? '-').padStart(4)} s)${t.status === 0 ? '' : '  (failed)'}${over}`,
  );
}
console.log(`  ${'total'.padEnd(10)} ${total.toFixed(1).padStart(7)} s  (goal ${String(goalTotal).padStart(4)} s)`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} passed only on a retry`);
process.exit(status);
