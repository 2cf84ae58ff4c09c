import { MSG } from '@kiraya/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, properties, rooms } from '../db/schema.js';
import { createProperty, propertyInput, roomInput, sampleImage } from '../seed/property-factories.js';
import { createTestContext, establishedAccounts, signedIn, type TestContext } from '../test/harness.js';
import { expectError, multipart } from '../test/support.js';

/** Issue 19: two Submit clicks at the same instant created two identical properties. */
type Owner = Awaited<ReturnType<typeof signedIn>>;

let ctx: TestContext;
let ownerA: Owner;
let ownerB: Owner;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  ownerA = await signedIn(ctx, 'owner');
  ownerB = await signedIn(ctx, 'owner');
  await establishedAccounts(ctx, [ownerA.user._id, ownerB.user._id]);
  jpeg = await sampleImage({ width: 60, height: 40 });
});
afterAll(() => ctx?.close());

const post = async (url: string, cookie: string, fields: Record<string, string>, field: string, key?: string) => {
  const body = await multipart(fields, [{ field, data: jpeg, filename: 'photo.jpg' }]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
};
const addProperty = (owner: Owner, title: string, key?: string) =>
  post('/api/v1/properties/add-new-property', owner.cookie, propertyInput({ title }), 'propertyImages', key);
const titled = async (title: string) =>
  Number((await ctx.deps.db.select({ n: count() }).from(properties).where(eq(properties.title, title)))[0]?.n);

describe('Idempotency-Key on Add Property and Add New Room', () => {
  it('two simultaneous submissions with one key create one property; both answer it (201)', async () => {
    const [a, b] = await Promise.all([addProperty(ownerA, 'Twin Towers A', 'k-1'), addProperty(ownerA, 'Twin Towers A', 'k-1')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(b.json().message).toBe(MSG.propertySubmitted);
    expect(await titled('Twin Towers A')).toBe(1);
    // A later retry with the key answers the same property, and one without a key creates another, as before.
    const again = await addProperty(ownerA, 'Twin Towers A', 'k-1');
    expect(again.json().data._id).toBe(a.json().data._id);
    expect((await addProperty(ownerA, 'Twin Towers A')).statusCode).toBe(201);
    expect(await titled('Twin Towers A')).toBe(2);
  });

  it("another owner's same key is their own", async () => {
    const a = await addProperty(ownerA, 'Shared Key Villa', 'same-key');
    const b = await addProperty(ownerB, 'Shared Key Villa', 'same-key');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data._id).not.toBe(b.json().data._id);
    expect(b.json().data.owner._id).toBe(ownerB.user._id);
  });

  it('two simultaneous rooms with one key create one room', async () => {
    const propertyId = (await createProperty(ctx.deps, ownerA.user._id))._id;
    const fields = roomInput(propertyId, { roomNumber: 'K1' });
    const send = () => post('/api/v1/rooms/new-room', ownerA.cookie, fields, 'roomImages', 'room-key');
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data._id).toBe(b.json().data._id);
    const [n] = await ctx.deps.db.select({ n: count() }).from(rooms).where(eq(rooms.propertyId, propertyId));
    expect(Number(n?.n)).toBe(1);
    // The same key on the other form is refused, not answered with a room.
    expectError(await addProperty(ownerA, 'Wrong Form', 'room-key'), 'CONFLICT', MSG.idempotencyKeyReused, 'Idempotency-Key');
  });

  it('refuses a key that is empty, too long or not printable ASCII (400)', async () => {
    for (const bad of ['x'.repeat(101), 'क-1', 'a\tb', ' ']) {
      expectError(await addProperty(ownerA, 'Bad Key Home', bad), 'BAD_REQUEST', MSG.idempotencyKeyInvalid, 'Idempotency-Key');
    }
    expect(await titled('Bad Key Home')).toBe(0);
    expect((await addProperty(ownerA, 'Long Key Home', 'y'.repeat(100))).statusCode).toBe(201);
  });

  it('answers 409 when the key created a property that is gone, and reuses a key after 24 hours', async () => {
    const a = await addProperty(ownerA, 'Short Lived', 'gone-key');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/properties/delete-property',
      headers: { cookie: ownerA.cookie, origin: 'http://localhost:3000' },
      payload: { propertyId: a.json().data._id },
    });
    expectError(await addProperty(ownerA, 'Short Lived', 'gone-key'), 'CONFLICT', MSG.formAlreadySent, 'Idempotency-Key');
    await ctx.deps.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, ownerA.user._id), eq(idempotencyKeys.key, 'gone-key')));
    const again = await addProperty(ownerA, 'Short Lived', 'gone-key');
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).not.toBe(a.json().data._id);
  });
});

// PGlite has one connection, so requests take turns there; on PostgreSQL the transactions really race.
describe.skipIf(process.env.KIRAYA_TEST_DB !== 'postgres')('Idempotency-Key under real concurrency (PostgreSQL)', () => {
  it('six simultaneous submissions with one key create one property', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => addProperty(ownerA, 'Race Court', 'race-key')));
    expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(all.map((r) => r.json().data._id)).size).toBe(1);
    expect(await titled('Race Court')).toBe(1);
  });
});
