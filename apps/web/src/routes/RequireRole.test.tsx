import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, owner, renderApp, tenant } from '../test/support';
import { RequireRole } from './RequireRole';

const guarded = (
  <RequireRole allow="owner">
    <p>Owner only</p>
  </RequireRole>
);

describe('RequireRole', () => {
  it('sends a visitor to /auth', async () => {
    const api = mockApi({});
    renderApp(guarded, { route: '/OwnerDashboard', path: '/OwnerDashboard/*' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth');
    expect(screen.queryByText('Owner only')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0); // no refresh attempt without a saved user
  });

  it('says why and keeps the deep link to return to after signing in (issue 19)', async () => {
    mockApi({});
    renderApp(guarded, { route: '/OwnerDashboard/Billings?month=2026-05', path: '/OwnerDashboard/*', search: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?'));
    const params = new URLSearchParams((screen.getByTestId('location').textContent ?? '').split('?')[1]);
    expect(params.get('next')).toBe('/OwnerDashboard/Billings?month=2026-05');
    expect(params.get('why')).toBe('page');
  });

  it('sends the other role to its own dashboard', async () => {
    mockApi({ 'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }), 'GET /users/get-current-user': ok(tenant) });
    renderApp(guarded, { route: '/OwnerDashboard/Properties', path: '/OwnerDashboard/*', user: tenant });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard'));
    expect(screen.queryByText('Owner only')).not.toBeInTheDocument();
  });

  it("sends a moderator to the moderators' dashboard, and keeps owners and tenants out of it (issue 26)", async () => {
    const admin = { ...owner, _id: 'u-admin', role: 'admin' as const };
    mockApi({ 'GET /users/get-current-user': ok(admin) });
    const view = renderApp(guarded, { route: '/OwnerDashboard/Properties', path: '/OwnerDashboard/*', user: admin });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/AdminDashboard'));
    view.unmount();
    localStorage.clear();
    mockApi({ 'GET /users/get-current-user': ok(tenant) });
    const moderatorsOnly = (
      <RequireRole allow="admin">
        <p>Moderators only</p>
      </RequireRole>
    );
    renderApp(moderatorsOnly, { route: '/AdminDashboard', path: '/AdminDashboard/*', user: tenant });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard'));
    expect(screen.queryByText('Moderators only')).not.toBeInTheDocument();
  });

  it('shows the page to its role after the session check', async () => {
    mockApi({ 'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }), 'GET /users/get-current-user': ok(owner) });
    renderApp(guarded, { route: '/OwnerDashboard', path: '/OwnerDashboard/*', user: owner });
    expect(await screen.findByText('Owner only')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/OwnerDashboard');
  });

  it('shows the page to a saved user of its role while the session check is still running, not a spinner (ADR 044)', async () => {
    // get-current-user never answers: the page's own code and requests must not wait for it.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderApp(guarded, { route: '/OwnerDashboard', path: '/OwnerDashboard/*', user: owner });
    expect(await screen.findByText('Owner only')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('clears a saved user whose session cannot be refreshed and sends them to /auth', async () => {
    mockApi({ 'GET /users/get-current-user': { status: 401, body: null }, 'POST /users/refresh-token': { status: 401, body: null } });
    renderApp(guarded, { route: '/OwnerDashboard', path: '/OwnerDashboard/*', user: owner });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});
