import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxMessages } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { createBilledRoom } from '../../test/support.js';
import { messageTenant } from '../messages/index.js';
import { deliverDue } from '../outbox/index.js';
import { MESSAGE_EMAIL_DELAY_MS } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const emailsTo = (userId: string) =>
  ctx.deps.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), like(outboxMessages.eventKey, 'notification:%')));

describe('emails for what the bell says (issue 25)', () => {
  it('emails the tenant a new bill once, with the en-IN amount and a link to the app', async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const property = await createProperty(ctx.deps, owner.user._id);
    await createBilledRoom(ctx, owner, tenant, property._id, {
      groups: [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 12500 }] }],
    });
    const rows = await emailsTo(tenant.user._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.category).toBe('payments');
    await deliverDue(ctx.deps);
    const [sent] = await emailsTo(tenant.user._id);
    expect(sent?.status).toBe('sent');
    expect(sent?.toAddress).toBe(tenant.user.email);
    expect(sent?.text).toContain('http://localhost:3000/');
    expect(`${sent?.subject} ${sent?.text}`).toContain('12,500');
  });

  it('emails a message only when still unread after 15 minutes', async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const property = await createProperty(ctx.deps, owner.user._id);
    const { roomId } = await createBilledRoom(ctx, owner, tenant, property._id);
    await messageTenant(ctx.deps, owner.user._id, roomId, { text: 'The plumber comes at 10 tomorrow.' });
    const [row] = (await emailsTo(tenant.user._id)).filter((r) => (r.data as { kind: string }).kind === 'message');
    expect(row).toBeDefined();
    await deliverDue(ctx.deps);
    expect((await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id)))[0]?.status).toBe('pending');
    await deliverDue(ctx.deps, { now: new Date(Date.now() + MESSAGE_EMAIL_DELAY_MS + 1000) });
    const [sent] = await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(sent?.status).toBe('sent');
    expect(sent?.text).toContain('The plumber comes at 10 tomorrow.');
  });

  it('does not email a message read within 15 minutes', async () => {
    const owner = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const property = await createProperty(ctx.deps, owner.user._id);
    const { roomId } = await createBilledRoom(ctx, owner, tenant, property._id);
    await messageTenant(ctx.deps, owner.user._id, roomId, { text: 'Seen it?' });
    const [row] = (await emailsTo(tenant.user._id)).filter((r) => (r.data as { kind: string }).kind === 'message');
    await ctx.deps.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, tenant.user._id));
    await deliverDue(ctx.deps, { now: new Date(Date.now() + MESSAGE_EMAIL_DELAY_MS + 1000) });
    const [skipped] = await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(skipped?.status).toBe('skipped');
  });
});
