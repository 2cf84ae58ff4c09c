/**
 * The rent cycle's arithmetic (issue 22, ADR 028), pure and exact: dates are YYYY-MM-DD strings (India's
 * calendar), money integer paise, percents hundredths of a percent.
 *
 * Rounding rule: every derived amount is rounded **once, half up, to the paisa**: a prorated month is
 * Σ(daily rate) / days-in-month over the days billed, a percent late fee owed × bp / 10 000. A yearly
 * increment is compounded and each year's monthly rent rounded half up to the paisa before it is used.
 */

import { addCalendarDays, daysBetween } from '@kiraya/contract/calendar';

const pad = (n: number) => String(n).padStart(2, '0');

/** The contract's calendar arithmetic (calendar.ts, ADR 046) under the name the rent cycle uses. */
export const addDaysIso = addCalendarDays;
export const periodOf = (d: string): string => `${d.slice(0, 7)}-01`;
export const daysInMonth = (period: string): number =>
  new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).getUTCDate();
export const lastDayOf = (period: string): string => `${period.slice(0, 7)}-${pad(daysInMonth(period))}`;
export function addMonths(period: string, n: number): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  return `${String(yy).padStart(4, '0')}-${pad((((m % 12) + 12) % 12) + 1)}-01`;
}
const maxIso = (...ds: string[]) => ds.reduce((a, b) => (a > b ? a : b));
const minIso = (...ds: string[]) => ds.reduce((a, b) => (a < b ? a : b));

/** a × b / c rounded half up (non-negative integers), exact through BigInt. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(n / (BigInt(c) * 2n));
}

/** The n-th anniversary of `start` (n ≥ 1); 29 February falls on the 28th in other years. */
export function anniversary(start: string, n: number): string {
  const y = Number(start.slice(0, 4)) + n;
  const period = `${String(y).padStart(4, '0')}-${start.slice(5, 7)}-01`;
  const day = Math.min(Number(start.slice(8, 10)), daysInMonth(period));
  return `${period.slice(0, 8)}${pad(day)}`;
}

/** One version of a lease's terms as the cycle reads it. */
export type CycleTerms = {
  effectiveFrom: string;
  rentPaise: number;
  rentDueDay: number;
  startDate: string;
  incrementBp: number;
};

/** The version in force for `period`: the latest whose effectiveFrom is on or before it (versions sorted ascending). */
export function termsFor<T extends { effectiveFrom: string }>(versions: readonly T[], period: string): T | null {
  let found: T | null = null;
  for (const v of versions) if (v.effectiveFrom <= period) found = v;
  return found ?? versions[0] ?? null;
}

/**
 * The monthly rent on `day` under `terms`: the version's rent, raised by the increment at each anniversary of
 * the lease start that falls after the version took effect (compounded, each year rounded half up).
 */
export function monthlyRentOn(terms: CycleTerms, day: string): number {
  let rent = terms.rentPaise;
  for (let n = 1; ; n++) {
    const a = anniversary(terms.startDate, n);
    if (a > day) return rent;
    if (a > terms.effectiveFrom && terms.incrementBp > 0) rent = mulDivHalfUp(rent, 10_000 + terms.incrementBp, 10_000);
  }
}

/**
 * The Rent Bill of `period` in paise: the days of the period from the lease start (or the period's first
 * day) to the move-out date (or its last day), both included, each at that day's monthly rent, divided by
 * the days in the month, rounded once half up. 0 when no day of the period is in the tenancy.
 */
export function rentForPeriod(terms: CycleTerms, period: string, endDate: string | null): number {
  const from = maxIso(period, terms.startDate);
  const to = endDate ? minIso(lastDayOf(period), endDate) : lastDayOf(period);
  if (from > to) return 0;
  const days = daysInMonth(period);
  // Σ daily rate: split at the anniversaries inside [from, to].
  let total = 0n;
  let segStart = from;
  while (segStart <= to) {
    const rate = monthlyRentOn(terms, segStart);
    // The next day the rate may change: the next anniversary after segStart.
    let next = to;
    for (let n = 1; n < 200; n++) {
      const a = anniversary(terms.startDate, n);
      if (a > segStart) {
        if (a <= to) next = addDaysIso(a, -1);
        break;
      }
    }
    const count = daysBetween(segStart, next) + 1;
    total += BigInt(rate) * BigInt(count);
    segStart = addDaysIso(next, 1);
  }
  return Number((total * 2n + BigInt(days)) / (BigInt(days) * 2n));
}

/**
 * When a period's Rent Bill falls due, is dated and is raised: due on the due day (in the lease's first month
 * never before `firstBillDays` after its start, when given: FIRST_BILL_MIN_DAYS or the grace days if longer), raised `leadDays` before, dated that day but never before the period's
 * first day or the lease start (so the bill date's month is the rent period, as receipts read it).
 */
export function scheduleOf(
  terms: CycleTerms,
  period: string,
  leadDays: number,
  firstBillDays = 0,
): { dueDate: string; billDate: string; raiseOn: string } {
  const dueDay = `${period.slice(0, 8)}${pad(Math.min(terms.rentDueDay, daysInMonth(period)))}`;
  // The lease's first bill gives the tenant `firstBillDays` from the start (ADR 041): never due at once.
  const firstDue = firstBillDays > 0 && period === periodOf(terms.startDate) ? addDaysIso(terms.startDate, firstBillDays) : terms.startDate;
  const dueDate = maxIso(dueDay, firstDue);
  const raiseOn = addDaysIso(dueDate, -leadDays);
  const billDate = maxIso(raiseOn, period, terms.startDate);
  return { dueDate, billDate, raiseOn };
}

/** A late fee on `owedPaise` of overdue rent: the flat amount, or the percent rounded half up to the paisa. */
export const lateFeeAmount = (
  fee: { kind: 'flat'; amountPaise: number } | { kind: 'percent'; percentBp: number },
  owedPaise: number,
): number => (fee.kind === 'flat' ? fee.amountPaise : mulDivHalfUp(owedPaise, fee.percentBp, 10_000));
