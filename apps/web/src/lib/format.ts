const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const longDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-IN');

/** ₹1,23,456.00 */
export const formatMoney = (rupees: number): string => inr.format(rupees);
export const formatLongDate = (iso: string | Date): string => longDate.format(new Date(iso));
export const formatDate = (iso: string | Date): string => shortDate.format(new Date(iso));
export const formatMB = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
