import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS, MSG, propertyFieldsSchema } from '@kiraya/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, propertyImages, properties, rooms } from '../../db/schema.js';
import type { BlobStore } from '../../lib/blob-store.js';
import { createProperty, createRoom, occupyRoom, propertyInput, sampleImage } from '../../seed/property-factories.js';
import { createTenant } from '../../seed/factories.js';
import { type TestContext, createTestContext, establishedAccounts, signedIn } from '../../test/harness.js';
import * as service from './service.js';
import { sendForm } from '../../test/support.js';

let ctx: TestContext;
let ownerA: Awaited<ReturnType<typeof signedIn>>;
let ownerB: Awaited<ReturnType<typeof signedIn>>;
let tenant: Awaited<ReturnType<typeof signedIn>>;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  ownerA = await signedIn(ctx, 'owner');
  ownerB = await signedIn(ctx, 'owner');
  tenant = await signedIn(ctx, 'tenant');
  await establishedAccounts(ctx, [ownerA.user._id, ownerB.user._id]);
  jpeg = await sampleImage({ width: 120, height: 80 });
});
afterAll(() => ctx.close());

const uploadsDir = () => join(ctx.config.dataDir, 'uploads');
const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
    : [];
const img = (data = jpeg, filename = 'photo.jpg') => ({ field: 'propertyImages', data, filename });

describe('POST /properties/add-new-property', () => {
  it('creates a property with re-encoded images (201)', async () => {
    const fields = propertyInput({ amenities: 'WiFi, Lift ,  Parking' });
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, fields, [
      img(),
      img(await sampleImage({ format: 'png' }), 'b.png'),
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG.propertySubmitted);
    const p = body.data;
    expect(p).toMatchObject({
      title: fields.title,
      city: 'Bengaluru',
      amenities: ['WiFi', 'Lift', 'Parking'],
      owner: { _id: ownerA.user._id, username: ownerA.user.username },
      isAvailable: false,
      isFullyRented: false,
      isPaused: false,
      rentAmount: null,
      roomCount: 0,
    });
    expect(Object.keys(p.owner).sort()).toEqual(['_id', 'username', 'verified']);
    expect(p.images).toHaveLength(2);
    expect(p.propertyImages).toEqual(p.images.map((i: { url: string }) => i.url));
    expect(p.images[0].url).toMatch(new RegExp(`^/uploads/properties/${p._id}/[0-9a-f-]+-display\\.webp$`));
    expect(p.images[0].thumbnailUrl).toMatch(/-thumb\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: p.images[0].url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('strips EXIF and GPS from uploads and applies the orientation', async () => {
    const photo = await sharp({ create: { width: 90, height: 30, channels: 3, background: '#0f0' } })
      .jpeg()
      .withMetadata({ orientation: 8 })
      .withExif({ IFD0: { Make: 'KirayaCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput(), [img(photo)]);
    expect(res.statusCode).toBe(201);
    const [image] = res.json().data.images;
    for (const url of [image.url, image.thumbnailUrl]) {
      const stored = await ctx.deps.blobs.get(url.replace('/uploads/', ''));
      const m = await sharp(stored as Buffer).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(m.orientation).toBeUndefined();
      expect([m.width, m.height]).toEqual([30, 90]);
    }
    expect([image.width, image.height]).toEqual([30, 90]);
  });

  it.each([
    ['title', { title: '  ' }, MSG.propertyStepRequired],
    ['amenities', { amenities: ' , ' }, MSG.propertyStepRequired],
    ['street', { street: '' }, MSG.propertyStepRequired],
    ['city', { city: '' }, MSG.propertyStepRequired],
    ['state', { state: '' }, MSG.propertyStepRequired],
    ['pincode', { pincode: '' }, MSG.propertyStepRequired],
    ['pincode', { pincode: '56001' }, MSG.pincodeFormat],
    ['pincode', { pincode: '056001' }, MSG.pincodeFormat],
    ['propertyType', { propertyType: 'Castle' }, MSG.propertyTypeRequired],
    ['propertyType', { propertyType: '' }, MSG.propertyTypeRequired],
    ['description', { description: ' ' }, MSG.propertyTypeRequired],
  ])('refuses a bad %s: %j → "%s"', async (path, override, message) => {
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, { ...propertyInput(), ...override }, [
      img(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('refuses a missing field', async () => {
    const { title: _t, ...rest } = propertyInput();
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, rest, [img()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.propertyStepRequired);
  });

  it('accepts a property without a landmark', async () => {
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput({ landmark: '' }), [img()]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.landmark).toBe('');
  });

  describe('image rules', () => {
    const before = async () => ({ files: listFiles(uploadsDir()).length, rows: (await ctx.deps.db.select().from(properties)).length });

    it('needs at least one image', async () => {
      const b = await before();
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.imageRequired);
      expect(await before()).toEqual(b);
    });

    it('refuses a text file renamed .jpg (by content), leaving nothing behind', async () => {
      const b = await before();
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput(), [
        img(),
        { field: 'propertyImages', data: Buffer.from('just some text, not a photo'), filename: 'holiday.jpg', type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(415);
      // One of several: the answer names it (issue 19).
      expect(res.json().message).toBe(MSG.imageNotPhoto('holiday.jpg'));
      expect(res.json().message).toBe('"holiday.jpg" is not a JPG, PNG or WebP photo.');
      expect(res.json().errors).toEqual([{ path: 'propertyImages', message: MSG.imageNotPhoto('holiday.jpg') }]);
      expect(await before()).toEqual(b);
    });

    it('names a failing file of several sanitised (no folders, control or bidi characters)', async () => {
      // A fresh owner: the image budget of ownerA is spent by the other tests.
      const fresh = await signedIn(ctx, 'owner');
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', fresh.cookie, propertyInput(), [
        img(),
        { field: 'propertyImages', data: Buffer.from('not a photo'), filename: 'C:\\x\\my notes\u202e\u0007.jpg', type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(MSG.imageNotPhoto('my notes.jpg'));
      // One file alone keeps the plain message.
      const one = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', fresh.cookie, propertyInput(), [
        { field: 'propertyImages', data: Buffer.from('not a photo'), filename: 'notes.jpg', type: 'image/jpeg' },
      ]);
      expect(one.json().message).toBe(MSG.imageType);
    });

    it('refuses a file over 5 MB (413)', async () => {
      const b = await before();
      const big = Buffer.concat([jpeg, Buffer.alloc(LIMITS.imageMaxBytes + 1 - jpeg.length, 1)]);
      expect(big.length).toBe(LIMITS.imageMaxBytes + 1);
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput(), [img(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MSG.imageSize);
      expect(await before()).toEqual(b);
    });

    it('accepts a file of exactly 5 MB worth of bytes when it is a real image', async () => {
      // A JPEG followed by padding still decodes: the limit is inclusive (5242880 bytes).
      const exact = Buffer.concat([jpeg, Buffer.alloc(LIMITS.imageMaxBytes - jpeg.length, 0)]);
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', ownerA.cookie, propertyInput(), [img(exact)]);
      expect(res.statusCode).toBe(201);
    });

    it('refuses 11 images', async () => {
      const b = await before();
      const res = await sendForm(
        ctx,
        'POST',
        '/api/v1/properties/add-new-property',
        ownerA.cookie,
        propertyInput(),
        Array.from({ length: 11 }, () => img()),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.imageTooMany);
      expect(await before()).toEqual(b);
    });

    it('accepts 10 images', async () => {
      const res = await sendForm(
        ctx,
        'POST',
        '/api/v1/properties/add-new-property',
        ownerA.cookie,
        propertyInput(),
        Array.from({ length: 10 }, () => img()),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.images).toHaveLength(10);
    });

    it('removes the blobs it wrote when storing fails half way', async () => {
      let puts = 0;
      const failing: BlobStore = {
        put: async (k, d, t) => {
          puts += 1;
          if (puts === 3) throw new Error('disk full');
          return ctx.deps.blobs.put(k, d, t);
        },
        get: (k) => ctx.deps.blobs.get(k),
        delete: (k) => ctx.deps.blobs.delete(k),
        url: (k) => ctx.deps.blobs.url(k),
      };
      const b = await before();
      await expect(
        service.createProperty({ db: ctx.deps.db, blobs: failing }, ownerA.user._id, propertyFieldsSchema.parse(propertyInput()), [
          jpeg,
          jpeg,
        ]),
      ).rejects.toThrow('disk full');
      expect(await before()).toEqual(b);
    });
  });
});

describe('GET /properties/fetch-properties and /properties/{id}', () => {
  it("lists only the caller's properties, newest first, paused ones included", async () => {
    const p1 = await createProperty(ctx.deps, ownerB.user._id, { title: 'B first' });
    const p2 = await createProperty(ctx.deps, ownerB.user._id, { title: 'B second' });
    await service.pauseProperty(ctx.deps, ownerB.user._id, p1._id, { isPaused: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties', headers: { cookie: ownerB.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual([p2._id, p1._id]);
    expect(res.json().data[1].isPaused).toBe(true);
  });

  it('is for owners only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties' })).statusCode).toBe(401);
    const t = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-properties', headers: { cookie: tenant.cookie } });
    expect(t.statusCode).toBe(403);
    expect(t.json().message).toBe(MSG.ownersOnly);
  });

  it('shows one property publicly; a paused one only to its owner; a bad id is 404', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const pub = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${p._id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({ _id: p._id, owner: { username: ownerA.user.username } });
    expect(JSON.stringify(pub.json())).not.toContain(ownerA.user.email);
    await service.pauseProperty(ctx.deps, ownerA.user._id, p._id, { isPaused: true });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${p._id}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${p._id}`, headers: { cookie: ownerB.cookie } })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${p._id}`, headers: { cookie: ownerA.cookie } })).statusCode,
    ).toBe(200);
    for (const bad of ['not-a-uuid', '01890000-0000-7000-8000-000000000000']) {
      const r = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${bad}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(MSG.propertyNotFound);
    }
  });
});

describe('PUT /properties/update-property/{id}', () => {
  it('updates the fields, adds images and removes others (B14)', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id, {}, [jpeg, jpeg, jpeg]);
    const [keep, drop1, drop2] = p.images;
    const res = await sendForm(
      ctx,
      'PUT',
      `/api/v1/properties/update-property/${p._id}`,
      ownerA.cookie,
      {
        ...propertyInput({ title: 'Renamed Residency', city: 'Pune', propertyType: 'Villa' }),
        removeImageIds: [`${drop1?._id},${drop2?._id}`],
      },
      [img(await sampleImage({ format: 'webp' }), 'new.webp')],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.propertyUpdated);
    const d = res.json().data;
    expect(d).toMatchObject({ title: 'Renamed Residency', city: 'Pune', propertyType: 'Villa' });
    expect(d.images).toHaveLength(2);
    expect(d.images[0]._id).toBe(keep?._id);
    expect(await ctx.deps.blobs.get(drop1?.url.replace('/uploads/', '') as string)).toBeNull();
    expect(await ctx.deps.blobs.get(keep?.url.replace('/uploads/', '') as string)).not.toBeNull();
  });

  it('accepts repeated removeImageIds and a JSON body without files', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id, {}, [jpeg, jpeg, jpeg]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/properties/update-property/${p._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { ...propertyInput(), removeImageIds: [p.images[0]?._id, p.images[1]?._id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.map((i: { _id: string }) => i._id)).toEqual([p.images[2]?._id]);
  });

  it('keeps between 1 and 10 images', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id, {}, [jpeg]);
    const none = await sendForm(ctx, 'PUT', `/api/v1/properties/update-property/${p._id}`, ownerA.cookie, {
      ...propertyInput(),
      removeImageIds: p.images[0]?._id as string,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.imageAtLeastOne);
    const many = await sendForm(
      ctx,
      'PUT',
      `/api/v1/properties/update-property/${p._id}`,
      ownerA.cookie,
      propertyInput(),
      Array.from({ length: 10 }, () => img()),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(MSG.imageTooMany);
    const foreign = await createProperty(ctx.deps, ownerB.user._id);
    const wrong = await sendForm(ctx, 'PUT', `/api/v1/properties/update-property/${p._id}`, ownerA.cookie, {
      ...propertyInput(),
      removeImageIds: foreign.images[0]?._id as string,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.imageNotOwned);
  });

  it('validates like Add property (landmark optional)', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const res = await sendForm(
      ctx,
      'PUT',
      `/api/v1/properties/update-property/${p._id}`,
      ownerA.cookie,
      propertyInput({ pincode: 'abcdef' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.pincodeFormat);
    const ok = await sendForm(ctx, 'PUT', `/api/v1/properties/update-property/${p._id}`, ownerA.cookie, propertyInput({ landmark: '' }));
    expect(ok.statusCode).toBe(200);
  });
});

describe('pause and delete', () => {
  it('pauses and resumes a listing', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    await createRoom(ctx.deps, ownerA.user._id, p._id);
    const paused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/properties/pause-property/${p._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { isPaused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().message).toBe(MSG.propertyPaused);
    expect(paused.json().data).toMatchObject({ isPaused: true, isAvailable: false });
    const resumed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/properties/pause-property/${p._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { isPaused: false },
    });
    expect(resumed.json().message).toBe(MSG.propertyResumed);
    expect(resumed.json().data).toMatchObject({ isPaused: false, isAvailable: true });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/properties/pause-property/${p._id}`,
      headers: { cookie: ownerA.cookie },
      payload: { isPaused: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('isPaused must be true or false.');
  });

  it('deletes a property with its rooms, images and blobs', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id, {}, [jpeg, jpeg]);
    const r = await createRoom(ctx.deps, ownerA.user._id, p._id);
    const keys = [...p.images, ...r.images].flatMap((i) => [i.url, i.thumbnailUrl]).map((u) => u.replace('/uploads/', ''));
    for (const k of keys) expect(await ctx.deps.blobs.get(k)).not.toBeNull();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/properties/delete-property',
      headers: { cookie: ownerA.cookie },
      payload: { propertyId: p._id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Property deleted successfully');
    expect(await ctx.deps.db.select().from(properties).where(eq(properties.id, p._id))).toHaveLength(0);
    expect(await ctx.deps.db.select().from(rooms).where(eq(rooms.propertyId, p._id))).toHaveLength(0);
    expect(await ctx.deps.db.select().from(propertyImages).where(eq(propertyImages.propertyId, p._id))).toHaveLength(0);
    const fileIds = [...p.images, ...r.images].map((i) => i._id);
    expect(await ctx.deps.db.select().from(files).where(inArray(files.id, fileIds))).toHaveLength(0);
    for (const k of keys) expect(await ctx.deps.blobs.get(k)).toBeNull();
  });

  it('refuses to delete while a room is occupied (409)', async () => {
    const p = await createProperty(ctx.deps, ownerA.user._id);
    const r = await createRoom(ctx.deps, ownerA.user._id, p._id);
    const t = await createTenant(ctx.deps);
    await occupyRoom(ctx.deps, r._id, t._id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/properties/delete-property',
      headers: { cookie: ownerA.cookie },
      payload: { propertyId: p._id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.propertyHasOccupiedRoom);
    expect(await ctx.deps.db.select().from(properties).where(eq(properties.id, p._id))).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id and 400 without one', async () => {
    for (const id of ['nope', '01890000-0000-7000-8000-000000000000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/properties/delete-property',
        headers: { cookie: ownerA.cookie },
        payload: { propertyId: id },
      });
      expect(res.statusCode).toBe(404);
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/properties/delete-property',
      headers: { cookie: ownerA.cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('propertyId is required.');
  });
});
