import { formatDate as contractFormatDate, formatLongDate as contractFormatLongDate } from '@kiraya/contract/dates';
import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMB, formatMoney, formatPhone } from './format';

describe('format (no Intl on the hydration path)', () => {
  it('writes money as en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const r of [0, 0.05, 1, 999.5, 1000, 12345.67, 123456, 9876543.21, -2500]) expect(formatMoney(r)).toBe(intl.format(r));
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(1e308)).toBe('—');
  });

  it('writes dates with the contract’s formatters (tested against en-IN in contract dates.test.ts), and sizes in MB', () => {
    expect(formatDate).toBe(contractFormatDate);
    expect(formatLongDate).toBe(contractFormatLongDate);
    expect(formatMB(1_572_864)).toBe('1.50 MB');
  });

  it('writes Indian mobile numbers in two groups of five', () => {
    expect(formatPhone('+917108838652')).toBe('+91 71088 38652');
    expect(formatPhone('7108838652')).toBe('71088 38652');
    expect(formatPhone('+91 71088-38652')).toBe('+91 71088 38652');
    expect(formatPhone('+14155550123')).toBe('+14155550123');
  });
});
