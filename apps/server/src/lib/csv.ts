// CSV text for the owners' exports (statistics) and the payouts list (payouts): in lib so that neither module
// imports the other for it.

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, quotes doubled.
 * Formula-injection safe: text starting with = + - @ (or a tab / carriage return) is prefixed with a single
 * quote so spreadsheets show it as text instead of running it.
 */
export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? v.toFixed(2) : String(v);
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | boolean | null | undefined)[]): string => cells.map(csvCell).join(',');
