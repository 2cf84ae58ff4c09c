import { LIMITS, MSG } from '@kiraya/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.js';

/**
 * The image pipeline (spec 5, 9): uploads are sniffed by their bytes (never by name or header),
 * then re-encoded to WebP in a display size and a thumbnail, orientation applied, every metadata
 * block (EXIF, GPS, ICC, XMP) dropped: sharp writes none unless asked with withMetadata/keepExif.
 */
export const IMAGE_SIZES = { display: 1600, thumb: 480 } as const;

/** Decompression bombs: refuse anything larger than 50 megapixels before decoding it. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageMime = (typeof LIMITS.imageMimeTypes)[number];
export type ProcessedImage = { display: Buffer; thumb: Buffer; width: number; height: number };

/** The real type of an upload from its magic bytes; JPEG, PNG and WEBP only (415 otherwise). */
export async function sniffImage(data: Buffer, path = 'images'): Promise<ImageMime> {
  if (data.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MSG.imageSize, [{ path, message: MSG.imageSize }]);
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime as string | undefined;
  if (!mime || !(LIMITS.imageMimeTypes as readonly string[]).includes(mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imageType, [{ path, message: MSG.imageType }]);
  }
  return mime as ImageMime;
}

/** Re-encodes one image: orientation applied, no metadata, WebP display size and thumbnail. */
export async function processImage(data: Buffer, path = 'images'): Promise<ProcessedImage> {
  await sniffImage(data, path);
  try {
    const base = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [display, thumb] = await Promise.all([
      base
        .clone()
        .resize({ width: IMAGE_SIZES.display, height: IMAGE_SIZES.display, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: IMAGE_SIZES.thumb, height: IMAGE_SIZES.thumb, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer(),
    ]);
    return { display: display.data, thumb, width: display.info.width, height: display.info.height };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw badRequest(MSG.imageUnreadable, path);
  }
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

/** Sniffs and re-encodes several uploads, one at a time (bounded memory and CPU). */
export async function processImages(files: Buffer[], path: string): Promise<ProcessedImage[]> {
  for (const f of files) await sniffImage(f, path);
  const out: ProcessedImage[] = [];
  for (const f of files) out.push(await processImage(f, path));
  return out;
}
