import { formatPaise, MAX_PAISE } from '@kiraya/contract/money';

/** Listings and cards (B25): ₹18,500 and ₹18,500/month, paise only when there are some. */
export { formatRent, formatRupees } from '@kiraya/contract/money';

// No Intl formatters here: the first ICU formatter costs 20–30 ms to start on a phone, on the public
// pages' hydration path (issue 12). The texts are the en-IN ones (format.test.ts checks them against Intl).

/** Bills, payments and receipts (B25): ₹1,23,456.00, always with paise (rupees from the API, at most two decimals). */
export const formatMoney = (rupees: number): string => {
  const paise = Math.round(rupees * 100);
  return Number.isSafeInteger(paise) && Math.abs(paise) <= MAX_PAISE ? formatPaise(paise) : '—';
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar day written YYYY-MM-DD is that day wherever the viewer is (not midnight UTC shifted to local time). */
const toDate = (v: string | Date): Date => {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(v);
};
/** 5 March 2025 */
export const formatLongDate = (iso: string | Date): string => {
  const d = toDate(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
};
/** 5/3/2025 */
export const formatDate = (iso: string | Date): string => {
  const d = toDate(iso);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : `${d.getDate()}/${d.getMonth() + 1}/${d.getFullYear()}`;
};
export const formatMB = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
