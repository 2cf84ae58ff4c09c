import { describe, expect, it } from 'vitest';
import { scriptJson } from './ssrState';

describe('scriptJson', () => {
  it('cannot close its <script> element or break on line separators, and parses back to the same value', () => {
    const value = { t: '</script><script>alert(1)</script>', c: '<!-- x -->', a: 'a & b', ls: 'x\u2028y\u2029z' };
    const out = scriptJson(value);
    expect(out).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
