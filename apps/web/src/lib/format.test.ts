import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMB, formatMoney, formatPhone } from './format';

describe('format (no Intl on the hydration path)', () => {
  it('writes money as en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const r of [0, 0.05, 1, 999.5, 1000, 12345.67, 123456, 9876543.21, -2500]) expect(formatMoney(r)).toBe(intl.format(r));
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(1e308)).toBe('—');
  });

  it('writes dates as en-IN does, a YYYY-MM-DD day being that day everywhere', () => {
    const long = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    for (let m = 0; m < 12; m++) {
      const d = new Date(2025, m, 1 + m * 2);
      expect(formatLongDate(d)).toBe(long.format(d));
      expect(formatDate(d)).toBe(short.format(d));
    }
    expect(formatLongDate('2025-03-05')).toBe('5 March 2025');
    expect(formatDate('2025-12-31')).toBe('31 Dec 2025');
    expect(formatDate('2026-09-06')).toBe('6 Sept 2026');
    expect(formatDate('2025-03-05T10:00:00.000Z')).toBe(short.format(new Date('2025-03-05T10:00:00.000Z')));
    expect(formatDate('nonsense')).toBe('Invalid Date');
    expect(formatMB(1_572_864)).toBe('1.50 MB');
  });

  it('writes Indian mobile numbers in two groups of five', () => {
    expect(formatPhone('+917108838652')).toBe('+91 71088 38652');
    expect(formatPhone('7108838652')).toBe('71088 38652');
    expect(formatPhone('+91 71088-38652')).toBe('+91 71088 38652');
    expect(formatPhone('+14155550123')).toBe('+14155550123');
  });
});
