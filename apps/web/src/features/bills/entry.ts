/**
 * Bill entry logic (spec 4), pure. Stand-in until the contract's bills module (h-bills) lands: the
 * helpers then come from '@kiraya/contract' and this file re-exports them.
 */
export const BILL_TYPES = [
  'Rent Bill',
  'Electricity Bill',
  'Water Bill',
  'Gas Bill',
  'Maintenance Bill',
  'Internet and Cable Bill',
  'Security Bill',
  'Property Tax',
  'Parking Fee',
  'Other',
] as const;
export type BillType = (typeof BILL_TYPES)[number];
export const METER_BILL_TYPES: readonly BillType[] = ['Electricity Bill', 'Water Bill', 'Gas Bill'];
export const isMeterBill = (t: string): boolean => (METER_BILL_TYPES as readonly string[]).includes(t);

const num = (v: string | number | undefined | null): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Units consumed = current − previous once both are set (null otherwise). */
export function unitsConsumed(current: string | number | undefined, previous: string | number | undefined): number | null {
  const c = num(current);
  const p = num(previous);
  if (c === null || p === null) return null;
  return Math.round((c - p) * 100) / 100;
}

/** Amount = units × rate, to 2 decimals (computed in paise so 0.1 × 3 is 0.30, not 0.30000000000000004). */
export function meterAmount(units: number | null, rate: string | number | undefined): number | null {
  const r = num(rate);
  if (units === null || r === null) return null;
  return Math.round(units * r * 100) / 100;
}

/** Bill date + days, as YYYY-MM-DD (calendar arithmetic in UTC, so no time zone shifts the day). */
export function addDays(isoDay: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}
export const DUE_DAYS = 10;
