import { idList } from '@kiraya/contract';
import { describe, expect, it } from 'vitest';
import { formValues } from './multipart.js';

describe('multipart helpers', () => {
  it('keeps the last value of a field, and every value of list fields', () => {
    const fields = new Map([
      ['title', ['a', 'b']],
      ['amenities', ['WiFi', 'Lift']],
      ['city', ['Pune']],
    ]);
    expect({ ...formValues(fields, ['amenities']) }).toEqual({ title: 'b', amenities: ['WiFi', 'Lift'], city: 'Pune' });
  });

  it('gives a value object without a prototype, so built-in names are plain fields', () => {
    const v = formValues(
      new Map([
        ['toString', ['x']],
        ['__proto__', ['y']],
        ['constructor', ['z']],
      ]),
    );
    expect(Object.getPrototypeOf(v)).toBeNull();
    expect(v.toString).toBe('x');
    expect(Object.keys(v).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(formValues(new Map()).hasOwnProperty).toBeUndefined();
  });

  it('reads ids repeated and comma-separated, without blanks or duplicates', () => {
    expect(idList(['a,b', ' c ', 'a', ','])).toEqual(['a', 'b', 'c']);
    expect(idList(undefined)).toEqual([]);
  });
});
