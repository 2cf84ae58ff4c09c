const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const longDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-IN');

/** ₹1,23,456.00 */
export const formatMoney = (rupees: number): string => inr.format(rupees);
/** A calendar day written YYYY-MM-DD is that day wherever the viewer is (not midnight UTC shifted to local time). */
const toDate = (v: string | Date): Date => {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(v);
};
export const formatLongDate = (iso: string | Date): string => longDate.format(toDate(iso));
export const formatDate = (iso: string | Date): string => shortDate.format(toDate(iso));
export const formatMB = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
