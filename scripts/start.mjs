#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources changed, then runs one process
// on http://localhost:3000 with the embedded database under ./data (demo data loaded when empty).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const p = (...s) => join(root, ...s);

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && e !== 'dist') m = Math.max(m, newest(join(path, e)));
  return m;
}

const sources = Math.max(
  newest(p('packages/contract/src')),
  newest(p('apps/web/src')),
  newest(p('apps/web/index.html')),
  newest(p('apps/web/public')),
  newest(p('apps/server/src')),
  newest(p('apps/server/drizzle')),
  newest(p('apps/server/assets')),
);
const built = Math.min(newest(p('apps/web/dist/index.html')) || 0, newest(p('apps/server/dist/main.js')) || 0);
if (!built || built < sources || process.env.FORCE_BUILD) {
  console.log('Building Kiraya (web app and server)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, [p('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
