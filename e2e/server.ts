import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The journeys' servers (ADR 040). `global-setup.ts` starts one server on an empty directory, lets it load the demo,
 * and stops it: that directory is the template. Each Playwright worker then gets a server of its own on a copy of
 * it (fixtures.ts, `kiraya`), so workers never share an account, a bill or a rate limit; a spec that needs a server
 * set up otherwise (no outbox worker, a faster payout sandbox) starts one the same way.
 */
export type KirayaServer = {
  /** http://localhost:PORT */
  url: string;
  port: number;
  /** Its DATA_DIR: operator commands (`rent-cycle`, `admin`) are run against it. */
  dataDir: string;
  stop: () => Promise<void>;
};

/** A free port, asked of the system. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

let started = 0;

/**
 * Starts `apps/server/dist/main.js` on a copy of the demo template (or, with `empty`, on a new directory whose
 * demo it loads itself) and resolves once `/readyz` answers 200. `env` adds to, or overrides, the defaults.
 */
export async function startServer(
  options: { env?: Record<string, string>; empty?: boolean; dataDir?: string } = {},
): Promise<KirayaServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiraya-e2e-'));
  if (!options.empty) {
    const template = process.env.E2E_TEMPLATE_DIR;
    if (!template) throw new Error('E2E_TEMPLATE_DIR is not set: e2e/global-setup.ts makes it (run the specs with Playwright)');
    cpSync(template, dataDir, { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      // argon2id at its cheapest: a test process only (apps/server/src/lib/passwords.ts, ADR 040).
      KIRAYA_CHEAP_PASSWORD_HASH: '1',
      // Node closes an idle connection after 5 s by default; a request sent on it at that moment is reset
      // (ECONNRESET). Browsers and Playwright's request contexts keep connections longer, as a load balancer does.
      KEEP_ALIVE_TIMEOUT_SECONDS: '120',
      // With REDIS_URL set (CI), rate-limit counters live in a shared Redis for an hour: each server its own keys.
      REDIS_PREFIX: `kiraya-e2e-${process.pid}-${Date.now()}-${started++}:`,
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${url} exited with ${child.exitCode} before it was ready`);
    const status = await fetch(`${url}/readyz`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`the server on ${url} was not ready within 150 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
