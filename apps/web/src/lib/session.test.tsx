import type { User } from '@kiraya/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider, dashboardFor, useSession } from './session';

const saved: User = {
  _id: 'u1',
  role: 'tenant',
  username: 'rahul_t',
  fullName: 'Rahul Verma',
  email: 'rahul@kiraya.demo',
  phoneNumber: '+919876543210',
  aadharCardNumber: '234123412346',
  address: 'Noida',
  incomingRequests: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};

function Probe() {
  const { user, status } = useSession();
  return (
    <p data-testid="session">
      {status}:{user?.fullName ?? 'nobody'}
    </p>
  );
}

const reply = (status: number, data: unknown) =>
  new Response(
    JSON.stringify(
      status < 400
        ? { statusCode: status, data, message: 'ok', success: true }
        : { statusCode: status, message: 'no', success: false, errors: [] },
    ),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );

const paths = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);

describe('start-up session check (spec 4)', () => {
  it('asks nothing when no user is saved', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the saved user, asks for the current user first and does not refresh while the access cookie is valid', async () => {
    localStorage.setItem('user', JSON.stringify(saved));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/users/refresh-token') ? reply(200, {}) : reply(200, { ...saved, fullName: 'Rahul Kumar Verma' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session')).toHaveTextContent('checking:Rahul Verma');
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:Rahul Kumar Verma'));
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(stored.fullName).toBe('Rahul Kumar Verma');
    // B9: the browser's storage never holds the full Aadhaar number.
    expect(stored.aadharCardNumber).toBe('XXXX XXXX 2346');
    // A reload does not rotate the refresh token.
    expect(paths(fetchMock)).toEqual(['/api/v1/users/get-current-user']);
  });

  it('refreshes only when the current user is refused, then asks again', async () => {
    localStorage.setItem('user', JSON.stringify(saved));
    let asked = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/users/refresh-token')) return reply(200, {});
      return asked++ === 0 ? reply(401, null) : reply(200, saved);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:Rahul Verma'));
    expect(paths(fetchMock)).toEqual(['/api/v1/users/get-current-user', '/api/v1/users/refresh-token', '/api/v1/users/get-current-user']);
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('clears the saved user when the server refuses the session', async () => {
    localStorage.setItem('user', JSON.stringify(saved));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, null)),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody'));
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the saved user when the server cannot be reached (not a sign-out)', async () => {
    localStorage.setItem('user', JSON.stringify(saved));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:Rahul Verma'));
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('renders nobody first when hydrating the prerendered page, then restores the saved user', async () => {
    localStorage.setItem('user', JSON.stringify(saved));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => (String(input).endsWith('/users/refresh-token') ? reply(200, {}) : reply(200, saved))),
    );
    const seen: string[] = [];
    function Recorder() {
      const { user } = useSession();
      seen.push(user?.fullName ?? 'nobody');
      return null;
    }
    render(
      <SessionProvider deferSavedUser>
        <Recorder />
        <Probe />
      </SessionProvider>,
    );
    expect(seen[0]).toBe('nobody');
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('ready:Rahul Verma'));
  });

  it('knows each role’s dashboard', () => {
    expect(dashboardFor('owner')).toBe('/OwnerDashboard');
    expect(dashboardFor('tenant')).toBe('/TenantDashboard');
    expect(dashboardFor('admin')).toBe('/AdminDashboard');
    expect(dashboardFor('superuser')).toBeNull();
  });
});
