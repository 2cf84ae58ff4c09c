import type { User } from '@kiraya/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { queryClient } from '../lib/query';
import { SessionProvider } from '../lib/session';

export const owner: User = {
  _id: 'u-owner',
  role: 'owner',
  username: 'priya_owner',
  fullName: 'Priya Raghavan',
  email: 'priya@kiraya.demo',
  phoneNumber: '+919812017435',
  aadharCardNumber: '234123412346',
  address: '14 Indiranagar, Bengaluru',
  incomingRequests: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};
export const tenant: User = {
  ...owner,
  _id: 'u-tenant',
  role: 'tenant',
  username: 'rahul',
  fullName: 'Rahul Verma',
  email: 'rahul@kiraya.demo',
};

type Reply = { status?: number; body: unknown } | ((init: RequestInit | undefined, url: URL) => { status?: number; body: unknown });
export type Call = { method: string; path: string; body: unknown };

/** Stubs fetch with answers keyed "METHOD /path" (path after /api/v1, no query); records every call. */
export function mockApi(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ statusCode: 404, message: 'No route', success: false, errors: [] }), { status: 404 });
    const r = typeof route === 'function' ? route(init, url) : route;
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = <T,>(data: T, message = 'ok', statusCode = 200) => ({
  status: statusCode,
  body: { statusCode, data, message, success: true },
});
export const fail = (status: number, message: string, errors: { path: string; message: string }[] = []) => ({
  status,
  body: { statusCode: status, message, success: false, errors },
});

/** Shows the current path so tests can assert navigation. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Renders inside the app's providers at `route`; `user` is saved as if signed in (the session check then runs). */
export function renderApp(ui: ReactNode, { route = '/', path = '*', user }: { route?: string; path?: string; user?: User } = {}) {
  if (user) localStorage.setItem('user', JSON.stringify(user));
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {path !== '*' ? <Route path="*" element={null} /> : null}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
}
