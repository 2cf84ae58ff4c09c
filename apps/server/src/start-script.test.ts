import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function start(env: Record<string, string> = {}, ready: (output: string, port: number) => Promise<boolean> = (_, port) => up(port)) {
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
      ...env,
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
  while (!(await ready(output, port))) {
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

/** The pids under a process, read from /proc. */
function descendants(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return kids.flatMap((k) => [k, ...descendants(k)]);
  } catch {
    return [];
  }
}
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

// The demo loads in a short-lived process of its own (issue 21's first-start memory): a stop while it loads ends it too.
it('stops the process loading the demo when the start script is stopped mid-load', { timeout: 120_000 }, async () => {
  const s = await start({ DEMO_DATA: 'true' }, async (output) => output.includes('Loading demo data'));
  const tree = descendants(s.child.pid as number);
  expect(tree.length).toBeGreaterThanOrEqual(2); // the server and the process loading the demo
  s.child.kill('SIGTERM');
  await s.exited;
  const deadline = Date.now() + 10_000;
  while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(tree.filter(alive)).toEqual([]);
});
