import { API_BASE } from '@kiraya/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/index.js';
import { outboxMessages, users } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, secondInstance, signedIn, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { createBilledRoom } from '../../test/support.js';
import { enqueue } from './queue.js';
import { deliverDue } from './service.js';
import { queueDailySummaries } from './summaries.js';

let ctx: TestContext;
let smtp: TestSmtp;
type Person = Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const setPrefs = (who: Person, prefs: Record<string, boolean>) =>
  ctx.app.inject({ method: 'PUT', url: `${API_BASE}/users/email-settings`, headers: { cookie: who.cookie }, payload: prefs });
const summariesOf = (who: Person) =>
  ctx.deps.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, who.user._id), like(outboxMessages.eventKey, 'summary:%')));

/** An owner with a room billed on 1 January 2026 (due 11 January) and its tenant, who paid ₹600 on 14 January. */
async function ownerWithActivity() {
  const owner = await signedIn(ctx, 'owner');
  const tenant = await signedIn(ctx, 'tenant');
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, {
    groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }],
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payments/record`,
    headers: { cookie: owner.cookie },
    payload: { roomId, amount: 600, method: 'cash', paidOn: '2026-01-14' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, tenant, roomId };
}

describe("the owners' daily summary (issue 25)", () => {
  it('an owner who switched it on gets one email about the day before: payments, overdue bills', async () => {
    const { owner } = await ownerWithActivity();
    expect((await setPrefs(owner, { summaries: true })).statusCode).toBe(200);
    const r = await queueDailySummaries(ctx.deps, { today: '2026-01-15' });
    expect(r.day).toBe('2026-01-14');
    expect(r.queued).toContain(owner.user._id);
    const before = smtp.received.length;
    await deliverDue(ctx.deps);
    const mail = smtp.received.slice(before).find((m) => (m.to as { text: string }).text === owner.user.email);
    expect(mail?.subject).toBe('Your Kiraya day: 14 January 2026');
    expect(mail?.text).toContain('1 payment received: ₹600.00');
    expect(mail?.text).toContain('1 bill overdue: ₹400.00');
    expect(mail?.text).toContain('http://localhost:3000/OwnerDashboard');
    // Its own unsubscribe: the summaries category.
    expect(mail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('c=summaries');
  });

  it('is queued once per owner and day, however many instances or rounds run it at once', async () => {
    const { owner } = await ownerWithActivity();
    await setPrefs(owner, { summaries: true });
    const other = await secondInstance(ctx);
    try {
      const runs = await Promise.all([
        queueDailySummaries(ctx.deps, { today: '2026-01-15' }),
        queueDailySummaries({ db: other.db }, { today: '2026-01-15' }),
        queueDailySummaries(ctx.deps, { today: '2026-01-15' }),
      ]);
      expect(runs.filter((r) => r.queued.includes(owner.user._id))).toHaveLength(1);
    } finally {
      await other.close();
    }
    expect(await summariesOf(owner)).toHaveLength(1);
    // The next day is another summary.
    await queueDailySummaries(ctx.deps, { today: '2026-01-16' });
    expect((await summariesOf(owner)).map((r) => r.eventKey).sort()).toEqual([
      `summary:${owner.user._id}:2026-01-14`,
      `summary:${owner.user._id}:2026-01-15`,
    ]);
  });

  it('waits for 08:00 in India when run by the worker (no date given)', async () => {
    const { owner } = await ownerWithActivity();
    await setPrefs(owner, { summaries: true });
    // 07:30 IST is 02:00 UTC.
    expect(await queueDailySummaries(ctx.deps, { now: new Date('2026-01-15T02:00:00Z') })).toEqual({ day: null, queued: [] });
    const at9 = await queueDailySummaries(ctx.deps, { now: new Date('2026-01-15T03:30:00Z') });
    expect(at9.day).toBe('2026-01-14');
    expect(at9.queued).toContain(owner.user._id);
  });

  it('sends nothing to an owner who has it off (the default), nor to a tenant who switched it on', async () => {
    const { owner, tenant } = await ownerWithActivity();
    await setPrefs(tenant, { summaries: true });
    const r = await queueDailySummaries(ctx.deps, { today: '2026-01-15' });
    expect(r.queued).not.toContain(owner.user._id);
    expect(r.queued).not.toContain(tenant.user._id);
    expect(await summariesOf(owner)).toHaveLength(0);
    // Switched on and off again: nothing either.
    await setPrefs(owner, { summaries: true });
    await setPrefs(owner, { summaries: false });
    await queueDailySummaries(ctx.deps, { today: '2026-01-17' });
    expect(await summariesOf(owner)).toHaveLength(0);
  });

  it("skips the owner's payment and request emails while it is on, never security ones or a tenant's", async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    await setPrefs(owner, { summaries: true });
    await setPrefs(tenant, { summaries: true });
    const queue = (key: string, userId: string, category?: 'payments' | 'invitations' | 'messages') =>
      inTransaction(ctx.deps.db, (tx) =>
        enqueue(tx, {
          eventKey: key,
          to: { userId },
          template: 'notification',
          data: { kind: 'paymentReceived', title: 'Payment received: ₹600.00', body: '', link: '/OwnerDashboard' },
          ...(category && { category }),
        }),
      );
    const k = owner.user._id.slice(-8);
    await queue(`s-pay:${k}`, owner.user._id, 'payments');
    await queue(`s-inv:${k}`, owner.user._id, 'invitations');
    await queue(`s-msg:${k}`, owner.user._id, 'messages');
    await queue(`s-sec:${k}`, owner.user._id);
    await queue(`s-ten:${k}`, tenant.user._id, 'payments');
    // Every due message, also those the earlier tests of this file left (a round takes 20 at most).
    const drain = async () => {
      for (let round = 0; round < 20; round++) {
        const r = await deliverDue(ctx.deps);
        if (r.sent + r.retried + r.failed + r.skipped === 0) return;
      }
    };
    await drain();
    const status = async (key: string) => (await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, key)))[0];
    expect(await status(`s-pay:${k}`)).toMatchObject({ status: 'skipped', lastError: 'in the daily summary' });
    expect((await status(`s-inv:${k}`))?.status).toBe('skipped');
    expect((await status(`s-msg:${k}`))?.status).toBe('sent');
    expect((await status(`s-sec:${k}`))?.status).toBe('sent');
    expect((await status(`s-ten:${k}`))?.status).toBe('sent');
    // Off again: the emails come one by one again.
    await setPrefs(owner, { summaries: false });
    await queue(`s-pay2:${k}`, owner.user._id, 'payments');
    await drain();
    expect((await status(`s-pay2:${k}`))?.status).toBe('sent');
    const [row] = await ctx.deps.db.select({ prefs: users.emailPrefs }).from(users).where(eq(users.id, owner.user._id));
    expect(row?.prefs.summaries).toBe(false);
  });
});
