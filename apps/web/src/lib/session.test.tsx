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

  it('restores the saved user, refreshes the token and stores the fresh user', async () => {
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
    expect(fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname)).toEqual([
      '/api/v1/users/refresh-token',
      '/api/v1/users/get-current-user',
    ]);
  });

  it('clears the saved user when the refresh fails', async () => {
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
    expect(dashboardFor('admin')).toBeNull();
  });
});
