import { PAGE_ERROR_MSG } from '@kiraya/contract/page-errors';
import { PAGE_ERROR_MSG_HI } from '@kiraya/contract/page-errors.hi-IN';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../lib/i18n';
import { preloadPageErrors } from '../lib/pageErrors';
import { queryClient } from '../lib/query';
import { SessionProvider } from '../lib/session';
import { mockApi, ok, owner } from '../test/support';
import { DashboardLayout } from './DashboardLayout';
import { ErrorBoundary, isChunkLoadError } from './ErrorBoundary';

// What Chrome, Firefox and Safari throw when a lazy route's file is gone after a deploy.
const CHUNK_ERRORS = [
  new TypeError('Failed to fetch dynamically imported module: https://kiraya.example/assets/OwnerHome-3f2a1b.js'),
  new TypeError('error loading dynamically imported module: https://kiraya.example/assets/OwnerHome-3f2a1b.js'),
  new TypeError('Importing a module script failed.'),
  new Error('Unable to preload CSS for /assets/index-9c1d.css'),
];

let broken = true;
function Fragile() {
  if (broken) throw new Error('Cannot read properties of undefined (reading "rent")');
  return <p>Rent details</p>;
}
/** A lazy page whose chunk cannot be fetched. */
const Stale = lazy(() => Promise.reject(CHUNK_ERRORS[0]));

beforeEach(() => {
  broken = true;
  // React reports every caught error on the console; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('isChunkLoadError', () => {
  it('knows each browser’s failed dynamic import, and nothing else', () => {
    for (const e of CHUNK_ERRORS) expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('ErrorBoundary (app)', () => {
  it('shows a card instead of a blank page when a component throws; Try again renders it again, Reload reloads', async () => {
    const reload = vi.fn();
    render(
      <ErrorBoundary variant="app" reload={reload}>
        <Fragile />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert', { name: PAGE_ERROR_MSG.crashedTitle });
    expect(alert).toHaveTextContent(PAGE_ERROR_MSG.crashedBody);
    expect(screen.getByRole('link', { name: PAGE_ERROR_MSG.home })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: PAGE_ERROR_MSG.reload }));
    expect(reload).toHaveBeenCalledTimes(1);

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: PAGE_ERROR_MSG.tryAgain }));
    expect(screen.getByText('Rent details')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a reload (no Try again) when a lazy page’s code fails to load', async () => {
    const reload = vi.fn();
    render(
      <ErrorBoundary variant="app" reload={reload}>
        <Suspense fallback={<p>Loading</p>}>
          <Stale />
        </Suspense>
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert', { name: PAGE_ERROR_MSG.staleTitle });
    expect(alert).toHaveTextContent(PAGE_ERROR_MSG.staleBody);
    expect(screen.queryByRole('button', { name: PAGE_ERROR_MSG.tryAgain })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PAGE_ERROR_MSG.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says "You are offline" instead of "updated" when the code failed to load without a connection (issue 27)', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(
        <ErrorBoundary variant="app">
          <Suspense fallback={<p>Loading</p>}>
            <Stale />
          </Suspense>
        </ErrorBoundary>,
      );
      const alert = await screen.findByRole('alert', { name: PAGE_ERROR_MSG.offlineTitle });
      expect(alert).toHaveTextContent(PAGE_ERROR_MSG.offlineBody);
      expect(screen.queryByText(PAGE_ERROR_MSG.staleTitle)).not.toBeInTheDocument();
    } finally {
      online.mockRestore();
    }
  });
});

describe('ErrorBoundary in Hindi (issue 27)', () => {
  it('shows the card in the page’s language once the Hindi is loaded, with nothing to fetch at the time of the error', async () => {
    await preloadPageErrors('hi-IN');
    render(
      <LocaleProvider value="hi-IN">
        <ErrorBoundary variant="app">
          <Suspense fallback={<p>Loading</p>}>
            <Stale />
          </Suspense>
        </ErrorBoundary>
      </LocaleProvider>,
    );
    const alert = await screen.findByRole('alert', { name: PAGE_ERROR_MSG_HI.staleTitle });
    expect(alert).toHaveTextContent(PAGE_ERROR_MSG_HI.staleBody);
    expect(screen.getByRole('button', { name: PAGE_ERROR_MSG_HI.reload })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toHaveAttribute('href', '/');
  });
});

describe('ErrorBoundary around the dashboard outlet', () => {
  const renderDashboard = (route: string) => {
    mockApi({ 'POST /users/refresh-token': ok({}), 'GET /users/get-current-user': ok(owner) });
    localStorage.setItem('user', JSON.stringify(owner));
    return render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path="/OwnerDashboard" element={<DashboardLayout />}>
                <Route index element={<Fragile />} />
                <Route path="stale" element={<Stale />} />
                <Route
                  path="Profile"
                  element={
                    <>
                      <h1>Profile page</h1>
                      <Link to="/OwnerDashboard/stale">Open the stale page</Link>
                    </>
                  }
                />
              </Route>
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
  };

  it('keeps the header when the page throws, and recovers on moving to another page', async () => {
    renderDashboard('/OwnerDashboard');
    const main = screen.getByRole('main');
    expect(main).toContainElement(screen.getByRole('alert', { name: PAGE_ERROR_MSG.crashedTitle }));
    // The header (and its way out) is still there.
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the reload card in the main area when a lazy page fails to load', async () => {
    renderDashboard('/OwnerDashboard/Profile');
    await userEvent.click(screen.getByRole('link', { name: 'Open the stale page' }));
    const alert = await screen.findByRole('alert', { name: PAGE_ERROR_MSG.staleTitle });
    expect(screen.getByRole('main')).toContainElement(alert);
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
