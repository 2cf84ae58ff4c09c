import { formatDate as contractFormatDate, formatLongDate as contractFormatLongDate } from '@kiraya/contract/dates';
import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMB, formatMoney, formatPhone, monthInWords } from './format';

describe('format (no Intl on the hydration path)', () => {
  it('writes money as en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const r of [0, 0.05, 1, 999.5, 1000, 12345.67, 123456, 9876543.21, -2500]) expect(formatMoney(r)).toBe(intl.format(r));
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(1e308)).toBe('—');
  });

  it('writes dates with the contract’s formatters (tested against en-IN in contract dates.test.ts), and sizes in MB', () => {
    for (const iso of ['2026-11-01', '2026-09-06T10:00:00.000Z']) {
      for (const locale of ['en-IN', 'hi-IN'] as const) {
        expect(formatDate(iso, locale)).toBe(contractFormatDate(iso, locale));
        expect(formatLongDate(iso, locale)).toBe(contractFormatLongDate(iso, locale));
      }
      expect(formatDate(iso)).toBe(contractFormatDate(iso));
    }
    expect(formatLongDate('2026-11-01', 'hi-IN')).toBe('1 नवंबर 2026');
    expect(monthInWords('2026-11-01', 'hi-IN')).toBe('नवंबर 2026');
    expect(monthInWords('2026-11-01')).toBe('November 2026');
    expect(formatMB(1_572_864)).toBe('1.50 MB');
  });

  it('writes Indian mobile numbers in two groups of five', () => {
    expect(formatPhone('+917108838652')).toBe('+91 71088 38652');
    expect(formatPhone('7108838652')).toBe('71088 38652');
    expect(formatPhone('+91 71088-38652')).toBe('+91 71088 38652');
    expect(formatPhone('+14155550123')).toBe('+14155550123');
  });
});
