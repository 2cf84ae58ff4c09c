// Writes the installable app's icons (issue 27, ADR 035) into public/icons from the favicon's drawing:
// `node apps/web/scripts/pwa-icons.mjs`. The PNGs are committed; run this again only when the logo changes.
// "any" icons are the favicon as it is (rounded tile); "maskable" ones fill the whole square with the brand
// colour and keep the house inside the central 80 % circle, so a launcher's circle or squircle never cuts it.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
const BRAND = '#0f766e'; // --color-brand-700 (src/index.css), the manifest's theme colour
const HOUSE = 'M8 16 16 9l8 7v8h-5v-5h-6v5H8z';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${HOUSE}" fill="#fff"/></svg>`;
// The house spans 16 × 15 units around (16, 16.5): drawn at 0.8 scale it stays well inside the safe circle (r = 12.8).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><path d="${HOUSE}" fill="#fff" transform="translate(16 16.5) scale(0.8) translate(-16 -16.5)"/></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, name));
  console.log(`wrote public/icons/${name}`);
}
