import { describe, expect, it } from 'vitest';
import { formValues, idList } from './multipart.js';

describe('multipart helpers', () => {
  it('keeps the last value of a field, and every value of list fields', () => {
    expect(formValues({ title: ['a', 'b'], amenities: ['WiFi', 'Lift'], city: ['Pune'] }, ['amenities'])).toEqual({
      title: 'b',
      amenities: ['WiFi', 'Lift'],
      city: 'Pune',
    });
  });

  it('reads ids repeated and comma-separated, without blanks or duplicates', () => {
    expect(idList(['a,b', ' c ', 'a', ','])).toEqual(['a', 'b', 'c']);
    expect(idList(undefined)).toEqual([]);
  });
});
