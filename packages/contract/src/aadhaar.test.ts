import { describe, expect, it } from 'vitest';
import { isValidAadhaar, maskAadhaar, normaliseAadhaar, verhoeffComplete, verhoeffValid } from './aadhaar.js';

// Published Verhoeff examples: 236 → check digit 3; 12345 → 1; 142857 → 0.
describe('Verhoeff checksum (B9)', () => {
  it('computes the known check digits', () => {
    expect(verhoeffComplete('236')).toBe('2363');
    expect(verhoeffComplete('12345')).toBe('123451');
    expect(verhoeffComplete('142857')).toBe('1428570');
  });

  it('accepts numbers that carry their check digit', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('123451')).toBe(true);
    expect(verhoeffValid('1428570')).toBe(true);
  });

  it('rejects every other last digit', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 3) continue;
      expect(verhoeffValid(`236${d}`)).toBe(false);
    }
  });

  it('catches a swap of two adjacent digits', () => {
    const good = verhoeffComplete('23456789012');
    const swapped = `${good[1]}${good[0]}${good.slice(2)}`;
    expect(verhoeffValid(good)).toBe(true);
    expect(verhoeffValid(swapped)).toBe(false);
  });

  it('completes any prefix into a valid number', () => {
    for (const prefix of ['2', '99999999999', '50000000000', '87654321098']) {
      const full = verhoeffComplete(prefix);
      expect(full).toHaveLength(prefix.length + 1);
      expect(full.startsWith(prefix)).toBe(true);
      expect(verhoeffValid(full)).toBe(true);
    }
  });

  it('is false for anything that is not digits', () => {
    expect(verhoeffValid('')).toBe(false);
    expect(verhoeffValid('23a3')).toBe(false);
    expect(verhoeffValid('2363 ')).toBe(false);
  });
});

describe('isValidAadhaar', () => {
  const valid = verhoeffComplete('23456789012');

  it('accepts 12 digits starting 2-9 with a valid check digit', () => {
    expect(valid).toHaveLength(12);
    expect(isValidAadhaar(valid)).toBe(true);
    for (const first of '23456789') expect(isValidAadhaar(verhoeffComplete(`${first}1234567890`))).toBe(true);
  });

  it('accepts the groups people type, with spaces or hyphens', () => {
    const spaced = `${valid.slice(0, 4)} ${valid.slice(4, 8)} ${valid.slice(8)}`;
    expect(isValidAadhaar(spaced)).toBe(true);
    expect(isValidAadhaar(`${valid.slice(0, 4)}-${valid.slice(4, 8)}-${valid.slice(8)}`)).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    const wrong = `${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`;
    expect(isValidAadhaar(wrong)).toBe(false);
  });

  it('refuses a first digit of 0 or 1 even with a valid checksum', () => {
    expect(isValidAadhaar(verhoeffComplete('01234567890'))).toBe(false);
    expect(isValidAadhaar(verhoeffComplete('12345678901'))).toBe(false);
  });

  it('refuses 11 or 13 digits, letters and the empty string', () => {
    expect(isValidAadhaar(verhoeffComplete('2345678901'))).toBe(false);
    expect(isValidAadhaar(verhoeffComplete('234567890123'))).toBe(false);
    expect(isValidAadhaar('2345678901ab')).toBe(false);
    expect(isValidAadhaar('')).toBe(false);
  });
});

describe('normaliseAadhaar and maskAadhaar', () => {
  it('strips spaces and hyphens only', () => {
    expect(normaliseAadhaar('2345 6789-0123')).toBe('234567890123');
    expect(normaliseAadhaar(' 2345\t6789 0123 ')).toBe('234567890123');
  });

  it('masks all but the last four digits as XXXX XXXX 1234', () => {
    expect(maskAadhaar('1234')).toBe('XXXX XXXX 1234');
    expect(maskAadhaar('0007')).toBe('XXXX XXXX 0007');
  });
});
