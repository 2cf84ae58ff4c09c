#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed, then runs one process
// on http://localhost:3000 with the embedded database under ./data (demo data loaded when empty).
//
// SIGINT and SIGTERM are forwarded to the build or the server, and this script exits with the server's
// code. The server also stops when this script dies (an IPC channel it watches), and this script stops
// the server when its own parent (npm) goes away, since npm's shell does not always pass signals on.
// KIRAYA_SKIP_BUILD=1 never builds; without a built server it then runs the server from its sources
// (KIRAYA_SKIP_BUILD=source always does, as the start-script test does).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const p = (...s) => join(root, ...s);
const t0 = performance.now();
const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && e !== 'dist') m = Math.max(m, newest(join(path, e)));
  return m;
}

let child = null;
let stopping = null;
const stop = (sig) => {
  stopping ??= sig;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(sig);
  else process.exit(128 + (constants.signals[sig] ?? 15));
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

/** Runs a child with signals forwarded; resolves with its exit code (128 + signal number if killed). */
function run(cmd, args, opts) {
  return new Promise((resolve) => {
    child = spawn(cmd, args, { cwd: root, ...opts });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (constants.signals[signal] ?? 15));
    });
  });
}

const serverMain = p('apps/server/dist/main.js');
let entry = ['--expose-gc', serverMain];
if (process.env.KIRAYA_SKIP_BUILD) {
  if (process.env.KIRAYA_SKIP_BUILD === 'source' || !existsSync(serverMain))
    entry = ['--expose-gc', '--import', 'tsx', p('apps/server/src/main.ts')];
} else {
  const sources = Math.max(
    newest(p('packages/contract/src')),
    newest(p('apps/web/src')),
    newest(p('apps/web/index.html')),
    newest(p('apps/web/public')),
    newest(p('apps/server/src')),
    newest(p('apps/server/drizzle')),
    newest(p('apps/server/assets')),
  );
  const built = Math.min(newest(p('apps/web/dist/index.html')) || 0, newest(serverMain) || 0);
  if (!built || built < sources || process.env.FORCE_BUILD) {
    console.log('Building Kiraya (web app and server)…');
    // --silent: the build's own progress lines, not npm's script banners.
    const code = await run('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (code !== 0 || stopping) process.exit(code || 1);
    console.log(`Built in ${since()}.`);
  }
}

console.log('Starting the server…');
const code = await run(process.execPath, entry, {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // MALLOC_ARENA_MAX: glibc's per-thread arenas make sharp's worker threads hold on to freed memory.
  env: { LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', ...process.env },
});
process.exit(code);
