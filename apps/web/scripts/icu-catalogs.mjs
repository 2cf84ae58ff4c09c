// The web app's message catalogues (issue 27, ADR 039): `<folder>/i18n/<locale>.json` files of ICU MessageFormat
// texts, compiled at build time into a module of plain strings and small functions. The page ships no message
// parser and no i18n runtime beyond src/lib/i18n.tsx (about 0.5 KB): a text without arguments stays a string,
// `{name}` becomes a template literal, `{n, plural, one {…} other {…}}` and `{x, select, …}` become
// conditionals over the locale's plural rule (the contract's pluralCategory, written out here).
// Used by vite.config.ts and vitest.config.ts; the checks in src/i18n.test.ts read the same shapes.
import { readFileSync } from 'node:fs';
import { parse } from '@messageformat/parser';

// `i18n/<locale>.json`, or one folder deeper for an area's second catalogue (`i18n/public/<locale>.json`).
const CATALOG = /[\\/]i18n[\\/](?:[\w-]+[\\/])?([a-z]{2}-[A-Z]{2})\.json$/;
const SUFFIX = '?kiraya-catalog';

/** Source text inside a template literal. */
const lit = (s) => s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

function compileTokens(tokens, hash) {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'content') out += lit(t.value);
    else if (t.type === 'argument') out += `\${a[${JSON.stringify(t.arg)}]}`;
    else if (t.type === 'octothorpe') out += hash ? `\${${hash}}` : '#';
    else if (t.type === 'plural' || t.type === 'selectordinal') {
      const v = `a[${JSON.stringify(t.arg)}]`;
      const n = t.pluralOffset ? `(${v}-${t.pluralOffset})` : v;
      const exact = t.cases.filter((c) => c.key.startsWith('='));
      const named = Object.fromEntries(t.cases.filter((c) => !c.key.startsWith('=')).map((c) => [c.key, c]));
      if (!named.other) throw new Error(`plural {${t.arg}} has no "other" case`);
      let expr = `\`${compileTokens(named.other.tokens, n)}\``;
      if (named.one) expr = `p(${n})==='one'?\`${compileTokens(named.one.tokens, n)}\`:${expr}`;
      for (const c of exact.reverse()) expr = `${v}===${Number(c.key.slice(1))}?\`${compileTokens(c.tokens, n)}\`:${expr}`;
      out += `\${${expr}}`;
    } else if (t.type === 'select') {
      const v = `a[${JSON.stringify(t.arg)}]`;
      const other = t.cases.find((c) => c.key === 'other');
      if (!other) throw new Error(`select {${t.arg}} has no "other" case`);
      let expr = `\`${compileTokens(other.tokens, hash)}\``;
      for (const c of t.cases.filter((c) => c.key !== 'other').reverse())
        expr = `${v}===${JSON.stringify(c.key)}?\`${compileTokens(c.tokens, hash)}\`:${expr}`;
      out += `\${${expr}}`;
    } else if (t.type === 'function') {
      // {n, number} and the like: written as given (Latin digits; money and dates are formatted before).
      out += `\${a[${JSON.stringify(t.arg)}]}`;
    }
  }
  return out;
}

const PLURAL_RULES = {
  hi: 'n>=0&&n<=1',
  en: 'n===1',
};

/** One catalogue's JSON text → the source of an ES module whose default export maps each id to a string or a function. */
export function compileCatalog(json, locale, file = '') {
  const messages = JSON.parse(json);
  const rule = PLURAL_RULES[locale.slice(0, 2)] ?? PLURAL_RULES.en;
  const entries = [];
  let usesPlural = false;
  for (const [id, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${file}: "${id}" is not a string`);
    let tokens;
    try {
      tokens = parse(text);
    } catch (e) {
      throw new Error(`${file}: "${id}" is not ICU MessageFormat: ${e.message}`);
    }
    if (tokens.every((t) => t.type === 'content')) {
      entries.push(`${JSON.stringify(id)}:${JSON.stringify(tokens.map((t) => t.value).join(''))}`);
      continue;
    }
    const body = compileTokens(tokens, null);
    if (body.includes('p(')) usesPlural = true;
    entries.push(`${JSON.stringify(id)}:(a)=>\`${body}\``);
  }
  return `${usesPlural ? `const p=(n)=>${rule}?'one':'other';\n` : ''}export default {${entries.join(',\n')}};\n`;
}

/** The arguments a message uses and, for each, whether it is a plural/select: what two locales must agree on. */
export function messageShape(text) {
  const args = new Map();
  const walk = (tokens) => {
    for (const t of tokens) {
      if (t.type === 'argument' || t.type === 'function') args.set(t.arg, args.get(t.arg) ?? 'value');
      else if (t.type === 'plural' || t.type === 'selectordinal' || t.type === 'select') {
        args.set(t.arg, t.type === 'select' ? 'select' : 'plural');
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(text));
  return Object.fromEntries([...args].sort(([a], [b]) => a.localeCompare(b)));
}

/** The Vite plugin: `import('./i18n/hi-IN.json')` under any `i18n/` folder loads the compiled module. */
export function icuCatalogs() {
  return {
    name: 'kiraya-icu-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/(?:^|[\\/])[a-z]{2}-[A-Z]{2}\.json$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && CATALOG.test(resolved.id) ? `${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile?.(file);
      const locale = CATALOG.exec(file)[1];
      return { code: compileCatalog(readFileSync(file, 'utf8'), locale, file), moduleType: 'js' };
    },
  };
}
