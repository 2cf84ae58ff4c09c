import { formatLongDate } from './dates.js';

/** Calendar days written the product's way (issue 19): never an ISO date in a sentence a person reads. The rules live in dates.ts. */
export { isCalendarDate, monthInWords, rentPeriodOf } from './dates.js';

/** '2026-11-24' → '24 November 2026' (the input as is when it is not a date). */
export const dayInWords = (iso: string): string => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? formatLongDate(iso.slice(0, 10)) : iso);
