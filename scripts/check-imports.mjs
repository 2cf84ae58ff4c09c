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
// And the boundaries of ADR 047:
//   core    lib/, plugins/, db/, i18n/, deps.ts and config.ts never import a module, not even its front door
//           (app.ts passes a function in); their test files may, as test/ does.
//   circles no circle between modules (an import of any kind, types included, from a module's non-test file
//           draws an arrow between two modules), and no circle between the server's files at run time
//           (type-only imports left out: they are erased).
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

/** The specifiers of the file's erased statements (`import type`, `export type`, or every name `type`), as `line:specifier`. */
function typeOnlyImports(source) {
  const erased = new Set();
  if (!/\b(import|export)\s*(type\b|\{[^}]*\btype\s)/.test(source)) return erased;
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false);
  for (const st of file.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier))
      continue;
    let typeOnly;
    if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : null;
      typeOnly = Boolean(c && (c.isTypeOnly || (!c.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))));
    } else {
      const named = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : null;
      typeOnly = st.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly));
    }
    if (typeOnly)
      erased.add(`${file.getLineAndCharacterOfPosition(st.moduleSpecifier.getStart(file)).line + 1}:${st.moduleSpecifier.text}`);
  }
  return erased;
}

/** Every module specifier a file names: static and dynamic imports, re-exports, require, and vi.mock-like calls. */
export function specifiersOf(source, { types = true } = {}) {
  const info = ts.preProcessFile(source, true, true);
  const found = info.importedFiles.map((f) => ({ spec: f.fileName, pos: f.pos }));
  // vi.mock('…'), vi.doMock, vi.importActual, vi.importMock: a test can reach a file this way too.
  for (const m of source.matchAll(/\bvi\s*\.\s*(?:mock|doMock|unmock|importActual|importMock)\s*\(\s*(['"`])([^'"`\n]+)\1/g)) {
    found.push({ spec: m[2], pos: m.index });
  }
  const erased = types ? typeOnlyImports(source) : new Set();
  return found.map(({ spec, pos }) => {
    const line = source.slice(0, pos).split('\n').length;
    return { spec, line, typeOnly: erased.has(`${line}:${spec}`) };
  });
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
const isTest = (path) => /\.test\.[cm]?[jt]sx?$/.test(path) || /(^|\/)test\//.test(path.slice(SERVER_SRC.length));
const isCore = (path) =>
  (/^apps\/server\/src\/(lib|plugins|db|i18n)\//.test(path) || /^apps\/server\/src\/(deps|config)\.[cm]?[jt]s$/.test(path)) &&
  !isTest(path);
const isAppOrMain = (path) => /^apps\/server\/src\/(app|main)(\.(js|ts|mjs|mts))?$/.test(path);

/**
 * The violations in the given files. `path` is relative to the repository root (posix separators);
 * relative specifiers are resolved against it, so the files need not exist.
 */
export function checkFiles(files) {
  const problems = [];
  const known = new Set(files.map(({ path }) => toPosix(path)));
  /** module → module → the first import that draws the arrow; server file → the files it imports at run time. */
  const moduleArrows = new Map();
  const fileArrows = new Map();
  for (const { path, source } of files) {
    const from = toPosix(path);
    const fromModule = moduleOf(from);
    const fromFeature = featureOf(from);
    const server = from.startsWith(`${SERVER_SRC}/`) && !isTest(from);
    for (const { spec, line, typeOnly } of specifiersOf(source, { types: server })) {
      if (!spec.startsWith('.')) continue;
      const to = posix.normalize(posix.join(posix.dirname(from), spec));
      const report = (message) => problems.push({ file: from, line, spec, resolved: to, message });
      const target = moduleOf(to);
      if (server && fromModule && target && target.name !== fromModule.name) {
        const arrows = moduleArrows.get(fromModule.name) ?? new Map();
        moduleArrows.set(fromModule.name, arrows);
        if (!arrows.has(target.name)) arrows.set(target.name, { file: from, line, spec, resolved: to });
      }
      if (server && !typeOnly) {
        const file = fileOf(to, known);
        if (file) fileArrows.set(from, [...(fileArrows.get(from) ?? []), { to: file, line, spec }]);
      }
      if (isCore(from) && target) {
        report(
          `core (${from.slice(SERVER_SRC.length + 1)}) imports modules/${target.name}: lib, plugins, db and i18n never import a module; app.ts passes the function in, or the piece moves into lib (ADR 047).`,
        );
      }
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
  for (const circle of circlesOf(new Map([...moduleArrows].map(([m, arrows]) => [m, [...arrows.keys()]])))) {
    const steps = circle.map((m, i) => ({ m, next: circle[(i + 1) % circle.length] }));
    const first = moduleArrows.get(steps[0].m).get(steps[0].next);
    problems.push({
      ...first,
      message: `modules ${[...circle, circle[0]].join(' → ')} import each other in a circle (${steps
        .map(({ m, next }) => {
          const a = moduleArrows.get(m).get(next);
          return `${a.file}:${a.line}`;
        })
        .join(', ')}): break it with a module both need, an event, or a function passed in from app.ts (ADR 047).`,
    });
  }
  const runtime = new Map([...fileArrows].map(([f, arrows]) => [f, arrows.map((a) => a.to)]));
  for (const circle of circlesOf(runtime)) {
    const a = fileArrows.get(circle[0]).find((x) => x.to === circle[1 % circle.length]);
    problems.push({
      file: circle[0],
      line: a.line,
      spec: a.spec,
      resolved: a.to,
      message: `files ${[...circle, circle[0]].map((f) => f.slice(SERVER_SRC.length + 1)).join(' → ')} import each other in a circle at run time: move what they share into a file both import, or pass a function in (ADR 047).`,
    });
  }
  return problems;
}

/** The file a resolved specifier names among `known` (`x.js` is `x.ts` or `x.tsx` in TypeScript sources), else null. */
function fileOf(to, known) {
  const stem = to.replace(/\.(js|mjs|cjs|jsx)$/, '');
  for (const c of [to, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${to}.ts`, `${to}/index.ts`]) if (known.has(c)) return c;
  return null;
}

/**
 * The circles of a graph (node → nodes it points at): each strongly connected component of more than one
 * node, as one path around it from its first node (Tarjan, then a walk inside the component).
 */
function circlesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(new Set(component));
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => {
    // A shortest way back to the start inside the component (breadth first), so the message names a real circle.
    const start = [...component].sort()[0];
    const back = new Map([[start, null]]);
    const queue = [start];
    let end = null;
    while (queue.length > 0 && !end) {
      const v = queue.shift();
      for (const w of graph.get(v) ?? []) {
        if (!component.has(w)) continue;
        if (w === start) {
          end = v;
          break;
        }
        if (!back.has(w)) {
          back.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [];
    for (let v = end; v !== null; v = back.get(v)) path.unshift(v);
    return path;
  });
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
