import { DEFAULT_LOCALE, fromAcceptLanguage, fromCookieHeader, isLocale, type Locale, localeOf } from '@kiraya/contract/locales';
import { createContext, Fragment, type ReactNode, useContext } from 'react';

/**
 * The web app's messages (issue 27, ADR 039). Each area (a feature folder, and `src/components` for the shared
 * pieces) keeps its texts in `i18n/en-IN.json` and `i18n/hi-IN.json`, ICU MessageFormat compiled at build time
 * (scripts/icu-catalogs.mjs), and declares them once in `i18n/index.ts`:
 *
 *   export const useLandingT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
 *
 * A component calls `const t = useLandingT()` and writes `t('hero.title')` or `t('rooms', { count })`. Only the
 * active locale's catalogue of an area is loaded, when a component of that area first renders (it suspends
 * until then, like a lazy route: by throwing the loading promise); changing the language loads every area in use first, then re-renders.
 */

/** en-XA is the pseudo-locale of the tests (src/test/pseudo.tsx): English texts, marked, never shipped. */
export type AppLocale = Locale | 'en-XA';
export type Values = Record<string, string | number>;
type Message = string | ((values: Values) => string);
type Catalog = Record<string, Message>;
type Loader = () => Promise<{ default: Record<string, unknown> }>;

export type T<K extends string> = {
  (id: K, values?: Values): string;
  /** A message with React elements among its values ("{link}"): the text around them, with the elements in place. */
  rich: (id: K, values: Record<string, ReactNode>) => ReactNode;
};

/** Read by class components (the error boundary) as their `contextType`; function components use `useLocale()`. */
export const LocaleContext = createContext<AppLocale>(DEFAULT_LOCALE);
export const LocaleProvider = LocaleContext.Provider;
export const useLocale = (): AppLocale => useContext(LocaleContext);

type Area = {
  loaders: Record<Locale, Loader>;
  ready: Map<AppLocale, Catalog>;
  pending: Map<AppLocale, Promise<Catalog>>;
  ts: Map<AppLocale, T<string>>;
};
const areas: Area[] = [];

/** Tests only (the pseudo-locale): rewrites each message's own text, leaving the values it was given. */
let transform: ((text: string) => string) | null = null;
export const setMessageTransform = (fn: ((text: string) => string) | null): void => {
  transform = fn;
};
/** The pseudo-locale's rewrite of a text that is not in a catalogue (the contract's MSG, the error card): tests only. */
export const pseudo = (text: string): string => (transform ? transform(text) : text);

const real = (locale: AppLocale): Locale => (locale === 'en-XA' ? 'en-IN' : locale);

function load(area: Area, locale: AppLocale): Promise<Catalog> {
  let p = area.pending.get(locale);
  if (!p) {
    const loading = area.loaders[real(locale)]().then((m) => {
      const c = m.default as Catalog;
      area.ready.set(locale, c);
      return c;
    });
    p = loading;
    // A failed chunk (offline, a new deploy) may be asked for again on the next render.
    p.catch(() => area.pending.delete(locale));
    area.pending.set(locale, p);
  }
  return p;
}

/** Loads every area declared so far in `locale`: before a language change, and before a build-time render. */
export const preloadLocale = (locale: AppLocale): Promise<unknown> => Promise.all(areas.map((a) => load(a, locale)));

const MARK = '\u0001';

function makeT(c: Catalog): T<string> {
  const run = (id: string, values: Values = {}): string => {
    const m = c[id];
    if (m === undefined) return id;
    if (!transform) return typeof m === 'string' ? m : m(values);
    // Pseudo-locale: mark the values so that only the message's own text is rewritten; not a select's value, which
    // the compiled message compares (`a["role"]==="owner"`, scripts/icu-catalogs.mjs) to choose its words.
    const selects = typeof m === 'string' ? '' : String(m);
    // Read through, not copied: `values` may compute its values as they are read (the landing guide's names).
    const marked = new Proxy(values, {
      get: (o, k) => {
        const v = o[k as string];
        return typeof v === 'string' && !selects.includes(`a[${JSON.stringify(k)}]===`) ? `${MARK}${v}${MARK}` : v;
      },
    });
    const text = typeof m === 'string' ? m : m(marked);
    return text
      .split(MARK)
      .map((part, i) => (i % 2 ? part : transform?.(part)))
      .join('');
  };
  const t = run as T<string>;
  t.rich = (id, values) => {
    const plain: Values = {};
    const nodes: ReactNode[] = [];
    for (const k in values) {
      const v = values[k];
      if (typeof v === 'string' || typeof v === 'number') plain[k] = v;
      else {
        plain[k] = `\u0002${nodes.length}\u0002`;
        nodes.push(v);
      }
    }
    return (
      run(id, plain)
        .split('\u0002')
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in a fixed order
        .map((part, i) => (i % 2 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part))
    );
  };
  return t;
}

/**
 * The language this page starts in (ADR 039): a page the server rendered says it in `<html lang>` (hydration must
 * match it); the app's other pages follow the `kiraya_lang` cookie, then the browser's languages. Null on the server.
 */
export function pageLocale(): Locale | null {
  if (typeof document === 'undefined') return null;
  const lang = document.documentElement.lang;
  if (document.getElementById('root')?.firstElementChild && isLocale(lang)) return lang;
  if (typeof navigator === 'undefined') return fromCookieHeader(document.cookie);
  return fromCookieHeader(document.cookie) ?? fromAcceptLanguage(navigator.languages?.join(',')) ?? localeOf(navigator.language);
}

/** A catalogue module's texts as a `t` (tests of helpers that take one: `translator(en)` with `import en from './i18n/en-IN.json'`). */
export const translator = <K extends string>(catalog: unknown): T<K> => makeT(catalog as Catalog) as T<K>;

/** Declares an area's catalogues; returns its hook. `C` is the English catalogue's type: its keys are the ids. */
export function defineArea<C>(loaders: Record<Locale, () => Promise<{ default: C }>>): () => T<keyof C & string> {
  const area: Area = { loaders: loaders as unknown as Record<Locale, Loader>, ready: new Map(), pending: new Map(), ts: new Map() };
  areas.push(area);
  // Fetched as soon as the area's code is, in the page's language: with it, not after it (no waterfall of chunks).
  const early = pageLocale();
  if (early) load(area, early).catch(() => {});
  return function useAreaT() {
    const locale = useLocale();
    let t = area.ts.get(locale);
    if (t) return t;
    const c = area.ready.get(locale);
    // Not loaded yet: the component suspends as a lazy one does, by throwing the loading promise, until it is.
    // Not use(): a use() that has to wait must be called again on every later render, and in the tests (act)
    // React then leaves the rest of the work queued behind any other suspension (a lazy page).
    if (!c) throw load(area, locale);
    t = makeT(c);
    area.ts.set(locale, t);
    return t;
  };
}
