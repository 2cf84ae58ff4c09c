/**
 * Memory benchmark (item 6): the server's RSS under a mixed load of public reads (the list with
 * filters, property pages, rooms) and sessions (login, current user), on PGlite and, with
 * DATABASE_URL, on a scratch PostgreSQL database. The server runs as `npm start` would (built bundle,
 * demo data); RSS is sampled every 100 ms from /proc.
 *
 *   node --import tsx bench/memory.ts
 *   DATABASE_URL=postgres://… node --import tsx bench/memory.ts
 * Prints the peaks next to the goals (PGlite 300 MB, PostgreSQL 200 MB); BENCH_STRICT=1 fails the run
 * when one is missed. Any answer that is not 200 fails it.
 * Options (env): BENCH_SECONDS (default 20; tiny 2), BENCH_CONCURRENCY (default 8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { TINY, sized } from './_size.mjs';
import { ensureBuilt, scratchPostgres, serverRssMb, startServer } from './_server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(20, 2));
/** The goals of issue 36 (issue 21 had 400 and 250 MB): the server's peak RSS under this load. */
const GOALS_MB = { PGlite: 300, PostgreSQL: 200 } as const;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const API = '/api/v1';
const LISTS = [
  '/properties/fetch-all-properties',
  '/properties/fetch-all-properties?city=Pune',
  '/properties/fetch-all-properties?q=garden',
  '/properties/fetch-all-properties?minRent=10000&maxRent=20000&sort=rent_asc',
  '/properties/fetch-all-properties?state=Karnataka&sort=rent_desc',
  '/properties/fetch-all-properties?propertyType=Villa',
];
const DEMO = { email: 'priya@kiraya.demo', password: 'Kiraya123' };

async function mixedLoad(
  base: string,
  pid: number,
): Promise<{ requests: number; errors: number; peak: number; end: number; idle: number }> {
  const list = (await (await fetch(`${base}${API}${LISTS[0]}`)).json()) as { data: { _id: string }[] };
  const ids = list.data.map((p) => p._id);
  const idle = serverRssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverRssMb(pid));
  }, 100);
  const until = performance.now() + SECONDS * 1000;
  let requests = 0;
  let errors = 0;
  let token = '';
  const login = async () => {
    const res = await fetch(`${base}${API}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const body = (await res.json()) as { data?: { accessToken?: string } };
    if (res.ok && body.data?.accessToken) token = body.data.accessToken;
    else errors += 1;
    requests += 1;
  };
  await login();
  // Logins stay under the per-IP limit (120 a minute): one every 0.6 s, in their own loop.
  const logins = (async () => {
    while (performance.now() < until) {
      await login();
      await new Promise((r) => setTimeout(r, 600));
    }
  })();
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const id = ids[i % ids.length];
        const pick = i % 10;
        const path =
          pick < 4
            ? (LISTS[i % LISTS.length] as string)
            : pick < 7
              ? `/properties/${id}`
              : pick < 9
                ? `/rooms/${id}`
                : '/users/get-current-user';
        const res = await fetch(`${base}${API}${path}`, pick === 9 ? { headers: { authorization: `Bearer ${token}` } } : {});
        await res.arrayBuffer();
        requests += 1;
        if (res.status !== 200) errors += 1;
      }
    }),
  );
  await logins;
  clearInterval(sampler);
  const end = serverRssMb(pid);
  return { requests, errors, peak: Math.max(peak, end), end, idle };
}

let failed = false;

async function measure(label: string, goal: number, base: string, pid: number) {
  const r = await mixedLoad(base, pid);
  const met = r.peak <= goal;
  console.log(
    `  ${label.padEnd(26)} RSS idle ${r.idle.toFixed(0)} MB, peak under load ${r.peak.toFixed(0)} MB (goal <= ${goal} MB: ${met ? 'met' : 'NOT MET'}), after ${r.end.toFixed(0)} MB` +
      `   (${r.requests} requests in ${SECONDS} s, ${r.errors} not 200, load average ${loadavg()[0]?.toFixed(2)})`,
  );
  if (r.errors > 0) failed = true;
  if (!met && process.env.BENCH_STRICT === '1') failed = true;
}

/** The server that loaded the demo (first start), then the same data after a restart. */
async function run(label: keyof typeof GOALS_MB, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-bench-mem-'));
  try {
    // Tiny: the first start only (each start loads the demo: most of this bench's time).
    for (const when of TINY ? ['first start'] : ['first start', 'restart']) {
      const server = await startServer({ DATA_DIR: dir, ...env });
      try {
        await measure(`${label}, ${when}`, GOALS_MB[label], server.base, server.child.pid as number);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuilt();
  console.log(`Server RSS under a mixed load (concurrency ${CONCURRENCY}, ${SECONDS} s, demo data):`);
  await run('PGlite', { DATABASE_URL: '' });
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await scratchPostgres(url, 'mem');
    try {
      await run('PostgreSQL', { DATABASE_URL: scratch.url });
    } finally {
      await scratch.drop();
    }
  } else console.log('  PostgreSQL skipped: set DATABASE_URL');
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
