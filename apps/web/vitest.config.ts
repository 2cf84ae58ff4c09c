import { defineProject } from 'vitest/config';
import { icuCatalogs } from './scripts/icu-catalogs.mjs';

export default defineProject({
  // The message catalogues compile as in the build (ADR 039).
  plugins: [icuCatalogs()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
  },
});
