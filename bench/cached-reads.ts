/**
 * Cached public reads and a 401 against bare Fastify serving the same bytes (issue 21, ADR 025).
 *
 *   node --import tsx bench/cached-reads.ts          (or: npm run bench -- cached-reads)
 *
 * Starts the built Kiraya (scripts/start.mjs, PGlite, demo data, NODE_ENV=production), records each target's
 * answer (status, headers, body), starts a bare Fastify (bench/_bare.mjs: no plugins, no hooks) answering those
 * recorded bytes and headers, and loads both in turn with autocannon, target by target, so both see the same
 * machine: req/s, p99 and Kiraya's share of the bare figure next to its goal (cached reads 60%, the 401 50%).
 * The load average is printed beside the figures (other processes on the machine move both alike).
 * Each target runs in ROUNDS short rounds, bare and Kiraya alternating, and the best round of each is kept:
 * on a shared machine other processes only ever slow a round down, so the best rounds compare the two.
 * Options (env): BENCH_SECONDS per round (2; tiny 1), BENCH_ROUNDS (4; tiny 1), BENCH_CONNECTIONS (10),
 * BENCH_CPU_PROF=<dir> writes Kiraya's CPU profile there (read it with bench/_profile-top.mjs),
 * BENCH_TARGETS=list,current (labels' starts) loads only those, BENCH_STRICT=1 fails the run when a ratio is under its goal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sized } from './_size.mjs';
import { ensureBuilt, root, startServer } from './_server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(2, 1));
/** Rounds per target, bare and Kiraya alternating; the best round of each is kept (others' load only slows). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(4, 1));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const API = '/api/v1';
const HOP = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

type Target = { label: string; path: string; status: number; goal: number };
type Recorded = { status: number; headers: Record<string, string>; body: string };

async function record(base: string, path: string): Promise<Recorded> {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!HOP.has(k)) headers[k] = v;
  });
  return { status: res.status, headers, body: body.toString('base64') };
}

async function startBare(file: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [join(root, 'bench/_bare.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * CPU time (user + system, µs) a process and its children have used, from /proc: what a request costs the
 * server whatever else the machine runs. Throughput moves with the load average; CPU per request hardly does,
 * so it is printed beside req/s as the steadier comparison (on a quiet machine req/s ≈ 1e6 / µs per request).
 */
function cpuMicros(pid: number): number {
  let total = 0;
  const walk = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * (1e6 / 100); // utime, stime in clock ticks (USER_HZ 100)
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const k of kids) walk(Number(k));
    } catch {}
  };
  walk(pid);
  return total;
}

type Load = { rps: number; p99: number; bad: number; cpuUs: number; requests: number };
const best = (a: Load | undefined, b: Load): Load => {
  const sum = { bad: (a?.bad ?? 0) + b.bad, cpuUs: (a?.cpuUs ?? 0) + b.cpuUs, requests: (a?.requests ?? 0) + b.requests };
  return a && a.rps >= b.rps ? { ...a, ...sum } : { ...b, ...sum };
};
async function load(url: string, status: number, pid: number): Promise<Load> {
  const cpu0 = cpuMicros(pid);
  const r = (await autocannon({ url, connections: CONNECTIONS, duration: SECONDS })) as Awaited<ReturnType<typeof autocannon>> & {
    statusCodeStats?: Record<string, { count: number }>;
  };
  const cpuUs = cpuMicros(pid) - cpu0;
  const wrong = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== status)
    .reduce((n, [, s]) => n + s.count, 0);
  return { rps: r.requests.average, p99: r.latency.p99, bad: wrong + r.errors + r.timeouts, cpuUs, requests: r.requests.total };
}

async function main() {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-bench-reads-'));
  const prof = process.env.BENCH_CPU_PROF;
  const kiraya = await startServer(
    {
      DATA_DIR: dir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATA_KEY: 'bench-data-key-bench-data-key-bench-data',
    },
    prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : undefined,
  );
  let bare: { child: ChildProcess; base: string } | undefined;
  let failed = false;
  try {
    const list = (await (await fetch(`${kiraya.base}${API}/properties/fetch-all-properties`)).json()) as { data: { _id: string }[] };
    const id = list.data[0]?._id;
    if (!id) throw new Error('the demo has no listed property');
    const targets: Target[] = [
      { label: 'list (API)', path: `${API}/properties/fetch-all-properties`, status: 200, goal: 60 },
      { label: 'property (API)', path: `${API}/properties/${id}`, status: 200, goal: 60 },
      { label: 'rooms (API)', path: `${API}/rooms/${id}`, status: 200, goal: 60 },
      { label: '/properties (SSR)', path: '/properties', status: 200, goal: 60 },
      { label: '/properties/:id (SSR)', path: `/properties/${id}`, status: 200, goal: 60 },
      { label: 'current user, 401', path: `${API}/users/get-current-user`, status: 401, goal: 50 },
    ];
    const only = process.env.BENCH_TARGETS?.split(',');
    if (only) targets.splice(0, targets.length, ...targets.filter((t) => only.some((o) => t.label.startsWith(o))));
    const recorded: Record<string, Recorded> = {};
    for (const t of targets) {
      await record(kiraya.base, t.path); // the first answer fills the cache; the second is the cached one
      const r = await record(kiraya.base, t.path);
      if (r.status !== t.status) throw new Error(`${t.path} answered ${r.status}, expected ${t.status}`);
      recorded[t.path] = r;
    }
    const file = join(dir, 'recorded.json');
    writeFileSync(file, JSON.stringify(recorded));
    bare = await startBare(file);

    console.log(`Cached public reads and a 401: Kiraya against bare Fastify serving the same bytes and headers`);
    console.log(
      `(autocannon, ${CONNECTIONS} connections; per target ${ROUNDS} rounds of ${SECONDS} s, bare and Kiraya in turn, the best round of each; node ${process.version})\n`,
    );
    const head = [
      'target',
      'KB',
      'bare req/s',
      'p99',
      'Kiraya req/s',
      'p99',
      'ratio',
      'goal',
      'CPU µs/req bare',
      'Kiraya',
      'ratio',
      'load avg',
    ];
    const rows: string[][] = [];
    for (const t of targets) {
      const bytes = Buffer.from(recorded[t.path]?.body ?? '', 'base64').length;
      let b: Load | undefined;
      let k: Load | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        b = best(b, await load(bare.base + t.path, t.status, bare.child.pid ?? 0));
        k = best(k, await load(kiraya.base + t.path, t.status, kiraya.child.pid ?? 0));
      }
      if (!b || !k) throw new Error('no rounds');
      if (b.bad || k.bad) {
        failed = true;
        console.log(`  ${t.label}: ${b.bad} bare and ${k.bad} Kiraya answers were not ${t.status} (or failed)`);
      }
      const ratio = (100 * k.rps) / b.rps;
      const met = ratio >= t.goal;
      if (!met && process.env.BENCH_STRICT === '1') failed = true;
      rows.push([
        t.label,
        (bytes / 1024).toFixed(1),
        b.rps.toFixed(0),
        `${b.p99} ms`,
        k.rps.toFixed(0),
        `${k.p99} ms`,
        `${ratio.toFixed(0)}%`,
        `>= ${t.goal}% ${met ? 'met' : 'NOT MET'}`,
        (b.cpuUs / b.requests).toFixed(1),
        (k.cpuUs / k.requests).toFixed(1),
        `${((100 * (b.cpuUs / b.requests)) / (k.cpuUs / k.requests)).toFixed(0)}%`,
        loadavg()[0]?.toFixed(2) ?? '',
      ]);
    }
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
    console.log(line(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows) console.log(line(r));
  } finally {
    bare?.child.kill('SIGTERM');
    await kiraya.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
