/**
 * The languages Kiraya speaks (issue 27, ADR 039), declared once for the server and the web app. Small and
 * free of imports: the landing page's first script reads it.
 */
export const LOCALES = ['en-IN', 'hi-IN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-IN';

/** A visitor's choice (and a signed-in user's, mirrored): one year, SameSite=Lax, readable by the page. */
export const LOCALE_COOKIE = 'kiraya_lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 86_400;
/** Public pages name their language in the URL for crawlers and hreflang: `/properties?lang=hi-IN`. */
export const LOCALE_PARAM = 'lang';

/** What the switch shows: each language in its own script. */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी' };
/** Open Graph's `og:locale`. */
export const OG_LOCALES: Record<Locale, string> = { 'en-IN': 'en_IN', 'hi-IN': 'hi_IN' };

export const isLocale = (v: unknown): v is Locale => v === 'en-IN' || v === 'hi-IN';

/**
 * A locale from a loose tag ('hi', 'HI-in', 'en-GB'): its language decides; null for a language Kiraya does
 * not speak.
 */
export function localeOf(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lang = tag.trim().slice(0, 2).toLowerCase();
  if (lang === 'hi') return 'hi-IN';
  if (lang === 'en') return 'en-IN';
  return null;
}

/**
 * The best locale for an `Accept-Language` header (RFC 9110 12.5.4: the highest q among the languages
 * Kiraya speaks, earlier first on ties), or null when it names none of them.
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: Locale | null = null;
  let bestQ = 0;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const locale = localeOf(tag);
    if (!locale) continue;
    const qp = params.find((p) => p.trim().startsWith('q='));
    const q = qp ? Number(qp.trim().slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best;
}

/** The `kiraya_lang` cookie's value in a Cookie header (or `document.cookie`), if it names a locale. */
export function fromCookieHeader(cookie: string | null | undefined): Locale | null {
  if (!cookie) return null;
  const m = /(?:^|;\s*)kiraya_lang=([^;]*)/.exec(cookie);
  return m && isLocale(m[1]) ? m[1] : null;
}

/**
 * The caller's language (ADR 039): an explicit choice in the URL (public pages), then the signed-in user's
 * stored locale, then the cookie, then `Accept-Language`, then English.
 */
export function resolveLocale(sources: {
  param?: string | null;
  user?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.param)) return sources.param;
  if (isLocale(sources.user)) return sources.user;
  return fromCookieHeader(sources.cookie) ?? fromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}

/**
 * CLDR plural categories of the two languages, written out (no Intl on the public pages' hydration path,
 * issue 12): English "one" is exactly 1; Hindi "one" is i = 0 or n = 1 (0, 0.5 and 1).
 */
export function pluralCategory(locale: string, n: number): 'one' | 'other' {
  if (locale.startsWith('hi')) return n >= 0 && n <= 1 ? 'one' : 'other';
  return n === 1 ? 'one' : 'other';
}
