import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@kiraya/contract/locales';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type AppLocale, LocaleProvider, pageLocale, preloadLocale } from './i18n';
import { preloadPageErrors } from './pageErrors';

/**
 * The language of this page (issue 27, ADR 039). A page the server rendered (the landing page, the listings)
 * says it in `<html lang>`, which hydration must match; the app's other pages follow the `kiraya_lang` cookie,
 * then the browser's languages. The cookie is what the server reads too (with a signed-in user's stored locale
 * before it, which signing in copies into the cookie).
 */
export function initialLocale(): Locale {
  return pageLocale() ?? 'en-IN';
}

/** The cookie the server reads (one year, SameSite=Lax; not httpOnly: the page reads it after signing in). */
export function rememberLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written once per choice; Cookie Store is not in every browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

type SetLocale = (next: Locale) => Promise<void>;
const SetLocaleContext = createContext<SetLocale>(async () => {});
/** Changes the language: loads the new texts of every area in use, then re-renders, and remembers the choice. */
export const useSetLocale = (): SetLocale => useContext(SetLocaleContext);

export function LocaleRoot({ initial, children }: { initial: AppLocale; children: ReactNode }) {
  const [locale, setLocale] = useState<AppLocale>(initial);
  const change = useCallback<SetLocale>(async (next) => {
    rememberLocale(next);
    await preloadLocale(next);
    document.documentElement.lang = next;
    // The installable app keeps public pages for offline use (ADR 035): never one language's page for the other.
    if ('caches' in window) void caches.delete('kiraya-pages').catch(() => {});
    startTransition(() => setLocale(next));
  }, []);
  const value = useMemo(() => change, [change]);
  // The app's own pages (app.html) start in English markup: say the language once it is known.
  useEffect(() => {
    document.documentElement.lang = locale;
    preloadPageErrors(locale);
  }, [locale]);
  return (
    <SetLocaleContext.Provider value={value}>
      <LocaleProvider value={locale}>{children}</LocaleProvider>
    </SetLocaleContext.Provider>
  );
}
