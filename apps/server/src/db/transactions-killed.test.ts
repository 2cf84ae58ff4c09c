import { API_BASE, paymentOrderSchema } from '@kiraya/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { createProperty, createRoom } from '../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../test/harness.js';
import { createBilledRoom, okData } from '../test/support.js';

/**
 * Issue 18: a backend terminated between two queries of a transaction (its client checked out of the pool,
 * no query running) used to emit 'error' on the client with no listener, which ended the process. Now the
 * request in flight answers 503 and the server carries on. PostgreSQL only (PGlite has no backends).
 */
describe.skipIf(process.env.KIRAYA_TEST_DB !== 'postgres')('backends terminated inside transactions', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown) => uncaught.push(e);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    ctx = await createTestContext();
    admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await admin?.end();
    await ctx?.close();
  });

  /** Ends the server's backends that sit inside a transaction between two queries. */
  const killIdleInTransaction = async () =>
    (
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'",
      )
    ).rowCount ?? 0;

  it('fails the transaction as "database unavailable" and keeps the process, when killed between its queries', async () => {
    const outcome = ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Now idle in a transaction: kill it, and give the client time to hear of it with no query running.
      expect(await killIdleInTransaction()).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`select 2`);
    });
    const err = await outcome.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(uncaught).toEqual([]);
    // The pool dropped the broken client: the next transaction runs.
    const again = await ctx.deps.db.transaction(async (tx) => (await tx.execute(sql`select 3 as n`)) as unknown as { rows: unknown[] });
    expect(again.rows).toEqual([{ n: 3 }]);
  });

  it('answers payment, bill and accept requests 2xx, 4xx or 503 while their transactions are killed, then serves them', async () => {
    const [owner, ...tenants] = await Promise.all([signedIn(ctx, 'owner'), ...Array.from({ length: 4 }, () => signedIn(ctx, 'tenant'))]);
    const invitees = await Promise.all(Array.from({ length: 4 }, () => signedIn(ctx, 'tenant')));
    const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    const post = (who: { cookie: string }, url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
      ctx.app.inject({ method, url: `${API_BASE}${url}`, headers: { cookie: who.cookie }, payload });
    const rooms: string[] = [];
    for (const t of tenants) {
      const { roomId } = await createBilledRoom(ctx, owner, t, propertyId, {
        moveIn: '2026-01-01',
        groups: [{ billDate: '2026-02-01', bills: [{ billType: 'Rent Bill', amount: 5000 }] }],
      });
      rooms.push(roomId);
    }
    // Paid orders, ready to verify.
    const paid = [];
    for (const [i, t] of tenants.entries()) {
      const order = paymentOrderSchema.parse(okData(await post(t, '/bills/create-order', { roomId: rooms[i], amount: 100 }), 201));
      paid.push({ t, body: okData<object>(await post(t, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' })) });
    }
    // Invitations to vacant rooms, ready to accept.
    const requests = [];
    for (const inv of invitees) {
      const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
      const res = await post(owner, '/requests/send', { roomId, tenantId: inv.user._id, rentAmount: 6000, moveInDate: '2026-03-01' });
      requests.push({ inv, id: okData<{ _id: string }>(res, 201)._id });
    }

    let killing = true;
    let killed = 0;
    const killer = (async () => {
      while (killing) {
        killed += await killIdleInTransaction();
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const calls = [
        ...paid.map(({ t, body }) => post(t, '/bills/verify-payment', body)),
        ...requests.map(({ inv, id }) => post(inv, `/requests/accept/${id}`, {}, 'PATCH')),
        ...rooms.map((roomId) =>
          post(owner, '/bills/add-bill', {
            propertyId,
            roomId,
            billDate: `2026-0${4 + round}-01`,
            bills: [{ billType: 'Maintenance Bill', amount: 10 }],
          }),
        ),
      ];
      for (const res of await Promise.all(calls)) statuses.push(res.statusCode);
    }
    killing = false;
    await killer;

    expect(statuses.filter((s) => ![200, 201, 409, 503].includes(s))).toEqual([]);
    expect(uncaught).toEqual([]);
    // Whatever was cut off goes through now, once: every payment recorded exactly once.
    for (const { t, body } of paid) expect([200]).toContain((await post(t, '/bills/verify-payment', body)).statusCode);
    const { rows } = await admin.query('select count(*)::int as n from payments');
    expect(rows[0].n).toBe(paid.length);
    console.info(`terminated ${killed} backends idle in a transaction; answers: ${JSON.stringify(countBy(statuses))}`);
  });
});

const countBy = (xs: number[]) => {
  const m: Record<number, number> = {};
  for (const x of xs) m[x] = (m[x] ?? 0) + 1;
  return m;
};
