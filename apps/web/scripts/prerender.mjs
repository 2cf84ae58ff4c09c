// Prerenders the landing page into dist/index.html and writes dist/app.html, the plain shell the
// server sends for deep links (so they are rendered, not hydrated against landing-page HTML).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
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
// The landing page once per language (issue 27, ADR 039): index.html (en-IN) and index.hi-IN.html; the server
// picks one by `?lang=`, the cookie or Accept-Language, and fills in the absolute hreflang addresses (BASE).
const LOCALES = ['en-IN', 'hi-IN'];
const pages = {};
for (const locale of LOCALES) {
  pages[locale] = await render('/', locale);
  if (!pages[locale] || pages[locale].length < 200) throw new Error(`Prerender produced no landing page HTML in ${locale}`);
}
const html = pages['en-IN'];
const BASE = '%KIRAYA_BASE%';
const esc = (s) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
/** The landing page's description (only in its head, so not in a catalogue the page's script loads). */
const DESCRIPTION = {
  'en-IN':
    'Kiraya is a broker-free rental platform for India: owners list rooms, invite tenants and bill them; tenants find rooms, reach owners directly and pay rent online.',
  'hi-IN':
    'Kiraya भारत का बिना ब्रोकर वाला किराया प्लेटफ़ॉर्म है: मकान मालिक कमरे लिस्ट करते हैं, किरायेदारों को बुलाते हैं और उन्हें बिल भेजते हैं; किरायेदार कमरे ढूँढते हैं, मकान मालिक से सीधे बात करते हैं और किराया ऑनलाइन भरते हैं।',
};
/** The landing page's head in a language: lang, title, description, hreflang alternates and og:locale. */
function landingHead(page, locale) {
  const texts = {
    ...JSON.parse(readFileSync(join(root, 'src/components/i18n', `${locale}.json`), 'utf8')),
    'meta.description': DESCRIPTION[locale],
  };
  const og = { 'en-IN': 'en_IN', 'hi-IN': 'hi_IN' };
  const tags = [
    `<link rel="alternate" hreflang="en-IN" href="${BASE}/" />`,
    `<link rel="alternate" hreflang="hi-IN" href="${BASE}/?lang=hi-IN" />`,
    `<link rel="alternate" hreflang="x-default" href="${BASE}/" />`,
    `<link rel="canonical" href="${BASE}/${locale === 'en-IN' ? '' : `?lang=${locale}`}" />`,
    `<meta property="og:locale" content="${og[locale]}" />`,
  ].join('\n    ');
  return page
    .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(texts['title.home'])}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${esc(texts['meta.description'])}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

// The stylesheet (about 8 KB compressed) goes inline into both pages: on a phone network a render-blocking
// request after the document costs a round trip or two before the first paint (ADR 015, LCP).
const inlined = template.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_, href) => {
  const css = readFileSync(join(dist, href.slice(1)), 'utf8').replaceAll('</style', '<\\/style');
  return `<style>${css}</style>`;
});
if (/<link rel="stylesheet"/.test(inlined)) throw new Error('dist/index.html: a stylesheet was not inlined');
// The inlined stylesheet must be the only one, and no chunk may load it again (vite.config.ts: cssCodeSplit).
const assetFiles = readdirSync(join(dist, 'assets'));
if (assetFiles.filter((f) => f.endsWith('.css')).length !== 1) throw new Error('dist/assets: expected exactly one stylesheet');
for (const f of assetFiles.filter((n) => n.endsWith('.js'))) {
  if (/assets\/[^"`']+\.css/.test(readFileSync(join(dist, 'assets', f), 'utf8'))) throw new Error(`${f} loads a stylesheet`);
}

// Pages that arrive rendered (the landing page, the server-rendered listings) start their JavaScript once the
// page has loaded: on a phone network the app's 80 KB would otherwise share the connection with the document
// and the first listing photo and hold back their paint (ADR 015, LCP). A link followed before then is an
// ordinary navigation. The dashboards' shell (app.html) has nothing to show without the app: it loads at once.
const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(inlined);
if (!entry) throw new Error('dist/index.html: no module script');
const preloads = [...inlined.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const bootJs = `// Generated by scripts/prerender.mjs: loads the app after the server-rendered page (ADR 015).
const start = () => {
  for (const href of ${JSON.stringify(preloads)}) {
    const l = document.createElement('link');
    l.rel = 'modulepreload';
    l.href = href;
    document.head.append(l);
  }
  import(${JSON.stringify(entry[1])});
};
// After the load event, the first paint, the next frame and an idle moment, so the page and its photo are
// painted first even on a busy phone (Safari has no requestIdleCallback: a short timer instead). The paint is
// the browser's first-contentful-paint entry, which comes once the frame is on screen: a frame callback and an
// idle moment can come before that (the load event often comes first), and the app's requests then started
// before the first paint (Lighthouse's LCP counted them: 0.3 to 0.7 s on a phone). Without paint entries, or
// with no paint within 2 s (a tab opened in the background), it goes on without.
const idle = (f) => (window.requestIdleCallback ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 50));
const painted = (f) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return f();
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    f();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) go();
  });
  const timer = setTimeout(go, 2000);
  observer.observe({ type: 'paint', buffered: true });
};
const later = () => painted(() => requestAnimationFrame(() => idle(start)));
if (document.readyState === 'complete') later();
else addEventListener('load', later, { once: true });
`;
// Its comments are for this file's reader: the browser gets the code (0.4 KB less in the landing page's JS).
const bootCode = bootJs.replace(/^[ \t]*\/\/.*\n/gm, '');
const bootName = `assets/boot-${createHash('sha256').update(bootCode).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, bootName), bootCode);
const deferred = inlined
  .replace(entry[0], () => `<script type="module" src="/${bootName}" fetchpriority="low"></script>`)
  .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
// The Devanagari font (issue 27, ADR 039): a page rendered in Hindi asks for it with its head, so that it is in
// before the first paint and no text moves when it swaps in (CLS 0 also where no Devanagari font is installed).
// ssr.html keeps a marker that the server's renderer turns into the link on a Hindi page (plugins/render.ts).
const font = assetFiles.find((f) => /^noto-sans-devanagari-.*\.woff2$/.test(f));
if (!font) throw new Error('dist/assets: no Devanagari font (src/index.css)');
const FONT_MARKER = `<!--hindi-font:/assets/${font}-->`;
const fontPreload = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`;
// First in the head, before the boot script: the font's request is then the first after the document's and takes
// the document's connection (on HTTP/1.1 a second one costs a round trip to open). Lighthouse's simulation counts the
// font on the LCP's path of a Hindi page: 0.2 s less there.
const bootTag = `<script type="module" src="/${bootName}" fetchpriority="low"></script>`;
const withFont = (page, locale) => {
  if (!page.includes(bootTag)) throw new Error('prerender: no boot script to put the font before');
  return page.replace(bootTag, () => `${locale === 'hi-IN' ? fontPreload : FONT_MARKER}\n    ${bootTag}`);
};
writeFileSync(join(dist, 'app.html'), inlined.replace(MARKER, ''));
writeFileSync(join(dist, 'ssr.html'), withFont(deferred.replace(MARKER, ''), 'en-IN'));
for (const locale of LOCALES) {
  writeFileSync(
    join(dist, locale === 'en-IN' ? 'index.html' : `index.${locale}.html`),
    withFont(landingHead(deferred, locale), locale)
      .replace(FONT_MARKER, '')
      .replace(MARKER, () => pages[locale]),
  );
}
// The service worker (issue 27, ADR 035) precaches app.html, which exists only now: its revision is the hash of
// its bytes, so a new build's shell replaces the old one in every installed app.
const swFile = join(dist, 'sw.js');
const sw = readFileSync(swFile, 'utf8');
if (!sw.includes('__APP_SHELL_REVISION__')) throw new Error('dist/sw.js: no __APP_SHELL_REVISION__ marker');
const shellRevision = createHash('sha256')
  .update(readFileSync(join(dist, 'app.html')))
  .digest('hex')
  .slice(0, 16);
writeFileSync(swFile, sw.replaceAll('__APP_SHELL_REVISION__', shellRevision));
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered / (${(html.length / 1024).toFixed(1)} KB of HTML); wrote dist/app.html, dist/ssr.html, ${bootName}`);

// Precompressed copies (.br, .gz) of text files, served by @fastify/static's preCompressed option.
const TEXT = /\.(?:html|js|css|svg|json|txt|webmanifest)$/;
let compressed = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size > 256) {
      // Small files too (the boot script, a page's catalogues): each copy is kept only where it is smaller.
      const buf = readFileSync(file);
      const gz = gzipSync(buf, { level: 9 });
      const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      if (gz.length < buf.length) writeFileSync(`${file}.gz`, gz);
      if (br.length < buf.length) writeFileSync(`${file}.br`, br);
      compressed++;
    }
  }
};
walk(dist);
console.log(`precompressed ${compressed} files (.br, .gz)`);
// Nothing else is left to do: exit even if an imported module left a handle open.
process.exit(0);
