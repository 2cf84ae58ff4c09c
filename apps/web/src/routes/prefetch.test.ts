import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query';
import { queryKeys } from '../lib/queryKeys';
import { mockApi, ok, owner, tenant } from '../test/support';
import { prefetchDashboard } from './prefetch';

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

describe('prefetchDashboard (ADR 044)', () => {
  it("asks for the tenant's Billings data at once, into the page's own query key", async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const { calls } = mockApi({ 'GET /bills/tenant': ok([]), 'GET /notifications/list': ok({ items: [], unread: 0 }) });
    prefetchDashboard('/TenantDashboard/Billings');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.bills.tenant)).toEqual([]));
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/bills/tenant', '/notifications/list']));
  });

  it("asks for the owner's home data together", async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    const { calls } = mockApi({
      'GET /properties/fetch-properties': ok([]),
      'GET /notifications/list': ok({ items: [], unread: 0 }),
    });
    prefetchDashboard('/OwnerDashboard');
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(4));
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/properties/fetch-properties', '/notifications/list']));
  });

  it('asks nothing for a visitor, or for a page of another role', async () => {
    const { calls } = mockApi({});
    prefetchDashboard('/OwnerDashboard');
    localStorage.setItem('user', JSON.stringify(tenant));
    prefetchDashboard('/OwnerDashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
