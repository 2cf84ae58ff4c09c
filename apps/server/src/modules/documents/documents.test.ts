import { API_BASE, documentSchema, LIMITS, MSG } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../lib/dates.js';
import { files, roomDocuments } from '../../db/schema.js';
import { createProperty, createRoom, occupyRoom, sampleImage } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, type FilePart, jpegSegmentEnd, multipart, okData, phoneJpeg, photoPixels, pngChunk } from '../../test/support.js';
import { vacateRoom } from '../tenancy/index.js';
import { inlineDisposition } from './routes.js';

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let otherTenant: Person;
let propertyId: string;
let roomId: string;

const D = `${API_BASE}/documents`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
type Who = Person | undefined;
const hdr = (who: Who) => (who ? { cookie: who.cookie } : {});
const list = (who: Who, room = roomId) => ctx.app.inject({ method: 'GET', url: `${D}/room/${room}`, headers: hdr(who) });
const view = (who: Who, id: string) => ctx.app.inject({ method: 'GET', url: `${D}/file/${id}`, headers: hdr(who) });
const remove = (who: Who, id: string) => ctx.app.inject({ method: 'POST', url: `${D}/delete/${id}`, headers: hdr(who) });
async function upload(who: Who, file: Partial<FilePart> | null = {}, room = roomId) {
  const body = await multipart(
    {},
    file ? [{ field: 'document', data: PDF, filename: 'Lease agreement.pdf', type: 'application/pdf', ...file }] : [],
  );
  return ctx.app.inject({ method: 'POST', url: `${D}/room/${room}`, headers: { ...body.headers, ...hdr(who) }, payload: body.payload });
}
const counts = async () => ({
  docs: (await ctx.deps.db.select().from(roomDocuments)).length,
  files: (await ctx.deps.db.select().from(files).where(eq(files.kind, 'document'))).length,
});

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, '2026-01-01');
});
afterAll(() => ctx.close());

describe('documents of a room', () => {
  it('the tenant uploads a PDF; the owner lists it and opens it inline, sandboxed, nosniff', async () => {
    expect(okData<unknown[]>(await list(owner))).toEqual([]);
    const doc = documentSchema.parse(okData(await upload(tenant), 201, MSG.documentUploaded));
    expect(doc).toMatchObject({ name: 'Lease agreement.pdf', contentType: 'application/pdf', size: PDF.length, mine: true });
    expect(doc.uploadedBy).toMatchObject({ _id: tenant.user._id, role: 'tenant' });
    const seen = okData<{ _id: string; mine: boolean }[]>(await list(owner));
    expect(seen.map((d) => [d._id, d.mine])).toEqual([[doc._id, false]]);
    const res = await view(owner, doc._id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Lease agreement.pdf"; filename*=UTF-8''Lease%20agreement.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The blob is private: the public /uploads handler does not serve it.
    const [f] = await ctx.deps.db.select().from(files).where(eq(files.id, doc._id));
    expect(f?.key.startsWith(`private/documents/${roomId}/`)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${f?.key}` })).statusCode).toBe(404);
  });

  it('sniffs the type from the bytes: a PNG named .pdf is a PNG, text or HTML declared as PDF is refused (415)', async () => {
    const png = await sampleImage({ format: 'png' });
    const doc = documentSchema.parse(okData(await upload(owner, { data: png, filename: 'scan.pdf' }), 201));
    expect(doc.contentType).toBe('image/png');
    const before = await counts();
    expectError(
      await upload(owner, { data: Buffer.from('just some text'), filename: 'notes.pdf' }),
      'UNSUPPORTED_MEDIA_TYPE',
      MSG.documentType,
      'document',
    );
    expectError(
      await upload(owner, { data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'x.pdf', type: 'application/pdf' }),
      'UNSUPPORTED_MEDIA_TYPE',
      MSG.documentType,
      'document',
    );
    expect(await counts()).toEqual(before);
  });

  it('takes up to 10 MB; one byte more is 413 and stores nothing', async () => {
    const big = Buffer.alloc(LIMITS.documentMaxBytes, 0x20);
    PDF.copy(big);
    expect((await upload(owner, { data: big, filename: 'big.pdf' })).statusCode).toBe(201);
    const before = await counts();
    const over = Buffer.concat([big, Buffer.from(' ')]);
    expectError(await upload(owner, { data: over, filename: 'over.pdf' }), 'PAYLOAD_TOO_LARGE', MSG.documentSize, 'document');
    expect(await counts()).toEqual(before);
  });

  it('a cut-off or malformed upload is 400 and leaves no row and no file; no file is 400 too', async () => {
    const before = await counts();
    const body = await multipart({}, [{ field: 'document', data: PDF, filename: 'a.pdf', type: 'application/pdf' }]);
    const cut = body.payload.subarray(0, body.payload.length - 20);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${D}/room/${roomId}`,
      headers: { ...body.headers, ...hdr(tenant) },
      payload: cut,
    });
    expectError(res, 'BAD_REQUEST', MSG.uploadUnreadable);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: `${D}/room/${roomId}`,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...hdr(tenant) },
      payload: 'not a multipart body at all',
    });
    expectError(garbage, 'BAD_REQUEST', MSG.uploadUnreadable);
    expectError(await upload(tenant, null), 'BAD_REQUEST', MSG.documentRequired, 'document');
    expect(await counts()).toEqual(before);
  });

  it('keeps a safe, short file name: no folders, control or quote characters; the header cannot be split', async () => {
    const doc = documentSchema.parse(
      okData(await upload(tenant, { filename: `../../etc/"rent"\r\nX-Evil: 1 ${'x'.repeat(300)}.pdf` }), 201),
    );
    expect(doc.name).not.toMatch(/[/\\"\r\n]/);
    expect(doc.name.length).toBeLessThanOrEqual(120);
    expect(doc.name.endsWith('.pdf')).toBe(true);
    expect(inlineDisposition('किराया "x".pdf')).toBe(
      `inline; filename="______ _x_.pdf"; filename*=UTF-8''${encodeURIComponent('किराया "x".pdf')}`,
    );
    const res = await view(tenant, doc._id);
    expect(res.headers['x-evil']).toBeUndefined();
  });

  it('strips bidirectional and other invisible control characters from the name; nothing left gives a default name', async () => {
    const names: [string, string][] = [
      ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
      ['\u2067rent\u2069 \u200Eslip\u200F\u061C.pdf', 'rent slip.pdf'],
      ['a\u2060b\uFEFFc\u00AD.pdf', 'abc.pdf'],
      ['\u202E\u2066\u202A.pdf', 'document.pdf'],
      ['\u202E', 'document.pdf'],
    ];
    for (const [filename, stored] of names) {
      const doc = documentSchema.parse(okData(await upload(tenant, { filename }), 201));
      expect(doc.name).toBe(stored);
    }
    // Shortened to 120 characters without cutting an emoji in half (a lone surrogate breaks the download header).
    const long = documentSchema.parse(okData(await upload(tenant, { filename: `${'a'.repeat(115)}😀😀😀.pdf` }), 201));
    expect(long.name).toBe(`${'a'.repeat(115)}.pdf`);
    expect((await view(tenant, long._id)).statusCode).toBe(200);
  });

  it('stores a photo without its metadata even when it is malformed: stray bytes skipped, unparsable re-encoded, undecodable refused', async () => {
    const original = await phoneJpeg(6);
    const end = jpegSegmentEnd(original, 2);
    const stray = Buffer.concat([original.subarray(0, end), Buffer.from([0x00]), original.subarray(end)]);
    expect((await sharp(stray).metadata()).exif).toBeDefined();
    const jpeg = documentSchema.parse(okData(await upload(tenant, { data: stray, filename: 'id.jpg', type: 'image/jpeg' }), 201));
    expect(jpeg.contentType).toBe('image/jpeg');
    const stored = (await view(owner, jpeg._id)).rawPayload;
    expect(stored.toString('latin1')).not.toMatch(/Secret|PhoneMaker|Model X|GPS/);
    const m = await sharp(stored).metadata();
    expect([m.format, m.orientation, m.xmp, (m.exif?.length ?? 0) < 64]).toEqual(['jpeg', 6, undefined, true]);

    // A PNG cut off before its end chunk, with a text chunk: decodable, so re-encoded without it.
    const png = await photoPixels().png().toBuffer();
    const ihdrEnd = 8 + 25;
    const cut = Buffer.concat([
      png.subarray(0, ihdrEnd),
      pngChunk('tEXt', Buffer.from('GPS\0Secret place', 'latin1')),
      png.subarray(ihdrEnd, png.length - 12),
    ]);
    const pngDoc = documentSchema.parse(okData(await upload(tenant, { data: cut, filename: 'scan.png', type: 'image/png' }), 201));
    const storedPng = (await view(tenant, pngDoc._id)).rawPayload;
    expect(storedPng.toString('latin1')).not.toMatch(/Secret|GPS|tEXt/);
    expect(await sharp(storedPng).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });

    // A JPEG cut off in the middle of a header segment cannot be decoded: refused, nothing stored.
    const before = await counts();
    const truncated = original.subarray(0, end - 5);
    expectError(
      await upload(tenant, { data: truncated, filename: 'cut.jpg', type: 'image/jpeg' }),
      'BAD_REQUEST',
      MSG.imageUnreadable,
      'document',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses an image document whose header declares more than 25 megapixels (PNG and JPEG), before decoding it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const hugePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const hugeJpeg = Buffer.from(await photoPixels().jpeg().toBuffer());
    const sof = hugeJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    hugeJpeg.writeUInt16BE(60_000, sof + 5);
    hugeJpeg.writeUInt16BE(60_000, sof + 7);
    const before = await counts();
    for (const [data, type] of [
      [hugePng, 'image/png'],
      [hugeJpeg, 'image/jpeg'],
    ] as const) {
      expect(hugePng.length + hugeJpeg.length).toBeLessThan(10_000);
      expectError(await upload(tenant, { data, filename: 'huge', type }), 'BAD_REQUEST', MSG.documentPixels, 'document');
    }
    expect(await counts()).toEqual(before);
  });

  it('is invisible to other tenants, other owners and visitors (404 / 401), for every route', async () => {
    const doc = documentSchema.parse(okData(await upload(owner), 201));
    for (const who of [otherTenant, otherOwner]) {
      expectError(await list(who), 'NOT_FOUND', MSG.roomNotFound);
      expectError(await upload(who), 'NOT_FOUND', MSG.roomNotFound);
      expectError(await view(who, doc._id), 'NOT_FOUND', MSG.documentNotFound);
      expectError(await remove(who, doc._id), 'NOT_FOUND', MSG.documentNotFound);
    }
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await view(undefined, doc._id)).statusCode).toBe(401);
    expectError(await view(owner, 'not-a-uuid'), 'NOT_FOUND', MSG.documentNotFound);
    expectError(await view(owner, '00000000-0000-4000-8000-000000000000'), 'NOT_FOUND', MSG.documentNotFound);
  });

  it('is deleted by its uploader only (the other party gets 403); its blob goes with it', async () => {
    const mine = documentSchema.parse(okData(await upload(tenant), 201));
    expectError(await remove(owner, mine._id), 'FORBIDDEN', MSG.documentDeleteOwnOnly);
    const [f] = await ctx.deps.db.select().from(files).where(eq(files.id, mine._id));
    okData(await remove(tenant, mine._id), 200, MSG.documentDeleted);
    expect(await ctx.deps.blobs.get(f?.key as string)).toBeNull();
    expectError(await view(owner, mine._id), 'NOT_FOUND', MSG.documentNotFound);
  });

  it('deleting the room, or its property, deletes its documents’ files and blobs too', async () => {
    const P = `${API_BASE}/properties`;
    for (const what of ['room', 'property'] as const) {
      const property = (await createProperty(ctx.deps, owner.user._id))._id;
      const room = (await createRoom(ctx.deps, owner.user._id, property))._id;
      await occupyRoom(ctx.deps, room, tenant.user._id, '2026-01-01');
      const doc = documentSchema.parse(okData(await upload(tenant, {}, room), 201));
      const [f] = await ctx.deps.db.select().from(files).where(eq(files.id, doc._id));
      expect(await ctx.deps.blobs.get(f?.key as string)).not.toBeNull();
      await vacateRoom(ctx.deps, owner.user._id, room, todayInIndia(), 'Left before the notice ran out.');
      const res =
        what === 'room'
          ? await ctx.app.inject({ method: 'POST', url: `${API_BASE}/rooms/delete-room`, headers: hdr(owner), payload: { roomId: room } })
          : await ctx.app.inject({ method: 'POST', url: `${P}/delete-property`, headers: hdr(owner), payload: { propertyId: property } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.deps.db.select().from(files).where(eq(files.id, doc._id))).toEqual([]);
      expect(await ctx.deps.blobs.get(f?.key as string)).toBeNull();
    }
  });

  it('a former tenant loses access; the next tenant sees only their own tenancy documents, the owner all', async () => {
    const room = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
    await occupyRoom(ctx.deps, room, tenant.user._id, '2026-01-01');
    const old = documentSchema.parse(okData(await upload(tenant, {}, room), 201));
    await vacateRoom(ctx.deps, owner.user._id, room, todayInIndia(), 'Left before the notice ran out.');
    expectError(await list(tenant, room), 'NOT_FOUND', MSG.roomNotFound);
    expectError(await view(tenant, old._id), 'NOT_FOUND', MSG.documentNotFound);
    await occupyRoom(ctx.deps, room, otherTenant.user._id);
    expect(okData<unknown[]>(await list(otherTenant, room))).toEqual([]);
    expectError(await view(otherTenant, old._id), 'NOT_FOUND', MSG.documentNotFound);
    const fresh = documentSchema.parse(okData(await upload(otherTenant, {}, room), 201));
    expect(okData<{ _id: string }[]>(await list(otherTenant, room)).map((d) => d._id)).toEqual([fresh._id]);
    expect(okData<{ _id: string }[]>(await list(owner, room)).map((d) => d._id)).toEqual([fresh._id, old._id]);
  });
});
