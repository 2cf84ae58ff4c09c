// `npm run build -w @kiraya/web`: the browser bundle, the prerender bundle, the prerendered landing page
// and the server-rendering bundle, one progress line each. Vite's chunk tables are left out (a first
// `npm start` printed about 250 lines of them); warnings still show. KIRAYA_BUILD_VERBOSE=1 shows the tables.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logLevel = process.env.KIRAYA_BUILD_VERBOSE ? 'info' : 'warn';

async function step(label, work) {
  const started = performance.now();
  await work();
  console.log(`  web: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

await step('browser bundle', () => build({ root, logLevel }));
await step('prerender bundle', () => build({ root, logLevel, build: { ssr: 'src/entry-prerender.tsx', outDir: 'dist-ssr' } }));
await step('landing page prerendered', () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, ['scripts/prerender.mjs'], { cwd: root, encoding: 'utf8' });
  if (status !== 0) {
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    throw new Error(`scripts/prerender.mjs failed (exit ${status})`);
  }
  if (logLevel === 'info') process.stdout.write(stdout);
});
await step('server-rendering bundle', () => build({ root, logLevel, build: { ssr: 'src/entry-server.tsx', outDir: 'dist-render' } }));
