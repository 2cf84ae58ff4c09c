#!/usr/bin/env node
// The module rules of ADR 009, checked on real paths. Biome's noRestrictedImports matches the text of an
// import against globs, so `./../payments/service.js`, `../../payments/service.js` from a module's
// sub-folder and every file outside modules/ slipped through. This resolves each relative import against
// the importing file and judges where it lands:
//   server  a file under apps/server/src/modules/<m>/ reaches another module only through
//           modules/<other>/index.js, and never imports app.ts or main.ts; a file anywhere else in the
//           repository (lib, plugins, test, db, seed, app.ts, bench …) only through modules/<m>/index.js.
//   web     a file under apps/web/src/features/<a>/ never imports apps/web/src/features/<b>/ (routes
//           compose features; shared pieces live in src/components and src/lib).
// `npm run lint` runs it; scripts/check-imports.test.mjs feeds it the probes.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SERVER_SRC = 'apps/server/src';
const MODULES = `${SERVER_SRC}/modules/`;
const FEATURES = 'apps/web/src/features/';
const SOURCE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);
const SKIP = new Set([
  'node_modules',
  '.git',
  '.tmp',
  'dist',
  'dist-ssr',
  'dist-render',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** Every module specifier a file names: static and dynamic imports, re-exports, require, and vi.mock-like calls. */
export function specifiersOf(source) {
  const info = ts.preProcessFile(source, true, true);
  const found = info.importedFiles.map((f) => ({ spec: f.fileName, pos: f.pos }));
  // vi.mock('…'), vi.doMock, vi.importActual, vi.importMock: a test can reach a file this way too.
  for (const m of source.matchAll(/\bvi\s*\.\s*(?:mock|doMock|unmock|importActual|importMock)\s*\(\s*(['"`])([^'"`\n]+)\1/g)) {
    found.push({ spec: m[2], pos: m.index });
  }
  return found.map(({ spec, pos }) => ({ spec, line: source.slice(0, pos).split('\n').length }));
}

const toPosix = (p) => p.split(sep).join(posix.sep);

/** `modules/<m>/…` → { name, rest } for a path relative to the repository root, else null. */
function moduleOf(path) {
  if (!path.startsWith(MODULES)) return null;
  const [name, ...rest] = path.slice(MODULES.length).split('/');
  return name ? { name, rest: rest.join('/') } : null;
}
function featureOf(path) {
  if (!path.startsWith(FEATURES)) return null;
  const [name, ...rest] = path.slice(FEATURES.length).split('/');
  return name && rest.length > 0 ? name : null;
}
const isFrontDoor = (rest) => rest === '' || /^index(\.(js|ts|mjs|mts))?$/.test(rest);
const isAppOrMain = (path) => /^apps\/server\/src\/(app|main)(\.(js|ts|mjs|mts))?$/.test(path);

/**
 * The violations in the given files. `path` is relative to the repository root (posix separators);
 * relative specifiers are resolved against it, so the files need not exist.
 */
export function checkFiles(files) {
  const problems = [];
  for (const { path, source } of files) {
    const from = toPosix(path);
    const fromModule = moduleOf(from);
    const fromFeature = featureOf(from);
    for (const { spec, line } of specifiersOf(source)) {
      if (!spec.startsWith('.')) continue;
      const to = posix.normalize(posix.join(posix.dirname(from), spec));
      const report = (message) => problems.push({ file: from, line, spec, resolved: to, message });
      const target = moduleOf(to);
      if (target && !isFrontDoor(target.rest) && target.name !== fromModule?.name) {
        report(
          fromModule
            ? `modules/${fromModule.name} reaches into modules/${target.name}/${target.rest}: import ../${target.name}/index.js, exporting what it needs there (ADR 009).`
            : `reaches into modules/${target.name}/${target.rest}: import modules/${target.name}/index.js, exporting what it needs there (ADR 009).`,
        );
      }
      if (fromModule && isAppOrMain(to)) {
        report(
          'A module does not import app.ts or main.ts (an import circle through every route module); the dependencies type is in deps.ts (ADR 009).',
        );
      }
      const toFeature = featureOf(to);
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        report(
          `features/${fromFeature} imports features/${toFeature}: a feature never imports another feature; move the shared piece to src/components or src/lib, or compose them in src/routes (ADR 008).`,
        );
      }
    }
  }
  return problems;
}

function* walk(root, dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, rel);
    else if (SOURCE.has(extname(entry.name)) && !entry.name.endsWith('.d.ts')) yield rel;
  }
}

/** Every source file of the repository at `root`, checked. */
export function checkTree(root) {
  return checkFiles([...walk(root, '')].map((path) => ({ path, source: readFileSync(join(root, path), 'utf8') })));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkTree(root);
  for (const p of problems) console.error(`${p.file}:${p.line}  '${p.spec}' → ${p.resolved}\n  ${p.message}`);
  if (problems.length > 0) {
    console.error(`\ncheck-imports: ${problems.length} import${problems.length === 1 ? '' : 's'} break the module rules.`);
    process.exit(1);
  }
  console.log('check-imports: module and feature imports ok.');
}
