import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
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
    },
  },
});
