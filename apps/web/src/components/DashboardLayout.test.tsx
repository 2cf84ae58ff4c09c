import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, owner, renderApp, tenant } from '../test/support';
import { DashboardLayout, showDashboardLink } from './DashboardLayout';

describe('showDashboardLink', () => {
  it('hides the link on /, /auth and the two dashboard roots', () => {
    for (const p of ['/', '/auth', '/OwnerDashboard', '/TenantDashboard', '/OwnerDashboard/']) expect(showDashboardLink(p)).toBe(false);
    for (const p of ['/OwnerDashboard/Profile', '/TenantDashboard/Search', '/properties', '/OwnerDashboard/rooms/1'])
      expect(showDashboardLink(p)).toBe(true);
  });
});

describe('DashboardLayout header', () => {
  const signedIn = (user: typeof owner) =>
    mockApi({ 'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }), 'GET /users/get-current-user': ok(user) });

  it('on the owner root: no Dashboard link, Profile goes to the owner profile', () => {
    signedIn(owner);
    renderApp(<DashboardLayout />, { route: '/OwnerDashboard', user: owner });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/OwnerDashboard/Profile');
  });

  it('gives the owner a Messages inbox with its unread count, as the tenant has (issue 19)', async () => {
    mockApi({ 'GET /users/get-current-user': ok(owner), 'GET /events': ok({ messages: 4, notifications: 0 }) });
    renderApp(<DashboardLayout />, { route: '/OwnerDashboard', user: owner });
    expect(await screen.findByRole('link', { name: 'Messages (4 unread)' })).toHaveAttribute('href', '/OwnerDashboard/Messages');
  });

  it('below the tenant root: Dashboard goes to the tenant dashboard', () => {
    signedIn(tenant);
    renderApp(<DashboardLayout />, { route: '/TenantDashboard/Search', user: tenant });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/TenantDashboard');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/TenantDashboard/Profile');
  });
});
