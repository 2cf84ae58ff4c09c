import { pseudo, useLocale } from './i18n';

/**
 * The contract's `MSG` texts in the page's language (issue 27, ADR 039): `const msg = useMsg(); msg(MSG.x)`,
 * also for texts a zod schema or the server gave in English. English needs nothing; Hindi loads the contract's
 * Hindi catalogue once (its own chunk, never on the landing page), suspending like a lazy page until then.
 */
type Localize = (text: string) => string;
const identity: Localize = (text) => text;
let hindi: Promise<Localize> | undefined;
let hindiReady: Localize | undefined;

const loadHindi = () => {
  hindi ??= import('@kiraya/contract/localize').then(({ localizeMessage }) => {
    hindiReady = (text: string) => localizeMessage(text, 'hi-IN');
    return hindiReady;
  });
  // A failed chunk (offline, a new deploy) may be asked for again on the next render.
  hindi.catch(() => {
    hindi = undefined;
  });
  return hindi;
};

/**
 * The tests' pseudo-locale (src/test/pseudo.tsx): a text shown through useMsg() counts as translated when the
 * contract has its Hindi (an `MSG` text); any other text (a schema's own English, a gateway's words) stays as it
 * is, and the harness lists it.
 */
const pseudoMsg: Localize = (text) => (hindiReady && hindiReady(text) === text ? text : pseudo(text));

export function useMsg(): Localize {
  const locale = useLocale();
  if (locale !== 'hi-IN' && locale !== 'en-XA') return identity;
  // Suspends like a lazy page until the catalogue is in (src/lib/i18n.tsx says why not use()).
  if (!hindiReady) throw loadHindi();
  return locale === 'en-XA' ? pseudoMsg : hindiReady;
}

/** Outside React (a toast raised by a mutation): the text in the document's language, when its catalogue is loaded. */
export const msgNow = (text: string): string => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang === 'en-XA') return pseudoMsg(text);
  return lang === 'hi-IN' && hindiReady ? hindiReady(text) : text;
};

/**
 * One contract text in the page's language, as a component: for a text shown only sometimes (a field's error, a
 * failed load) on a page that must not load the Hindi catalogue of every message up front (the public pages).
 */
export function Msg({ text }: { text: string }): string {
  return useMsg()(text);
}

/**
 * A contract text in the document's language, loading the Hindi catalogue if it is not in yet: for a toast raised
 * by a click on a page that does not load it up front (the public pages).
 */
export async function msgAsync(text: string): Promise<string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang === 'en-XA') return (await loadHindi().catch(() => null)) ? pseudoMsg(text) : pseudo(text);
  if (lang !== 'hi-IN') return text;
  return (hindiReady ?? (await loadHindi().catch(() => null)) ?? identity)(text);
}
