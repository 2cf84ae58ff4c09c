/**
 * What a PostgreSQL restart does to a running server.
 *
 *   node --import tsx bench/pg-restart.ts
 *
 * Creates a scratch database (kiraya_bench_restart_<pid>) on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), starts the real server process on it (src/main.ts through
 * tsx, or apps/server/dist/main.js with BENCH_SERVER=dist) with the demo data, sends a steady load of
 * public list requests, takes the database away, and prints: whether the server process survived, the seconds from the database
 * accepting connections again to the first 200, and the count of responses by status.
 * The database goes away as in a restart, but only this scratch database (the cluster is shared: other
 * databases, other test runs and CI keep theirs): for BENCH_OUTAGE_SECONDS (3; tiny 1) every connection to
 * it is terminated as soon as it appears (57P01, as a shutting-down server does), then it is left alone. BENCH_PG_RESTART='pg_ctlcluster 15 main restart' restarts the whole
 * cluster instead (needs root or the postgres user; never on a shared machine).
 * Options (env): BENCH_PORT (a free port), BENCH_CONCURRENCY (4).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sized } from './_size.mjs';
import { freePort } from './_server.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** This run's own (the cluster is shared: a fixed name would let two runs drop each other's database). */
const DB_NAME = `kiraya_bench_restart_${process.pid}`;
const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const RESTART = process.env.BENCH_PG_RESTART?.split(' ');
const OUTAGE_MS = 1000 * Number(process.env.BENCH_OUTAGE_SECONDS ?? sized(3, 1));
const BASE = `http://127.0.0.1:${PORT}`;
const LIST = `${BASE}/api/v1/properties/fetch-all-properties`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  c.on('error', () => {});
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/** True once a fresh connection to the scratch database runs a query. */
async function databaseUp(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

function startServer(dbUrl: string, dataDir: string): ChildProcess {
  const args = process.env.BENCH_SERVER === 'dist' ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function main() {
  if (!(await databaseUp(ADMIN_URL))) {
    console.log(`pg-restart: skipped, PostgreSQL not reachable at ${ADMIN_URL}`);
    return;
  }
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB_NAME}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-bench-restart-'));
  const server = startServer(dbUrl.toString(), dataDir);
  let exitCode: number | null | undefined;
  server.on('exit', (code, signal) => {
    exitCode = code ?? (signal ? -1 : null);
  });

  try {
    for (let i = 0; ; i++) {
      if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before it was ready`);
      // A generous wait: on a loaded CI host a first start on a new database has taken minutes.
      if (i > 3000) throw new Error('server not ready after 300 s');
      const ok = await fetch(`${BASE}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }

    type Sample = { status: number | 'network'; start: number; end: number };
    const samples: Sample[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const start = now();
        let status: Sample['status'];
        try {
          const res = await fetch(LIST, { signal: AbortSignal.timeout(15_000) });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 'network';
        }
        samples.push({ status, start, end: now() });
        // A failed request is not retried in a hot loop.
        if (status !== 200) await sleep(20);
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, worker);

    await sleep(2000);
    // Watches the database from outside the server: when it stops answering and when it answers again.
    let downAt: number | undefined;
    let backAt: number | undefined;
    let watching = true;
    const watcher = (async () => {
      while (watching && backAt === undefined) {
        const up = await databaseUp(dbUrl.toString());
        if (!up && downAt === undefined) downAt = now();
        else if (up && downAt !== undefined) backAt = now();
        await sleep(25);
      }
    })();
    const restartAt = now();
    if (RESTART) {
      console.log(`restarting PostgreSQL: ${RESTART.join(' ')}`);
      // Asynchronously: the load must keep running while the cluster restarts.
      await new Promise<void>((resolve, reject) =>
        spawn(RESTART[0] as string, RESTART.slice(1), { stdio: 'inherit' }).on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`${RESTART.join(' ')} exited with ${code}`)),
        ),
      );
    } else {
      console.log(`taking ${DB_NAME} away for ${OUTAGE_MS / 1000} s (every connection to it ended as it appears)`);
      // The watcher's own connections would be ended too: the outage's start and end are known here.
      watching = false;
      downAt = now();
      await admin(async (c) => {
        const end = now() + OUTAGE_MS;
        while (now() < end) {
          await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [DB_NAME]);
          await sleep(10);
        }
      });
      backAt = now();
    }
    const restartReturned = now();
    for (let i = 0; i < 600 && backAt === undefined; i++) await sleep(50);
    watching = false;
    await watcher;
    if (downAt === undefined || backAt === undefined) throw new Error('never saw the database go away and come back');
    const back: number = backAt;
    // Keep the load on until the server has answered 200 again for a while (or 30 s passed).
    const deadline = back + 30_000;
    while (now() < deadline && !samples.some((s) => s.status === 200 && s.end >= back)) await sleep(20);
    await sleep(3000);
    running = false;
    await Promise.all(workers);

    const firstOk = samples.filter((s) => s.status === 200 && s.end >= back).sort((a, b) => a.end - b.end)[0];
    const byStatus = new Map<string, number>();
    for (const s of samples) byStatus.set(String(s.status), (byStatus.get(String(s.status)) ?? 0) + 1);
    const fivexx = [...byStatus].filter(([k]) => k.startsWith('5'));
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

    console.log('');
    console.log(
      `server process:                     ${exitCode === undefined ? 'still running (no restart of its own)' : `EXITED with ${exitCode}`}`,
    );
    console.log(`restart command took:               ${fmt(restartReturned - restartAt)}`);
    console.log(`database away:                      ${fmt(downAt - restartAt)} to ${fmt(backAt - restartAt)} from the restart`);
    console.log(
      `first 200 after the database back:  ${firstOk ? fmt(Math.max(0, firstOk.end - back)) : 'NONE within 30 s'}${
        firstOk && firstOk.end < back + 5000 ? ' (within the 5 s target)' : ''
      }`,
    );
    console.log(`requests:                           ${samples.length} (${CONCURRENCY} concurrent clients)`);
    console.log(`responses by status:                ${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    console.log(`5xx by status:                      ${fivexx.length ? fivexx.map(([k, v]) => `${k}: ${v}`).join(', ') : 'none'}`);
    const slowest = samples.reduce((m, s) => Math.max(m, s.end - s.start), 0);
    console.log(`slowest response:                   ${fmt(slowest)} (a request held while the database was away)`);
    // Per half second from the restart: responses finished, by status.
    const line: string[] = [];
    for (let t = restartAt - 1000; t < back + 2000; t += 500) {
      const inBucket = samples.filter((s) => s.end >= t && s.end < t + 500);
      const counts = new Map<string, number>();
      for (const s of inBucket) counts.set(String(s.status), (counts.get(String(s.status)) ?? 0) + 1);
      line.push(`${((t - restartAt) / 1000).toFixed(1)}s ${[...counts].map(([k, v]) => `${k}x${v}`).join(' ') || '-'}`);
    }
    console.log(`timeline (from the restart):        ${line.join(' | ')}`);
    if (exitCode !== undefined || !firstOk || byStatus.has('500')) process.exitCode = 1;
  } finally {
    if (exitCode === undefined) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    // The cluster must be up for everyone else: wait for it, then drop the scratch database.
    for (let i = 0; i < 100 && !(await databaseUp(ADMIN_URL)); i++) await sleep(100);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) => console.error(`cleanup: ${e.message}`));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
