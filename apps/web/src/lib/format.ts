import { formatDate as contractDate, formatLongDate as contractLongDate, monthInWords as contractMonth } from '@kiraya/contract/dates';
import { formatPaise, MAX_PAISE, tryRupeesToPaise } from '@kiraya/contract/money';
import { type AppLocale, pseudo } from './i18n';

/** Listings and cards (B25): ₹18,500 and ₹18,500/month, paise only when there are some. */
export { formatRent, formatRupees } from '@kiraya/contract/money';

// No Intl formatters here: the first ICU formatter costs 20–30 ms to start on a phone, on the public
// pages' hydration path (issue 12). The texts are the en-IN ones (format.test.ts checks them against Intl).

/** Bills, payments and receipts (B25): ₹1,23,456.00, always with paise (rupees from the API, at most two decimals). */
export const formatMoney = (rupees: number): string => {
  // Read to the paisa by the contract (ADR 009): no float arithmetic on money here.
  const paise = Number.isFinite(rupees) ? tryRupeesToPaise(Math.abs(rupees).toFixed(2)) : null;
  if (paise === null || paise > MAX_PAISE) return '—';
  return rupees < 0 ? `-${formatPaise(paise)}` : formatPaise(paise);
};

/**
 * Prose "1 November 2026", tables "6 Sept 2026" (B25); "1 नवंबर 2026" in Hindi (issue 27). Pass `useLocale()`.
 * In the tests' pseudo-locale (src/test/pseudo.tsx) the date comes out rewritten: one written without the
 * page's locale, or straight from the contract, stays plain and the harness lists it.
 */
type DateText = (iso: string | Date, locale?: AppLocale) => string;
const localized =
  (f: (iso: string | Date, locale?: string) => string): DateText =>
  (iso, locale) =>
    locale === 'en-XA' ? pseudo(f(iso)) : f(iso, locale);
export const formatDate = localized(contractDate);
export const formatLongDate = localized(contractLongDate);
/** "November 2026", "नवंबर 2026". */
export const monthInWords = localized((iso, locale) => contractMonth(String(iso), locale));
/** A chart's month ("2026-11"): "Nov 2026", "नवंबर 2026" (the table month, then the year). */
export const shortMonthInWords = localized((month, locale) => contractDate(`${String(month).slice(0, 7)}-01`, locale).replace(/^\d+ /, ''));

/**
 * A time of day, "03:30 pm" (`options` as Intl's: digits, zone), in the page's language with Latin digits; Hindi
 * on the 24-hour clock ("15:30"), since hi-IN's Intl writes the English "am"/"pm" (ADR 045). Intl only when
 * called: never on the public pages' hydration path. Pass `useLocale()`.
 */
export const formatTime = (d: Date, locale: AppLocale | undefined, options: Intl.DateTimeFormatOptions): string => {
  const text =
    locale === 'hi-IN' ? d.toLocaleTimeString('hi-IN-u-nu-latn', { ...options, hourCycle: 'h23' }) : d.toLocaleTimeString('en-IN', options);
  return locale === 'en-XA' ? pseudo(text) : text;
};

/**
 * An Indian mobile number as people read it: "+917108838652" → "+91 71088 38652", "7108838652" → "71088 38652".
 * Anything else is shown as stored.
 */
export const formatPhone = (phone: string): string => {
  const compact = phone.replace(/[\s-]/g, '');
  const m = /^(\+91)?([6-9]\d{4})(\d{5})$/.exec(compact);
  return m ? `${m[1] ? '+91 ' : ''}${m[2]} ${m[3]}` : phone;
};

export const formatMB = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
