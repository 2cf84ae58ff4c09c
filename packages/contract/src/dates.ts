/**
 * Dates as Kiraya writes them (B25), decided here and nowhere else, for the server and the web app alike:
 * - prose (sentences, facts, headings): "1 November 2026" (`formatLongDate`);
 * - tables and compact lists: "6 Sept 2026" (`formatDate`), en-IN's short month names; in Hindi the full month
 *   ("6 सितंबर 2026"): the abbreviations "सित॰", "नव॰" read as clipped, not as dates (ADR 045);
 * - date fields: DD/MM/YYYY on screen, YYYY-MM-DD to and from the API (`isoToDayMonthYear`, `dayMonthYearToIso`).
 * Written out rather than with Intl: the first ICU formatter costs 20–30 ms to start on a phone, on the
 * public pages' hydration path (issue 12); dates.test.ts checks the texts against Intl's en-IN output.
 */

// Hindi (issue 27, ADR 039): Hindi month names with Latin digits, as Intl's hi-IN-u-nu-latn writes them.
const MONTHS_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
const hindi = (locale?: string) => locale?.startsWith('hi') === true;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** India is 5 h 30 min ahead of UTC all year (no daylight saving): the offset of Kiraya's calendar. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The calendar day (year, month 0-11, day) a value names, in India's calendar (`APP_TIME_ZONE`):
 * - a day written YYYY-MM-DD is that day wherever the viewer is;
 * - an instant (an ISO timestamp or a Date) is the day it was in India, whatever the time zone of the process
 *   writing it, so the server (UTC) and a browser in India write the same "Listed since" between 00:00 and
 *   05:30 in India, and the page hydrates without a mismatch.
 */
const dayOf = (v: string | Date): { y: number; m: number; d: number } | null => {
  const ymd = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  if (ymd) return { y: Number(ymd[1]), m: Number(ymd[2]) - 1, d: Number(ymd[3]) };
  const t = new Date(v).getTime();
  if (Number.isNaN(t)) return null;
  const india = new Date(t + INDIA_OFFSET_MS);
  return { y: india.getUTCFullYear(), m: india.getUTCMonth(), d: india.getUTCDate() };
};

/** Prose: "5 March 2025"; in Hindi "5 मार्च 2025". `locale` defaults to en-IN. */
export const formatLongDate = (iso: string | Date, locale?: string): string => {
  const day = dayOf(iso);
  const months = hindi(locale) ? MONTHS_HI : MONTHS;
  return day ? `${day.d} ${months[day.m]} ${day.y}` : 'Invalid Date';
};

/** Tables and compact lists: "6 Sept 2026"; in Hindi "6 सितंबर 2026" (Hindi month names are short already). */
export const formatDate = (iso: string | Date, locale?: string): string => {
  const day = dayOf(iso);
  const months = hindi(locale) ? MONTHS_HI : SHORT_MONTHS;
  return day ? `${day.d} ${months[day.m]} ${day.y}` : 'Invalid Date';
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-11-01" → "01/11/2026"; anything that is not a YYYY-MM-DD day comes back as it was. */
export const isoToDayMonthYear = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

/**
 * A day typed the Indian way, D/M/YYYY (slashes, dots, hyphens or spaces between), to YYYY-MM-DD; null when
 * it is not a real calendar day ("31/02/2026") or the year is not four digits.
 */
export const dayMonthYearToIso = (text: string): string | null => {
  const m = /^\s*(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

/** True for YYYY-MM-DD naming a day that exists ("2026-02-30" is not one). */
export const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** '2026-11-24' → 'November 2026', in Hindi 'नवंबर 2026' (the input as is when it is not a date). */
export const monthInWords = (iso: string, locale?: string): string => {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? `${(hindi(locale) ? MONTHS_HI : MONTHS)[Number(m[2]) - 1]} ${m[1]}` : iso;
};

/** The rent period a bill dated `billDate` is for: the first day of its month ('2026-11-24' → '2026-11-01'). */
export const rentPeriodOf = (billDate: string): string => `${billDate.slice(0, 7)}-01`;

/** Kiraya's calendar is India's: "today" for bills, move-ins, move-outs and receipts is the date in Asia/Kolkata. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

let indiaDay: Intl.DateTimeFormat | undefined;
/** Today's date (YYYY-MM-DD) in India, at `now`, wherever the server or the viewer is (the formatter is made on first use). */
export function todayInIndia(now: Date = new Date()): string {
  indiaDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return indiaDay.format(now);
}
