/**
 * Documents are stored as sent (ADR 020), but a photo of an ID card or an agreement taken on a phone also
 * carries where and when it was taken, the phone's make and serial, sometimes a thumbnail of the original:
 * metadata neither party meant to share. This removes it without re-encoding (the image data is copied
 * byte for byte, so a scan stays as sharp as it was):
 * - JPEG: every APPn segment but JFIF (APP0), the colour profile (APP2 `ICC_PROFILE`) and Adobe's colour
 *   transform (APP14), and comments. A rotation the phone recorded (EXIF orientation) is kept as a minimal
 *   EXIF block holding only that, so the photo still shows upright.
 * - PNG: the text, EXIF and time chunks (`tEXt`, `zTXt`, `iTXt`, `eXIf`, `tIME`).
 * Anything that does not parse as the format it was sniffed as is returned unchanged.
 */
export function stripDocumentMetadata(data: Buffer, mime: string): Buffer {
  try {
    if (mime === 'image/jpeg') return stripJpeg(data) ?? data;
    if (mime === 'image/png') return stripPng(data) ?? data;
  } catch {
    // A truncated or odd file: stored as sent, like a PDF.
  }
  return data;
}

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

const startsWith = (seg: Buffer, text: string) => seg.subarray(0, text.length).toString('latin1') === text;

/** Segments up to the scan are rewritten; the scan and everything after it are copied as they are. */
function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return null;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let orientation = 1;
  let insertAt = 1; // where the minimal EXIF block goes: after SOI, or after JFIF when there is one
  let i = 2;
  for (;;) {
    if (i >= data.length || data[i] !== 0xff) return null;
    while (data[i] === 0xff) i++; // fill bytes
    const marker = data[i] as number;
    i++;
    if (marker === EOI || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(Buffer.from([0xff, marker]));
      if (marker === EOI) break;
      continue;
    }
    if (i + 2 > data.length) return null;
    const length = data.readUInt16BE(i);
    if (length < 2 || i + length > data.length) return null;
    const segment = data.subarray(i - 2, i + length); // FF marker length payload
    const payload = data.subarray(i + 2, i + length);
    if (marker === SOS) {
      kept.push(data.subarray(i - 2)); // the scan to the end of the file
      break;
    }
    i += length;
    const isApp = marker >= APP0 && marker <= APP15;
    if (marker === COM) continue;
    if (isApp) {
      if (marker === APP1 && startsWith(payload, 'Exif\0\0')) orientation = exifOrientation(payload.subarray(6)) ?? orientation;
      const keep =
        (marker === APP0 && startsWith(payload, 'JFIF\0')) ||
        (marker === APP2 && startsWith(payload, 'ICC_PROFILE\0')) ||
        (marker === APP14 && startsWith(payload, 'Adobe'));
      if (!keep) continue;
      if (marker === APP0) insertAt = kept.length + 1;
    }
    kept.push(segment);
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
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(data: Buffer): Buffer | null {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [data.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= data.length) {
    const length = data.readUInt32BE(i);
    const end = i + 12 + length;
    if (end > data.length) return null;
    const type = data.subarray(i + 4, i + 8).toString('latin1');
    if (!PNG_DROPPED.has(type)) kept.push(data.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}
