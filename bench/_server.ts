/** Shared by the benches: runs the built server (scripts/start.mjs without building) as a child process. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((e) => newest(join(path, e))));
}

/** Builds the web app and the server when either is missing or the server is older than its sources. */
export function ensureBuilt(): void {
  const built = newest(`${root}apps/server/dist/main.js`);
  const sources = Math.max(newest(`${root}apps/server/src`), newest(`${root}apps/server/drizzle`), newest(`${root}packages/contract/src`));
  if (built > sources && existsSync(`${root}apps/web/dist/index.html`)) return;
  console.log('Building Kiraya for the benches…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export type Running = { child: ChildProcess; base: string; startedMs: number; output: () => string; stop: () => Promise<number | null> };

/**
 * Starts `node scripts/start.mjs` (no build) and resolves once /healthz answers, with the time it took.
 * With `nodeArgs` (a CPU profile: Node refuses --cpu-prof in NODE_OPTIONS) the built server runs directly,
 * with those arguments, instead of through the start script.
 */
export async function startServer(env: Record<string, string>, nodeArgs?: string[]): Promise<Running> {
  const port = await freePort();
  const t0 = performance.now();
  const args = nodeArgs ? ['--expose-gc', ...nodeArgs, `${root}apps/server/dist/main.js`] : [`${root}scripts/start.mjs`];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, KIRAYA_SKIP_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedMs = performance.now() - t0;
  return {
    child,
    base,
    startedMs,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resident set size of a process and its children (the start script runs the server as its child). */
export function rssMb(pid: number): number {
  let total = 0;
  const walk = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const k of kids) walk(Number(k));
    } catch {}
  };
  walk(pid);
  return total / 1024;
}

/** The server process's own RSS (the start script's child), in MB. */
export function serverRssMb(startPid: number): number {
  try {
    const kids = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return kids.reduce((s, k) => s + rssMb(Number(k)), 0);
  } catch {
    return 0;
  }
}

/** A scratch PostgreSQL database with a unique name, dropped by the returned function. */
export async function scratchPostgres(url: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kiraya_bench_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
