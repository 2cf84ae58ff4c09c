import { API_BASE, MSG, NEW_ACCOUNT_LISTING_LIMIT } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, users } from '../../db/schema.js';
import { createProperty, propertyInput, sampleImage } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, multipart } from '../../test/support.js';

/** Issue 26 item 4 (ADR 037): new accounts may list at most 5 properties in their first 7 days. */
let ctx: TestContext;
let jpeg: Buffer;
const { properties: MAX, days: DAYS } = NEW_ACCOUNT_LISTING_LIMIT;

async function addProperty(cookie: string) {
  const form = await multipart(propertyInput(), [{ field: 'propertyImages', data: jpeg }]);
  return ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/properties/add-new-property`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}
const count = async (ownerId: string) => (await ctx.deps.db.select().from(properties).where(eq(properties.ownerId, ownerId))).length;

beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = await sampleImage();
});
afterAll(() => ctx.close());

describe('the new-account listing limit', () => {
  it(`takes ${MAX} properties in an account's first ${DAYS} days, then answers 429 with the rule`, async () => {
    const owner = await signedIn(ctx, 'owner');
    for (let i = 0; i < MAX - 1; i++) await createProperty(ctx.deps, owner.user._id, {}, [jpeg]);
    expect((await addProperty(owner.cookie)).statusCode).toBe(201);
    const refused = await addProperty(owner.cookie);
    expectError(refused, 'TOO_MANY_REQUESTS', MSG.newAccountListingLimit(MAX, DAYS));
    expect(MSG.newAccountListingLimit(MAX, DAYS)).toBe('New accounts can list at most 5 properties in their first 7 days.');
    expect(await count(owner.user._id)).toBe(MAX);
    // Once the account is older than that, it lists freely.
    await ctx.deps.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (DAYS + 1) * 86_400_000) })
      .where(eq(users.id, owner.user._id));
    expect((await addProperty(owner.cookie)).statusCode).toBe(201);
  });

  it('lets only one of several submissions at the limit through (counted under the owner’s lock)', async () => {
    const owner = await signedIn(ctx, 'owner');
    for (let i = 0; i < MAX - 1; i++) await createProperty(ctx.deps, owner.user._id, {}, [jpeg]);
    const answers = await Promise.all([addProperty(owner.cookie), addProperty(owner.cookie), addProperty(owner.cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429]);
    expect(await count(owner.user._id)).toBe(MAX);
  });
});
