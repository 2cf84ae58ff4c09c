import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { PATHS, pathTo } from './paths.js';

describe('PATHS and pathTo', () => {
  it('fills and encodes path parameters', () => {
    expect(pathTo('updateRoom', { id: 'a/b c' })).toBe('/rooms/update-room/a%2Fb%20c');
    expect(pathTo('rooms', { propertyId: 'p1' })).toBe('/rooms/p1');
    expect(pathTo('login')).toBe('/users/login');
  });

  it('refuses a missing parameter', () => {
    expect(() => (pathTo as (n: string, p?: object) => string)('property', {})).toThrow(/missing path parameter id/);
  });

  it('has one endpoint per method and path, each with params schemas exactly for its :parameters', () => {
    const seen = new Set(Object.values(PATHS).map((e) => `${e.method} ${e.path}`));
    expect(seen.size).toBe(Object.keys(PATHS).length);
    for (const [name, e] of Object.entries(endpoints)) {
      const inPath = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const inSchema = 'params' in e && e.params ? Object.keys((e.params as { shape: object }).shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });
});
