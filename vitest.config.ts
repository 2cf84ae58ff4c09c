import { defineConfig } from 'vitest/config';

const server = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['./src/test/global-setup.ts'],
    // The AWS SDK warns once per process that its releases after January 2027 need Node 22; the pinned
    // version supports Node 20 (README, "Node.js"), so the notice is only noise in every test run.
    env: { KIRAYA_TEST_DB: db, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'], environment: 'node' } },
      server('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
