import { addCalendarDays } from '@kiraya/contract/calendar';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billItems, outboxMessages } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { createBilledRoom } from '../../test/support.js';
import { deliverDue, outboxCommand, queueRentReminders } from './index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const addDays = addCalendarDays;

describe('rent reminders (issue 25)', () => {
  it('queues due-in-3-days, due-today and overdue-by-3-days once each, only while something is owed', async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const property = await createProperty(ctx.deps, owner.user._id);
    const { groups } = await createBilledRoom(ctx, owner, tenant, property._id, {
      groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 12500 }] }],
    });
    const group = groups[0]!;
    const due = group.dueDate as string;
    const mine = () =>
      ctx.deps.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.userId, tenant.user._id), like(outboxMessages.eventKey, 'reminder:%')));

    expect((await queueRentReminders(ctx.deps, addDays(due, -4))).queued).toHaveLength(0);
    const first = await queueRentReminders(ctx.deps, addDays(due, -3));
    expect(first.queued).toEqual([{ groupId: group._id, tenantId: tenant.user._id, stage: 'due3' }]);
    // Run again (another instance, the command): nothing new.
    expect((await queueRentReminders(ctx.deps, addDays(due, -3))).queued).toHaveLength(0);
    expect((await queueRentReminders(ctx.deps, due)).queued.map((q) => q.stage)).toEqual(['due']);
    expect(await mine()).toHaveLength(2);

    await deliverDue(ctx.deps);
    const sent = (await mine()).find((r) => r.eventKey.endsWith(':due3'));
    expect(sent?.status).toBe('sent');
    expect(sent?.subject).toBe('Rent of ₹12,500.00 is due in 3 days');
    expect(sent?.text).toContain('Room ');
    expect(sent?.text).toContain('/unsubscribe?');

    // Paid before the overdue reminder: none.
    await ctx.deps.db.update(billItems).set({ paidPaise: 1_250_000 }).where(eq(billItems.groupId, group._id));
    expect((await queueRentReminders(ctx.deps, addDays(due, 3))).queued).toHaveLength(0);
  });

  it('tells what is owed by the ledger rule: a bill paid beyond its amount lowers no other bill (lib/ledger.ts OWED_SQL)', async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const property = await createProperty(ctx.deps, owner.user._id);
    const { groups } = await createBilledRoom(ctx, owner, tenant, property._id, {
      groups: [
        {
          billDate: '2026-02-01',
          bills: [
            { billType: 'Rent Bill', amount: 10000 },
            { billType: 'Parking Fee', amount: 500 },
          ],
        },
      ],
    });
    const group = groups[0]!;
    // The parking fee paid ₹200 beyond its amount; the rent not at all: ₹10,000 is owed, not ₹9,800.
    await ctx.deps.db
      .update(billItems)
      .set({ paidPaise: 70_000 })
      .where(and(eq(billItems.groupId, group._id), eq(billItems.billType, 'Parking Fee')));
    const r = await queueRentReminders(ctx.deps, group.dueDate as string);
    expect(r.queued.filter((q) => q.groupId === group._id)).toHaveLength(1);
    const [row] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.eventKey, `reminder:${group._id}:due`));
    expect((row?.data as { amountPaise: number }).amountPaise).toBe(1_000_000);
  });

  it('the operator command queues and delivers, and says so', async () => {
    const out = await outboxCommand(ctx.deps, '2020-01-01');
    expect(out).toContain('Rent reminders as of 2020-01-01: 0 queued.');
    // As of a date, the owners' daily summaries of the day before (ADR 036).
    expect(out).toContain('Daily summaries of 2019-12-31: 0 queued.');
    expect(out).toMatch(/Outbox: \d+ sent/);
  });
});
