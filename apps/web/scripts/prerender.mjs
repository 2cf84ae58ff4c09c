// Prerenders the landing page into dist/index.html and writes dist/app.html, the plain shell the
// server sends for deep links (so they are rendered, not hydrated against landing-page HTML).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

// Precompressed copies (.br, .gz) of text files, served by @fastify/static's preCompressed option.
const TEXT = /\.(?:html|js|css|svg|json|txt)$/;
let compressed = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size > 1024) {
      const buf = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      compressed++;
    }
  }
};
walk(dist);
console.log(`precompressed ${compressed} files (.br, .gz)`);
// Nothing else is left to do: exit even if an imported module left a handle open.
process.exit(0);
