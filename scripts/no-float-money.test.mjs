import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20 item 4: no float money on the web. Money is read and written by the contract's money module
 * (rupeesToPaise, paiseToRupees, formatPaise, sumPaise); a `* 100` or `/ 100` in the web app's code is a
 * rupee↔paise conversion done by hand, which rounds what ADR 009 says must be refused. Percentages of a
 * width (style={{ width: … }}) are not money and are allowed.
 */
const root = join(import.meta.dirname, '..', 'apps', 'web', 'src');
/** @param {string} dir @returns {string[]} */
const files = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });
const HAND_MONEY = /[*/]\s*100\b(?!\s*\}?%)/;

describe('no float money on the web (issue 20)', () => {
  it('converts rupees and paise only through the contract', () => {
    /** @type {string[]} */
    const found = [];
    for (const f of files(root)) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HAND_MONEY.test(line) && !/width:/.test(line)) found.push(`${f.slice(root.length + 1)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('catches a hand conversion', () => {
    expect(HAND_MONEY.test('const p = Math.round(amount * 100);')).toBe(true);
    expect(HAND_MONEY.test('return paise / 100;')).toBe(true);
    expect(HAND_MONEY.test('style={{ width: `${x * 100}%` }}')).toBe(false);
  });
});
