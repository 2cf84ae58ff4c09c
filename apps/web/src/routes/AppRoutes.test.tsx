import { APP_PAGES, isAppPage } from '@kiraya/contract/pages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../lib/paths';
import { mockApi, renderApp } from '../test/support';
import { AppRoutes } from './AppRoutes';

describe('AppRoutes', () => {
  it('shows a not-found page for an unknown address instead of the landing page (issue 19)', async () => {
    mockApi({});
    renderApp(<AppRoutes />, { route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/no-such-page');
    expect(screen.getByRole('link', { name: 'Search rooms' })).toHaveAttribute('href', '/properties');
  });

  it("loads the dashboards' route table on their addresses (a chunk of its own, off the landing page)", async () => {
    mockApi({});
    renderApp(<AppRoutes />, { route: '/OwnerDashboard/Billings' });
    // A visitor: the owner's guard sends them to sign in, and back here after.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('lists every route of its table among the pages the server answers 200 (contract APP_PAGES)', () => {
    const { owner, tenant, admin, ...top } = ROUTES;
    const paths = [
      '/',
      ...Object.values(top).map((p) => `/${p}`),
      ...[owner, tenant, admin].flatMap((area) => [
        `/${area.root}`,
        ...Object.entries(area)
          .filter(([k]) => k !== 'root')
          .map(([, p]) => `/${area.root}/${p}`),
      ]),
    ];
    const concrete = paths.map((p) => p.replace(/:[^/]+/g, 'x1'));
    for (const p of concrete) expect(isAppPage(p), p).toBe(true);
    expect(APP_PAGES.length).toBe(new Set(paths).size);
  });
});
