import { API_BASE, notificationListSchema, threadListSchema } from '@kiraya/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { DEMO_MAIL_KEPT, seedDemoIfEmpty } from './demo.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/sql.js';
import { DEFAULT_PASSWORD } from './factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('gives the demo people conversations (a maintenance request, an enquiry) and notifications (B7, B16)', async () => {
  await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 240 });
  const as = async (email: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password: DEFAULT_PASSWORD } });
    const headers = { authorization: `Bearer ${res.json().data.accessToken as string}` };
    const threads = threadListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/messages/threads`, headers })).json().data,
    );
    const bell = notificationListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/notifications/list`, headers })).json().data,
    );
    return { threads, bell };
  };
  const priya = await as('priya@kiraya.demo');
  expect(priya.threads.threads.length).toBeGreaterThanOrEqual(2);
  expect(priya.threads.threads.some((t) => t.kind === 'enquiry' && t.unread > 0)).toBe(true);
  expect(priya.threads.threads.some((t) => t.lastMessage?.maintenance && t.unread > 0)).toBe(true);
  expect(priya.bell.items.some((n) => n.kind === 'message')).toBe(true);
  // A year of payments does not leave a year of unread bells: only each tenant's latest payment is new.
  const unreadPayments = priya.bell.items.filter((n) => n.kind === 'paymentReceived' && !n.read);
  expect(unreadPayments.length).toBeGreaterThan(0);
  expect(unreadPayments.length).toBeLessThanOrEqual(4);
  expect(priya.bell.items.filter((n) => n.kind === 'paymentReceived' && n.read).length).toBeGreaterThan(0);
  const all = await Promise.all(['rahul@kiraya.demo', 'sneha@kiraya.demo', 'imran@kiraya.demo', 'arjun@kiraya.demo'].map(as));
  // Every demo tenant and owner has a conversation and something in the bell.
  for (const p of all) {
    expect(p.threads.threads.length).toBeGreaterThan(0);
    expect(p.bell.items.length).toBeGreaterThan(0);
  }
  expect(all.some((p) => p.bell.items.some((n) => n.kind === 'billsUploaded'))).toBe(true);
  expect(all.some((p) => p.bell.items.some((n) => n.kind === 'requestReceived'))).toBe(true);
});

it("queues only the newest of the demo history's emails; the rest are skipped, never sent (issue 21's memory, issue 25)", async () => {
  const rows = rowsOf<{ status: string; n: number }>(
    await ctx.deps.db.execute(sql`select status, count(*)::int as n from outbox_messages group by status`),
  );
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  expect(count('pending')).toBe(DEMO_MAIL_KEPT);
  expect(count('skipped')).toBeGreaterThan(0);
  expect(count('sent')).toBe(0);
});
