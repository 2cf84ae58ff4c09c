import en from './i18n/en-IN.json';
import hi from './i18n/hi-IN.json';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './screenshots';
import { OWNER_STEPS, TENANT_STEPS } from './steps';

// Every file of public/walkthrough/, as bytes (Vite inlines each as a data URL), keyed by its public URL.
const inlined = import.meta.glob<string>('../../../public/walkthrough/*.webp', { eager: true, query: '?inline', import: 'default' });
const FILES = new Map(
  Object.entries(inlined).map(([path, url]) => [
    path.replace('../../../public', ''),
    Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0)),
  ]),
);

/** Width and height of a WebP file from its RIFF header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
  if (ascii(0) !== 'RIFF' || ascii(8) !== 'WEBP') throw new Error('not a WebP file');
  const chunk = ascii(12);
  if (chunk === 'VP8 ') return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = v.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  const u24 = (at: number) => v.getUint16(at, true) + (v.getUint8(at + 2) << 16);
  if (chunk === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1 };
  throw new Error(`unknown WebP chunk ${chunk}`);
}

const file = (src: string): Uint8Array => {
  const bytes = FILES.get(src);
  if (!bytes) throw new Error(`${src} is not in apps/web/public`);
  return bytes;
};

const all = [...SCREENSHOTS.owner, ...SCREENSHOTS.tenant];

describe('walkthrough screenshots (B15)', () => {
  it('has one screenshot per step, each with alt text', () => {
    expect(SCREENSHOTS.owner).toHaveLength(OWNER_STEPS.length);
    expect(SCREENSHOTS.tenant).toHaveLength(TENANT_STEPS.length);
    // Alt texts are the landing catalogue's, in both languages (issue 27, ADR 039).
    for (const [who, steps] of [
      ['owner', OWNER_STEPS],
      ['tenant', TENANT_STEPS],
    ] as const)
      for (const step of steps) {
        // A compiled message is text, or a function when it names a button by its catalogue key (ADR 045).
        expect(String((en as Record<string, unknown>)[`${who}.${step.n}.alt`] ?? '').length).toBeGreaterThan(10);
        expect(String((hi as Record<string, unknown>)[`${who}.${step.n}.alt`] ?? '').length).toBeGreaterThan(10);
      }
  });

  it('points at files in public/ with the declared dimensions, and at a 400 px variant for srcset', () => {
    for (const s of all) {
      expect(webpSize(file(s.src)), s.src).toEqual({ width: s.width, height: s.height });
      const variants = (s.srcSet ?? '').split(',').map((v) => v.trim().split(' '));
      expect(variants.map(([, w]) => w)).toEqual(['400w', `${s.width}w`]);
      for (const [src = '', w = ''] of variants) {
        const size = webpSize(file(src));
        expect(size.width, src).toBe(Number.parseInt(w, 10));
        expect(Math.abs(size.height - (s.height * size.width) / s.width), src).toBeLessThanOrEqual(1);
      }
    }
  });

  it('has no stray files, and all of them together stay under 1.5 MB', () => {
    const used = new Set(all.flatMap((s) => (s.srcSet ?? s.src).split(',').map((v) => v.trim().split(' ')[0])));
    expect([...FILES.keys()].sort()).toEqual([...used].sort());
    expect([...FILES.values()].reduce((n, b) => n + b.length, 0)).toBeLessThan(1.5 * 1024 * 1024);
  });
});
