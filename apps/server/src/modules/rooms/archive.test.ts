import {
  API_BASE,
  billGroupSchema,
  MSG,
  ownerBillingsSchema,
  ownerStatisticsSchema,
  paymentOrderSchema,
  paymentSchema,
  receiptSchema,
  rentReceiptSchema,
  roomSchema,
  tenantRoomSchema,
} from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, properties, roomDocuments, rooms, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { createProperty, createRoom, occupyRoom, roomInput, sampleImage } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, as, expectError, okData, type Person, sendForm } from '../../test/support.js';

/**
 * Issue 18 item 4, issue 19 item 15 (ADR 022): money records and tenancy history outlive a room or
 * property the owner deletes. One with any bill, payment or tenancy is archived, not deleted.
 */

let ctx: TestContext;
let owner: Person;
let tenant: Person;
let otherTenant: Person;

const { get, post } = apiAs(() => ctx);
const month = () => todayInIndia().slice(0, 7);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signedIn(ctx, 'owner');
  tenant = await signedIn(ctx, 'tenant');
  otherTenant = await signedIn(ctx, 'tenant');
});
afterAll(() => ctx.close());

/** A room of the owner that `tenant` rented, was billed rent for, paid (in the sandbox) and left. */
async function roomWithHistory(propertyId: string, roomNumber: string) {
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber }))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, '2025-12-01');
  const billDate = todayInIndia();
  const group = billGroupSchema.parse(
    okData(await post(owner, '/bills/add-bill', { propertyId, roomId, billDate, bills: [{ billType: 'Rent Bill', amount: 9000 }] }), 201),
  );
  const order = paymentOrderSchema.parse(okData(await post(tenant, '/bills/create-order', { roomId, amount: 9000 }), 201));
  const paid = okData<Record<string, string>>(await post(tenant, '/payments/sandbox/pay', { orderId: order.id, outcome: 'success' }));
  const payment = paymentSchema.parse(okData(await post(tenant, '/bills/verify-payment', paid)));
  okData(await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Left before the notice ran out.' }));
  return { roomId, payment, billId: group.bills[0]?._id as string };
}

describe('POST /rooms/delete-room on a room with history (the probe)', () => {
  let propertyId: string;
  let roomId: string;
  let paymentId: string;
  let enquiryId: string;

  beforeAll(async () => {
    propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: '1' });
    const r = await roomWithHistory(propertyId, '2');
    roomId = r.roomId;
    paymentId = r.payment._id;
    const enquiry = okData<{ thread: { _id: string } }>(
      await post(otherTenant, `/messages/to-owner/${roomId}`, { text: 'Is it free?' }),
      201,
    );
    enquiryId = enquiry.thread._id;
    okData(await post(owner, '/rooms/delete-room', { roomId }));
  });

  it("closes the room's enquiry thread; its history stays readable", async () => {
    expectError(await post(otherTenant, `/messages/thread/${enquiryId}`, { text: 'Still free?' }), 'CONFLICT', MSG.threadClosed);
    expectError(await post(owner, `/messages/thread/${enquiryId}`, { text: 'Yes' }), 'CONFLICT', MSG.threadClosed);
    expect(okData<{ messages: unknown[] }>(await get(otherTenant, `/messages/thread/${enquiryId}`)).messages).toHaveLength(1);
  });

  it('archives the room: its payments, bills and tenancy stay', async () => {
    const [row] = await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(tenancies).where(eq(tenancies.roomId, roomId))).toHaveLength(1);
  });

  it("keeps the former tenant's receipt, payments, rent receipt, past room and bills", async () => {
    expect(receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${paymentId}`))).receiptNumber).toMatch(/^KR-/);
    const mine = okData<unknown[]>(await get(tenant, '/payments/mine')).map((p) => paymentSchema.parse(p));
    expect(mine.map((p) => p._id)).toContain(paymentId);
    const rr = rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${roomId}&period=${month()}`)));
    expect(rr.rentPaid).toBe(9000);
    const past = okData<unknown[]>(await get(tenant, '/tenant/past-rooms')).map((r) => tenantRoomSchema.parse(r));
    expect(past.map((r) => r.roomId)).toContain(roomId);
    const bills = okData<unknown[]>(await get(tenant, `/bills/fetch-bill/${propertyId}?roomId=${roomId}`));
    expect(bills).toHaveLength(1);
  });

  it("keeps the owner's receipt, rent receipt, statistics and billings", async () => {
    expect(okData(await get(owner, `/payments/receipt/${paymentId}`))).toMatchObject({ _id: paymentId });
    const rr = rentReceiptSchema.parse(okData(await get(owner, `/payments/rent-receipt?roomId=${roomId}&period=${month()}`)));
    expect(rr.rentPaid).toBe(9000);
    const stats = ownerStatisticsSchema.parse(okData(await get(owner, '/statistics/owner')));
    expect(stats.totals.received).toBe(9000);
    expect(stats.rooms.total).toBe(1); // the archived room is no longer one of the owner's rooms
    const billings = ownerBillingsSchema.parse(okData(await get(owner, '/statistics/owner/billings')));
    expect(billings.bills.map((b) => b.room._id)).toContain(roomId);
    expect(billings.payments.map((p) => p._id)).toContain(paymentId);
  });

  it('is gone from the owner list, the public list and the property figures', async () => {
    const ownRooms = okData<unknown[]>(await get(owner, `/rooms/${propertyId}`)).map((r) => roomSchema.parse(r));
    expect(ownRooms.map((r) => r._id)).not.toContain(roomId);
    const publicRooms = okData<unknown[]>(await get(undefined, `/rooms/${propertyId}`)).map((r) => roomSchema.parse(r));
    expect(publicRooms.map((r) => r._id)).not.toContain(roomId);
    expect(okData(await get(undefined, `/properties/${propertyId}`))).toMatchObject({ roomCount: 1, vacantRoomCount: 1 });
  });

  it('cannot be edited, invited to, billed, paid into, vacated or deleted again (404)', async () => {
    const edit = await sendForm(
      ctx,
      'PUT',
      `${API_BASE}/rooms/update-room/${roomId}`,
      owner.cookie,
      roomInput(propertyId, { roomNumber: '2' }),
    );
    expectError(edit, 'NOT_FOUND', MSG.roomNotFound);
    expectError(await post(owner, '/requests/send', { roomId, tenantId: otherTenant.user._id }), 'NOT_FOUND', MSG.roomNotFound);
    const bill = await post(owner, '/bills/add-bill', {
      propertyId,
      roomId,
      billDate: todayInIndia(),
      bills: [{ billType: 'Rent Bill', amount: 10 }],
    });
    expectError(bill, 'NOT_FOUND', MSG.roomNotFound);
    expectError(await post(owner, '/rooms/delete-room', { roomId }), 'NOT_FOUND', MSG.roomNotFound);
    expectError(
      await post(owner, `/rooms/vacate/${roomId}`, { moveOutDate: todayInIndia(), reason: 'Left before the notice ran out.' }),
      'NOT_FOUND',
      MSG.roomNotFound,
    );
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: `${API_BASE}/rooms/room-status/${roomId}`,
      headers: as(owner),
      payload: { roomStatus: 'maintenance' },
    });
    expectError(status, 'NOT_FOUND', MSG.roomNotFound);
    expectError(await post(tenant, '/bills/create-order', { roomId, amount: 100 }), 'NOT_FOUND', MSG.roomNotFound);
    expectError(await post(otherTenant, `/messages/to-owner/${roomId}`, { text: 'Is it free?' }), 'NOT_FOUND', MSG.roomNotFound);
  });

  it('frees its room number for a new room', async () => {
    const res = await sendForm(ctx, 'POST', `${API_BASE}/rooms/new-room`, owner.cookie, roomInput(propertyId, { roomNumber: '2' }), [
      { field: 'roomImages', data: await sampleImage(), filename: 'room.jpg' },
    ]);
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /rooms/delete-room on a room without history', () => {
  it('really deletes it, as before', async () => {
    const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    okData(await post(owner, '/rooms/delete-room', { roomId }));
    expect(await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomId))).toHaveLength(0);
  });
});

describe('POST /properties/delete-property on a property with history', () => {
  let propertyId: string;
  let keptRoom: string;
  let plainRoom: string;
  let paymentId: string;

  beforeAll(async () => {
    propertyId = (await createProperty(ctx.deps, owner.user._id, { title: 'Archived Heights' }))._id;
    plainRoom = (await createRoom(ctx.deps, owner.user._id, propertyId, { roomNumber: 'A' }))._id;
    const r = await roomWithHistory(propertyId, 'B');
    keptRoom = r.roomId;
    paymentId = r.payment._id;
    // The tenant's document of the room: personal data, deleted with the room (ADR 022).
    const doc = await sendForm(ctx, 'POST', `${API_BASE}/documents/room/${keptRoom}`, owner.cookie, {}, [
      {
        field: 'document',
        data: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
        filename: 'lease.pdf',
        type: 'application/pdf',
      },
    ]);
    expect(doc.statusCode).toBe(201);
    okData(await post(owner, '/properties/delete-property', { propertyId }));
  });

  it('archives the property and the room with history, deletes the room without and the documents', async () => {
    const [p] = await ctx.deps.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(p?.archivedAt).toBeInstanceOf(Date);
    const left = await ctx.deps.db.select().from(rooms).where(eq(rooms.propertyId, propertyId));
    expect(left.map((r) => r.id)).toEqual([keptRoom]);
    expect(left[0]?.archivedAt).toBeInstanceOf(Date);
    expect(await ctx.deps.db.select().from(roomDocuments).where(eq(roomDocuments.roomId, keptRoom))).toHaveLength(0);
    expect(plainRoom).toBeTruthy();
  });

  it('is gone from the owner list, the public list, the property page and the sitemap', async () => {
    const own = okData<{ _id: string }[]>(await get(owner, '/properties/fetch-properties'));
    expect(own.map((x) => x._id)).not.toContain(propertyId);
    const pub = await get(undefined, '/properties/fetch-all-properties?limit=50');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.map((x: { _id: string }) => x._id)).not.toContain(propertyId);
    const search = await get(tenant, '/properties/fetch-all-properties?q=archived%20heights');
    expect(search.json().data).toEqual([]);
    expectError(await get(undefined, `/properties/${propertyId}`), 'NOT_FOUND', MSG.propertyNotFound);
    expectError(await get(owner, `/properties/${propertyId}`), 'NOT_FOUND', MSG.propertyNotFound);
    expectError(await get(undefined, `/rooms/${propertyId}`), 'NOT_FOUND', MSG.propertyNotFound);
    expectError(await post(owner, '/properties/delete-property', { propertyId }), 'NOT_FOUND', MSG.propertyNotFound);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(propertyId);
    const room = await sendForm(ctx, 'POST', `${API_BASE}/rooms/new-room`, owner.cookie, roomInput(propertyId, { roomNumber: 'C' }), [
      { field: 'roomImages', data: await sampleImage(), filename: 'room.jpg' },
    ]);
    expectError(room, 'NOT_FOUND', MSG.propertyNotFound);
  });

  it('keeps receipts and rent receipts for both sides', async () => {
    const receipt = receiptSchema.parse(okData(await get(tenant, `/payments/receipt/${paymentId}`)));
    expect(receipt.address.title).toBe('Archived Heights');
    expect(okData(await get(owner, `/payments/receipt/${paymentId}`))).toMatchObject({ _id: paymentId });
    const period = month();
    expect(rentReceiptSchema.parse(okData(await get(tenant, `/payments/rent-receipt?roomId=${keptRoom}&period=${period}`))).rentPaid).toBe(
      9000,
    );
  });
});

describe('foreign keys of money rows', () => {
  it('refuse a delete of a room that has payments instead of cascading', async () => {
    const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
    const { roomId } = await roomWithHistory(propertyId, 'FK');
    await expect(ctx.deps.db.delete(rooms).where(eq(rooms.id, roomId))).rejects.toThrow();
    await expect(ctx.deps.db.delete(tenancies).where(eq(tenancies.roomId, roomId))).rejects.toThrow();
    expect(await ctx.deps.db.select().from(payments).where(eq(payments.roomId, roomId))).toHaveLength(1);
  });
});
