// The bench tools (autocannon, Lighthouse and its Chrome launcher) are not part of the app's install: they
// are declared in bench/package.json (with its own lockfile, pinned: an override holds Lighthouse's trace
// engine's "latest" third-party-web to the locked version, so `npm ci` keeps working when that tag moves)
// and installed into bench/node_modules the first time a bench needs them (a clean clone in CI included).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const TOOLS = Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies);

export function ensureBenchTools() {
  if (TOOLS.every((name) => existsSync(join(dir, 'node_modules', name, 'package.json')))) return;
  console.log(`Installing the bench tools (bench/package.json: ${TOOLS.join(', ')}) into bench/node_modules…`);
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`npm ci in bench/ failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}
