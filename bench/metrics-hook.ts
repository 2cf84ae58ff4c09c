/**
 * What the metrics and slow-request hook (ADR 026) costs a cached public read.
 *
 *   node --import tsx bench/metrics-hook.ts
 *
 * Starts the same app three times, each in its own process on PGlite with a dozen listed properties (a
 * cached list of about 10 KB): without the hook (no METRICS_TOKEN, SLOW_REQUEST_MS=0), with the slow-request
 * check only (the default: no METRICS_TOKEN), and with metrics on. Then loads the cached list with
 * autocannon, the three in turn for several rounds (the machine is shared: turns spread the noise), and
 * prints requests/s and p99 of each with its difference from the app without the hook, and a micro-bench
 * of one request's bookkeeping.
 * Options (env): BENCH_SECONDS (per round and app, default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { HttpRequestMetrics } from '../apps/server/src/lib/metrics.js';
import { createOwner } from '../apps/server/src/seed/factories.js';
import { createProperty } from '../apps/server/src/seed/property-factories.js';

const LIST = '/api/v1/properties/fetch-all-properties';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/** One observation's bookkeeping, as the hook does it (series exist): ns per request. */
function microBench(): number {
  const m = new HttpRequestMetrics();
  const n = 2_000_000;
  for (let i = 0; i < 10_000; i++) m.observe('GET', LIST, 200, 0.0004);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) m.observe('GET', LIST, 200, 0.0004 + (i & 7) * 0.0001);
  return Number(process.hrtime.bigint() - t0) / n;
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
  try {
    for (const c of children.values()) await autocannon({ url: c.base + LIST, connections: CONNECTIONS, duration: 1 }); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      // Each round in another order, so that no variant always runs first.
      const order = names.map((_, i) => names[(i + r) % names.length] as Variant);
      for (const v of order) {
        const res = await autocannon({ url: (children.get(v) as Child).base + LIST, connections: CONNECTIONS, duration: SECONDS });
        if (res.errors || res.non2xx) throw new Error(`${v}: ${res.errors} errors, ${res.non2xx} non-2xx`);
        rps.get(v)?.push(res.requests.average);
        p99.get(v)?.push(res.latency.p99);
      }
    }
  } finally {
    for (const c of children.values()) c.child.kill('SIGTERM');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const base = median(rps.get('no hook') as number[]);
  console.log(`list body ${(children.get('no hook') as Child).kb.toFixed(1)} KB`);
  console.log(`${'app'.padEnd(26)}${'req/s (median)'.padStart(16)}${'rounds'.padStart(26)}${'p99 ms'.padStart(8)}${'vs no hook'.padStart(12)}`);
  for (const v of names) {
    const m = median(rps.get(v) as number[]);
    const us = 1e6 / m - 1e6 / base;
    console.log(
      `${v.padEnd(26)}${m.toFixed(0).padStart(16)}${(rps.get(v) as number[])
        .map((x) => x.toFixed(0))
        .join(' ')
        .padStart(26)}${median(p99.get(v) as number[])
        .toFixed(1)
        .padStart(8)}${v === 'no hook' ? ''.padStart(12) : `${((100 * (m - base)) / base).toFixed(1)}% ${us >= 0 ? '+' : ''}${us.toFixed(1)} µs`.padStart(12)}`,
    );
  }
  console.log(`\nbookkeeping of one request (HttpRequestMetrics.observe): ${microBench().toFixed(0)} ns`);
  console.log(`load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`);
}

if (process.env.METRICS_HOOK_SERVE) await serve();
else await main();
