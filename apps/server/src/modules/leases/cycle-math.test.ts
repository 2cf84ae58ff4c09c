import { describe, expect, it } from 'vitest';
import {
  addMonths,
  anniversary,
  daysInMonth,
  lateFeeAmount,
  monthlyRentOn,
  mulDivHalfUp,
  rentForPeriod,
  scheduleOf,
} from './cycle-math.js';

const terms = { effectiveFrom: '2026-01-01', rentPaise: 1_000_000, rentDueDay: 5, startDate: '2026-01-17', incrementBp: 1000 };

describe('the rent cycle arithmetic (ADR 028: half up to the paisa, once)', () => {
  it('rounds half up, exactly, beyond the safe range of floating point', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(599_999, 200, 10_000)).toBe(12_000);
    expect(mulDivHalfUp(99_999_999_999_999, 9_999, 10_000)).toBe(99_989_999_999_999);
  });

  it('months, anniversaries and leap days', () => {
    expect(daysInMonth('2028-02-01')).toBe(29);
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2027-01-01', -1)).toBe('2026-12-01');
    expect(anniversary('2028-02-29', 1)).toBe('2029-02-28');
    expect(anniversary('2028-02-29', 4)).toBe('2032-02-29');
  });

  it('compounds the increment at each anniversary, each year rounded to the paisa', () => {
    expect(monthlyRentOn(terms, '2027-01-16')).toBe(1_000_000);
    expect(monthlyRentOn(terms, '2027-01-17')).toBe(1_100_000);
    expect(monthlyRentOn({ ...terms, rentPaise: 333_333 }, '2028-01-17')).toBe(403_333); // 333,333 → 366,666.3 → 366,666 → 403,332.6 → 403,333
    // A change from a period takes its rent from there: anniversaries up to it are not applied again.
    expect(monthlyRentOn({ ...terms, effectiveFrom: '2027-02-01', rentPaise: 1_200_000 }, '2027-06-01')).toBe(1_200_000);
  });

  it('prorates the first and last months by the days in the month, both ends included', () => {
    expect(rentForPeriod(terms, '2026-01-01', null)).toBe(483_871);
    expect(rentForPeriod(terms, '2026-02-01', '2026-02-01')).toBe(35_714); // 1 of 28 days
    expect(rentForPeriod(terms, '2026-02-01', '2026-01-31')).toBe(0);
    expect(rentForPeriod(terms, '2027-01-01', null)).toBe(1_048_387);
  });

  it('schedules: due on the due day (the start in its first month), raised the lead days before, dated in its month', () => {
    expect(scheduleOf(terms, '2026-01-01', 5)).toEqual({ dueDate: '2026-01-17', billDate: '2026-01-17', raiseOn: '2026-01-12' });
    expect(scheduleOf(terms, '2026-03-01', 5)).toEqual({ dueDate: '2026-03-05', billDate: '2026-03-01', raiseOn: '2026-02-28' });
    expect(scheduleOf({ ...terms, rentDueDay: 20 }, '2026-03-01', 5)).toEqual({
      dueDate: '2026-03-20',
      billDate: '2026-03-15',
      raiseOn: '2026-03-15',
    });
  });

  it('late fees: flat, or the percent of what is owed rounded half up', () => {
    expect(lateFeeAmount({ kind: 'flat', amountPaise: 50_000 }, 1)).toBe(50_000);
    expect(lateFeeAmount({ kind: 'percent', percentBp: 175 }, 100_001)).toBe(1750);
  });
});
