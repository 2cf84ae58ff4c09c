// The frames that took the most self time in a V8 CPU profile (node --cpu-prof), with their script and line,
// and the same grouped by script (which package the time goes to). Usage:
//   node bench/_profile-top.mjs <file.cpuprofile> [how many, default 30] [--last=SECONDS]
// --last keeps only the samples of the profile's last SECONDS (the load, without the start-up), and leaves idle out.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const last = Number(process.argv.find((a) => a.startsWith('--last='))?.slice(7) ?? 0);
const [file, n = '30'] = args;
if (!file) {
  console.error('usage: node bench/_profile-top.mjs <file.cpuprofile> [n]');
  process.exit(2);
}
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((node) => [node.id, node]));
const self = new Map();
const dt = prof.timeDeltas;
const from = last ? prof.endTime - last * 1e6 : 0;
let t = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) {
  t += dt[i] ?? 0;
  if (t < from) continue;
  if (last && byId.get(prof.samples[i]).callFrame.functionName === '(idle)') continue;
  self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const frames = new Map();
const scripts = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const script = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '') || '(native)';
  const key = `${f.functionName || '(anonymous)'}  ${script}:${f.lineNumber + 1}`;
  frames.set(key, (frames.get(key) ?? 0) + us);
  const pkg = script.startsWith('@') ? script.split('/').slice(0, 2).join('/') : script.split('/')[0];
  scripts.set(pkg, (scripts.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\nself time by frame:`);
for (const [k, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by package / script:');
for (const [k, us] of [...scripts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(us)}  ${k}`);
