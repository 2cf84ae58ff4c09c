import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
      output: {
        // React and React DOM in one chunk, evaluated in a task of its own before the app (main.tsx).
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
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
