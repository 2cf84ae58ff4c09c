import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, makeProperty, mockFetch, ok, renderAt } from '../../../test/support';
import { PropertyBrowser } from './PropertyBrowser';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/properties/fetch-all-properties'));

describe('PropertyBrowser', () => {
  it('applies the URL filters on the server and shows them as chips', async () => {
    const fetchMock = mockFetch((url) =>
      url.pathname.endsWith('/fetch-all-properties')
        ? ok([makeProperty({ title: 'Villa Verde' })], { meta: { page: 1, limit: 12, total: 1 } })
        : undefined,
    );
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties?q=metro&propertyType=Villa&minRent=5000&maxRent=10000' });
    expect(await screen.findByText('Villa Verde')).toBeInTheDocument();
    const sent = listCalls(fetchMock).at(-1);
    expect(sent?.searchParams.get('q')).toBe('metro');
    expect(sent?.searchParams.get('propertyType')).toBe('Villa');
    expect(sent?.searchParams.get('minRent')).toBe('5000');
    expect(sent?.searchParams.get('maxRent')).toBe('10000');
    expect(screen.getByRole('button', { name: 'Remove filter Rent ₹5,000 - ₹10,000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Villa' })).toBeInTheDocument();
    expect(screen.getByText('1 property found')).toBeInTheDocument();
  });

  it('folds the filters away on phones behind a Show filters button', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname.endsWith('/fetch-all-properties') ? ok([], { meta: { page: 1, limit: 12, total: 0 } }) : undefined));
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties' });
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveClass('hidden', 'sm:grid');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
  });

  it('removing a chip removes the filter from the URL and the request', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch((url) =>
      url.pathname.endsWith('/fetch-all-properties') ? ok([makeProperty()], { meta: { page: 1, limit: 12, total: 1 } }) : undefined,
    );
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties?q=metro&propertyType=Villa' });
    await user.click(await screen.findByRole('button', { name: 'Remove filter Villa' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?q=metro');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.has('propertyType')).toBe(false));
    expect(screen.queryByRole('button', { name: 'Remove filter Villa' })).not.toBeInTheDocument();
  });

  it('choosing filters writes them to the URL; text search applies on Search', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname.endsWith('/fetch-all-properties') ? ok([], { meta: { page: 1, limit: 12, total: 0 } }) : undefined));
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties' });
    await user.selectOptions(screen.getByLabelText('Price range'), '₹15,000+');
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?minRent=15000');
    await user.selectOptions(screen.getByLabelText('Property type'), 'Duplex');
    await user.type(screen.getByLabelText('Search'), 'garden');
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?q=garden&propertyType=Duplex&minRent=15000&city=Pune');
    expect(screen.getByRole('button', { name: 'Remove filter City: Pune' })).toBeInTheDocument();
    expect(await screen.findByText('No properties match your search.')).toBeInTheDocument();
  });

  it('paginates with Previous/Next and "Page x of y"', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url.pathname.endsWith('/fetch-all-properties')
        ? ok([makeProperty()], { meta: { page: Number(url.searchParams.get('page') ?? 1), limit: 12, total: 30 } })
        : undefined,
    );
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties?city=Pune' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties?city=Pune&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('shows the list error message', async () => {
    mockFetch((url) => (url.pathname.endsWith('/fetch-all-properties') ? fail(500, 'boom') : undefined));
    renderAt(<PropertyBrowser />, { path: '/properties', route: '/properties' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.publicListFailed);
  });
});
