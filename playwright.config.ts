import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A free port and a fresh data directory, chosen once in the runner and inherited by its workers. */
if (!process.env.E2E_PORT) {
  const freePort = () =>
    spawnSync(process.execPath, [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ])
      .stdout.toString()
      .trim();
  process.env.E2E_PORT = freePort();
  // A second origin for e2e/cross-origin.spec.ts: a front end served apart from the app, trusted by it.
  let front = freePort();
  while (front === process.env.E2E_PORT) front = freePort();
  process.env.E2E_FRONT_PORT = front;
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'kiraya-e2e-'));
  // With REDIS_URL set (CI), rate-limit counters live in a shared Redis for an hour: each run gets its own keys.
  process.env.E2E_REDIS_PREFIX = `kiraya-e2e-${process.pid}-${Date.now()}:`;
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR as string,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      // The outbox worker delivers to the development mailbox (issue 25: the password-reset journey reads it).
      OUTBOX_INTERVAL_SECONDS: '1',
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX as string,
      TRUSTED_ORIGINS: `http://localhost:${process.env.E2E_FRONT_PORT}`,
    },
  },
});
