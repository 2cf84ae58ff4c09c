import { API_BASE, sentMessageSchema, threadMessagesSchema } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, TEST_ORIGIN, type TestContext } from '../../test/harness.js';
import { okData } from '../../test/support.js';
import { vacateRoom } from '../tenancy/index.js';

/**
 * Issue 26 item 5 (ADR 037): an owner's message that asks someone who never rented from them for money by UPI or a
 * payment link is stored and answered with `warning: true` (the web shows SAFETY_ADVICE with it).
 */
let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let tenant: Person;
let former: Person;
let stranger: Person;
let roomId: string;
let vacantRoomId: string;

const M = `${API_BASE}/messages`;
const send = async (who: Person, path: string, text: string) =>
  sentMessageSchema.parse(
    okData(
      await ctx.app.inject({ method: 'POST', url: `${M}${path}`, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, payload: { text } }),
      201,
    ),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant, former, stranger] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '1' }))._id;
  vacantRoomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '2' }))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, '2026-01-01');
  // A former tenant of another of the owner's rooms.
  const pastRoom = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '3' }))._id;
  await occupyRoom(ctx.deps, pastRoom, former.user._id, '2025-01-01');
  await vacateRoom(ctx.deps, owner.user._id, pastRoom, '2025-12-31', 'Left before the notice ran out.');
});
afterAll(() => ctx.close());

describe('the safety warning on messages', () => {
  it("marks an owner's request for a token by UPI to someone who never rented from them, in every answer", async () => {
    const opened = await send(stranger, `/to-owner/${vacantRoomId}`, 'Is the room free? Can I visit on Sunday?');
    expect(opened.message.warning).toBe(false);
    const threadId = opened.thread._id;
    const asked = await send(owner, `/thread/${threadId}`, 'Pay the token amount of 5000 to rajesh@okhdfcbank to block it first.');
    expect(asked.message.warning).toBe(true);
    const plain = await send(owner, `/thread/${threadId}`, 'Sunday at 11 is fine, see you at the gate.');
    expect(plain.message.warning).toBe(false);
    const link = await send(owner, `/thread/${threadId}`, 'Or pay here: https://rzp.io/l/abc123');
    expect(link.message.warning).toBe(true);
    for (const who of [stranger, owner]) {
      const page = threadMessagesSchema.parse(
        okData(await ctx.app.inject({ url: `${M}/thread/${threadId}`, headers: { cookie: who.cookie } })),
      );
      expect(page.messages.map((m) => m.warning)).toEqual([false, true, false, true]);
    }
    // A tenant's own message with a UPI ID is not the owner asking for money.
    expect((await send(stranger, `/thread/${threadId}`, 'My UPI is me@ybl if you refund anything')).message.warning).toBe(false);
  });

  it('does not mark it for a current or a former tenant of the owner (rent is paid that way)', async () => {
    const rent = 'Please send the rent by UPI to rajesh@okhdfcbank, or pay the deposit via GPay.';
    expect((await send(owner, `/to-tenant/${roomId}`, rent)).message.warning).toBe(false);
    const enquiry = await send(former, `/to-owner/${vacantRoomId}`, 'Hello again, is room 2 free?');
    expect((await send(owner, `/thread/${enquiry.thread._id}`, rent)).message.warning).toBe(false);
  });
});
