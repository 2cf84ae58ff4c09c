#!/usr/bin/env node
// No string left behind (issue 27, ADR 039): a user-visible text written straight into a .tsx file of the web app
// fails `npm run lint`. Caught: JSX text with letters, and `aria-label`, `title`, `placeholder` and `alt` given a
// string literal. Texts belong in the area's catalogue (`<area>/i18n/en-IN.json` and `hi-IN.json`, read with the
// area's `useXxxT()`), or come from the contract's MSG through `useMsg()`. Tests, src/test and `data-testid` are
// exempt. Files not converted yet are listed in scripts/untranslated.json: the list only shrinks (a listed file
// that has no such text any more fails too, so that it is taken off).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const ROOT = 'apps/web/src';
const ATTRS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-placeholder']);
const LETTERS = /\p{L}{2,}/u;
/** Names that read the same in every language. */
const NAMES = new Set(['Kiraya', 'UPI', 'PAN', 'Razorpay']);

/** The hard-coded texts of one .tsx source: [{ line, text }]. */
export function hardCodedStrings(source, file = 'x.tsx') {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const add = (node, text) =>
    NAMES.has(text.trim()) || found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: text.trim() });
  const visit = (node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) add(node, node.text);
    if (ts.isJsxAttribute(node) && ATTRS.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) && LETTERS.test(init.text)) add(node, init.text);
      if (ts.isJsxExpression(init) && init.expression) {
        const e = init.expression;
        if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && LETTERS.test(e.text)) add(node, e.text);
        if (ts.isTemplateExpression(e) && LETTERS.test(e.head.text + e.templateSpans.map((s) => s.literal.text).join('')))
          add(node, e.getText(sf));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'test' && name !== 'node_modules') out.push(...files(p));
    } else if (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) out.push(p);
  }
  return out;
}

export function check() {
  const allow = new Set(JSON.parse(readFileSync(join(repo, 'scripts/untranslated.json'), 'utf8')).files);
  const problems = [];
  const seen = new Set();
  for (const f of files(join(repo, ROOT))) {
    const rel = relative(repo, f).split('\\').join('/');
    seen.add(rel);
    const found = hardCodedStrings(readFileSync(f, 'utf8'), f);
    if (allow.has(rel)) {
      if (found.length === 0) problems.push(`${rel}: has no hard-coded text any more; take it off scripts/untranslated.json`);
    } else
      for (const { line, text } of found)
        problems.push(`${rel}:${line}: hard-coded text "${text.slice(0, 60)}": put it in the area's i18n catalogue`);
  }
  for (const rel of allow) if (!seen.has(rel)) problems.push(`${rel}: listed in scripts/untranslated.json but not found`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = check();
  if (problems.length) {
    console.error(`${problems.join('\n')}\n\n${problems.length} untranslated text(s) (ADR 039, "How to translate a screen").`);
    process.exit(1);
  }
}
