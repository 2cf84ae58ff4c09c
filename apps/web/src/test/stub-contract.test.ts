import { afterEach, describe, expect, it } from 'vitest';
import { contractDrift } from './drift';
import { checkStub, endpointOf, fail, ok } from './support';

afterEach(() => {
  contractDrift.splice(0);
});

describe('stubbed answers are held to the contract (test/support.tsx)', () => {
  it('finds the endpoint a call answers, literal paths before parameters', () => {
    expect(endpointOf('GET', '/properties/fetch-properties')).toBe('myProperties');
    expect(endpointOf('GET', '/properties/p1')).toBe('property');
    expect(endpointOf('POST', '/users/login')).toBe('login');
    expect(endpointOf('GET', '/no/such/route')).toBeUndefined();
  });

  it('records a success answer the response schema refuses, naming the endpoint and the field', () => {
    const drifted = ok({ items: 'none', unread: 0 });
    checkStub('GET', '/notifications/list', drifted.status, drifted.body);
    expect(contractDrift).toEqual([
      expect.stringMatching(/^GET \/notifications\/list \(\w+\) answers what the contract does not: .*items/),
    ]);
  });

  it('lets an answer the contract accepts, errors, and calls outside the contract through', () => {
    const good = ok({ items: [], unread: 0 });
    checkStub('GET', '/notifications/list', good.status, good.body);
    const refused = fail(409, 'Taken', [{ path: 'email', message: 'Taken' }]);
    checkStub('POST', '/users/register', refused.status, refused.body);
    checkStub('GET', '/no/such/route', 200, { success: true, data: 42 });
    expect(contractDrift).toEqual([]);
  });
});
