import sharp from 'sharp';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/index.js';
import { files, rooms, tenancies } from '../db/schema.js';
import { METER_PHOTO_FOLDER, sweepMeterPhotos, UNATTACHED_PHOTO_MAX_AGE_MS } from '../modules/bills/index.js';
import { settleMoveOuts } from '../modules/tenancy/index.js';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { createTenant } from '../seed/factories.js';
import { createTestContext, signedIn, type TestContext } from './harness.js';
import { multipart } from './support.js';

/**
 * Scheduled work on two instances at once (DEVELOPERS.md: "happens once however many instances run it"):
 * each instance has its own connection pool on one PostgreSQL database, as separate processes would. The
 * move-out settle job claims tenancies with SKIP LOCKED; the meter-photo sweep takes an advisory lock and
 * SKIP LOCKED rows. Runs in the server-pg project only.
 */
const onPostgres = process.env.KIRAYA_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
if (!onPostgres) console.log('scheduled-jobs: skipped (runs in the server-pg project, TEST_DATABASE_URL)');

describe.skipIf(!onPostgres)('scheduled work on two instances at once (PostgreSQL)', () => {
  let ctx: TestContext;
  let second: Database;
  let owner: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    second = await openDatabase({ kind: 'postgres', url: ctx.database.url as string, max: 5 }, { migrate: false });
    owner = await signedIn(ctx, 'owner');
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('ends each tenancy whose move-out date has come exactly once, whichever instance claims it', async () => {
    const property = await createProperty(ctx.deps, owner.user._id);
    const roomIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const room = await createRoom(ctx.deps, owner.user._id, property._id, { roomNumber: `M${i}` });
      const tenant = await createTenant(ctx.deps);
      await occupyRoom(ctx.deps, room._id, tenant._id, '2026-01-01');
      roomIds.push(room._id);
    }
    await ctx.deps.db.update(tenancies).set({ leavingOn: '2026-11-20' }).where(inArray(tenancies.roomId, roomIds));
    const other = { db: second.db };
    const counts = await Promise.all([
      settleMoveOuts(ctx.deps, '2026-11-24'),
      settleMoveOuts(other, '2026-11-24'),
      settleMoveOuts(ctx.deps, '2026-11-24'),
      settleMoveOuts(other, '2026-11-24'),
    ]);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(6);
    const ended = await ctx.deps.db.select().from(tenancies).where(inArray(tenancies.roomId, roomIds));
    expect(ended.map((t) => t.moveOutDate)).toEqual(Array(6).fill('2026-11-20'));
    const vacant = await ctx.deps.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(inArray(rooms.id, roomIds), eq(rooms.status, 'vacant'), isNull(rooms.tenantId)));
    expect(vacant).toHaveLength(6);
    expect(await Promise.all([settleMoveOuts(ctx.deps, '2026-11-24'), settleMoveOuts(other, '2026-11-24')])).toEqual([0, 0]);
  });

  it('deletes each stale unattached meter photo once, rows and blobs, with both instances sweeping', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const data = await sharp({
        create: { width: 20, height: 20, channels: 3, background: `#0000${(i * 40).toString(16).padStart(2, '0')}` },
      })
        .jpeg()
        .toBuffer();
      const form = await multipart({}, [{ field: 'meterPhoto', data }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bills/upload/meter-photo',
        headers: { cookie: owner.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as { data: { _id: string } }).data._id);
    }
    await ctx.deps.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - UNATTACHED_PHOTO_MAX_AGE_MS - 60_000) })
      .where(inArray(files.id, ids));
    const keys = (await ctx.deps.db.select({ key: files.key }).from(files).where(inArray(files.id, ids))).map((f) => f.key);
    const other = { ...ctx.deps, db: second.db };
    const counts = await Promise.all([
      sweepMeterPhotos(ctx.deps, undefined, new Date(), 1),
      sweepMeterPhotos(other, undefined, new Date(), 1),
      sweepMeterPhotos(ctx.deps, undefined, new Date(), 2),
      sweepMeterPhotos(other, undefined, new Date(), 2),
    ]);
    // An instance that finds another sweeping skips its turn; the rest finish every photo on a later turn.
    let total = counts.reduce((s, n) => s + n, 0);
    for (let turn = 0; turn < 5 && total < 5; turn++) total += await sweepMeterPhotos(turn % 2 ? other : ctx.deps);
    expect(total).toBe(5);
    expect(await ctx.deps.db.select().from(files).where(inArray(files.id, ids))).toEqual([]);
    for (const key of keys) expect(await ctx.deps.blobs.get(key)).toBeNull();
    expect(
      await ctx.deps.db
        .select()
        .from(files)
        .where(like(files.key, `${METER_PHOTO_FOLDER}/%`)),
    ).toEqual([]);
  });
});
