import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) stops the server on SIGTERM and SIGINT and exits with its code.
 * KIRAYA_SKIP_BUILD=source: no build, the server runs from its sources (works before any build).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function up(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

const running: { child: ChildProcess; dir: string }[] = [];
afterEach(() => {
  for (const r of running.splice(0)) {
    if (r.child.exitCode === null) r.child.kill('SIGKILL');
    rmSync(r.dir, { recursive: true, force: true });
  }
});

async function start() {
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      KIRAYA_SKIP_BUILD: 'source',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  running.push({ child, dir });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!(await up(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, exited, output: () => output };
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  it(`stops the server on ${signal} to the start script and exits with its code`, { timeout: 120_000 }, async () => {
    const s = await start();
    expect(s.output()).toContain('Database ready.');
    s.child.kill(signal);
    expect(await s.exited).toBe(0);
    expect(await up(s.port)).toBe(false);
  });
}
