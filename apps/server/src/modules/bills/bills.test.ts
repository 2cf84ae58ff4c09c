import {
  API_BASE,
  billGroupSchema,
  billSchema,
  lastReadingSchema,
  MSG,
  meterPhotoUploadSchema,
  tenantBillGroupSchema,
} from '@kiraya/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../lib/dates.js';
import { billGroups, billItems, files } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, multipart, okData } from '../../test/support.js';
import { vacateRoom } from '../tenancy/index.js';
import { sweepMeterPhotos, UNATTACHED_PHOTO_MAX_AGE_MS } from './photos.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let propertyId: string;
let roomId: string;

const B = `${API_BASE}/bills`;
type Who = Person | undefined;
const hdr = (who: Who) => (who ? { cookie: who.cookie } : {});
const post = (who: Who, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${B}${path}`, headers: hdr(who), payload });
const put = (who: Who, path: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `${B}${path}`, headers: hdr(who), payload });
const get = (who: Who, path: string) => ctx.app.inject({ method: 'GET', url: `${B}${path}`, headers: hdr(who) });
const fetchBills = (who: Who, room = roomId, property = propertyId) => get(who, `/fetch-bill/${property}?roomId=${room}`);

const rent = { billType: 'Rent Bill', amount: 8500 };
const electricity = (current: number | string, previous: number | string, ratePerUnit: number | string = 8, amount?: number) => ({
  billType: 'Electricity Bill',
  amount,
  meterReading: { current, previous, ratePerUnit },
});
const add = (who: Who, bills: object[], extra: object = {}, room = roomId) =>
  post(who, '/add-bill', { propertyId, roomId: room, billDate: '2026-01-01', bills, ...extra });

async function newOccupiedRoom(t: Person = tenant) {
  const id = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
  await occupyRoom(ctx.deps, id, t.user._id, '2025-12-01');
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  roomId = await newOccupiedRoom();
});
afterAll(() => ctx.close());

describe('one Rent Bill per month (issue 19)', () => {
  it('refuses a second Rent Bill for the same tenancy and month, naming the one that exists; other months and types pass', async () => {
    const room = await newOccupiedRoom();
    okData(await add(owner, [rent], { billDate: '2026-11-01' }, room), 201);
    const again = await add(owner, [{ billType: 'Rent Bill', amount: 9000 }], { billDate: '2026-11-24' }, room);
    expectError(again, 'CONFLICT', MSG.rentBillExists('November 2026', '1 November 2026', '₹8,500.00'), 'billType');
    expectError(
      await add(owner, [rent, rent], { billDate: '2026-12-01' }, room),
      'BAD_REQUEST',
      MSG.rentBillTwice('December 2026'),
      'bills',
    );
    okData(await add(owner, [{ billType: 'Maintenance Bill', amount: 500 }], { billDate: '2026-11-24' }, room), 201);
    okData(await add(owner, [rent], { billDate: '2026-12-05' }, room), 201);
    const rents = await ctx.deps.db.select().from(billItems).where(eq(billItems.roomId, room));
    expect(
      rents
        .filter((r) => r.billType === 'Rent Bill')
        .map((r) => r.rentPeriod)
        .sort(),
    ).toEqual(['2026-11-01', '2026-12-01']);
  });

  it('the database keeps one Rent Bill per tenancy and month even when two uploads race past the check', async () => {
    const room = await newOccupiedRoom();
    const first = billGroupSchema.parse(okData(await add(owner, [rent], { billDate: '2026-10-03' }, room), 201));
    const [row] = await ctx.deps.db
      .select()
      .from(billItems)
      .where(eq(billItems.id, first.bills[0]?._id ?? ''));
    await expect(
      ctx.deps.db.insert(billItems).values({ ...(row as typeof billItems.$inferInsert), id: '01900000-0000-7000-8000-000000000019' }),
    ).rejects.toThrow();
  });

  it('update-bill changing a bill to Rent for a month that has one is a 409; a Rent Bill edits its own amount', async () => {
    const room = await newOccupiedRoom();
    const g = billGroupSchema.parse(
      okData(await add(owner, [rent, { billType: 'Maintenance Bill', amount: 500 }], { billDate: '2026-09-02' }, room), 201),
    );
    const [r, m] = g.bills.map((b) => ({ _id: b._id })) as [{ _id: string }, { _id: string }];
    expectError(
      await put(owner, `/update-bill/${m._id}`, rent),
      'CONFLICT',
      MSG.rentBillExists('September 2026', '2 September 2026', '₹8,500.00'),
      'billType',
    );
    okData(await put(owner, `/update-bill/${r._id}`, { billType: 'Rent Bill', amount: 9000 }), 200);
    okData(await put(owner, `/update-bill/${r._id}`, { billType: 'Maintenance Bill', amount: 9000 }), 200);
    okData(await put(owner, `/update-bill/${m._id}`, rent), 200);
  });
});

// The same table as the web's (Bills.test.tsx, "bad bills get the messages the server gives"): one schema, one message.
describe("bad bills get the contract's messages (issue 20)", () => {
  const cases: { name: string; bill: object; extra?: object; message: string; path: string }[] = [
    { name: 'an empty amount', bill: { billType: 'Rent Bill', amount: '' }, message: MSG.billDetailsRequired, path: 'bills.0.amount' },
    { name: 'a negative amount', bill: { billType: 'Rent Bill', amount: '-5' }, message: MSG.billAmountFormat, path: 'bills.0.amount' },
    {
      name: 'an amount with 3 decimals',
      bill: { billType: 'Rent Bill', amount: '10.005' },
      message: MSG.billAmountFormat,
      path: 'bills.0.amount',
    },
    {
      name: 'a current reading below the previous',
      bill: electricity('90', '100', '7'),
      message: MSG.readingDecreased,
      path: 'bills.0.meterReading.current',
    },
    { name: 'no bill date', bill: rent, extra: { billDate: '' }, message: MSG.billDateRequired, path: 'billDate' },
  ];
  it.each(cases)('$name: 400 "$message" on $path', async (c) => {
    expectError(await add(owner, [c.bill], c.extra), 'BAD_REQUEST', c.message, c.path);
  });

  it('update-bill gives the same messages for its one bill', async () => {
    const g = billGroupSchema.parse(okData(await add(owner, [{ billType: 'Maintenance Bill', amount: 100 }]), 201));
    const id = g.bills[0]?._id ?? '';
    for (const c of cases.filter((x) => x.path.startsWith('bills.0.')))
      expectError(await put(owner, `/update-bill/${id}`, c.bill), 'BAD_REQUEST', c.message, c.path.slice('bills.0.'.length));
  });
});

describe('POST /bills/add-bill', () => {
  it('creates one group for the current tenant; meter amounts are computed by the server, a client amount ignored', async () => {
    const res = await add(owner, [rent, electricity('1350.5', 1200, '8.25', 1)], { tenantId: otherTenant.user._id });
    const group = billGroupSchema.parse(okData(res, 201, MSG.billsUploaded));
    expect(group.dueDate).toBe('2026-01-11');
    expect(group.count).toBe(2);
    const [r, e] = group.bills;
    expect(r).toMatchObject({
      billType: 'Rent Bill',
      amount: 8500,
      tenantId: tenant.user._id,
      status: 'unpaid',
      paidAmount: 0,
      waivedAmount: 0,
      meterReading: null,
    });
    // 150.5 units × ₹8.25 = ₹1241.625 → ₹1241.63 (half-up), not the client's ₹1
    expect(e?.amount).toBe(1241.63);
    expect(e?.meterReading).toEqual({ current: 1350.5, previous: 1200, unitsConsumed: 150.5, ratePerUnit: 8.25 });
    expect(group.total).toBe(9741.63);
    expect(e?.overdue).toBe(true); // due 2026-01-11, long past
  });

  it('refuses a decreasing reading, a missing bill date, missing details and a room without tenant', async () => {
    expectError(await add(owner, [electricity(99, 100)]), 'BAD_REQUEST', MSG.readingDecreased);
    expectError(await add(owner, [rent], { billDate: '' }), 'BAD_REQUEST', MSG.billDateRequired);
    expectError(
      await add(owner, [{ billType: 'Water Bill', meterReading: { current: 5, previous: '', ratePerUnit: 2 } }]),
      'BAD_REQUEST',
      MSG.billDetailsRequired,
    );
    expectError(await add(owner, []), 'BAD_REQUEST', MSG.billDetailsRequired);
    const empty = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    expectError(await add(owner, [rent], {}, empty), 'CONFLICT', MSG.addTenantFirst);
    expectError(await add(owner, [rent], { dueDate: '2025-12-01' }), 'BAD_REQUEST', MSG.dueBeforeBillDate);
  });

  it("only the owner of the room may bill it; the property must be the room's", async () => {
    expectError(await add(undefined, [rent]), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await add(tenant, [rent]), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await add(otherOwner, [rent]), 'FORBIDDEN', MSG.forbidden);
    const other = (await createProperty(ctx.deps, owner.user._id))._id;
    expectError(
      await post(owner, '/add-bill', { propertyId: other, roomId, billDate: '2026-01-01', bills: [rent] }),
      'NOT_FOUND',
      MSG.roomNotFound,
    );
  });
});

describe('GET /bills/fetch-bill and /bills/tenant', () => {
  it('lists groups newest bill date first, to the owner and the current tenant; refuses others', async () => {
    const room = await newOccupiedRoom();
    okData(await add(owner, [rent], { billDate: '2026-01-01' }, room), 201);
    okData(await add(owner, [rent, { billType: 'Other', amount: '12.5' }], { billDate: '2026-03-01', dueDate: '2099-01-01' }, room), 201);
    const mine = (okData(await fetchBills(owner, room)) as unknown[]).map((g) => billGroupSchema.parse(g));
    expect(mine.map((g) => g.billDate)).toEqual(['2026-03-01', '2026-01-01']);
    expect(mine[0]).toMatchObject({ count: 2, total: 8512.5, dueDate: '2099-01-01' });
    expect(mine[0]?.bills.every((b) => !b.overdue)).toBe(true);
    expect(okData(await fetchBills(tenant, room))).toEqual(okData(await fetchBills(owner, room)));
    expectError(await fetchBills(otherOwner, room), 'FORBIDDEN', MSG.forbidden);
    expectError(await fetchBills(otherTenant, room), 'FORBIDDEN', MSG.forbidden);
    expectError(await fetchBills(undefined, room), 'UNAUTHORIZED', MSG.unauthorized);

    // My Rooms' Last Bill (B6) is the latest bill date of the tenancy.
    const rooms = okData(await ctx.app.inject({ method: 'GET', url: `${API_BASE}/tenant/room-details`, headers: hdr(tenant) })) as {
      roomId: string;
      lastBillDate: string | null;
    }[];
    expect(rooms.find((r) => r.roomId === room)?.lastBillDate).toBe('2026-03-01');
    const all = (okData(await get(tenant, '/tenant')) as unknown[]).map((g) => tenantBillGroupSchema.parse(g));
    expect(all.filter((g) => g.room._id === room)).toHaveLength(2);
    expect(okData(await get(otherTenant, '/tenant'))).toEqual([]);
    expectError(await get(owner, '/tenant'), 'FORBIDDEN', MSG.tenantsOnly);
  });

  it('a former tenant keeps reading their own bills after vacating; the next tenant does not see them', async () => {
    const room = await newOccupiedRoom(otherTenant);
    okData(await add(owner, [rent], {}, room), 201);
    await vacateRoom(ctx.deps, owner.user._id, room, todayInIndia(), 'Left before the notice ran out.');
    // Issue 19 item 15: a past tenancy's bills stay readable (read-only) to its tenant.
    expect(okData(await fetchBills(otherTenant, room))).toHaveLength(1);
    await occupyRoom(ctx.deps, room, tenant.user._id);
    expect(okData(await fetchBills(tenant, room))).toEqual([]);
    expect(okData(await fetchBills(otherTenant, room))).toHaveLength(1);
    expect(okData(await fetchBills(owner, room))).toHaveLength(1);
    // Their own past bills stay in their list.
    expect((okData(await get(otherTenant, '/tenant')) as unknown[]).length).toBe(1);
  });
});

describe('last readings, edit and delete', () => {
  it('prefills each meter type from the last bill of that type (B11)', async () => {
    const room = await newOccupiedRoom();
    okData(await add(owner, [electricity(1100, 1000)], { billDate: '2026-01-01' }, room), 201);
    okData(await add(owner, [electricity(1250, 1100, 9)], { billDate: '2026-02-01' }, room), 201);
    const readings = (okData(await get(owner, `/last-readings/${room}`)) as unknown[]).map((r) => lastReadingSchema.parse(r));
    expect(readings).toEqual([{ billType: 'Electricity Bill', current: 1250, ratePerUnit: 9, billDate: '2026-02-01' }]);
    expectError(await get(tenant, `/last-readings/${room}`), 'FORBIDDEN', MSG.ownersOnly);
  });

  it('edits an unpaid bill with the same rules; a paid or partly paid bill can be neither edited nor deleted (B5)', async () => {
    const room = await newOccupiedRoom();
    const group = billGroupSchema.parse(okData(await add(owner, [rent, electricity(20, 10)], {}, room), 201));
    const [r, e] = group.bills.map((b) => ({ _id: b._id })) as [{ _id: string }, { _id: string }];
    const edited = billSchema.parse(okData(await put(owner, `/update-bill/${e._id}`, electricity(30, 10, 5, 1)), 200, MSG.billUpdated));
    expect(edited.amount).toBe(100);
    expectError(await put(owner, `/update-bill/${e._id}`, electricity(5, 10)), 'BAD_REQUEST', MSG.readingDecreased);
    expectError(await put(otherOwner, `/update-bill/${e._id}`, rent), 'FORBIDDEN', MSG.forbidden);

    await ctx.deps.db.update(billItems).set({ paidPaise: 100 }).where(eq(billItems.id, r._id));
    expectError(await post(owner, '/delete-bill', { billId: r._id }), 'CONFLICT', MSG.billLocked);
    expectError(await put(owner, `/update-bill/${r._id}`, rent), 'CONFLICT', MSG.billLocked);
    const after = billGroupSchema.parse((okData(await fetchBills(owner, room)) as unknown[])[0]);
    expect(after.bills.find((b) => b._id === r._id)).toMatchObject({ status: 'partly_paid', paidAmount: 1 });
    await ctx.deps.db.update(billItems).set({ paidPaise: 850_000 }).where(eq(billItems.id, r._id));
    const paid = billGroupSchema.parse((okData(await fetchBills(owner, room)) as unknown[])[0]);
    expect(paid.bills.find((b) => b._id === r._id)).toMatchObject({ status: 'paid', overdue: false });
  });

  it('deletes an unpaid bill; deleting the last one removes the group', async () => {
    const room = await newOccupiedRoom();
    const group = billGroupSchema.parse(okData(await add(owner, [rent, { billType: 'Maintenance Bill', amount: 500 }], {}, room), 201));
    const [a, b] = group.bills.map((x) => ({ _id: x._id })) as [{ _id: string }, { _id: string }];
    expectError(await post(tenant, '/delete-bill', { billId: a._id }), 'FORBIDDEN', MSG.ownersOnly);
    expectError(await post(otherOwner, '/delete-bill', { billId: a._id }), 'FORBIDDEN', MSG.forbidden);
    expectError(await post(owner, '/delete-bill', { billId: 'nope' }), 'NOT_FOUND', MSG.billNotFound);
    okData(await post(owner, '/delete-bill', { billId: a._id }), 200, MSG.billDeleted);
    expect(await ctx.deps.db.select().from(billGroups).where(eq(billGroups.id, group._id))).toHaveLength(1);
    okData(await post(owner, '/delete-bill', { billId: b._id }), 200, MSG.billDeleted);
    expect(await ctx.deps.db.select().from(billGroups).where(eq(billGroups.id, group._id))).toHaveLength(0);
  });
});

describe('meter photos', () => {
  it('are re-encoded without EXIF and served only to the room owner and its tenant, never under /uploads', async () => {
    const withExif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'KirayaCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .toBuffer();
    const form = await multipart({}, [{ field: 'meterPhoto', data: withExif }]);
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `${B}/upload/meter-photo`,
        headers: { ...hdr(tenant), ...form.headers },
        payload: form.payload,
      }),
      'FORBIDDEN',
      MSG.ownersOnly,
    );
    const up = await ctx.app.inject({
      method: 'POST',
      url: `${B}/upload/meter-photo`,
      headers: { ...hdr(owner), ...form.headers },
      payload: form.payload,
    });
    const photo = meterPhotoUploadSchema.parse(okData(up, 201));
    expect(photo.url).toBe(`${B}/meter-photo/${photo._id}`);

    const room = await newOccupiedRoom();
    const g = billGroupSchema.parse(
      okData(await add(owner, [{ ...electricity(10, 5), meterPhotos: { current: photo._id } }], {}, room), 201),
    );
    expect(g.bills[0]?.meterPhotos).toEqual({ current: { url: photo.url }, previous: null });

    for (const who of [owner, tenant]) {
      const res = await ctx.app.inject({ method: 'GET', url: photo.url, headers: hdr(who) });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('KirayaCam'))).toBe(false);
    }
    for (const who of [otherOwner, otherTenant, undefined]) {
      const res = await ctx.app.inject({ method: 'GET', url: photo.url, headers: hdr(who) });
      expect([401, 403, 404]).toContain(res.statusCode);
    }
    const [file] = await ctx.deps.db.select().from(files).where(eq(files.id, photo._id));
    const direct = await ctx.app.inject({ method: 'GET', url: `/uploads/${file?.key}` });
    expect(direct.statusCode).toBe(404);
    // Another owner cannot attach it to their bill.
    const theirs = (await createProperty(ctx.deps, otherOwner.user._id))._id;
    const theirRoom = (await createRoom(ctx.deps, otherOwner.user._id, theirs))._id;
    await occupyRoom(ctx.deps, theirRoom, otherTenant.user._id);
    const steal = await post(otherOwner, '/add-bill', {
      propertyId: theirs,
      roomId: theirRoom,
      billDate: '2026-01-01',
      bills: [{ ...electricity(10, 5), meterPhotos: { current: photo._id } }],
    });
    expectError(steal, 'BAD_REQUEST', MSG.meterPhotoNotFound);
  });
});

describe('meter photos no bill shows are deleted (issue 20)', () => {
  const uploadPhoto = async () => {
    const data = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    const form = await multipart({}, [{ field: 'meterPhoto', data }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${B}/upload/meter-photo`,
      headers: { ...hdr(owner), ...form.headers },
      payload: form.payload,
    });
    return meterPhotoUploadSchema.parse(okData(res, 201));
  };
  const fileOf = async (id: string) => (await ctx.deps.db.select().from(files).where(eq(files.id, id)))[0];
  const blobsOf = async (file: { key: string; thumbKey: string | null }) =>
    Promise.all([file.key, file.thumbKey].filter((k): k is string => !!k).map((k) => ctx.deps.blobs.get(k)));
  const ageFiles = (ids: string[], ms: number) =>
    ctx.deps.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(inArray(files.id, ids));

  it('update-bill replacing a photo deletes the old one (row and blobs), but keeps one another bill still shows', async () => {
    const room = await newOccupiedRoom();
    const [old, shared, next] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    // January's current reading is February's previous one: the same photo.
    const jan = billGroupSchema.parse(
      okData(await add(owner, [{ ...electricity(10, 5), meterPhotos: { current: shared._id } }], { billDate: '2026-01-05' }, room), 201),
    );
    const feb = billGroupSchema.parse(
      okData(
        await add(
          owner,
          [{ ...electricity(20, 10), meterPhotos: { current: old._id, previous: shared._id } }],
          { billDate: '2026-02-05' },
          room,
        ),
        201,
      ),
    );
    const oldFile = await fileOf(old._id);
    expect(oldFile).toBeDefined();
    const febBill = feb.bills[0]?._id ?? '';
    const res = await put(owner, `/update-bill/${febBill}`, { ...electricity(21, 10), meterPhotos: { current: next._id } });
    expect(billSchema.parse(okData(res, 200)).meterPhotos).toEqual({ current: { url: next.url }, previous: null });

    expect(await fileOf(old._id)).toBeUndefined();
    expect(await blobsOf(oldFile as NonNullable<typeof oldFile>)).toEqual([null, null]);
    expect((await get(owner, `/meter-photo/${old._id}`)).statusCode).toBe(404);
    // January still shows the shared photo: it stays, for its owner and tenant.
    expect(await fileOf(shared._id)).toBeDefined();
    expect(jan.bills[0]?.meterPhotos.current).toEqual({ url: shared.url });
    for (const who of [owner, tenant]) expect((await get(who, `/meter-photo/${shared._id}`)).statusCode).toBe(200);
    expect((await get(owner, `/meter-photo/${next._id}`)).statusCode).toBe(200);
  });

  it('the sweep deletes unattached photos older than a day, keeps fresh and attached ones, and runs once when called twice', async () => {
    const room = await newOccupiedRoom();
    const [stale1, stale2, fresh, attached] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    okData(await add(owner, [{ ...electricity(10, 5), meterPhotos: { current: attached._id } }], { billDate: '2026-03-05' }, room), 201);
    await ageFiles([stale1._id, stale2._id, attached._id], UNATTACHED_PHOTO_MAX_AGE_MS + 60_000);
    await ageFiles([fresh._id], UNATTACHED_PHOTO_MAX_AGE_MS - 60_000);
    const staleFiles = await Promise.all([fileOf(stale1._id), fileOf(stale2._id)]);

    // Two at once (two instances): the photos are deleted once; batches of one go through all of them.
    const counts = await Promise.all([sweepMeterPhotos(ctx.deps, undefined, new Date(), 1), sweepMeterPhotos(ctx.deps)]);
    expect(counts[0] + counts[1]).toBe(2);
    for (const f of staleFiles) {
      expect(await fileOf(f?.id ?? '')).toBeUndefined();
      expect(await blobsOf(f as NonNullable<typeof f>)).toEqual([null, null]);
    }
    expect((await get(owner, `/meter-photo/${stale1._id}`)).statusCode).toBe(404);
    expect(await fileOf(fresh._id)).toBeDefined();
    expect(await fileOf(attached._id)).toBeDefined();
    for (const who of [owner, tenant]) expect((await get(who, `/meter-photo/${attached._id}`)).statusCode).toBe(200);
    expect(await sweepMeterPhotos(ctx.deps)).toBe(0);
    // A day later the fresh one goes too.
    expect(await sweepMeterPhotos(ctx.deps, undefined, new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(await fileOf(fresh._id)).toBeUndefined();
  });
});
