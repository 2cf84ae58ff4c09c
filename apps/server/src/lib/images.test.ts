import { LIMITS, MSG } from '@kiraya/contract';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { checkImageCount, checkImagePixels, IMAGE_SIZES, processImage, Semaphore, sniffImage } from './images.js';

const GPS_IFD_POINTER_LE = Buffer.from([0x25, 0x88]);

async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#ff0000' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'KirayaCam', Model: 'X1', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .toBuffer();
}

const appError = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
};

describe('sniffImage', () => {
  it('accepts JPEG, PNG and WEBP by their bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } });
    expect(await sniffImage(await base.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(await sniffImage(await base.clone().png().toBuffer())).toBe('image/png');
    expect(await sniffImage(await base.clone().webp().toBuffer())).toBe('image/webp');
  });

  it('refuses a text file, a GIF and a PDF whatever they are called (415)', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const data of [Buffer.from('hello, I am not a photo'), gif, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')]) {
      const e = await appError(sniffImage(data));
      expect(e.statusCode).toBe(415);
      expect(e.message).toBe(MSG.imageType);
    }
  });

  it('refuses more than 5 MB (413)', async () => {
    const big = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      Buffer.alloc(LIMITS.imageMaxBytes),
    ]);
    const e = await appError(sniffImage(big));
    expect(e.statusCode).toBe(413);
    expect(e.message).toBe(MSG.imageSize);
  });
});

describe('processImage', () => {
  it('applies the orientation and strips EXIF, GPS, ICC and XMP', async () => {
    const input = await photoWithExif();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(GPS_IFD_POINTER_LE)).toBe(true);
    expect(before.exif?.toString('latin1')).toContain('KirayaCam');

    const out = await processImage(input);
    for (const buf of [out.display, out.thumb]) {
      const m = await sharp(buf).metadata();
      expect(m.format).toBe('webp');
      expect(m.exif).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.orientation).toBeUndefined();
      // 60x40 turned a quarter: upright it is 40 wide and 60 high.
      expect([m.width, m.height]).toEqual([40, 60]);
      expect(buf.includes(Buffer.from('KirayaCam'))).toBe(false);
    }
    expect([out.width, out.height]).toEqual([40, 60]);
  });

  it('makes a display size of at most 1600 px and a thumbnail of at most 480 px', async () => {
    const input = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([IMAGE_SIZES.display, 800]);
    const t = await sharp(out.thumb).metadata();
    expect([t.width, t.height]).toEqual([IMAGE_SIZES.thumb, 240]);
  });

  it('refuses a decompression bomb (more than 25 megapixels) with the pixel message (400)', async () => {
    // A tiny PNG whose header claims 10000 x 10000 pixels: refused before any decoding.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const e = await appError(processImage(bomb));
    expect(e.statusCode).toBe(400);
    expect(e.message).toBe(MSG.imagePixels);
  });

  it('allows up to 25 megapixels by the header, and not one row more', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const claim = (w: number, h: number) => {
      const b = Buffer.from(png);
      b.writeUInt32BE(w, 16);
      b.writeUInt32BE(h, 20);
      b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
      return b;
    };
    expect(LIMITS.imageMaxPixels).toBe(25_000_000);
    await expect(checkImagePixels(claim(5000, 5000))).resolves.toBeUndefined();
    const e = await appError(checkImagePixels(claim(5000, 5001)));
    expect(e.statusCode).toBe(400);
    expect(e.message).toBe(MSG.imagePixels);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const good = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const e = await appError(processImage(good.subarray(0, 200)));
    expect(e.message).toBe(MSG.imageUnreadable);
  });
});

describe('checkImageCount', () => {
  it('needs at least one and at most ten', () => {
    expect(() => checkImageCount(0, { path: 'x' })).toThrow(MSG.imageRequired);
    expect(() => checkImageCount(0, { path: 'x', emptyMessage: MSG.imageAtLeastOne })).toThrow(MSG.imageAtLeastOne);
    expect(() => checkImageCount(11, { path: 'x' })).toThrow(MSG.imageTooMany);
    expect(() => checkImageCount(3, { path: 'x', existing: 8 })).toThrow(MSG.imageTooMany);
    expect(() => checkImageCount(10, { path: 'x' })).not.toThrow();
    expect(() => checkImageCount(0, { path: 'x', existing: 1 })).not.toThrow();
  });
});

describe('Semaphore', () => {
  it('runs at most `size` tasks at once and every task in the end', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const task = async (i: number) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        if (i === 3) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(slots.inUse).toBe(0);
  });
});
