/**
 * Money rules (ADR 009), decided here and nowhere else:
 * - Inside (database, services, sums) money is an integer number of paise.
 * - At the API edge it is a number of rupees with at most two decimals (`paiseToRupees`, `rupeesToPaise`).
 * - Rupee input (a number or a string such as "1,234.50") becomes paise by reading its decimal digits,
 *   never by multiplying a float: `rupeesToPaise(1.005)` is refused, not silently 100 or 101. A value
 *   that is not a whole number of paise is rejected (trailing zeros are fine: "1.500" is 150).
 * - Derived charges (metered units × rate) are computed exactly in integers and rounded half-up to the
 *   paisa, once, at the end.
 */

/** The largest amount handled: 15 significant digits, so paise → rupees → paise always round-trips. */
export const MAX_PAISE = 999_999_999_999_999;

/** A money value that breaks the rules above; the message is fit to show to a person. */
export class MoneyError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

const isPaise = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

function assertPaise(n: number, what = 'Amount'): void {
  if (!isPaise(n) || Math.abs(n) > MAX_PAISE) throw new MoneyError(`${what} must be a whole number of paise.`);
}

// The integer part: plain digits, or grouped with commas the Indian (1,23,456) or the Western (123,456) way.
const INTEGER_PART = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})$/;

/**
 * A non-negative decimal with at most two significant decimals, in hundredths, read from its digits.
 * Numbers are read from their shortest round-trip decimal form (what JSON.parse produced from the text).
 */
function toHundredths(input: number | string, what: string): number {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new MoneyError(`${what} must be a number.`);
    if (input < 0) throw new MoneyError(`${what} cannot be negative.`);
    text = String(input);
    // Only very large or very small numbers print with an exponent (1e+21, 1e-7).
    if (text.includes('e')) throw new MoneyError(input >= 1 ? `${what} is too large.` : `${what} can have at most two decimals.`);
  } else if (typeof input === 'string') {
    text = input.trim().replace(/^₹\s*/, '');
  } else {
    throw new MoneyError(`${what} must be a number.`);
  }
  const m = /^([0-9,]+)?(?:\.(\d*))?$/.exec(text);
  const whole = m?.[1] ?? '';
  const frac = (m?.[2] ?? '').replace(/0+$/, '');
  if (!m || (whole === '' && (m[2] ?? '') === '') || (whole !== '' && !INTEGER_PART.test(whole))) {
    throw new MoneyError(text.startsWith('-') ? `${what} cannot be negative.` : `${what} must be a number.`);
  }
  if (frac.length > 2) throw new MoneyError(`${what} can have at most two decimals.`);
  const hundredths = BigInt(whole.replace(/,/g, '') || '0') * 100n + BigInt(frac.padEnd(2, '0'));
  if (hundredths > BigInt(MAX_PAISE)) throw new MoneyError(`${what} is too large.`);
  return Number(hundredths);
}

/** Rupees (number or text like "1,23,456.50", "₹ 99") to paise, exactly; throws MoneyError when it is not a whole paisa. */
export const rupeesToPaise = (rupees: number | string, what = 'Amount'): number => toHundredths(rupees, what);

/** Like rupeesToPaise, but null instead of throwing. */
export function tryRupeesToPaise(rupees: number | string): number | null {
  try {
    return toHundredths(rupees, 'Amount');
  } catch (e) {
    if (e instanceof MoneyError) return null;
    throw e;
  }
}

/**
 * True for an amount written with a fraction of a paisa ("1.005", 0.001, 1e-7): more than two decimals that
 * are not trailing zeros, so the form can say what is wrong instead of "enter a valid amount".
 */
export function isFractionOfPaisa(rupees: unknown): boolean {
  if (typeof rupees === 'number' && Number.isFinite(rupees) && String(rupees).includes('e-')) return rupees !== 0;
  const text = typeof rupees === 'number' ? String(rupees) : typeof rupees === 'string' ? rupees.trim().replace(/^₹\s*/, '') : '';
  const m = /^[0-9,]*\.(\d+)$/.exec(text);
  return !!m && (m[1] ?? '').replace(/0+$/, '').length > 2;
}

/** Paise to the rupee number the API sends (1234550 → 12345.5). Exact for every amount up to MAX_PAISE. */
export function paiseToRupees(paise: number): number {
  assertPaise(paise);
  return paise / 100;
}

/** A whole number's digits grouped the Indian way: "1234567" → "12,34,567". */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

// Written out rather than with Intl.NumberFormat: the first ICU number formatter costs 20–30 ms to start
// on a phone, on the public pages' hydration path (issue 12), and this gives the same text everywhere
// (server render and every browser). money.test.ts checks it against Intl's en-IN output.
const rupeeText = (paise: number, decimals: 'always' | 'trim'): string => {
  const abs = Math.abs(paise);
  const whole = groupIndian(String(Math.floor(abs / 100)));
  const cents = abs % 100;
  const frac = decimals === 'always' || cents !== 0 ? `.${String(cents).padStart(2, '0')}` : '';
  return `${paise < 0 ? '-' : ''}${whole}${decimals === 'trim' ? frac.replace(/(\.\d)0$/, '$1') : frac}`;
};

/** Paise as people in India read it: 12345650 → "₹1,23,456.50". */
export function formatPaise(paise: number): string {
  assertPaise(paise);
  const text = rupeeText(paise, 'always');
  return paise < 0 ? `-₹${text.slice(1)}` : `₹${text}`;
}

/**
 * Rupees from the API (at most two decimals) as listings and cards show them (B25): ₹18,500, and paise
 * only when there are some (₹9,000.50). Bills, payments and receipts always show paise (`formatPaise`).
 */
export function formatRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  assertPaise(paise);
  return formatPaise(paise).replace(/\.00$/, '');
}

/** A monthly rent as listings and cards show it (B25): "₹18,500/month". */
export const formatRent = (rupees: number): string => `${formatRupees(rupees)}/month`;

/**
 * A monthly rent in paise, as the app writes one (`formatRent`): "₹18,500/month", in Hindi "₹18,500/माह". The
 * emails and notifications use it, so that one rent is not "₹18,500/month" on a card and "₹18,500.00 a month" in
 * the email about it.
 */
export const formatMonthlyRent = (paise: number, locale?: string): string =>
  `${formatPaise(paise).replace(/\.00$/, '')}/${locale?.startsWith('hi') ? 'माह' : 'month'}`;

/**
 * A rupee amount from the API (at most two decimals) as digits grouped the Indian way, with only the
 * decimals it needs: 12000 → "12,000", 12000.5 → "12,000.5" (en-IN with maximumFractionDigits 2).
 */
export function groupRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  assertPaise(paise);
  return rupeeText(paise, 'trim');
}

/** The sum of amounts in paise; throws if any is not whole paise or the total leaves the safe range. */
export function sumPaise(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) {
    assertPaise(a);
    total += a;
  }
  assertPaise(total, 'Total');
  return total;
}

/** Divides a non-negative bigint by a positive one, rounding half-up. */
const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/**
 * A metered charge (electricity, water, gas) in paise: (current − previous) × rate. Readings and the
 * rate (rupees per unit) take up to two decimals each; the product is exact in integers
 * (hundredths of a unit × paise per unit = 1/100 paisa) and rounded half-up to the paisa once.
 */
export function meteredChargePaise(reading: { previous: number | string; current: number | string; rate: number | string }): number {
  const previous = BigInt(toHundredths(reading.previous, 'Previous reading'));
  const current = BigInt(toHundredths(reading.current, 'Current reading'));
  const ratePaise = BigInt(toHundredths(reading.rate, 'Rate'));
  if (current < previous) throw new MoneyError('Current reading cannot be less than the previous reading.');
  const paise = divHalfUp((current - previous) * ratePaise, 100n);
  if (paise > BigInt(MAX_PAISE)) throw new MoneyError('Charge is too large.');
  return Number(paise);
}

export type OwedBill = { id: string; owedPaise: number /** ISO date or epoch ms: older is settled first. */; date: string | number };
export type Allocation = { id: string; paise: number };

/**
 * Spreads a payment over bills, oldest first (by `date`, then by the order given): each bill gets at
 * most what it owes; what is left after every bill is settled is the remainder. Bills that get nothing
 * are not listed.
 */
export function allocatePayment(amountPaise: number, bills: readonly OwedBill[]): { allocations: Allocation[]; remainder: number } {
  assertPaise(amountPaise, 'Payment');
  if (amountPaise < 0) throw new MoneyError('Payment cannot be negative.');
  for (const b of bills) {
    assertPaise(b.owedPaise, 'Amount owed');
    if (b.owedPaise < 0) throw new MoneyError('Amount owed cannot be negative.');
  }
  const dated = bills.map((b, i) => {
    const t = typeof b.date === 'number' ? b.date : Date.parse(b.date);
    if (!Number.isFinite(t)) throw new MoneyError('A bill has no valid date.');
    return { b, i, t };
  });
  const ordered = dated.sort((x, y) => x.t - y.t || x.i - y.i);
  let left = amountPaise;
  const allocations: Allocation[] = [];
  for (const { b } of ordered) {
    if (left === 0) break;
    const paise = Math.min(left, b.owedPaise);
    if (paise > 0) allocations.push({ id: b.id, paise });
    left -= paise;
  }
  return { allocations, remainder: left };
}
