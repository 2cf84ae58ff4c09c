import { API_BASE, type OwnerContact, type RecentView } from '@kiraya/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestContext, createTestContext } from '../test/harness.js';
import { DEFAULT_PASSWORD } from './factories.js';
import { seedDemoIfEmpty } from './demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('gives rahul@kiraya.demo owner numbers in OwnerDetails, recent views, and the owners a "who asked" list (B16)', async () => {
  await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 240 });
  const login = async (email: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password: DEFAULT_PASSWORD } });
    return { authorization: `Bearer ${res.json().data.accessToken as string}` };
  };
  const rahul = await login('rahul@kiraya.demo');
  const reveals = (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/contacts/revealed`, headers: rahul })).json()
    .data as OwnerContact[];
  expect(reveals).toHaveLength(3);
  expect(new Set(reveals.map((r) => r.property._id)).size).toBe(3);
  expect(reveals.every((r) => r.owner.phoneNumber && r.room.images.length > 0)).toBe(true);
  const views = (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/tenant/recent-views`, headers: rahul })).json()
    .data as RecentView[];
  expect(views.length).toBeGreaterThanOrEqual(3);
  const asked = await Promise.all(
    ['priya@kiraya.demo', 'arjun@kiraya.demo'].map(async (email) => {
      const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/contacts/asked`, headers: await login(email) });
      return res.json().data as { tenant: { username: string } }[];
    }),
  );
  expect(asked.flat().length).toBe(3);
  expect(asked.flat().every((a) => a.tenant.username === 'rahul_t')).toBe(true);
});
