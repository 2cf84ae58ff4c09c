import sharp from 'sharp';

/**
 * Demo photos (B16), drawn at seed time from SVG scenes so the project ships no binary images:
 * building exteriors for properties and furnished interiors for rooms, in varied palettes.
 */

/** A small deterministic random generator, so the same seed draws the same picture. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

const SKIES = [
  ['#7cc4f5', '#e3f4ff'],
  ['#f6a47a', '#ffe3c4'],
  ['#6aa9e9', '#d7ecff'],
  ['#9bb7d4', '#eef3f8'],
];
const WALLS = ['#f4e7d3', '#e8d5c4', '#f2efe9', '#dfe8e1', '#f6e0c8', '#e4e1f0'];
const FACADES = ['#e9c9a3', '#d9d4cc', '#f1e2c6', '#c9d6df', '#e8b9a0', '#f3f0e8'];
const ROOFS = ['#9c4a3c', '#5b6770', '#7a4e3a', '#44505a'];
const ACCENTS = ['#2f6f8f', '#b5523b', '#3f7d5a', '#7b5ea7', '#c28a2c', '#386fa4'];

const W = 1200;
const H = 800;

function clouds(r: () => number): string {
  let out = '';
  for (let i = 0; i < 3; i++) {
    const x = 100 + r() * 1000;
    const y = 60 + r() * 140;
    out += `<g fill="#fff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="70" ry="26"/><ellipse cx="${x + 45}" cy="${y - 18}" rx="50" ry="28"/><ellipse cx="${x - 45}" cy="${y - 8}" rx="40" ry="20"/></g>`;
  }
  return out;
}

function tree(x: number, base: number, scale: number, shade: string): string {
  return `<rect x="${x - 8 * scale}" y="${base - 90 * scale}" width="${16 * scale}" height="${90 * scale}" fill="#6b4a2f"/>
  <circle cx="${x}" cy="${base - 120 * scale}" r="${55 * scale}" fill="${shade}"/>
  <circle cx="${x - 35 * scale}" cy="${base - 95 * scale}" r="${38 * scale}" fill="${shade}" opacity="0.9"/>
  <circle cx="${x + 35 * scale}" cy="${base - 98 * scale}" r="${40 * scale}" fill="${shade}" opacity="0.92"/>`;
}

function windowsGrid(x: number, y: number, cols: number, rows: number, w: number, h: number, gap: number, lit: () => boolean): string {
  let out = '';
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const fill = lit() ? '#ffe9a8' : '#8fb8d8';
      out += `<rect x="${x + c * (w + gap)}" y="${y + r * (h + gap)}" width="${w}" height="${h}" rx="3" fill="${fill}" stroke="#5d6a74" stroke-width="3"/>`;
      out += `<line x1="${x + c * (w + gap) + w / 2}" y1="${y + r * (h + gap)}" x2="${x + c * (w + gap) + w / 2}" y2="${y + r * (h + gap) + h}" stroke="#5d6a74" stroke-width="2"/>`;
    }
  return out;
}

/** A building seen from the street: an apartment block or a house with a pitched roof. */
export function exteriorSvg(seed: number, kind: 'block' | 'house' = seed % 2 ? 'house' : 'block'): string {
  const r = rng(seed * 7919 + 17);
  const [skyTop, skyBottom] = SKIES[seed % SKIES.length] as string[];
  const facade = FACADES[seed % FACADES.length];
  const roof = ROOFS[seed % ROOFS.length];
  const accent = ACCENTS[seed % ACCENTS.length];
  const ground = 640;
  let building: string;
  if (kind === 'block') {
    const floors = 4 + Math.floor(r() * 3);
    const bw = 520;
    const bh = floors * 78 + 40;
    const bx = 340;
    const by = ground - bh;
    building = `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${facade}" stroke="#8a8079" stroke-width="4"/>
      <rect x="${bx - 12}" y="${by - 18}" width="${bw + 24}" height="22" fill="${roof}"/>
      ${windowsGrid(bx + 40, by + 40, 5, floors, 62, 50, 36, () => r() > 0.7)}
      ${Array.from({ length: floors }, (_, i) => `<rect x="${bx + 30}" y="${by + 92 + i * 86}" width="${bw - 60}" height="8" fill="${accent}" opacity="0.8"/>`).join('')}
      <rect x="${bx + bw / 2 - 45}" y="${ground - 110}" width="90" height="110" fill="${accent}"/>
      <rect x="${bx + bw / 2 - 60}" y="${ground - 125}" width="120" height="16" fill="#6c6c6c"/>`;
  } else {
    const bx = 360;
    const bw = 480;
    const bh = 260;
    const by = ground - bh;
    building = `<polygon points="${bx - 40},${by} ${bx + bw / 2},${by - 170} ${bx + bw + 40},${by}" fill="${roof}"/>
      <rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${facade}" stroke="#8a8079" stroke-width="4"/>
      <circle cx="${bx + bw / 2}" cy="${by - 70}" r="30" fill="#8fb8d8" stroke="#5d6a74" stroke-width="4"/>
      ${windowsGrid(bx + 40, by + 50, 1, 1, 110, 90, 0, () => r() > 0.5)}
      ${windowsGrid(bx + bw - 150, by + 50, 1, 1, 110, 90, 0, () => r() > 0.5)}
      <rect x="${bx + bw / 2 - 50}" y="${ground - 150}" width="100" height="150" rx="6" fill="${accent}"/>
      <circle cx="${bx + bw / 2 + 30}" cy="${ground - 75}" r="6" fill="#f2d16b"/>
      <rect x="${bx + bw / 2 - 70}" y="${ground - 8}" width="140" height="10" fill="#9d9d9d"/>`;
  }
  const treeShades = ['#3f8f4f', '#4d9a5a', '#2f7a45'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
  <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc97a"/><stop offset="1" stop-color="#5f9f52"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${150 + r() * 900}" cy="${110 + r() * 60}" r="48" fill="#fff3b0" opacity="0.9"/>
  ${clouds(r)}
  <path d="M0 ${ground - 120} Q 200 ${ground - 220} 420 ${ground - 130} T 820 ${ground - 140} T 1200 ${ground - 150} L 1200 ${ground} L 0 ${ground} Z" fill="#a9c7a0" opacity="0.7"/>
  <rect y="${ground}" width="${W}" height="${H - ground}" fill="url(#grass)"/>
  <path d="M520 ${H} L 560 ${ground} L 640 ${ground} L 680 ${H} Z" fill="#cbbfae"/>
  ${building}
  ${tree(190, ground + 10, 1.1, treeShades[seed % 3] as string)}
  ${tree(1010, ground + 10, 1.25, treeShades[(seed + 1) % 3] as string)}
  ${tree(90, ground + 30, 0.8, treeShades[(seed + 2) % 3] as string)}
  </svg>`;
}

/** A furnished room: wall, wooden floor, window with curtains, a bed or a sofa, a rug, a plant and a lamp. */
export function interiorSvg(seed: number): string {
  const r = rng(seed * 104729 + 3);
  const wall = WALLS[seed % WALLS.length];
  const accent = ACCENTS[(seed + 2) % ACCENTS.length];
  const accent2 = ACCENTS[(seed + 4) % ACCENTS.length];
  const [skyTop, skyBottom] = SKIES[(seed + 1) % SKIES.length] as string[];
  const floorY = 540;
  const planks = Array.from(
    { length: 12 },
    (_, i) => `<line x1="${i * 110 - 40}" y1="${H}" x2="${i * 100 + 10}" y2="${floorY}" stroke="#8a5f3c" stroke-width="2" opacity="0.35"/>`,
  ).join('');
  const bed = r() > 0.4;
  const furniture = bed
    ? `<rect x="520" y="360" width="520" height="70" rx="14" fill="#7a5538"/>
       <rect x="500" y="430" width="560" height="120" rx="18" fill="#f5f1ea"/>
       <rect x="540" y="400" width="150" height="55" rx="20" fill="#ffffff" stroke="#ddd" stroke-width="2"/>
       <rect x="710" y="400" width="150" height="55" rx="20" fill="#ffffff" stroke="#ddd" stroke-width="2"/>
       <rect x="500" y="470" width="560" height="110" rx="18" fill="${accent}"/>
       <rect x="500" y="470" width="560" height="18" fill="#ffffff" opacity="0.35"/>
       <rect x="510" y="580" width="20" height="40" fill="#5b3f29"/><rect x="1030" y="580" width="20" height="40" fill="#5b3f29"/>`
    : `<rect x="520" y="390" width="500" height="110" rx="30" fill="${accent}"/>
       <rect x="500" y="450" width="540" height="120" rx="30" fill="${accent}"/>
       <rect x="540" y="455" width="220" height="60" rx="18" fill="#ffffff" opacity="0.25"/>
       <rect x="780" y="455" width="220" height="60" rx="18" fill="#ffffff" opacity="0.25"/>
       <rect x="560" y="410" width="70" height="60" rx="14" fill="${accent2}"/>
       <rect x="520" y="570" width="18" height="40" fill="#5b3f29"/><rect x="1002" y="570" width="18" height="40" fill="#5b3f29"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
  <linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
  <rect width="${W}" height="${floorY}" fill="${wall}"/>
  <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="#b98555"/>
  ${planks}
  <rect y="${floorY - 14}" width="${W}" height="14" fill="#efe9df"/>
  <rect x="90" y="110" width="300" height="300" fill="url(#sky)" stroke="#ffffff" stroke-width="14"/>
  <line x1="240" y1="110" x2="240" y2="410" stroke="#ffffff" stroke-width="10"/>
  <line x1="90" y1="260" x2="390" y2="260" stroke="#ffffff" stroke-width="10"/>
  ${tree(170, 410, 0.6, '#5f9f52')}
  <rect x="60" y="90" width="360" height="14" rx="7" fill="#8d8d8d"/>
  <path d="M60 104 Q 100 260 70 440 L 120 440 Q 140 260 110 104 Z" fill="${accent2}" opacity="0.9"/>
  <path d="M420 104 Q 380 260 410 440 L 360 440 Q 340 260 370 104 Z" fill="${accent2}" opacity="0.9"/>
  <rect x="640" y="140" width="200" height="140" fill="#ffffff" stroke="#7a5538" stroke-width="10"/>
  <path d="M650 270 L 720 190 L 770 240 L 800 210 L 830 270 Z" fill="${accent}" opacity="0.7"/>
  <circle cx="790" cy="180" r="16" fill="#f2c14e"/>
  ${furniture}
  <ellipse cx="780" cy="690" rx="330" ry="60" fill="${accent2}" opacity="0.55"/>
  <rect x="1090" y="330" width="12" height="220" fill="#444"/>
  <path d="M1050 330 L 1142 330 L 1120 270 L 1072 270 Z" fill="#f6e6b4"/>
  <rect x="200" y="560" width="80" height="90" rx="8" fill="#c86f4c"/>
  <ellipse cx="240" cy="530" rx="70" ry="50" fill="#3f8f4f"/><ellipse cx="210" cy="500" rx="40" ry="45" fill="#4d9a5a"/><ellipse cx="275" cy="505" rx="38" ry="42" fill="#2f7a45"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
  </svg>`;
}

/** The demo photos' width: the largest size the web app shows a photo at (the gallery), 3:2. */
export const DEMO_PHOTO_WIDTH = 960;

/**
 * Renders an SVG scene to a JPEG `width` pixels wide, as a phone camera would hand it over. Drawn at the
 * size shown rather than 1200 px, and with plain libjpeg rather than mozjpeg (2.5 times slower): the
 * upload pipeline re-encodes it to WebP anyway (ADR 007).
 */
export async function renderPhoto(svg: string, width = DEMO_PHOTO_WIDTH): Promise<Buffer> {
  const sized = svg.replace(`width="${W}" height="${H}"`, `width="${width}" height="${Math.round((width * H) / W)}"`);
  return sharp(Buffer.from(sized)).jpeg({ quality: 85 }).toBuffer();
}
