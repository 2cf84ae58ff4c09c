import { ROOM_STATUSES } from '@kiraya/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { properties, rooms } from '../db/schema.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { seedDemoIfEmpty } from './demo.js';
import { DEMO_PROPERTIES } from './properties-demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('loads the demo owners’ properties with photos, rooms in every status and one paused listing (B16)', async () => {
  // Small photos keep this test fast; the photo pipeline itself is tested in lib/images.test.ts.
  const seeded = await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 240 });
  expect(seeded).not.toBeNull();
  const props = await ctx.deps.db.select().from(properties);
  expect(props).toHaveLength(DEMO_PROPERTIES.length);
  expect(new Set(props.map((p) => p.city))).toEqual(new Set(['Bengaluru', 'Pune', 'Hyderabad', 'Mumbai']));
  expect(props.filter((p) => p.isPaused)).toHaveLength(1);
  const allRooms = await ctx.deps.db.select().from(rooms);
  expect(new Set(allRooms.map((r) => r.status))).toEqual(new Set(ROOM_STATUSES));
  for (const r of allRooms.filter((x) => x.status === 'occupied')) {
    expect(r.tenantId).toBeTruthy();
    expect(r.moveInDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }

  const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties' })).json();
  expect(list.meta.total).toBe(DEMO_PROPERTIES.length - 1);
  const first = list.data[0];
  expect(first.images.length).toBeGreaterThan(0);
  const thumb = await ctx.app.inject({ method: 'GET', url: first.images[0].thumbnailUrl });
  expect(thumb.statusCode).toBe(200);
  const meta = await sharp(thumb.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(480);
});
