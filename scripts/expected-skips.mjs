// The tests a run may skip, and why (ADR 040). A test skips itself when what it needs is missing: PostgreSQL
// (TEST_DATABASE_URL), Redis (REDIS_URL) or the build (`npm test` builds first; `npm test unit` does not); a few
// skip on one engine because they are about the other. `scripts/test.mjs` fails the run when a file skips more
// tests than listed here for what is missing, so a suite that quietly stops running is noticed.
//
// `needs`: 'always' (skipped on that project whatever is there), or what the tests need: 'pg', 'redis', 'build'
// (expected to skip when any one of them is missing).

/** @type {{ project: string; file: string; tests: number; needs: 'always' | ('pg' | 'redis' | 'build')[]; why: string }[]} */
export const EXPECTED_SKIPS = [
  // On PGlite: what only PostgreSQL has (several connections, backends to terminate, pg_dump, LISTEN/NOTIFY).
  // With TEST_DATABASE_URL these files run on PostgreSQL alone and PGlite never sees them (vitest.config.ts).
  {
    project: 'server',
    file: 'src/backup/backup-pg.test.ts',
    tests: 2,
    needs: ['pg'],
    why: 'pg_dump and pg_restore of a PostgreSQL database',
  },
  {
    project: 'server',
    file: 'src/db/migrate-concurrent.test.ts',
    tests: 2,
    needs: ['pg'],
    why: 'instances migrating one PostgreSQL at once',
  },
  { project: 'server', file: 'src/db/prepared.test.ts', tests: 3, needs: ['pg'], why: "named prepared statements on PostgreSQL's pool" },
  { project: 'server', file: 'src/db/resilience.test.ts', tests: 4, needs: ['pg'], why: 'PostgreSQL backends terminated under the server' },
  {
    project: 'server',
    file: 'src/db/transactions-killed.test.ts',
    tests: 2,
    needs: ['pg'],
    why: 'transactions cut off by a terminated backend',
  },
  {
    project: 'server',
    file: 'src/test/scheduled-jobs.test.ts',
    tests: 2,
    needs: ['pg'],
    why: 'scheduled work on two pools of one PostgreSQL',
  },
  {
    project: 'server',
    file: 'src/test/multi-instance.test.ts',
    tests: 10,
    needs: ['pg', 'redis'],
    why: 'two instances on one PostgreSQL and Redis',
  },
  {
    project: 'server-pg',
    file: 'src/test/multi-instance.test.ts',
    tests: 10,
    needs: ['redis'],
    why: 'two instances on one PostgreSQL and Redis',
  },
  { project: 'server', file: 'src/lib/redis.test.ts', tests: 2, needs: ['redis'], why: 'the shared failure counter on a real Redis' },
  { project: 'server-pg', file: 'src/lib/redis.test.ts', tests: 2, needs: ['redis'], why: 'the shared failure counter on a real Redis' },
  // One describe block of a file that runs on both engines is about the other engine.
  {
    project: 'server',
    file: 'src/lib/idempotency.test.ts',
    tests: 1,
    needs: 'always',
    why: 'six simultaneous submissions need connections side by side (PostgreSQL)',
  },
  {
    project: 'server',
    file: 'src/plugins/public-cache.test.ts',
    tests: 1,
    needs: 'always',
    why: 'a NOTIFY from another connection (PostgreSQL)',
  },
  {
    project: 'server-pg',
    file: 'src/admin.test.ts',
    tests: 1,
    needs: 'always',
    why: 'the command asking the server that holds a PGlite directory',
  },
  // The server-rendered pages load the built SSR bundle.
  { project: 'server', file: 'src/plugins/render.test.ts', tests: 4, needs: ['build'], why: 'the built SSR bundle' },
  { project: 'server-pg', file: 'src/plugins/render.test.ts', tests: 4, needs: ['build'], why: 'the built SSR bundle' },
  { project: 'server', file: 'src/plugins/head.test.ts', tests: 1, needs: ['build'], why: 'the built SSR bundle' },
  { project: 'server-pg', file: 'src/plugins/head.test.ts', tests: 1, needs: ['build'], why: 'the built SSR bundle' },
  {
    project: 'server',
    file: 'src/modules/moderation/admin.test.ts',
    tests: 1,
    needs: ['build'],
    why: "a hidden listing's server-rendered page",
  },
  {
    project: 'server-pg',
    file: 'src/modules/moderation/admin.test.ts',
    tests: 1,
    needs: ['build'],
    why: "a hidden listing's server-rendered page",
  },
];

/**
 * How many tests of `file` the `project` may skip, given what is there.
 * @param {string} project
 * @param {string} file relative to the project's root
 * @param {{ pg: boolean; redis: boolean; build: boolean }} have
 */
export function expectedSkips(project, file, have) {
  let n = 0;
  for (const e of EXPECTED_SKIPS) {
    if (e.project !== project || e.file !== file) continue;
    if (e.needs === 'always' || e.needs.some((need) => !have[need])) n += e.tests;
  }
  return n;
}
