import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/index.js';
import { outboxMessages, users } from '../../db/schema.js';
import { createOwner, createTenant } from '../../seed/factories.js';
import { createTestContext, secondInstance, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { enqueue } from './queue.js';
import { BACKOFF_BASE_MS, deliverDue, LEASE_MS, MAX_ATTEMPTS, outboxStats, pruneOutbox } from './service.js';
import { smtpTransport } from './transport.js';

let ctx: TestContext;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const rowsOf = (eventKey: string) => ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, eventKey));

// A notification email in the shape queued before notifications kept parameters (0032): its English title and body,
// sent as they are (a user's language is read when sending; modules/outbox/i18n.test.ts has today's shape in both).
const note = (key: string, userId: string) =>
  inTransaction(ctx.deps.db, (tx) =>
    enqueue(tx, {
      eventKey: key,
      to: { userId },
      template: 'notification',
      data: { kind: 'billsUploaded', title: 'New bill: ₹12,500.00 for Room 101', body: 'Rent for December 2026', link: '/tenant/rooms/x' },
      category: 'payments',
    }),
  );

describe('the outbox', () => {
  it('keeps one message per event, channel and recipient however often the event is raised', async () => {
    const tenant = await createTenant(ctx.deps);
    expect(await note('twice:1', tenant._id)).toBe(true);
    expect(await note('twice:1', tenant._id)).toBe(false);
    expect(await rowsOf('twice:1')).toHaveLength(1);
  });

  it('writes nothing when the event transaction rolls back', async () => {
    const tenant = await createTenant(ctx.deps);
    await expect(
      inTransaction(ctx.deps.db, async (tx) => {
        await enqueue(tx, {
          eventKey: 'rolled:1',
          to: { userId: tenant._id },
          template: 'passwordChanged',
          data: { at: new Date().toISOString() },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await rowsOf('rolled:1')).toHaveLength(0);
  });

  it('delivers over SMTP with HTML, plain text, en-IN money and the unsubscribe headers', async () => {
    const tenant = await createTenant(ctx.deps);
    await note('deliver:1', tenant._id);
    const before = smtp.received.length;
    const r = await deliverDue(ctx.deps);
    expect(r.sent).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.slice(before).find((m) => (m.to as { text: string }).text === tenant.email);
    expect(mail).toBeDefined();
    expect(mail?.subject).toBe('New bill: ₹12,500.00 for Room 101');
    expect(mail?.text).toContain('Rent for December 2026');
    expect(mail?.html).toContain('http://localhost:3000/tenant/rooms/x');
    const header = (name: string) => mail?.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain('<http://localhost:3000/api/v1/users/unsubscribe?u=');
    const [row] = await rowsOf('deliver:1');
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).not.toBeNull();
  });

  it('retries with a doubling wait while the SMTP server refuses, then ends failed after the bound', async () => {
    const tenant = await createTenant(ctx.deps);
    await note('retry:1', tenant._id);
    smtp.failing = true;
    try {
      let now = new Date();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        await deliverDue(ctx.deps, { now });
        const [row] = await rowsOf('retry:1');
        expect(row?.status).toBe('pending');
        expect(row?.attempts).toBe(attempt);
        expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + BACKOFF_BASE_MS * 2 ** (attempt - 1));
        // Not due before its time.
        await deliverDue(ctx.deps, { now: new Date(row!.nextAttemptAt.getTime() - 1000) });
        expect((await rowsOf('retry:1'))[0]?.attempts).toBe(attempt);
        now = row!.nextAttemptAt;
      }
      await deliverDue(ctx.deps, { now });
      const [row] = await rowsOf('retry:1');
      expect(row?.status).toBe('failed');
      expect(row?.lastError).toBeTruthy();
      expect((await outboxStats(ctx.deps.db)).failed).toBeGreaterThanOrEqual(1);
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json().details.outbox.failed).toBeGreaterThanOrEqual(1);
    } finally {
      smtp.failing = false;
    }
  });

  it('sends at most twice when a worker dies after sending and before marking sent (its lease runs out)', async () => {
    const tenant = await createTenant(ctx.deps);
    await note('crash:1', tenant._id);
    const count = () => smtp.received.filter((m) => (m.to as { text: string }).text === tenant.email).length;
    const now = new Date();
    await deliverDue(ctx.deps, { now, crashAfterSend: true });
    expect(count()).toBe(1);
    expect((await rowsOf('crash:1'))[0]?.status).toBe('sending');
    // Another worker before the lease ends: not claimed.
    await deliverDue(ctx.deps, { now: new Date(now.getTime() + 1000) });
    expect(count()).toBe(1);
    // After the lease: claimed again, sent a second time, marked sent; never a third.
    await deliverDue(ctx.deps, { now: new Date(now.getTime() + LEASE_MS + 1000) });
    await deliverDue(ctx.deps, { now: new Date(now.getTime() + 10 * LEASE_MS) });
    expect(count()).toBe(2);
    expect((await rowsOf('crash:1'))[0]?.status).toBe('sent');
  });

  it('keeps no reset token in a security email once sent over SMTP', async () => {
    const tenant = await createTenant(ctx.deps);
    await inTransaction(ctx.deps.db, (tx) =>
      enqueue(tx, {
        eventKey: 'secret:1',
        to: { userId: tenant._id },
        template: 'passwordReset',
        data: { token: 'live-token-123456' },
        crypto: ctx.deps.crypto,
      }),
    );
    // Sealed while it waits (ADR 043); a token without the data key to seal it is never written.
    expect(JSON.stringify(await rowsOf('secret:1'))).not.toContain('live-token-123456');
    await expect(
      inTransaction(ctx.deps.db, (tx) =>
        enqueue(tx, { eventKey: 'secret:2', to: { userId: tenant._id }, template: 'passwordReset', data: { token: 'x' } }),
      ),
    ).rejects.toThrow(/data key/);
    const before = smtp.received.length;
    await deliverDue(ctx.deps);
    const mail = smtp.received.slice(before).find((m) => (m.to as { text: string }).text === tenant.email);
    expect(mail?.text).toContain('/reset-password?token=live-token-123456');
    expect(mail?.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);
    const [row] = await rowsOf('secret:1');
    expect(row?.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain('live-token-123456');
  });

  it('skips a category the user switched off', async () => {
    const owner = await createOwner(ctx.deps);
    await ctx.deps.db
      .update(users)
      .set({ emailPrefs: { payments: false } })
      .where(eq(users.id, owner._id));
    await note('pref:1', owner._id);
    await deliverDue(ctx.deps);
    expect((await rowsOf('pref:1'))[0]?.status).toBe('skipped');
  });

  it('prunes sent messages after 30 days, keeping newer ones and failed ones', async () => {
    const tenant = await createTenant(ctx.deps);
    await note('old:1', tenant._id);
    await deliverDue(ctx.deps);
    const [row] = await rowsOf('old:1');
    expect(row?.status).toBe('sent');
    expect(await pruneOutbox(ctx.deps.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await pruneOutbox(ctx.deps.db, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('old:1')).toHaveLength(0);
    expect(await rowsOf('retry:1')).toHaveLength(1);
  });

  it('two workers at once send each message exactly once', async () => {
    const tenant = await createTenant(ctx.deps);
    for (let i = 0; i < 30; i++) await note(`pair:${i}`, tenant._id);
    const other = await secondInstance(ctx);
    try {
      const before = smtp.received.length;
      const transport = smtpTransport(smtp.url);
      const rounds = async (db: typeof ctx.deps.db) => {
        for (let i = 0; i < 4; i++) await deliverDue({ db, config: ctx.config }, { transport });
      };
      await Promise.all([rounds(ctx.deps.db), rounds(other.db)]);
      const got = smtp.received.slice(before).filter((m) => (m.to as { text: string }).text === tenant.email);
      expect(got).toHaveLength(30);
    } finally {
      await other.close();
    }
  });
});
