/**
 * Benchmark of the public property list (B1): GET /api/v1/properties/fetch-all-properties with filters.
 *
 *   node --import tsx bench/properties-list.ts            # PGlite (embedded)
 *   DATABASE_URL=postgres://… node --import tsx bench/properties-list.ts   # PGlite, then PostgreSQL
 *
 * Fills a fresh database with 10,000 properties and 50,000 rooms by bulk SQL, starts the real app on a
 * loopback port and measures p50/p99 latency and requests/s of a few filtered queries from a simple
 * concurrent client, next to a bare node:http server returning the same JSON from memory. The app
 * answers repeated public reads from its public cache (ADR 007); the first request of each query is the
 * uncached database path and is printed as "first (uncached) ms".
 * Options (env): BENCH_REQUESTS (per query, default 400), BENCH_CONCURRENCY (default 8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase } from '../apps/server/src/db/index.js';

const PROPERTIES = 10_000;
const ROOMS_PER_PROPERTY = 5;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const QUERIES = [
  '/api/v1/properties/fetch-all-properties',
  '/api/v1/properties/fetch-all-properties?city=Pune&q=garden',
  '/api/v1/properties/fetch-all-properties?minRent=5000&maxRent=10000&sort=rent_asc',
  '/api/v1/properties/fetch-all-properties?state=Karnataka&propertyType=Villa&sort=rent_desc&page=3',
  '/api/v1/properties/fetch-all-properties?q=lake%20view&minRent=15000&page=2&limit=24',
];

async function fill(database: Database): Promise<number> {
  const t0 = performance.now();
  const { db } = database;
  await db.execute(sql`
    INSERT INTO users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash)
    SELECT gen_random_uuid(), 'owner', 'bench_owner_' || g, 'Bench Owner', 'owner' || g || '@bench.test',
      '+91' || (9000000000 + g)::text, 'x', 'hash' || g, lpad((g % 10000)::text, 4, '0'), 'Bench address', 'x'
    FROM generate_series(1, 200) g`);
  await db.execute(sql`
    WITH o AS (SELECT array_agg(id) AS ids FROM users WHERE role = 'owner')
    INSERT INTO properties (id, owner_id, title, description, street, city, state, pincode, landmark, property_type, amenities, is_paused, created_at, updated_at)
    SELECT gen_random_uuid(), o.ids[1 + g % 200],
      (ARRAY['Sunny','Green','Lake View','Garden','Royal','Silver Oak','Palm','Hillside'])[1 + g % 8] || ' ' ||
        (ARRAY['Residency','Apartments','Villa','Homes','Nest','Towers'])[1 + (g / 8) % 6] || ' ' || g,
      'A well kept building with water, power backup and parking. Number ' || g || '.',
      g || ' Main Road, Sector ' || (g % 40),
      c.city, c.state, (400001 + g % 99998)::text, 'Near Landmark ' || (g % 50),
      (ARRAY['Apartment/Flat','Villa','Independent House','Duplex','Studio Apartment','Penthouse','Others'])[1 + (g / 5) % 7],
      ARRAY[(ARRAY['WiFi','Parking','Lift','Gym','Garden','Power Backup'])[1 + g % 6], (ARRAY['Security','AC','RO Water','Swimming Pool'])[1 + (g / 3) % 4]],
      g % 33 = 0,
      now() - make_interval(mins => g), now()
    FROM generate_series(1, ${PROPERTIES}) g, o,
      LATERAL (SELECT (ARRAY['Bengaluru','Pune','Hyderabad','Mumbai','Chennai','Delhi','Kolkata','Jaipur'])[1 + (g / 3) % 8] AS city,
                      (ARRAY['Karnataka','Maharashtra','Telangana','Maharashtra','Tamil Nadu','Delhi','West Bengal','Rajasthan'])[1 + (g / 3) % 8] AS state) c`);
  await db.execute(sql`
    INSERT INTO rooms (id, property_id, room_number, room_type, tenant_type, floor, rent_paise, max_occupancy, is_furnished, has_attached_bath, description, status)
    SELECT gen_random_uuid(), p.id, 'R' || n, (ARRAY['1RK','1BHK','2BHK','Studio'])[1 + n % 4], (ARRAY['Family','Bachelor','Both'])[1 + n % 3],
      n, (3000 + floor(random() * 37000))::int * 100, 1 + n % 4, n % 2 = 0, n % 3 <> 0, 'Bench room ' || n,
      (ARRAY['vacant','vacant','occupied','maintenance'])[1 + floor(random() * 4)::int]
    FROM properties p, generate_series(1, ${ROOMS_PER_PROPERTY}) n`);
  await db.execute(sql`
    INSERT INTO images (id, property_id, room_id, position, display_key, thumb_key, width, height)
    SELECT gen_random_uuid(), p.id, NULL, n, 'properties/' || p.id || '/' || n || '-display.webp', 'properties/' || p.id || '/' || n || '-thumb.webp', 1600, 1067
    FROM properties p, generate_series(0, 1) n`);
  await db.execute(sql`ANALYZE`);
  const countResult = (await db.execute(
    sql`SELECT (SELECT count(*) FROM properties)::int AS p, (SELECT count(*) FROM rooms)::int AS r`,
  )) as unknown as { rows: { p: number; r: number }[] };
  const [counts] = countResult.rows;
  if (counts?.p !== PROPERTIES || counts?.r !== PROPERTIES * ROOMS_PER_PROPERTY)
    throw new Error(`unexpected counts ${JSON.stringify(counts)}`);
  return performance.now() - t0;
}

type Result = { target: string; query: string; requests: number; p50: number; p99: number; rps: number; bytes: number };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `n` GET requests over `concurrency` workers; every answer must be 200. */
async function load(base: string, path: string, n: number, concurrency: number): Promise<Omit<Result, 'target' | 'query'>> {
  const latencies: number[] = [];
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const s = performance.now();
        const res = await fetch(base + path);
        const body = await res.arrayBuffer();
        latencies.push(performance.now() - s);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
        bytes = body.byteLength;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: n, p50: pct(latencies, 50), p99: pct(latencies, 99), rps: n / seconds, bytes };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

async function benchDatabase(label: string, database: Database): Promise<Result[]> {
  const fillMs = await fill(database);
  console.log(`${label}: filled ${PROPERTIES} properties and ${PROPERTIES * ROOMS_PER_PROPERTY} rooms in ${(fillMs / 1000).toFixed(1)} s`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-bench-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATA_KEY: 'bench-data-key-bench-data-key-bench-data',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    },
    { dataDir },
  );
  const app = await buildApp({ config, db: database.db, logger: false });
  const appBase = await app.listen({ port: 0, host: '127.0.0.1' });

  // The same JSON, served from memory by a bare node:http server.
  const bodies = new Map<string, Buffer>();
  for (const q of QUERIES) {
    const s0 = performance.now();
    const res = await fetch(appBase + q);
    const body = Buffer.from(await res.arrayBuffer());
    const json = JSON.parse(body.toString()) as { data: unknown[]; meta: { total: number } };
    console.log(
      `  ${q.replace('/api/v1/properties/fetch-all-properties', '') || '(no filters)'}: ${json.data.length} items of ${json.meta.total}, first (uncached) ${(performance.now() - s0).toFixed(1)} ms`,
    );
    bodies.set(q, body);
  }
  const bare = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': body?.length ?? 0 });
    res.end(body);
  });
  const bareBase = await listen(bare);

  const results: Result[] = [];
  for (const q of QUERIES) {
    const short = q.replace('/api/v1/properties/fetch-all-properties', '') || '(no filters)';
    await load(appBase, q, Math.min(40, REQUESTS), CONCURRENCY); // warm-up
    results.push({ target: `Kiraya on ${label}`, query: short, ...(await load(appBase, q, REQUESTS, CONCURRENCY)) });
    await load(bareBase, q, Math.min(40, REQUESTS), CONCURRENCY);
    results.push({ target: 'bare node:http', query: short, ...(await load(bareBase, q, REQUESTS, CONCURRENCY)) });
  }
  await app.close();
  await new Promise((r) => bare.close(r));
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}

function printTable(results: Result[]) {
  const bareOf = (r: Result) =>
    results.find((b) => b.target === 'bare node:http' && b.query === r.query && results.indexOf(b) > results.indexOf(r));
  const rows = [
    ['target', 'query', 'requests', 'p50 ms', 'p99 ms', 'req/s', '% of bare', 'KB'],
    ...results.map((r) => [
      r.target,
      r.query,
      String(r.requests),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      r.rps.toFixed(0),
      r.target === 'bare node:http' ? '' : `${((100 * r.rps) / (bareOf(r)?.rps ?? Number.NaN)).toFixed(0)}%`,
      (r.bytes / 1024).toFixed(1),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  for (const [i, row] of rows.entries()) {
    console.log(row.map((c, j) => (j >= 2 ? c.padStart(widths[j] ?? 0) : c.padEnd(widths[j] ?? 0))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main() {
  console.log(`Public property list benchmark: ${REQUESTS} requests per query, concurrency ${CONCURRENCY}, node ${process.version}\n`);
  const all: Result[] = [];
  const lite = await openDatabase({ kind: 'pglite' });
  try {
    all.push(...(await benchDatabase('PGlite', lite)));
  } finally {
    await lite.close();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `kiraya_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 10 });
    // The database is dropped at the end; idle pool clients may hear about it after the pool has ended.
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => undefined);
    try {
      all.push(...(await benchDatabase('PostgreSQL', database)));
    } finally {
      await database.close();
      await new Promise((r) => setTimeout(r, 200));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  console.log('');
  printTable(all);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
