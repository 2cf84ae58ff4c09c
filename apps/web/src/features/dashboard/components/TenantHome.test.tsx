import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { TenantHome } from './TenantHome';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('TenantHome', () => {
  it('has five tiles that lead to real pages; Requests counts pending invitations and Messages unread messages', async () => {
    localStorage.setItem('user', JSON.stringify({ ...tenant, incomingRequests: [] }));
    const fresh = { ...tenant, incomingRequests: [makeRequest(), makeRequest(), makeRequest({ status: 'accepted' })] };
    mockApi({ 'GET /users/get-current-user': ok(fresh), 'GET /events': ok({ messages: 3, notifications: 1 }) });
    renderAt(<TenantHome />, { path: '/TenantDashboard', route: '/TenantDashboard' });
    const links = within(screen.getByRole('list')).getAllByRole('link');
    const hrefs = links.map((l) => l.getAttribute('href'));
    expect(hrefs).toHaveLength(5);
    expect(hrefs[0]).toBe('/TenantDashboard/MyRooms');
    expect(hrefs[1]).toBe('/TenantDashboard/Search');
    // Recently Viewed Property leads to the reveals' page (OwnerDetails, or its own page once that exists).
    expect(hrefs[2]).toMatch(/^\/TenantDashboard\/\w+$/);
    expect(hrefs[3]).toBe('/TenantDashboard/Requests');
    expect(hrefs[4]).toBe('/TenantDashboard/Messages');
    expect(await screen.findByRole('link', { name: /Requests ?\(2 pending requests\)/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Messages ?\(3 unread messages\)/ })).toBeInTheDocument();
  });

  it('shows no badge when nothing waits', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    mockApi({ 'GET /users/get-current-user': ok(tenant) });
    renderAt(<TenantHome />);
    expect(await screen.findByRole('link', { name: /^Requests/ })).not.toHaveTextContent(/pending/);
  });
});
