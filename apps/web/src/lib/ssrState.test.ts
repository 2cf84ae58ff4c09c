import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorsToWire, reviveErrors, scriptJson } from './ssrState';

describe('scriptJson', () => {
  it('cannot close its <script> element or break on line separators, and parses back to the same value', () => {
    const value = { t: '</script><script>alert(1)</script>', c: '<!-- x -->', a: 'a & b', ls: 'x\u2028y\u2029z' };
    const out = scriptJson(value);
    expect(out).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('errorsToWire / reviveErrors', () => {
  it('carries a refusal the server rendered (a listing that is gone) through JSON as an ApiError', () => {
    const state = {
      mutations: [],
      queries: [
        {
          queryKey: ['properties', 'p1'],
          queryHash: '["properties","p1"]',
          state: { status: 'error', error: new ApiError(404, 'Property not found.'), data: undefined },
        },
        { queryKey: ['rooms', 'p1'], queryHash: '["rooms","p1"]', state: { status: 'success', error: null, data: [] } },
      ],
    } as unknown as DehydratedState;
    const back = reviveErrors(JSON.parse(scriptJson(errorsToWire(state))));
    const error = back.queries[0]?.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Property not found.' });
    expect(back.queries[1]?.state).toMatchObject({ status: 'success', error: null, data: [] });
  });
});
