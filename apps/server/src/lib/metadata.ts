import { MSG } from '@kiraya/contract';
import sharp from 'sharp';
import { badRequest } from './errors.js';
import { checkImagePixels, imageSlots, MAX_INPUT_PIXELS } from './images.js';

/**
 * Documents are stored as sent (ADR 020), but a photo of an ID card or an agreement taken on a phone also
 * carries where and when it was taken, the phone's make and serial, sometimes a thumbnail of the original:
 * metadata neither party meant to share. This removes it without re-encoding (the image data is copied
 * byte for byte, so a scan stays as sharp as it was):
 * - JPEG: every APPn segment but JFIF (APP0), the colour profile (APP2 `ICC_PROFILE`) and Adobe's colour
 *   transform (APP14), comments, unknown segments and anything after the end of the image (a second
 *   picture with its own EXIF). A rotation the phone recorded (EXIF orientation) is kept as a minimal EXIF
 *   block holding only that, so the photo still shows upright. Stray bytes between segments (a common
 *   encoder slip that decoders tolerate) are skipped up to the next marker; a file cut off inside its
 *   image data keeps what it has (its headers were read, so its metadata is gone).
 * - PNG: only the chunks that draw the image (IHDR, PLTE, IDAT, IEND, transparency, colour and animation
 *   chunks); text, EXIF, time, unknown and private chunks and anything after IEND are dropped.
 * A JPEG or PNG that does not parse gives null: it is re-encoded or refused (`cleanDocumentImage`), never
 * stored with its metadata. Other types (PDF) are returned as they are.
 */
export function stripDocumentMetadata(data: Buffer, mime: string): Buffer | null {
  try {
    if (mime === 'image/jpeg') return stripJpeg(data);
    if (mime === 'image/png') return stripPng(data);
  } catch {
    return null;
  }
  return data;
}

/**
 * A document's bytes as they are stored: a JPEG or PNG within the pixel limit (400 `documentPixels`
 * otherwise), its metadata stripped losslessly, or, when it does not parse, re-encoded in its own format
 * (orientation applied, no metadata at all); an image that cannot be decoded either is refused (400).
 */
export async function cleanDocumentImage(data: Buffer, mime: string, path: string): Promise<Buffer> {
  if (mime !== 'image/jpeg' && mime !== 'image/png') return data;
  await checkImagePixels(data, path, MSG.documentPixels);
  const clean = stripDocumentMetadata(data, mime);
  if (clean) return clean;
  return imageSlots.run(async () => {
    try {
      const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
      return await (mime === 'image/jpeg' ? image.jpeg({ quality: 92 }) : image.png()).toBuffer();
    } catch {
      throw badRequest(MSG.imageUnreadable, path);
    }
  });
}

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;

const startsWith = (seg: Buffer, text: string) => seg.subarray(0, text.length).toString('latin1') === text;

/** Segments are rewritten; each scan's entropy-coded data is copied as it is, up to the end of the image. */
function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return null;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let orientation = 1;
  let insertAt = 1; // where the minimal EXIF block goes: after SOI, or after JFIF when there is one
  let scans = 0;
  let i = 2;
  for (;;) {
    // Stray bytes before a marker are skipped, then its fill bytes (0xFF…).
    i = data.indexOf(0xff, i);
    if (i < 0) return null; // cut off before the image data
    while (data[i] === 0xff) i++;
    if (i >= data.length) return null;
    const marker = data[i] as number;
    i++;
    if (marker === EOI) {
      if (scans === 0) return null;
      kept.push(Buffer.from([0xff, EOI]));
      break; // whatever follows the image (another picture, its EXIF) is not kept
    }
    // FF00, restart markers and TEM outside a scan carry nothing: skipped like stray bytes.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (i + 2 > data.length) return null;
    const length = data.readUInt16BE(i);
    if (length < 2 || i + length > data.length) return null;
    const start = i - 2; // FF marker length payload
    const payload = data.subarray(i + 2, i + length);
    i += length;
    if (marker === SOS) {
      // The entropy-coded data runs to the next marker: FF00 (a stuffed FF) and RSTn belong to it.
      // A file cut off inside it (no end-of-image marker) keeps what it has, and gets the marker.
      let j = i;
      for (;;) {
        j = data.indexOf(0xff, j);
        if (j < 0 || j + 1 >= data.length) j = data.length;
        const next = data[j + 1];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) j += 2;
        else if (next === 0xff) j++;
        else break;
      }
      kept.push(data.subarray(start, j));
      scans++;
      i = j;
      if (i >= data.length) {
        kept.push(Buffer.from([0xff, EOI]));
        break;
      }
      continue;
    }
    if (marker >= APP0 && marker <= APP15) {
      if (marker === APP1 && startsWith(payload, 'Exif\0\0')) orientation = exifOrientation(payload.subarray(6)) ?? orientation;
      const keep =
        (marker === APP0 && startsWith(payload, 'JFIF\0')) ||
        (marker === APP2 && startsWith(payload, 'ICC_PROFILE\0')) ||
        (marker === APP14 && startsWith(payload, 'Adobe'));
      if (!keep) continue;
      if (marker === APP0) insertAt = kept.length + 1;
      kept.push(data.subarray(start, i));
      continue;
    }
    // Frame, tables and restart interval (0xC0–0xDF) are what decodes the image; comments (0xFE),
    // extensions (0xF0–0xFD) and reserved markers are dropped.
    if (marker >= 0xc0 && marker <= 0xdf) kept.push(data.subarray(start, i));
  }
  if (orientation !== 1) kept.splice(insertAt, 0, orientationExif(orientation));
  return Buffer.concat(kept);
}

/** The orientation tag (0x0112) of IFD0 in a TIFF structure, if it is there and valid (1–8). */
function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let n = 0; n < entries; n++) {
    const at = ifd + 2 + n * 12;
    if (at + 12 > tiff.length) return null;
    if (u16(at) === 0x0112 && u16(at + 2) === 3) {
      const value = u16(at + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 EXIF segment holding only the orientation (big-endian TIFF, one IFD entry). */
function orientationExif(orientation: number): Buffer {
  const b = Buffer.alloc(2 + 2 + 32);
  b.writeUInt16BE(0xffe1, 0);
  b.writeUInt16BE(2 + 32, 2);
  b.write('Exif\0\0', 4, 'latin1');
  b.write('MM', 10, 'latin1');
  b.writeUInt16BE(42, 12);
  b.writeUInt32BE(8, 14); // IFD0 right after the header
  b.writeUInt16BE(1, 18); // one entry
  b.writeUInt16BE(0x0112, 20); // Orientation
  b.writeUInt16BE(3, 22); // SHORT
  b.writeUInt32BE(1, 24); // one value
  b.writeUInt16BE(orientation, 28); // left-justified in the 4-byte value field
  b.writeUInt32BE(0, 32); // no next IFD
  return b;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The chunks that draw the image: critical, transparency, colour, size and APNG animation chunks. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(data: Buffer): Buffer | null {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [data.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= data.length) {
    const length = data.readUInt32BE(i);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > data.length) return null;
    const type = data.subarray(i + 4, i + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type) || (i === 8 && type !== 'IHDR')) return null;
    if (PNG_KEPT.has(type)) kept.push(data.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(kept); // anything after the end is not kept
  }
  return null;
}
