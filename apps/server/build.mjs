// Bundles the server into dist/main.js: workspace packages are inlined, npm packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kiraya/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
cpSync('assets', 'dist/assets', { recursive: true, force: true, errorOnExist: false });
