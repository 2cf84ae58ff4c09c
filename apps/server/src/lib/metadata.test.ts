import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngChunk } from '../test/support.js';
import { stripDocumentMetadata } from './metadata.js';

const pixels = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).composite([
    { input: Buffer.from('<svg width="20" height="20"><rect width="20" height="20" fill="#123"/></svg>'), left: 5, top: 7 },
  ]);

/** A phone-like JPEG: EXIF with GPS, the camera and a rotation, an XMP packet and a comment. */
async function phoneJpeg(orientation = 6): Promise<Buffer> {
  const jpeg = await pixels()
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Model X', Copyright: 'Secret Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 0/1' },
    })
    .withMetadata({ orientation })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/>Secret XMP</x:xmpmeta>')
    .toBuffer();
  // A comment segment right after SOI.
  const text = Buffer.from('Secret comment', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, text.length + 2]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
}

describe('stripDocumentMetadata', () => {
  it('removes a JPEG’s EXIF (GPS, camera), XMP and comments, keeps its rotation, and leaves the image data as it was', async () => {
    const original = await phoneJpeg(6);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.toString('latin1')).toContain('Secret');

    const clean = stripDocumentMetadata(original, 'image/jpeg');
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
    const clean = stripDocumentMetadata(withIcc, 'image/jpeg');
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
    const clean = stripDocumentMetadata(dirty, 'image/png');
    expect(clean.equals(png)).toBe(true);
  });

  it('returns anything it cannot parse unchanged: PDFs, truncated or fake images', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(stripDocumentMetadata(pdf, 'application/pdf')).toBe(pdf);
    const jpeg = await phoneJpeg(1);
    const cut = jpeg.subarray(0, 40);
    expect(stripDocumentMetadata(cut, 'image/jpeg')).toBe(cut);
    const notPng = Buffer.from('\x89PNG\r\n\x1a\n\0\0\xff\xffIHDR', 'latin1');
    expect(stripDocumentMetadata(notPng, 'image/png')).toBe(notPng);
    expect(stripDocumentMetadata(Buffer.alloc(0), 'image/jpeg').length).toBe(0);
  });
});
