import sharp from 'sharp';

/**
 * Server-wide sharp settings (ADR 007). libvips keeps up to 50 MB of decoded operations cached by
 * default and runs one thread per core per image; the server re-encodes each upload once, so the cache
 * only grows RSS, and parallel uploads already spread over libuv's thread pool.
 */
export function configureSharp(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}
