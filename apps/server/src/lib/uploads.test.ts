import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { LIMITS, MSG } from '@kiraya/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, properties, propertyImages, roomImages, rooms } from '../db/schema.js';
import { sendForm } from '../test/support.js';
import { createProperty, createRoom, propertyInput, roomInput, sampleImage } from '../seed/property-factories.js';
import { type TestContext, createTestContext, signedIn } from '../test/harness.js';
import { AppError } from './errors.js';
import { prepareUploads, UPLOAD_KINDS, UploadBudget, withUploads } from './uploads.js';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signedIn(ctx, 'owner');
  jpeg = await sampleImage({ width: 40, height: 30 });
});
afterAll(() => ctx.close());

const uploadsDir = () => join(ctx.config.dataDir, 'uploads');
const stored = (): string[] =>
  existsSync(uploadsDir())
    ? readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
        .sort()
    : [];
const counts = async () => {
  const n = async (t: typeof properties | typeof rooms | typeof files | typeof propertyImages | typeof roomImages) =>
    Number((await ctx.deps.db.select({ n: count() }).from(t))[0]?.n);
  return {
    properties: await n(properties),
    rooms: await n(rooms),
    files: await n(files),
    pi: await n(propertyImages),
    ri: await n(roomImages),
  };
};

const B = 'kirayaBoundary1234';
const part = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ]);
const fieldsOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => part(k, v))
    .join('');

/** Malformed bodies, each with the content type it is sent with. */
function malformed(values: Record<string, string>, fileField: string): [string, string, Buffer][] {
  const ok = Buffer.concat([Buffer.from(fieldsOf(values)), filePart(fileField, jpeg), Buffer.from(`--${B}--\r\n`)]);
  const ct = `multipart/form-data; boundary=${B}`;
  return [
    ['no closing boundary', ct, Buffer.concat([Buffer.from(fieldsOf(values)), filePart(fileField, jpeg)])],
    ['a file cut off half way', ct, Buffer.concat([Buffer.from(fieldsOf(values)), filePart(fileField, jpeg).subarray(0, 300)])],
    ['garbage', ct, Buffer.from('\u0000\u00ff garbage \r\n--\r\n not a form at all')],
    ['a wrong boundary', 'multipart/form-data; boundary=somethingElse', ok],
    ['no boundary', 'multipart/form-data', ok],
    ['a huge boundary', `multipart/form-data; boundary=${'x'.repeat(8000)}`, ok],
    ['a part without headers end', ct, Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="title"`)],
  ];
}

describe('malformed uploads (400, nothing stored)', () => {
  it('add property and add room: 400 "The upload could not be read.", no row, no file', async () => {
    const send = async (url: string, values: Record<string, string>, fileField: string) => {
      for (const [label, contentType, payload] of malformed(values, fileField)) {
        const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie: owner.cookie } });
        expect(res.statusCode, `${url}: ${label}`).toBe(400);
        expect(res.json().message, `${url}: ${label}`).toBe(MSG.uploadUnreadable);
      }
    };
    await send('/api/v1/properties/add-new-property', propertyInput(), 'propertyImages');
    expect(await counts()).toEqual({ properties: 0, rooms: 0, files: 0, pi: 0, ri: 0 });
    expect(stored()).toEqual([]);
    const p = await createProperty(ctx.deps, owner.user._id);
    const baseline = await counts();
    const before = stored();
    await send('/api/v1/rooms/new-room', roomInput(p._id), 'roomImages');
    expect(await counts()).toEqual(baseline);
    expect(stored()).toEqual(before);
  });

  it('update property and update room: 400, nothing changed', async () => {
    const p = await createProperty(ctx.deps, owner.user._id);
    const r = await createRoom(ctx.deps, owner.user._id, p._id);
    const baseline = await counts();
    const before = stored();
    const routes: [string, Record<string, string>, string][] = [
      [`/api/v1/properties/update-property/${p._id}`, propertyInput({ title: 'Changed title here' }), 'propertyImages'],
      [`/api/v1/rooms/update-room/${r._id}`, { ...roomInput(p._id), roomNumber: 'Z9' }, 'roomImages'],
    ];
    for (const [url, values, fileField] of routes) {
      for (const [label, contentType, payload] of malformed(values, fileField)) {
        const res = await ctx.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': contentType, cookie: owner.cookie } });
        expect(res.statusCode, `${url}: ${label}`).toBe(400);
        expect(res.json().message, `${url}: ${label}`).toBe(MSG.uploadUnreadable);
      }
    }
    expect(await counts()).toEqual(baseline);
    expect(stored()).toEqual(before);
    const [row] = await ctx.deps.db.select().from(properties).where(eq(properties.id, p._id));
    expect(row?.title).toBe(p.title);
  });

  it('a form with thousands of repeated fields is refused (400), nothing stored', async () => {
    const baseline = await counts();
    const before = stored();
    const payload = Buffer.from(`${part('title', 'x').repeat(5000)}--${B}--\r\n`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/properties/add-new-property',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${B}`, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(await counts()).toEqual(baseline);
    expect(stored()).toEqual(before);
  });

  it('a client that closes the connection mid-file leaves nothing behind', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const baseline = await counts();
    const before = stored();
    const { port } = new URL(address);
    const head = Buffer.concat([Buffer.from(fieldsOf(propertyInput())), filePart('propertyImages', jpeg).subarray(0, 200)]);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/properties/add-new-property HTTP/1.1\r\nHost: localhost\r\nCookie: ${owner.cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${head.length + 100_000}\r\n\r\n`,
        );
        socket.write(head, () => setTimeout(() => socket.destroy(), 50));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server notices the abort asynchronously: give it a moment, then nothing may have been stored.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await counts()).toEqual(baseline);
    expect(stored()).toEqual(before);
  });
});

describe('JSON bodies on the form routes', () => {
  const builtins = ['toString', 'valueOf', 'hasOwnProperty', 'constructor', '__proto__', 'isPrototypeOf', 'propertyIsEnumerable'];

  it('keys named after built-in object methods are plain (ignored) fields, never a 500', async () => {
    const p = await createProperty(ctx.deps, owner.user._id);
    const r = await createRoom(ctx.deps, owner.user._id, p._id);
    const routes: ['POST' | 'PUT', string, Record<string, string>][] = [
      ['POST', '/api/v1/properties/add-new-property', propertyInput()],
      ['PUT', `/api/v1/properties/update-property/${p._id}`, propertyInput()],
      ['POST', '/api/v1/rooms/new-room', roomInput(p._id)],
      ['PUT', `/api/v1/rooms/update-room/${r._id}`, roomInput(p._id)],
    ];
    for (const [method, url, values] of routes) {
      for (const key of builtins) {
        const payload = `{${JSON.stringify(key)}:"x",${JSON.stringify(values).slice(1)}`;
        const res = await ctx.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', cookie: owner.cookie } });
        expect(res.statusCode, `${url} ${key}`).toBeLessThan(500);
        // Adding needs images (400); editing keeps the existing ones (200). `__proto__`/`constructor` may be refused by the JSON parser.
        if (method === 'PUT' && key !== '__proto__' && key !== 'constructor') expect(res.statusCode, `${url} ${key}`).toBe(200);
        if (method === 'POST') expect(res.statusCode, `${url} ${key}`).toBe(400);
      }
      const asField = await ctx.app.inject({
        method,
        url,
        payload: { ...values, toString: 'x', valueOf: 'y' },
        headers: { cookie: owner.cookie },
      });
      expect(asField.statusCode).toBeLessThan(500);
    }
    // As multipart field names, @fastify/multipart refuses them (FST_PROTO_VIOLATION): a 400, never a 500.
    for (const key of builtins) {
      const res = await sendForm(ctx, 'PUT', `/api/v1/properties/update-property/${p._id}`, owner.cookie, {
        ...propertyInput(),
        [key]: 'x',
      });
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });

  it('5,000-level nested JSON is refused (400), not a stack overflow', async () => {
    const p = await createProperty(ctx.deps, owner.user._id);
    const nested = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const deep of [nested, deepObject]) {
      const payload = `${JSON.stringify(propertyInput()).slice(0, -1)},"title":${deep}}`;
      for (const [method, url] of [
        ['POST', '/api/v1/properties/add-new-property'],
        ['PUT', `/api/v1/properties/update-property/${p._id}`],
        ['POST', '/api/v1/rooms/new-room'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', cookie: owner.cookie } });
        expect(res.statusCode, url).toBe(400);
      }
    }
  });
});

describe('image cost bounds', () => {
  it('refuses an image over 25 megapixels with a clear 400, before decoding it', async () => {
    const png = await sampleImage({ width: 8, height: 8, format: 'png' });
    const { crc32 } = await import('node:zlib');
    const big = Buffer.from(png);
    big.writeUInt32BE(7000, 16);
    big.writeUInt32BE(7000, 20);
    big.writeUInt32BE(crc32(big.subarray(12, 29)), 29);
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', owner.cookie, propertyInput(), [
      { field: 'propertyImages', data: big, filename: 'huge.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.imagePixels);
    expect(res.json().errors[0].path).toBe('propertyImages');
  });

  it(`allows ${LIMITS.imageUploadsPerWindow} images per user per window, then 429 with a clear message`, async () => {
    const someone = await signedIn(ctx, 'owner');
    const ten = Array.from({ length: 10 }, () => ({ field: 'propertyImages', data: jpeg }));
    for (let i = 0; i < LIMITS.imageUploadsPerWindow / 10; i++) {
      const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', someone.cookie, propertyInput(), ten);
      expect(res.statusCode).toBe(201);
    }
    const baseline = await counts();
    const res = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', someone.cookie, propertyInput(), [ten[0] as never]);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.imageRateLimited);
    expect(await counts()).toEqual(baseline);
    // Another owner is not affected, and a form without images is not counted.
    const other = await sendForm(ctx, 'POST', '/api/v1/properties/add-new-property', owner.cookie, propertyInput(), [ten[0] as never]);
    expect(other.statusCode).toBe(201);
  });

  it('UploadBudget: takes nothing when a request would go over, and starts again after the window', () => {
    let now = 0;
    const b = new UploadBudget(5, 1000, () => now);
    b.charge('u', 3);
    expect(() => b.charge('u', 3)).toThrow(AppError);
    b.charge('u', 2);
    expect(() => b.charge('u', 1)).toThrow(MSG.imageRateLimited);
    b.charge('v', 5);
    now = 1000;
    b.charge('u', 5);
  });
});

describe('the pipeline', () => {
  it('keeps a document as sent after sniffing it, and refuses what is not allowed', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
    const [doc] = await prepareUploads(UPLOAD_KINDS.document, [pdf], 'documents');
    expect(doc).toMatchObject({ kind: 'document', contentType: 'application/pdf', ext: 'pdf', thumb: null });
    expect(doc?.data.equals(pdf)).toBe(true);
    const webp = await sampleImage({ format: 'webp' });
    await expect(prepareUploads(UPLOAD_KINDS.document, [webp], 'documents')).rejects.toThrow(MSG.documentType);
    await expect(prepareUploads(UPLOAD_KINDS.document, [Buffer.alloc(LIMITS.documentMaxBytes + 1)], 'documents')).rejects.toThrow(
      MSG.documentSize,
    );
  });

  it('removes what it wrote when the surrounding transaction fails', async () => {
    const baseline = await counts();
    const before = stored();
    const prepared = await prepareUploads(UPLOAD_KINDS.image, [jpeg, jpeg], 'images');
    await expect(
      withUploads(ctx.deps, async (_tx, store) => {
        const rows = await store(prepared, { folder: 'scratch', uploadedBy: owner.user._id });
        expect(rows).toHaveLength(2);
        expect(stored().length).toBe(before.length + 4);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await counts()).toEqual(baseline);
    expect(stored()).toEqual(before);
  });
});
