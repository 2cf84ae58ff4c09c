import { defineConfig } from 'vitest/config';

/**
 * Which server test file runs on which engine (ADR 040). Without TEST_DATABASE_URL every file runs on PGlite.
 * With it, PostgreSQL (production's engine, and the faster of the two here) runs every file but those about
 * PGlite alone, and PGlite runs only what its engine changes:
 */
export const PGLITE_ONLY = [
  // `npm start`, backup and restore of a PGlite directory, and the guard that lets one process open it.
  'src/start-script.test.ts',
  'src/backup/backup.test.ts',
  'src/backup/cli.test.ts',
  'src/backup/pglite-guard.test.ts',
  // Each replays the committed migration files on an in-process PGlite of its own, whatever the project.
  'src/db/migration-*.test.ts',
];
export const ON_BOTH = [
  // The demo is what `npm start` loads into PGlite.
  'src/seed/*.test.ts',
  // The operator command opens either engine (and on PGlite, the directory a server holds).
  'src/admin.test.ts',
  // Money, scheduled work and races: PGlite serialises every transaction on its one connection, PostgreSQL
  // runs them side by side with row locks and SKIP LOCKED; both must give the same ledger.
  'src/modules/payments/*.test.ts',
  'src/modules/payouts/*.test.ts',
  'src/modules/deposits/*.test.ts',
  'src/modules/leases/*.test.ts',
  'src/modules/tenancy/*.test.ts',
  'src/modules/outbox/*.test.ts',
  'src/lib/idempotency.test.ts',
  // The ledger's SQL rules against their TypeScript twins, and random sequences of money moves (ADR 046).
  'src/lib/ledger*.test.ts',
  // Streams and caches emptied by LISTEN/NOTIFY on PostgreSQL, in process on PGlite.
  'src/test/live-delivery.test.ts',
  'src/plugins/public-cache.test.ts',
  // Search: pg_trgm and full text are loaded differently on each engine (db/index.ts, migration 0036, ADR 048).
  'src/modules/properties/search.test.ts',
];

const pg = Boolean(process.env.TEST_DATABASE_URL);

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: db === 'pglite' && pg ? [...PGLITE_ONLY, ...ON_BOTH] : ['src/**/*.test.ts'],
    exclude: db === 'postgres' ? PGLITE_ONLY : [],
    environment: 'node' as const,
    globalSetup: ['./src/test/global-setup.ts'],
    // The AWS SDK warns once per process that its releases after January 2027 need Node 22; the pinned
    // version supports Node 20 (README, "Node.js"), so the notice is only noise in every test run.
    // KIRAYA_CHEAP_PASSWORD_HASH: argon2id at its cheapest in test processes (lib/passwords.ts, ADR 040).
    env: { KIRAYA_TEST_DB: db, KIRAYA_CHEAP_PASSWORD_HASH: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share a worker's modules (ADR 040): each builds its own app on its own database, and the
    // module graph is imported once per worker instead of once per file.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    passWithNoTests: false,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      server('server', 'pglite'),
      ...(pg ? [server('server-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
