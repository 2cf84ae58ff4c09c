import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLike } from './sql.js';

/** What PostgreSQL's LIKE does with a pattern and the default backslash escape, for plain text. */
function likeMatches(text: string, pattern: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') re += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(text);
}

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain text')).toBe('plain text');
    expect(escapeLike('')).toBe('');
  });

  it('makes any text match itself only, literally (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\', ' ') }),
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\') }),
        (text, other) => {
          expect(likeMatches(text, escapeLike(text))).toBe(true);
          expect(likeMatches(other, escapeLike(text))).toBe(other === text);
          // Inside %…% (a "contains" search) it matches exactly when the text occurs.
          expect(likeMatches(other, `%${escapeLike(text)}%`)).toBe(other.includes(text));
        },
      ),
    );
  });
});
