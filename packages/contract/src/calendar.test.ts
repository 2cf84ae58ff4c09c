import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, daysBetween, startOfIndianDay } from './calendar.js';

describe('calendar arithmetic (one set, ADR 046)', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-11-15', 0)).toBe('2026-11-15');
  });

  it('counts whole days between two days, the inverse of adding them', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
    expect(daysBetween('2026-11-30', '2026-11-01')).toBe(-29);
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: -800, max: 800 }), (start, n) => {
        const from = addCalendarDays('2026-01-01', start);
        expect(daysBetween(from, addCalendarDays(from, n))).toBe(n);
      }),
    );
  });

  it('midnight in India is 18:30 UTC the day before', () => {
    expect(startOfIndianDay('2026-11-01').toISOString()).toBe('2026-10-31T18:30:00.000Z');
  });
});
