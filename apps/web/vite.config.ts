import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { icuCatalogs } from './scripts/icu-catalogs.mjs';

/**
 * The installable app (issue 27, ADR 035): the manifest, and the service worker built from src/sw/sw.ts
 * (Workbox, injectManifest) at /sw.js. The page registers it itself after load (src/lib/pwa.ts), so the
 * landing page's first paint carries none of it. Precached: the shell every page starts from (the entry and
 * React chunks, the stylesheet), the offline page and the icons; app.html is added by scripts/prerender.mjs.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  injectManifest: {
    globPatterns: ['assets/index-*.js', 'assets/react-*.js', 'assets/shell-*.js', 'assets/*.css', 'offline.html', 'favicon.svg'],
    // The build's own chunk names (not a source map, not a precompressed copy).
    globIgnores: ['**/*.map', '**/*.gz', '**/*.br'],
    // vite-plugin-pwa 2.0 builds the worker as one file with Rollup's `inlineDynamicImports`, which Vite 8's
    // Rolldown reports as deprecated on every build; its own word for it is `codeSplitting: false`.
    buildPlugins: {
      vite: [
        {
          name: 'kiraya:sw-one-file',
          config(config) {
            const output = config.build?.rollupOptions?.output;
            if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
              delete output.inlineDynamicImports;
              Object.assign(output, { codeSplitting: false });
            }
          },
        },
      ],
    },
  },
  manifest: {
    id: '/start',
    name: 'Kiraya',
    short_name: 'Kiraya',
    description: 'Broker-free rentals: find a room, pay rent and bills, keep every receipt. For owners and tenants in India.',
    lang: 'en-IN',
    // /start sends a signed-in user to their dashboard (owner or tenant) and a visitor to the home page.
    start_url: '/start',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f766e',
    background_color: '#f8fafc',
    categories: ['business', 'finance', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  includeAssets: ['icons/apple-touch-icon.png'],
});

/** The modules of the shell chunk (see codeSplitting below). */
const SHELL = new RegExp(
  [
    String.raw`node_modules[\\/]react-router`,
    String.raw`src[\\/]lib[\\/](paths|session|i18n|locale|pageErrors|usePageTitle|queryClientSlot|signedOut)\.tsx?$`,
    String.raw`src[\\/]components[\\/](Spinner|Brand|ErrorBoundary|LanguageSwitch|i18n[\\/]index)\.tsx?$`,
    String.raw`contract[\\/]src[\\/](locales|page-errors)\.ts$`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/].*|icons[\\/](x|menu|refresh-cw|triangle-exclamation-point|shield-check))\.m?js$`,
  ].join('|'),
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [icuCatalogs(), react(), tailwindcss(), ...(isSsrBuild ? [] : [pwa])],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // One stylesheet, inlined into every page by scripts/prerender.mjs. Split per chunk, the entry's CSS
    // became a dependency of every lazy route, and loading one added it again as a <link>: a second parse
    // of 47 KB and a restyle of the whole page right after hydration.
    cssCodeSplit: false,
    // Every browser Kiraya supports preloads modules natively: the polyfill was 0.4 KB of the landing page's budget,
    // which its Hindi texts needed (issue 27, ADR 039).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and React DOM in one chunk, evaluated in a task of its own before the app (main.tsx).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The frame every page starts from (router, session, language, error card, header icons): one chunk.
            // Left to the automatic split, the dashboards' own route table (a chunk of its own, off the landing
            // page) made it seven small chunks, each compressed apart: about 1 KB more on the landing page.
            // The language switch (in both headers) is in it too: as a chunk of its own it was 1.4 KB with 0.5 KB of
            // response headers, which Lighthouse counts in the landing page's JS. (lib/pwaShared, 0.1 KB, stays
            // apart: put here, it made Rolldown split its runtime helpers into a chunk of their own, 1.3 KB more.)
            { name: 'shell', test: SHELL, includeDependenciesRecursively: false },
            // What the landing page says, in one chunk per language: the shared components' catalogue (header,
            // footer), the landing's own and, in Hindi, the error card's. Apart they were three requests, each with
            // its response's headers, which Lighthouse counts in the landing page's JS (ADR 039); the dashboards
            // now load the landing's 1 to 3 KB with the shared catalogue.
            { name: 'texts.en-IN', test: /(components[\\/]i18n|features[\\/]landing[\\/]i18n)[\\/]en-IN\.json/ },
            {
              name: 'texts.hi-IN',
              test: /(components[\\/]i18n|features[\\/]landing[\\/]i18n)[\\/]hi-IN\.json|contract[\\/]src[\\/]page-errors\.hi-IN\.ts$/,
            },
          ],
        },
      },
      // The server bundles import statically what the browser loads lazily (api.ts, the constants): there a
      // dynamic import has nothing to split, and Rolldown's INEFFECTIVE_DYNAMIC_IMPORT notice is noise. The
      // browser build keeps it: there it would mean a lazy chunk was pulled into the entry.
      onLog(level, log, handler) {
        if (isSsrBuild && log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
        handler(level, log);
      },
    },
  },
}));
