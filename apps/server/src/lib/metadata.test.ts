import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegSegmentEnd, phoneJpeg, photoPixels as pixels, pngChunk } from '../test/support.js';
import { stripDocumentMetadata } from './metadata.js';

/** Strips what parses (a null here fails the test). */
function strip(data: Buffer, mime: string): Buffer {
  const out = stripDocumentMetadata(data, mime);
  expect(out).not.toBeNull();
  return out as Buffer;
}

describe('stripDocumentMetadata', () => {
  it('removes a JPEG’s EXIF (GPS, camera), XMP and comments, keeps its rotation, and leaves the image data as it was', async () => {
    const original = await phoneJpeg(6);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.toString('latin1')).toContain('Secret');

    const clean = strip(original, 'image/jpeg');
    expect(clean.length).toBeLessThan(original.length);
    expect(clean.toString('latin1')).not.toMatch(/Secret|PhoneMaker|Model X|GPS/);
    const after = await sharp(clean).metadata();
    expect(after.orientation).toBe(6);
    expect(after.xmp).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    expect([after.width, after.height, after.format]).toEqual([before.width, before.height, 'jpeg']);
    // Not re-encoded: the decoded pixels are the same.
    const raw = async (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await raw(clean)).equals(await raw(original))).toBe(true);
  });

  it('leaves no EXIF at all on an upright photo, and keeps the colour profile', async () => {
    const withIcc = await pixels()
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .withIccProfile('p3')
      .toBuffer();
    const clean = strip(withIcc, 'image/jpeg');
    const m = await sharp(clean).metadata();
    expect(m.exif).toBeUndefined();
    expect(m.icc).toBeDefined();
    expect(clean.toString('latin1')).not.toContain('PhoneMaker');
  });

  it('removes a PNG’s text, EXIF and time chunks and keeps the image', async () => {
    const png = await pixels().png().toBuffer();
    const iend = png.length - 12;
    const dirty = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('tEXt', Buffer.from('Author\0Secret Person', 'latin1')),
      pngChunk('iTXt', Buffer.from('Location\0\0\0\0\0Secret place', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 1, 2, 3])),
      png.subarray(iend),
    ]);
    expect((await sharp(dirty).metadata()).width).toBe(64);
    const clean = strip(dirty, 'image/png');
    expect(clean.equals(png)).toBe(true);
  });

  it('tolerates stray bytes between segments (skipped to the next marker) and drops what follows the end of the image', async () => {
    const original = await phoneJpeg(6);
    // One stray 0x00 after each of the first two segments (the comment, then the EXIF or JFIF block).
    let malformed = original;
    for (const n of [2, 1]) {
      const end = jpegSegmentEnd(original, n);
      malformed = Buffer.concat([malformed.subarray(0, end), Buffer.from([0x00]), malformed.subarray(end)]);
    }
    expect((await sharp(malformed).metadata()).exif).toBeDefined();
    // A second picture with its own EXIF appended after the end of the first (as multi-picture files do).
    const appended = Buffer.concat([malformed, await phoneJpeg(1)]);
    for (const dirty of [malformed, appended]) {
      const clean = strip(dirty, 'image/jpeg');
      expect(clean.toString('latin1')).not.toMatch(/Secret|PhoneMaker|Model X|GPS|Exif\0\0II/);
      const after = await sharp(clean).metadata();
      expect(after.orientation).toBe(6);
      expect((await sharp(clean).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
    }
  });

  it('keeps only the PNG chunks that draw the image: unknown and private chunks go too', async () => {
    const png = await pixels().png().toBuffer();
    const iend = png.length - 12;
    const dirty = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('prVt', Buffer.from('Secret private chunk', 'latin1')),
      pngChunk('exIf', Buffer.from('Secret lower-case exif', 'latin1')),
      png.subarray(iend),
      Buffer.from('Secret after the end'),
    ]);
    expect(stripDocumentMetadata(dirty, 'image/png')?.equals(png)).toBe(true);
  });

  it('answers null for an image it cannot parse (cut off in its headers, broken chunks, fake), so it is re-encoded or refused; a PDF as it is', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(stripDocumentMetadata(pdf, 'application/pdf')).toBe(pdf);
    const jpeg = await phoneJpeg(1);
    expect(stripDocumentMetadata(jpeg.subarray(0, 40), 'image/jpeg')).toBeNull();
    // Cut off inside a header segment: null. Cut off inside the image data: kept (headers cleaned), and ended.
    expect(stripDocumentMetadata(jpeg.subarray(0, jpegSegmentEnd(jpeg, 2) - 5), 'image/jpeg')).toBeNull();
    const cutScan = strip(jpeg.subarray(0, jpeg.length - 10), 'image/jpeg');
    expect(cutScan.toString('latin1')).not.toMatch(/Secret|PhoneMaker|GPS/);
    expect(cutScan.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    const notPng = Buffer.from('\x89PNG\r\n\x1a\n\0\0\xff\xffIHDR', 'latin1');
    expect(stripDocumentMetadata(notPng, 'image/png')).toBeNull();
    const png = await pixels().png().toBuffer();
    expect(stripDocumentMetadata(png.subarray(0, png.length - 20), 'image/png')).toBeNull();
    expect(stripDocumentMetadata(Buffer.alloc(0), 'image/jpeg')).toBeNull();
  });
});
