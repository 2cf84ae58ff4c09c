import { formatLongDate } from './dates.js';

/** Calendar days written the product's way (issue 19): never an ISO date in a sentence a person reads. The rules live in dates.ts. */
export { isCalendarDate, monthInWords, rentPeriodOf } from './dates.js';

/** '2026-11-24' → '24 November 2026' (the input as is when it is not a date). */
export const dayInWords = (iso: string): string => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? formatLongDate(iso.slice(0, 10)) : iso);

// Calendar arithmetic (ADR 046), one set for the server and the web: days are YYYY-MM-DD strings of India's
// calendar, and India keeps no daylight saving, so a day is always 24 hours and its midnight 05:30 ahead of UTC.

const DAY_MS = 86_400_000;
const utcMs = (iso: string): number => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** YYYY-MM-DD plus `days` calendar days (minus, when negative). The input is a day (see isCalendarDate). */
export const addCalendarDays = (iso: string, days: number): string => new Date(utcMs(iso) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD): 0 on the same day, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => Math.round((utcMs(to) - utcMs(from)) / DAY_MS);

/** Midnight in India at the start of the day `iso` (YYYY-MM-DD), as an instant. */
export const startOfIndianDay = (iso: string): Date => new Date(`${iso}T00:00:00+05:30`);
