// Bundles the server into dist/main.js with its npm packages inlined (one file to load: a restart reads
// and compiles one module instead of hundreds), except those that ship native code, WebAssembly or
// static files they find beside themselves.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Loaded from node_modules at run time: native addons, WebAssembly, files read from their own folder. */
const EXTERNAL = ['sharp', '@node-rs/argon2', '@electric-sql/pglite', '@fastify/swagger-ui', 'pg-native', 'pino', 'thread-stream'];

const started = performance.now();
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Email templates (issue 25) are React components.
  jsx: 'automatic',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL.some((x) => args.path === x || args.path.startsWith(`${x}/`)) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
cpSync('assets', 'dist/assets', { recursive: true, force: true, errorOnExist: false });
console.log(`  server: bundle (${((performance.now() - started) / 1000).toFixed(1)} s)`);
