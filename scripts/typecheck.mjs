#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, two at a time (the CI machine has two cores; one `tsc` after
// another took 50 s there, ADR 040). Each project's errors are printed together once it ends.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// Slowest first, so that the two lanes end together.
const PROJECTS = ['apps/web', 'apps/server', 'packages/contract', '.', 'apps/web/src/sw'];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

const check = (project) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${seconds} s)`);
      if (output.trim()) console.log(output);
      resolve(code ?? 1);
    });
  });

const queue = [...PROJECTS];
let failed = 0;
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) if ((await check(p)) !== 0) failed++;
  }),
);
process.exit(failed ? 1 : 0);
