/**
 * Benchmark of the public property list (B1): GET /api/v1/properties/fetch-all-properties with filters.
 *
 *   node --import tsx bench/properties-list.ts            # PGlite (embedded)
 *   DATABASE_URL=postgres://… node --import tsx bench/properties-list.ts   # PGlite, then PostgreSQL
 *
 * Fills a fresh database (the app's migrations) with 10,000 properties and 50,000 rooms (300 and 1,500 with
 * BENCH_SIZE=tiny) through the app's schema and factories, starts the real app on a
 * loopback port and measures p50/p99 latency and requests/s of a few filtered queries from a simple
 * concurrent client, next to a bare node:http server returning the same JSON from memory. The app
 * answers repeated public reads from its public cache (ADR 007); the first request of each query is the
 * uncached database path and is printed as "first (uncached) ms".
 * Options (env): BENCH_REQUESTS (per query, default 400), BENCH_CONCURRENCY (default 8).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PROPERTY_TYPES } from '@kiraya/contract';
import { type AppDeps, buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase, schema } from '../apps/server/src/db/index.js';
import { createOwner } from '../apps/server/src/seed/factories.js';
import { sized } from './_size.mjs';

const PROPERTIES = sized(10_000, 300);
const ROOMS_PER_PROPERTY = 5;
const OWNERS = sized(20, 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? sized(400, 40));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const QUERIES = [
  '/api/v1/properties/fetch-all-properties',
  '/api/v1/properties/fetch-all-properties?city=Pune&q=garden',
  '/api/v1/properties/fetch-all-properties?minRent=5000&maxRent=10000&sort=rent_asc',
  '/api/v1/properties/fetch-all-properties?state=Karnataka&propertyType=Villa&sort=rent_desc&page=3',
  '/api/v1/properties/fetch-all-properties?q=lake%20view&minRent=15000&page=2&limit=24',
];

/** Rows of `n` at a time: one statement stays under PostgreSQL's 65,535 parameters. */
async function insertAll<T>(rows: T[], n: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += n) await insert(rows.slice(i, i + n));
}

/**
 * Fills the database through the app's own schema (typed Drizzle inserts of db/schema.ts, so a renamed or
 * new required column fails the typecheck, and the database's triggers fill the derived columns) and its
 * factories (the owners, through the sign-up service).
 */
async function fill(deps: AppDeps): Promise<number> {
  const t0 = performance.now();
  const { db } = deps;
  const owners: string[] = [];
  for (let i = 0; i < OWNERS; i++) owners.push((await createOwner(deps))._id);
  const pick = <T>(a: readonly T[], i: number): T => a[i % a.length] as T;
  const cities = [
    ['Bengaluru', 'Karnataka'],
    ['Pune', 'Maharashtra'],
    ['Hyderabad', 'Telangana'],
    ['Mumbai', 'Maharashtra'],
    ['Chennai', 'Tamil Nadu'],
    ['Delhi', 'Delhi'],
    ['Kolkata', 'West Bengal'],
    ['Jaipur', 'Rajasthan'],
  ] as const;
  const now = Date.now();
  const props: (typeof schema.properties.$inferInsert)[] = Array.from({ length: PROPERTIES }, (_, i) => {
    const g = i + 1;
    const [city, state] = pick(cities, Math.floor(g / 3));
    return {
      id: randomUUID(),
      ownerId: pick(owners, g),
      title: `${pick(['Sunny', 'Green', 'Lake View', 'Garden', 'Royal', 'Silver Oak', 'Palm', 'Hillside'], g)} ${pick(['Residency', 'Apartments', 'Villa', 'Homes', 'Nest', 'Towers'], Math.floor(g / 8))} ${g}`,
      description: `A well kept building with water, power backup and parking. Number ${g}.`,
      street: `${g} Main Road, Sector ${g % 40}`,
      city,
      state,
      pincode: String(400001 + (g % 99998)),
      landmark: `Near Landmark ${g % 50}`,
      propertyType: pick(PROPERTY_TYPES, Math.floor(g / 5)),
      amenities: [
        pick(['WiFi', 'Parking', 'Lift', 'Gym', 'Garden', 'Power Backup'], g),
        pick(['Security', 'AC', 'RO Water', 'Swimming Pool'], Math.floor(g / 3)),
      ],
      isPaused: g % 33 === 0,
      createdAt: new Date(now - g * 60_000),
    };
  });
  await insertAll(props, 1000, (batch) => db.insert(schema.properties).values(batch));
  const roomRows: (typeof schema.rooms.$inferInsert)[] = props.flatMap((p, pi) =>
    Array.from({ length: ROOMS_PER_PROPERTY }, (_, j) => {
      const n = j + 1;
      return {
        id: randomUUID(),
        propertyId: p.id,
        roomNumber: `R${n}`,
        roomType: pick(['1RK', '1BHK', '2BHK', 'Studio'], n),
        tenantType: pick(['Family', 'Bachelor', 'Both'] as const, n),
        floor: n,
        rentPaise: (3000 + ((pi * 7919 + n * 104729) % 37000)) * 100,
        maxOccupancy: 1 + (n % 4),
        isFurnished: n % 2 === 0,
        hasAttachedBath: n % 3 !== 0,
        description: `Bench room ${n}`,
        status: pick(['vacant', 'vacant', 'occupied', 'maintenance'] as const, pi + n),
      };
    }),
  );
  await insertAll(roomRows, 2000, (batch) => db.insert(schema.rooms).values(batch));
  // Two photos a property: the file rows (ADR 010) and their links.
  const files = props.flatMap((p) =>
    [0, 1].map((n) => ({
      id: randomUUID(),
      kind: 'image' as const,
      contentType: 'image/webp',
      key: `properties/${p.id}/${n}-display.webp`,
      thumbKey: `properties/${p.id}/${n}-thumb.webp`,
      width: 1600,
      height: 1067,
      byteSize: 120_000,
      position: n,
      propertyId: p.id as string,
    })),
  );
  await insertAll(files, 1000, (batch) => db.insert(schema.files).values(batch.map(({ position: _, propertyId: __, ...f }) => f)));
  await insertAll(files, 2000, (batch) =>
    db.insert(schema.propertyImages).values(batch.map((f) => ({ fileId: f.id, propertyId: f.propertyId, position: f.position }))),
  );
  await db.execute(sql`ANALYZE`);
  const counts = { p: await db.$count(schema.properties), r: await db.$count(schema.rooms) };
  if (counts.p !== PROPERTIES || counts.r !== PROPERTIES * ROOMS_PER_PROPERTY)
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
  const fillMs = await fill(app.deps);
  console.log(`${label}: filled ${PROPERTIES} properties and ${PROPERTIES * ROOMS_PER_PROPERTY} rooms in ${(fillMs / 1000).toFixed(1)} s`);
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
