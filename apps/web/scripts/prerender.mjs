// Prerenders the landing page into dist/index.html and writes dist/app.html, the plain shell the
// server sends for deep links (so they are rendered, not hydrated against landing-page HTML).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const MARKER = '<!--app-html-->';

const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes(MARKER)) throw new Error(`dist/index.html has no ${MARKER} marker`);

const { render } = await import(pathToFileURL(join(ssrDir, 'entry-prerender.js')).href);
const html = render('/');
if (!html || html.length < 200) throw new Error('Prerender produced no landing page HTML');

writeFileSync(join(dist, 'app.html'), template.replace(MARKER, ''));
writeFileSync(join(dist, 'index.html'), template.replace(MARKER, html));
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered / (${(html.length / 1024).toFixed(1)} KB of HTML); wrote dist/app.html`);
