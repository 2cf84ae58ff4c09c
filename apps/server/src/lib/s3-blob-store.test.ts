import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { meterPhotoUploadSchema } from '@kiraya/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedIn } from '../test/harness.js';
import { newBucket, startS3Server } from '../test/s3.js';
import { propertyInput } from '../seed/property-factories.js';
import { multipart, okData, sendForm } from '../test/support.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The S3 store against a real S3-protocol server (s3rver), not a mocked client (ADR 018). */
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();

describe('S3BlobStore', () => {
  it('puts, gets and deletes objects with their content type; a missing key is null', async () => {
    const store = new S3BlobStore(await newBucket(s3.endpoint));
    const data = Buffer.from('hello bucket');
    await store.put('properties/p1/a-display.webp', data, 'image/webp');
    expect(await store.get('properties/p1/a-display.webp')).toEqual(data);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: 'properties/p1/a-display.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    await store.put('private/meter-photos/o/x.webp', data, 'image/webp');
    const priv = await store.client.send(new HeadObjectCommand({ Bucket: store.bucket, Key: 'private/meter-photos/o/x.webp' }));
    expect(priv.CacheControl).toBe('private, no-store');
    expect(await store.get('properties/p1/missing.webp')).toBeNull();
    await store.delete('properties/p1/a-display.webp');
    expect(await store.get('properties/p1/a-display.webp')).toBeNull();
    expect(store.url('properties/p1/a-display.webp')).toBe('/uploads/properties/p1/a-display.webp');
    store.close();
  });

  it('refuses keys a client could have shaped', async () => {
    const store = new S3BlobStore(await newBucket(s3.endpoint));
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', ''])
      await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow();
    store.close();
  });

  it('an unreachable store is a 503-class error, not a crash', async () => {
    const config = await newBucket(s3.endpoint);
    const store = new S3BlobStore({ ...config, endpoint: 'http://127.0.0.1:9' });
    await expect(store.get('properties/p/a.webp')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    store.close();
  });
});

describe('the app on an S3 bucket', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    ctx = await createTestContext({ s3: await newBucket(s3.endpoint) });
  });
  afterAll(() => ctx.close());

  it('stores property images in the bucket and serves them at /uploads with the disk store’s cache headers', async () => {
    expect(ctx.deps.blobs).toBeInstanceOf(S3BlobStore);
    const owner = await signedIn(ctx, 'owner');
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', owner.cookie, propertyInput(), [
      { field: 'propertyImages', data: await jpeg(), filename: 'photo.jpg' },
    ]);
    const p = okData<{ images: { url: string; thumbnailUrl: string }[] }>(res, 201);
    expect(p.images).toHaveLength(1);
    const img = await ctx.app.inject({ method: 'GET', url: p.images[0]?.url as string });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    const again = await ctx.app.inject({
      method: 'GET',
      url: p.images[0]?.url as string,
      headers: { 'if-none-match': img.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const missing = await ctx.app.inject({ method: 'GET', url: '/uploads/properties/none/nothing.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps meter photos private: only the authorised route serves them, /uploads never does', async () => {
    const owner = await signedIn(ctx, 'owner');
    const stranger = await signedIn(ctx, 'owner');
    const form = await multipart({}, [{ field: 'meterPhoto', data: await jpeg() }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bills/upload/meter-photo',
      headers: { cookie: owner.cookie, ...form.headers },
      payload: form.payload,
    });
    const photo = meterPhotoUploadSchema.parse(okData(up, 201));
    const mine = await ctx.app.inject({ method: 'GET', url: photo.url, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(mine.rawPayload).metadata()).width).toBeGreaterThan(0);
    for (const cookie of [stranger.cookie, undefined]) {
      const res = await ctx.app.inject({ method: 'GET', url: photo.url, headers: cookie ? { cookie } : {} });
      expect([401, 403, 404]).toContain(res.statusCode);
    }
    const { files } = await import('../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [file] = await ctx.deps.db.select().from(files).where(eq(files.id, photo._id));
    expect(file?.key.startsWith('private/')).toBe(true);
    expect(await ctx.deps.blobs.get(file?.key as string)).not.toBeNull();
    const direct = await ctx.app.inject({ method: 'GET', url: `/uploads/${file?.key}` });
    expect(direct.statusCode).toBe(404);
  });
});
