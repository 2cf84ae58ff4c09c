import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('signs in and reads the current user', async () => {
  const { cookie, user } = await signedIn(ctx, 'owner');
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/get-current-user', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.email).toBe(user.email);
});
