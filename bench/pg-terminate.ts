/**
 * Issue 18, from outside: backends terminated inside transactions while tenants pay.
 *
 *   node --import tsx bench/pg-terminate.ts
 *
 * Starts the real server (scripts/start.mjs, built) on a scratch PostgreSQL database with the demo data,
 * signs the demo tenants in, and for BENCH_SECONDS (default 8) has them create ₹1 orders, pay them in the
 * sandbox and verify them, concurrently, while another connection ends every server backend that sits
 * idle inside a transaction (between two of its queries) every 50 ms. Before the fix the process died
 * ("Emitted 'error' event on PreparingClient instance", 57P01). Prints the answers by status, how many
 * backends were ended, and whether the server lived; exits 1 if it died or answered a 500.
 * BENCH_PG_URL: the admin connection (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import pg from 'pg';
import { sized } from './_size.mjs';
import { ensureBuilt, scratchPostgres, startServer } from './_server.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(8, 2));
const TENANTS = ['rahul@kiraya.demo', 'sneha@kiraya.demo', 'imran@kiraya.demo'];

async function main() {
  const probe = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.end();
  } catch (e) {
    console.log(`pg-terminate: skipped, PostgreSQL not reachable at ${ADMIN_URL} (${(e as Error).message})`);
    return;
  }
  ensureBuilt();
  const db = await scratchPostgres(ADMIN_URL, 'terminate');
  const server = await startServer({
    DATABASE_URL: db.url,
    DEMO_DATA: 'true',
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/kiraya-bench-terminate-${process.pid}`,
  });
  let died = false;
  server.child.on('exit', () => {
    died = true;
  });
  const killer = new pg.Client({ connectionString: db.url });
  killer.on('error', () => {});
  await killer.connect();
  const statuses = new Map<string, number>();
  const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
  let terminated = 0;
  try {
    const origin = server.base;
    const sessions: string[] = [];
    for (const email of TENANTS) {
      const res = await fetch(`${origin}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password: 'Kiraya123' }),
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (res.ok) sessions.push(cookie);
    }
    const call = async (cookie: string, method: string, path: string, body?: object) => {
      const res = await fetch(`${origin}/api/v1${path}`, {
        method,
        headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      count(res ? String(res.status) : 'network');
      return res?.ok ? ((await res.json()) as { data: Record<string, unknown> }).data : null;
    };
    const deadline = Date.now() + SECONDS * 1000;
    const payer = async (cookie: string) => {
      const rooms = (await call(cookie, 'GET', '/tenant/room-details')) as unknown as { roomId: string }[] | null;
      const roomId = rooms?.[0]?.roomId;
      if (!roomId) return;
      while (Date.now() < deadline && !died) {
        const order = await call(cookie, 'POST', '/bills/create-order', { roomId, amount: 1 });
        // Refused (the per-tenant order limit, 429, or a 503 mid-kill): wait a little, never a hot loop.
        if (!order) {
          await new Promise((done) => setTimeout(done, 250));
          continue;
        }
        const paid = await call(cookie, 'POST', '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' });
        if (paid) await call(cookie, 'POST', '/bills/verify-payment', { ...paid, roomId });
      }
    };
    const killing = (async () => {
      while (Date.now() < deadline && !died) {
        const r = await killer
          .query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'",
          )
          .catch(() => null);
        terminated += r?.rowCount ?? 0;
        await new Promise((done) => setTimeout(done, 50));
      }
    })();
    await Promise.all([...sessions.flatMap((c) => [payer(c), payer(c)]), killing]);
    const alive =
      !died &&
      (await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    console.log(`backends ended inside a transaction: ${terminated}`);
    console.log(`answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    console.log(`server alive afterwards: ${alive ? 'yes' : 'NO'}`);
    if (!alive || statuses.has('500')) process.exitCode = 1;
  } finally {
    await killer.end().catch(() => {});
    await server.stop();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
