import { LIMITS, MSG } from '@kiraya/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import phash from 'sharp-phash';
import { AppError, badRequest } from './errors.js';

/**
 * The image steps of the upload pipeline (lib/uploads.ts, spec 5, 9): uploads are sniffed by their bytes
 * (never by name or header), then re-encoded to WebP in a display size and a thumbnail, orientation
 * applied, every metadata block (EXIF, GPS, ICC, XMP) dropped: sharp writes none unless asked with
 * withMetadata/keepExif.
 */
export const IMAGE_SIZES = { display: 1600, thumb: 480 } as const;

/** Decompression bombs and needless work: nothing over 25 megapixels is decoded (listings show 1600 px). */
export const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;

export type ImageMime = (typeof LIMITS.imageMimeTypes)[number];
/** `phash`: the image's 64-bit perceptual hash (ADR 037), as a signed bigint (what a PostgreSQL bigint holds). */
export type ProcessedImage = { display: Buffer; thumb: Buffer; width: number; height: number; phash: bigint };

/**
 * The perceptual hash of an image (ADR 037): sharp-phash's DCT pHash (greyscale, 32 × 32, the 8 × 8 lowest
 * frequencies against their mean), 64 bits, read as a signed 64-bit integer for a bigint column. Near-identical
 * pictures (re-encoded, resized, lightly edited) are a few bits apart; `photoDistance` compares two.
 */
export async function perceptualHash(input: Buffer, raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 }): Promise<bigint> {
  const options = raw ? { raw } : { limitInputPixels: MAX_INPUT_PIXELS };
  // A featureless picture (a plain colour, a blank wall) has no shape to hash: its DCT is rounding noise, the same
  // for every copy of that colour. It is stored as 0, which is never compared (modules/moderation/signals.ts).
  const { channels } = await sharp(input, options).stats();
  if (channels.every((c) => c.stdev < FEATURELESS_STDEV)) return 0n;
  const bits = await phash(input, options);
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** Below this standard deviation in every channel (of 255) a picture counts as featureless. */
const FEATURELESS_STDEV = 3;

/** How many of the 64 bits two perceptual hashes differ in (0: the same picture). */
export function photoDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** A counting semaphore: at most `size` holders at once, the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly size: number) {}

  get inUse(): number {
    return this.active;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

// Every upload is a different image: libvips' operation cache would only hold decoded pixels in memory.
sharp.cache(false);

/** Images re-encoded at once in this process, whatever the number of requests (bounded CPU and memory). */
export const imageSlots = new Semaphore(LIMITS.imageProcessingConcurrency);

/** The real type of an upload from its magic bytes, if it is one of `allowed`; null otherwise. */
export async function sniff(data: Buffer, allowed: readonly string[]): Promise<string | null> {
  const mime = (await fileTypeFromBuffer(data))?.mime as string | undefined;
  return mime && allowed.includes(mime) ? mime : null;
}

/** The real type of an upload from its magic bytes; JPEG, PNG and WEBP only (415 otherwise). */
export async function sniffImage(data: Buffer, path = 'images'): Promise<ImageMime> {
  if (data.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MSG.imageSize, [{ path, message: MSG.imageSize }]);
  const mime = await sniff(data, LIMITS.imageMimeTypes);
  if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imageType, [{ path, message: MSG.imageType }]);
  return mime as ImageMime;
}

/** Reads only the header: an image larger than the pixel limit is refused (400 `tooLarge`) before anything is decoded. */
export async function checkImagePixels(data: Buffer, path = 'images', tooLarge: string = MSG.imagePixels): Promise<void> {
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw badRequest(MSG.imageUnreadable, path);
    });
  if (!meta.width || !meta.height) throw badRequest(MSG.imageUnreadable, path);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badRequest(tooLarge, path);
}

/** Re-encodes one image: orientation applied, no metadata, WebP display size and thumbnail. */
export async function processImage(data: Buffer, path = 'images'): Promise<ProcessedImage> {
  await sniffImage(data, path);
  await checkImagePixels(data, path);
  return imageSlots.run(async () => {
    try {
      // Decoded once: the display size is made from the original, the thumbnail from the display-size pixels.
      const { data: pixels, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
        .rotate()
        .resize({ width: IMAGE_SIZES.display, height: IMAGE_SIZES.display, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const [display, thumb, hash] = await Promise.all([
        sharp(pixels, raw).webp({ quality: 80 }).toBuffer(),
        sharp(pixels, raw)
          .resize({ width: IMAGE_SIZES.thumb, height: IMAGE_SIZES.thumb, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 72 })
          .toBuffer(),
        // From the same decoded pixels (orientation applied): no second decode.
        perceptualHash(pixels, raw.raw),
      ]);
      return { display, thumb, width: info.width, height: info.height, phash: hash };
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest(MSG.imageUnreadable, path);
    }
  });
}

/**
 * The count rules: more than 10 is refused, and (when `required`) none is refused with `emptyMessage`.
 * `existing` counts images already kept (edit), `removing` those being removed.
 */
export function checkImageCount(
  count: number,
  opts: { path: string; existing?: number; required?: boolean; emptyMessage?: string } = { path: 'images' },
): void {
  const total = (opts.existing ?? 0) + count;
  if (total > LIMITS.imageMaxCount) throw badRequest(MSG.imageTooMany, opts.path);
  if (opts.required !== false && total < 1) throw badRequest(opts.emptyMessage ?? MSG.imageRequired, opts.path);
}

/** Sniffs and size-checks every upload first (cheap), then re-encodes them one at a time. */
export async function processImages(files: Buffer[], path: string): Promise<ProcessedImage[]> {
  for (const f of files) await sniffImage(f, path);
  for (const f of files) await checkImagePixels(f, path);
  const out: ProcessedImage[] = [];
  for (const f of files) out.push(await processImage(f, path));
  return out;
}
