/**
 * Benchmark of image uploads (ADR 010): what large photos cost the server.
 *
 *   node --expose-gc --import tsx bench/uploads.ts                                  # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --expose-gc --import tsx bench/uploads.ts
 *
 * With DATABASE_URL, a scratch database (`kiraya_bench_uploads_…`, dropped at the end) is created there (embedded PGlite alone
 * takes ~650 MB of RSS, which hides what the images cost). Starts the real app and sends Add Property requests with ten large plain PNGs
 * each: 7000 × 7000 (49 MP, over the 25 MP cap), 5000 × 5000 (25 MP, the largest accepted), and three
 * 25 MP requests from three owners at once. Prints wall time, status and the peak RSS seen while each ran.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase } from '../apps/server/src/db/index.js';
import { scratchPostgres } from './_server.js';
import { multipart, pngChunk } from '../apps/server/src/test/support.js';
import { createOwner } from '../apps/server/src/seed/factories.js';
import { propertyInput } from '../apps/server/src/seed/property-factories.js';
import { createDeflate } from 'node:zlib';
import { sized } from './_size.mjs';

// Tiny (CI): two images a request, an over-cap 26 MP and a 1.4 MP image; full: ten, 49 MP and the largest accepted 25 MP.
const PER_REQUEST = sized(10, 2);
const HUGE = sized(7000, 5100);
const MAX = sized(5000, 1200);
const PARALLEL = sized(3, 2);

/** A plain-colour PNG of side × side pixels, deflated row by row (small memory, no libvips involved). */
async function png(side: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + side * 3);
  for (let x = 0; x < side; x++) row.set([0x3b, 0x82, 0xf6], 1 + x * 3);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise((r) => deflate.on('end', r));
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-bench-uploads-'));
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
  let database: Database;
  // A scratch database of this run's own (the cluster is shared: a fixed name would drop another run's).
  const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'uploads') : null;
  if (scratch) database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 10 });
  else database = await openDatabase({ kind: 'pglite' });
  const app = await buildApp({ config, db: database.db, logger: false });
  const deps = app.deps;
  const token = async () => {
    const u = await createOwner(deps);
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: u.email, password: u.password } });
    return (res.json() as { data: { accessToken: string } }).data.accessToken;
  };
  const send = async (bearer: string, image: Buffer) => {
    const body = await multipart(
      propertyInput(),
      Array.from({ length: PER_REQUEST }, () => ({ field: 'propertyImages', data: image, filename: 'big.png', type: 'image/png' })),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/properties/add-new-property',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${bearer}` },
    });
    return res.statusCode;
  };
  let failed = false;
  /** Runs one case; fails the bench on a 5xx, or on a status outside `expected` when given. */
  const measure = async (label: string, run: () => Promise<number[]>, expected?: number[]) => {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const t0 = performance.now();
    const statuses = await run();
    const ms = performance.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const wrong = statuses.filter((st) => st >= 500 || (expected && !expected.includes(st)));
    if (wrong.length) {
      failed = true;
      console.log(`  ${label}: unexpected status ${wrong.join(',')}${expected ? ` (expected ${expected.join(' or ')})` : ''}`);
    }
    console.log(
      `${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(6)} s  status ${statuses.join(',')}  RSS before ${(base / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB`,
    );
  };

  const [huge, max] = await Promise.all([png(HUGE), png(MAX)]);
  const mp = (side: number) => `${((side * side) / 1e6).toFixed(0)} MP`;
  console.log(`${HUGE}×${HUGE} PNG: ${(huge.length / 1024).toFixed(0)} KB; ${MAX}×${MAX} PNG: ${(max.length / 1024).toFixed(0)} KB`);
  await measure(`${PER_REQUEST} × ${HUGE}×${HUGE} (${mp(HUGE)}) in one request`, async () => [await send(await token(), huge)], [400, 413]);
  await measure(`${PER_REQUEST} × ${MAX}×${MAX} (${mp(MAX)}) in one request`, async () => [await send(await token(), max)], [201]);
  const tokens = await Promise.all(Array.from({ length: PARALLEL }, () => token()));
  await measure(
    `${PARALLEL} requests × ${PER_REQUEST} × ${mp(MAX)} in parallel`,
    async () => Promise.all(tokens.map((t) => send(t, max))),
    [201, 429, 503],
  );
  const one = await token();
  await measure(`4 requests of ${PER_REQUEST} images by one owner (budget)`, async () => {
    const out: number[] = [];
    const small = await png(800);
    for (let i = 0; i < 4; i++) out.push(await send(one, small));
    return out;
  });

  await app.close();
  await database.close();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  if (failed) process.exit(1);
}

await main();
