import { LIMITS, MSG } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, roomImages, rooms } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom, roomInput, sampleImage } from '../../seed/property-factories.js';
import { createTenant } from '../../seed/factories.js';
import { type TestContext, createTestContext, establishedAccounts, signedIn } from '../../test/harness.js';
import { sendForm } from '../../test/support.js';
import { pauseProperty } from '../properties/index.js';

let ctx: TestContext;
let ownerA: Awaited<ReturnType<typeof signedIn>>;
let ownerB: Awaited<ReturnType<typeof signedIn>>;
let tenant: Awaited<ReturnType<typeof signedIn>>;
let jpeg: Buffer;
let propertyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ownerA = await signedIn(ctx, 'owner');
  ownerB = await signedIn(ctx, 'owner');
  tenant = await signedIn(ctx, 'tenant');
  await establishedAccounts(ctx, [ownerA.user._id, ownerB.user._id]);
  jpeg = await sampleImage();
  propertyId = (await createProperty(ctx.deps, ownerA.user._id))._id;
});
afterAll(() => ctx.close());

const img = (data = jpeg) => ({ field: 'roomImages', data, filename: 'room.jpg' });
const newRoom = (cookie: string | undefined, fields: Record<string, string>, files = [img()]) =>
  sendForm(ctx, 'POST', '/api/v1/rooms/new-room', cookie, fields, files);

describe('POST /rooms/new-room', () => {
  it('adds a room with images (201) and the property derives its figures', async () => {
    const res = await newRoom(
      ownerA.cookie,
      roomInput(propertyId, {
        roomNumber: '101',
        tenantType: 'Both/Any',
        isFurnitured: 'Furnished',
        hasAttachedBath: 'Not Attached',
        rentAmount: '8500.50',
      }),
      [img(), img(await sampleImage({ format: 'png' }))],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.roomSubmitted);
    expect(res.json().data).toMatchObject({
      propertyId,
      roomNumber: '101',
      tenantType: 'Both',
      rentAmount: 8500.5,
      isFurnitured: true,
      hasAttachedBath: false,
      roomStatus: 'vacant',
      tenantId: null,
      moveInDate: null,
    });
    expect(res.json().data.roomImages).toHaveLength(2);
    expect(res.json().data.images[0].url).toMatch(new RegExp(`^/uploads/rooms/${res.json().data._id}/.+-display\\.webp$`));
    const p = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${propertyId}` });
    expect(p.json().data).toMatchObject({ rentAmount: 8500.5, roomCount: 1, vacantRoomCount: 1, isAvailable: true });
  });

  it.each([
    ['Family', 'Family'],
    ['Bachelor', 'Bachelor'],
    ['Both', 'Both'],
    ['Any', 'Both'],
    ['Both/Any', 'Both'],
  ])('accepts tenant type %s as %s (B3)', async (given, stored) => {
    const res = await newRoom(ownerA.cookie, roomInput(propertyId, { tenantType: given }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.tenantType).toBe(stored);
  });

  it.each([
    ['roomNumber', { roomNumber: ' ' }, MSG.roomStepRequired],
    ['roomType', { roomType: '' }, MSG.roomStepRequired],
    ['tenantType', { tenantType: '' }, MSG.roomStepRequired],
    ['tenantType', { tenantType: 'Students' }, MSG.tenantTypeInvalid],
    ['floor', { floor: '' }, MSG.roomStepRequired],
    ['floor', { floor: 'ground' }, 'Floor must be a whole number from -5 to 200.'],
    ['maxOccupancy', { maxOccupancy: '' }, MSG.roomStepRequired],
    ['maxOccupancy', { maxOccupancy: '0' }, 'Allowed members must be a whole number from 1 to 50.'],
    ['isFurnitured', { isFurnitured: '' }, MSG.roomStepRequired],
    ['hasAttachedBath', { hasAttachedBath: 'sometimes' }, MSG.roomStepRequired],
    ['description', { description: '' }, MSG.roomStepRequired],
    ['rentAmount', { rentAmount: '' }, MSG.roomStepRequired],
    ['rentAmount', { rentAmount: '-5' }, 'Rent amount must be more than ₹0 and at most ₹1,00,00,000, with at most two decimals.'],
    ['rentAmount', { rentAmount: '10.555' }, 'Rent amount must be more than ₹0 and at most ₹1,00,00,000, with at most two decimals.'],
    ['propertyId', { propertyId: '' }, 'propertyId is required.'],
  ])('refuses a bad %s: %j', async (path, override, message) => {
    const res = await newRoom(ownerA.cookie, { ...roomInput(propertyId), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('refuses a room number the property already has (409), whatever its case', async () => {
    await createRoom(ctx.deps, ownerA.user._id, propertyId, { roomNumber: 'G-1' });
    const res = await newRoom(ownerA.cookie, roomInput(propertyId, { roomNumber: 'g-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.roomNumberTaken);
    const other = await createProperty(ctx.deps, ownerA.user._id);
    expect((await newRoom(ownerA.cookie, roomInput(other._id, { roomNumber: 'G-1' }))).statusCode).toBe(201);
  });

  it('applies the image rules', async () => {
    const before = (await ctx.deps.db.select().from(rooms)).length;
    const none = await newRoom(ownerA.cookie, roomInput(propertyId), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.imageRequired);
    const text = await newRoom(ownerA.cookie, roomInput(propertyId), [img(Buffer.from('<html>not an image</html>'))]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MSG.imageType);
    const big = await newRoom(ownerA.cookie, roomInput(propertyId), [img(Buffer.concat([jpeg, Buffer.alloc(LIMITS.imageMaxBytes)]))]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MSG.imageSize);
    const many = await newRoom(
      ownerA.cookie,
      roomInput(propertyId),
      Array.from({ length: 11 }, () => img()),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(MSG.imageTooMany);
    expect((await ctx.deps.db.select().from(rooms)).length).toBe(before);
  });

  it('answers 404 for an unknown property', async () => {
    const res = await newRoom(ownerA.cookie, roomInput('01890000-0000-7000-8000-000000000000'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.propertyNotFound);
  });
});

describe('GET /rooms/{propertyId}', () => {
  it('lists rooms with the property populated; tenant details only to the owner, Aadhaar masked', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const r1 = await createRoom(ctx.deps, ownerA.user._id, p._id, { roomNumber: '2' });
    await createRoom(ctx.deps, ownerA.user._id, p._id, { roomNumber: '10' });
    const occupant = await createTenant(ctx.deps);
    await occupyRoom(ctx.deps, r1._id, occupant._id, '2026-01-05');

    const pub = await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}` });
    expect(pub.statusCode).toBe(200);
    const data = pub.json().data;
    expect(data.map((r: { roomNumber: string }) => r.roomNumber)).toEqual(['2', '10']);
    expect(data[0].property_id).toMatchObject({ _id: p._id, owner: { username: ownerA.user.username }, roomCount: 2, vacantRoomCount: 1 });
    // When a tenant moved in is theirs and the owner's business: visitors see the room is occupied, not since when.
    expect(data[0]).toMatchObject({ roomStatus: 'occupied', moveInDate: null, tenantId: null });
    expect(pub.body).not.toContain('2026-01-05');
    expect(JSON.stringify(pub.json())).not.toContain(occupant.email);
    expect(JSON.stringify(pub.json())).not.toContain(ownerA.user.email);

    for (const cookie of [tenant.cookie, ownerB.cookie]) {
      const other = await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}`, headers: { cookie } });
      expect(other.json().data[0].tenantId).toBeNull();
      expect(other.json().data[0].moveInDate).toBeNull();
    }
    const own = await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}`, headers: { cookie: ownerA.cookie } });
    expect(own.json().data[0].moveInDate).toBe('2026-01-05');
    expect(own.json().data[0].tenantId).toEqual({
      _id: occupant._id,
      fullName: occupant.fullName,
      email: occupant.email,
      phoneNumber: occupant.phoneNumber,
      aadharCardNumber: `XXXX XXXX ${occupant.aadharCardNumber.slice(-4)}`,
    });
    expect(own.json().data[0].tenantId.aadharCardNumber).toMatch(/^XXXX XXXX \d{4}$/);
  });

  it("hides a paused property's rooms from everyone but its owner; bad ids are 404", async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    await createRoom(ctx.deps, ownerA.user._id, p._id);
    await pauseProperty(ctx.deps, ownerA.user._id, p._id, { isPaused: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}`, headers: { cookie: tenant.cookie } })).statusCode).toBe(
      404,
    );
    const own = await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}`, headers: { cookie: ownerA.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/rooms/not-a-uuid' })).statusCode).toBe(404);
  });

  it('answers an empty list for a property without rooms', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/rooms/${p._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('PUT /rooms/update-room/{id}', () => {
  it('updates the fields, adds and removes images', async () => {
    const r = await createRoom(ctx.deps, ownerA.user._id, propertyId, {}, [jpeg, jpeg]);
    const res = await sendForm(
      ctx,
      'PUT',
      `/api/v1/rooms/update-room/${r._id}`,
      ownerA.cookie,
      {
        ...roomInput(propertyId, { roomNumber: r.roomNumber, rentAmount: 9999, tenantType: 'Family' }),
        removeImageIds: r.images[0]?._id as string,
      },
      [img(await sampleImage({ format: 'webp' }))],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.roomUpdated);
    expect(res.json().data).toMatchObject({ rentAmount: 9999, tenantType: 'Family' });
    expect(res.json().data.images.map((i: { _id: string }) => i._id)[0]).toBe(r.images[1]?._id);
    expect(res.json().data.images).toHaveLength(2);
    expect(await ctx.deps.blobs.get(r.images[0]?.url.replace('/uploads/', '') as string)).toBeNull();
  });

  it('validates and keeps 1 to 10 images', async () => {
    const r = await createRoom(ctx.deps, ownerA.user._id, propertyId);
    const bad = await sendForm(
      ctx,
      'PUT',
      `/api/v1/rooms/update-room/${r._id}`,
      ownerA.cookie,
      roomInput(propertyId, { tenantType: 'Couples' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.tenantTypeInvalid);
    const none = await sendForm(ctx, 'PUT', `/api/v1/rooms/update-room/${r._id}`, ownerA.cookie, {
      ...roomInput(propertyId, { roomNumber: r.roomNumber }),
      removeImageIds: r.images[0]?._id as string,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.imageAtLeastOne);
    const taken = await createRoom(ctx.deps, ownerA.user._id, propertyId);
    const clash = await sendForm(
      ctx,
      'PUT',
      `/api/v1/rooms/update-room/${r._id}`,
      ownerA.cookie,
      roomInput(propertyId, { roomNumber: taken.roomNumber }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(MSG.roomNumberTaken);
  });
});

describe('delete and status', () => {
  it('deletes a vacant room with its images', async () => {
    const r = await createRoom(ctx.deps, ownerA.user._id, propertyId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/rooms/delete-room',
      headers: { cookie: ownerA.cookie },
      payload: { roomId: r._id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Room deleted successfully');
    expect(await ctx.deps.db.select().from(rooms).where(eq(rooms.id, r._id))).toHaveLength(0);
    expect(await ctx.deps.db.select().from(roomImages).where(eq(roomImages.roomId, r._id))).toHaveLength(0);
    expect(
      await ctx.deps.db
        .select()
        .from(files)
        .where(eq(files.id, r.images[0]?._id as string)),
    ).toHaveLength(0);
    expect(await ctx.deps.blobs.get(r.images[0]?.url.replace('/uploads/', '') as string)).toBeNull();
  });

  it('refuses to delete or re-status an occupied room (409)', async () => {
    const r = await createRoom(ctx.deps, ownerA.user._id, propertyId);
    await occupyRoom(ctx.deps, r._id, tenant.user._id);
    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/rooms/delete-room',
      headers: { cookie: ownerA.cookie },
      payload: { roomId: r._id },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(MSG.roomOccupied);
    const st = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/rooms/room-status/${r._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { roomStatus: 'maintenance' },
    });
    expect(st.statusCode).toBe(409);
    expect(st.json().message).toBe(MSG.roomStatusOccupied);
  });

  it('marks a room under maintenance and vacant again; the property follows', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const r = await createRoom(ctx.deps, ownerA.user._id, p._id);
    const m = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/rooms/room-status/${r._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { roomStatus: 'maintenance' },
    });
    expect(m.statusCode).toBe(200);
    expect(m.json().message).toBe(MSG.roomStatusUpdated);
    expect(m.json().data.roomStatus).toBe('maintenance');
    const prop = (await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${p._id}` })).json().data;
    expect(prop).toMatchObject({ isAvailable: false, isFullyRented: false, vacantRoomCount: 0 });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/rooms/room-status/${r._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { roomStatus: 'occupied' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Room status must be vacant or maintenance.');
  });

  it('answers 404 for unknown or malformed room ids, 400 without one', async () => {
    for (const id of ['x', '01890000-0000-7000-8000-000000000000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/rooms/delete-room',
        headers: { cookie: ownerA.cookie },
        payload: { roomId: id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.roomNotFound);
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/rooms/delete-room',
      headers: { cookie: ownerA.cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('roomId is required.');
  });
});
