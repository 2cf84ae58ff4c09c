/**
 * What the metrics and slow-request hook (ADR 026) costs a cached public read.
 *
 *   node --import tsx bench/metrics-hook.ts
 *
 * Starts the same app three times, each in its own process on PGlite with a dozen listed properties (a
 * cached list of about 10 KB): without the hook (no METRICS_TOKEN, SLOW_REQUEST_MS=0), with the slow-request
 * check only (the default: no METRICS_TOKEN), and with metrics on. Then loads the cached list with
 * autocannon, the three in turn for several rounds (the machine is shared: turns spread the noise), and
 * prints requests/s and p99 of each, and the server process's CPU time per request (from /proc: what a
 * shared, loaded machine disturbs least) with its difference from the app without the hook; then a
 * micro-bench of one request's bookkeeping against prom-client's Histogram.observe.
 * Options (env): BENCH_SECONDS (per round and app, default 4; tiny 1), BENCH_ROUNDS (default 3; tiny 1), BENCH_CONNECTIONS (default 10).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { Histogram, Registry } from 'prom-client';
import { HttpRequestMetrics, LATENCY_BUCKETS } from '../apps/server/src/lib/metrics.js';
import { createOwner } from '../apps/server/src/seed/factories.js';
import { responseHook } from '../apps/server/src/plugins/metrics.js';
import { createProperty } from '../apps/server/src/seed/property-factories.js';
import { users } from '../apps/server/src/db/schema.js';
import { eq } from 'drizzle-orm';
import { sized } from './_size.mjs';

const LIST = '/api/v1/properties/fetch-all-properties';
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(4, 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const VARIANTS = {
  'no hook': { SLOW_REQUEST_MS: '0' },
  'slow-request check only': { SLOW_REQUEST_MS: '500' },
  'metrics + slow check': { SLOW_REQUEST_MS: '500', METRICS_TOKEN: 'bench-metrics-token-0123456789' },
} as const;
type Variant = keyof typeof VARIANTS;

/** The child: one app on a fresh PGlite database, listening on a loopback port it prints. */
async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-bench-hook-'));
  const database = await openDatabase({ kind: 'pglite' });
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATA_KEY: 'bench-data-key-bench-data-key-bench-data',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
    },
    { dataDir },
  );
  const app = await buildApp({ config, db: database.db, logger: false });
  const owner = await createOwner(app.deps);
  // An established account: new ones list at most 5 properties in their first week (ADR 037).
  await app.deps.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, owner._id));
  for (let i = 0; i < 12; i++) await createProperty(app.deps, owner._id, { title: `Bench Residency ${i}` });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const body = await (await fetch(base + LIST)).text();
  process.stdout.write(`${JSON.stringify({ base, kb: body.length / 1024 })}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

type Child = { child: ChildProcess; base: string; kb: number };

function start(variant: Variant): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, ...VARIANTS[variant], METRICS_HOOK_SERVE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as { base: string; kb: number }) });
    });
    child.on('exit', (code) => reject(new Error(`${variant}: server exited (${code})`)));
  });
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** CPU ns per call of `fn`, after a warm-up. */
function cpuNs(fn: (i: number) => void, n = 1_000_000): number {
  for (let i = 0; i < 20_000; i++) fn(i);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(i);
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / n;
}

/**
 * One request's bookkeeping, measured on its own: the real hook (plugins/metrics.ts) called on a real
 * Fastify request and reply of a route with a parameter (route pattern, elapsed time, series), with the
 * slow check only and with metrics; and the series update alone against prom-client's Histogram.observe.
 */
async function microBench() {
  const app = Fastify();
  let captured: [FastifyRequest, FastifyReply] | null = null;
  app.get('/api/v1/properties/:id', async () => ({ ok: true }));
  app.addHook('onResponse', (req, reply, done) => {
    captured = [req, reply];
    done();
  });
  await app.inject('/api/v1/properties/abc?x=1');
  await app.close();
  const [req, reply] = captured as unknown as [FastifyRequest, FastifyReply];
  const done = () => {};
  const streams = new Set(['/api/v1/events']);
  const slowOnly = responseHook(null, 500, streams);
  const withMetrics = responseHook(new HttpRequestMetrics(), 500, streams);
  const m = new HttpRequestMetrics();
  const h = new Histogram({
    name: 'h',
    help: 'h',
    labelNames: ['method', 'route', 'status_class'],
    registers: [new Registry()],
    buckets: [...LATENCY_BUCKETS],
  });
  const labels = { method: 'GET', route: LIST, status_class: '2xx' };
  return {
    slowOnly: cpuNs(() => slowOnly.call(app, req, reply, done)),
    withMetrics: cpuNs(() => withMetrics.call(app, req, reply, done)),
    observe: cpuNs((i) => m.observe('GET', LIST, 200, 0.0004 + (i & 7) * 0.0001)),
    promClient: cpuNs((i) => h.observe(labels, 0.0004 + (i & 7) * 0.0001)),
  };
}

async function main(): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  console.log(
    `Metrics hook bench: cached ${LIST}, ${ROUNDS} rounds × ${SECONDS} s per app, ${CONNECTIONS} connections, node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const names = Object.keys(VARIANTS) as Variant[];
  const children = new Map<Variant, Child>();
  for (const v of names) children.set(v, await start(v));
  const rps = new Map<Variant, number[]>(names.map((v) => [v, []]));
  const p99 = new Map<Variant, number[]>(names.map((v) => [v, []]));
  const cpuUs = new Map<Variant, number[]>(names.map((v) => [v, []]));
  try {
    for (const c of children.values()) await autocannon({ url: c.base + LIST, connections: CONNECTIONS, duration: 1 }); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      // Each round in another order, so that no variant always runs first.
      const order = names.map((_, i) => names[(i + r) % names.length] as Variant);
      for (const v of order) {
        const c = children.get(v) as Child;
        const cpu0 = cpuSeconds(c.child.pid as number);
        const res = await autocannon({ url: c.base + LIST, connections: CONNECTIONS, duration: SECONDS });
        if (res.errors || res.non2xx) throw new Error(`${v}: ${res.errors} errors, ${res.non2xx} non-2xx`);
        cpuUs.get(v)?.push(((cpuSeconds(c.child.pid as number) - cpu0) * 1e6) / res.requests.total);
        rps.get(v)?.push(res.requests.average);
        p99.get(v)?.push(res.latency.p99);
      }
    }
  } finally {
    for (const c of children.values()) c.child.kill('SIGTERM');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const baseCpu = median(cpuUs.get('no hook') as number[]);
  console.log(`list body ${(children.get('no hook') as Child).kb.toFixed(1)} KB`);
  const cols = ['app', 'req/s (median)', 'req/s rounds', 'p99 ms', 'CPU µs/req', 'CPU µs/req rounds', 'vs no hook'];
  const rows = names.map((v) => {
    const cpu = median(cpuUs.get(v) as number[]);
    return [
      v,
      median(rps.get(v) as number[]).toFixed(0),
      (rps.get(v) as number[]).map((x) => x.toFixed(0)).join(' '),
      median(p99.get(v) as number[]).toFixed(1),
      cpu.toFixed(1),
      (cpuUs.get(v) as number[]).map((x) => x.toFixed(1)).join(' '),
      v === 'no hook'
        ? ''
        : `${cpu - baseCpu >= 0 ? '+' : ''}${(cpu - baseCpu).toFixed(1)} µs (${((100 * (cpu - baseCpu)) / baseCpu).toFixed(1)}%)`,
    ];
  });
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [cols, ...rows])
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
  const mb = await microBench();
  console.log(
    `\none request's bookkeeping, CPU ns: the hook with the slow check only ${mb.slowOnly.toFixed(0)}, with metrics ${mb.withMetrics.toFixed(0)}` +
      ` (of which the series update ${mb.observe.toFixed(0)}; prom-client's Histogram.observe would be ${mb.promClient.toFixed(0)})`,
  );
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

if (process.env.METRICS_HOOK_SERVE) await serve();
else await main();
