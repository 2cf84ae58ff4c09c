import { PAGE_ERROR_MSG } from '@kiraya/contract/page-errors';
import { type AppLocale, pseudo } from './i18n';

/**
 * The error card's texts in the page's language (issue 27, ADR 039). English is in every page's first script
 * (the contract's page-errors.ts); a Hindi page loads the Hindi when it starts (LocaleRoot), before any error:
 * a page whose code fails to load after a deploy, or offline, can fetch nothing more. Until then, English.
 */
export type PageErrorTexts = Record<keyof typeof PAGE_ERROR_MSG, string>;
let hindi: PageErrorTexts | undefined;

export function preloadPageErrors(locale: AppLocale): Promise<void> {
  if (locale !== 'hi-IN' || hindi) return Promise.resolve();
  return import('@kiraya/contract/page-errors.hi-IN')
    .then((m) => {
      hindi = m.PAGE_ERROR_MSG_HI;
    })
    .catch(() => {});
}

export function pageErrorTexts(locale: AppLocale): PageErrorTexts {
  if (locale === 'hi-IN' && hindi) return hindi;
  if (locale === 'en-XA') return Object.fromEntries(Object.entries(PAGE_ERROR_MSG).map(([k, v]) => [k, pseudo(v)])) as PageErrorTexts;
  return PAGE_ERROR_MSG;
}
