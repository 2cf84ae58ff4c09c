import { describe, expect, it } from 'vitest';
import { dayMonthYearToIso, formatDate, formatLongDate, isCalendarDate, isoToDayMonthYear, monthInWords } from './dates';

describe('dates (B25)', () => {
  it('writes prose dates long and table dates with en-IN short months, as Intl en-IN does', () => {
    const long = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    const short = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(2025, m, 1 + m * 2);
      expect(formatLongDate(d)).toBe(long.format(d));
      expect(formatDate(d)).toBe(short.format(d));
    }
    expect(formatLongDate('2026-11-01')).toBe('1 November 2026');
    expect(formatDate('2026-09-06')).toBe('6 Sept 2026');
    expect(formatDate('2025-12-31')).toBe('31 Dec 2025');
    expect(formatDate('2025-03-05T10:00:00.000Z')).toBe(short.format(new Date('2025-03-05T10:00:00.000Z')));
    expect(formatDate('nonsense')).toBe('Invalid Date');
  });

  it('writes Hindi dates with Hindi month names and Latin digits, as Intl hi-IN-u-nu-latn does (issue 27)', () => {
    const long = new Intl.DateTimeFormat('hi-IN-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(2025, m, 1 + m * 2);
      expect(formatLongDate(d, 'hi-IN')).toBe(long.format(d));
      // Tables too write the month in full in Hindi (ADR 045): "28 नवंबर 2026", not the abbreviated month.
      expect(formatDate(d, 'hi-IN')).toBe(long.format(d));
    }
    expect(formatLongDate('2026-11-01', 'hi-IN')).toBe('1 नवंबर 2026');
    expect(monthInWords('2026-11-24', 'hi-IN')).toBe('नवंबर 2026');
    expect(formatLongDate('2026-11-01', 'en-IN')).toBe('1 November 2026');
  });

  it("writes an instant as India's date whatever the process's time zone (23:30 UTC is the next day in India)", () => {
    const tz = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Tokyo']) {
        process.env.TZ = zone;
        expect(formatLongDate('2026-11-28T23:30:00.000Z'), zone).toBe('29 November 2026');
        expect(formatLongDate(new Date('2026-11-28T23:30:00.000Z'), 'hi-IN'), zone).toBe('29 नवंबर 2026');
        expect(formatDate('2026-11-28T18:29:59.999Z'), zone).toBe('28 Nov 2026');
        expect(formatDate('2026-11-28T18:30:00.000Z'), zone).toBe('29 Nov 2026');
        // A calendar day is that day everywhere.
        expect(formatLongDate('2026-11-28'), zone).toBe('28 November 2026');
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('reads and writes DD/MM/YYYY for date fields, keeping YYYY-MM-DD for the API', () => {
    expect(isoToDayMonthYear('2026-11-01')).toBe('01/11/2026');
    expect(isoToDayMonthYear('')).toBe('');
    expect(dayMonthYearToIso('01/11/2026')).toBe('2026-11-01');
    expect(dayMonthYearToIso('1/6/2025')).toBe('2025-06-01');
    expect(dayMonthYearToIso('1.6.2025')).toBe('2025-06-01');
    expect(dayMonthYearToIso('29/02/2024')).toBe('2024-02-29');
    expect(dayMonthYearToIso('29/02/2026')).toBeNull();
    expect(dayMonthYearToIso('13/13/2026')).toBeNull();
    expect(dayMonthYearToIso('01/11/26')).toBeNull();
    expect(dayMonthYearToIso('2026-11-01')).toBeNull();
  });
});

describe('isCalendarDate (one rule for every YYYY-MM-DD the contract and the server read)', () => {
  it.each([
    ['2026-11-24', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    [' 2026-11-24', false],
    ['2026-11-24T00:00:00Z', false],
    ['', false],
  ])('%j → %s', (s, ok) => expect(isCalendarDate(s)).toBe(ok));
});
