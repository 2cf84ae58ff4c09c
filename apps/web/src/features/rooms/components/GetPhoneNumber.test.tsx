import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, makeProperty, makeRoom, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { PropertyRoomsPage } from './PropertyRoomsPage';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const room = makeRoom({ _id: 'r9', propertyId: 'p1', roomNumber: '9' });
const page = (reveal: { status?: number; body: unknown }) =>
  mockApi({
    'GET /users/get-current-user': ok(tenant),
    'GET /properties/p1': ok(makeProperty({ _id: 'p1' })),
    'GET /rooms/p1': ok([room]),
    'POST /tenant/views/p1': ok({ _id: 'p1' }),
    'POST /contacts/reveal/r9': reveal,
  });

describe('Get Phone Number (B8)', () => {
  it('asks the server, says "Owner number saved to your dashboard!" and opens OwnerDetails; the visit is recorded', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(tenant));
    const { calls } = page(ok({ _id: 'r9' }, MSG.ownerNumberSaved));
    renderAt(<PropertyRoomsPage />, { path: '/TenantDashboard/Search/:id', route: '/TenantDashboard/Search/p1' });
    await user.click(await screen.findByRole('button', { name: 'Get Phone Number' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/OwnerDetails'));
    expect(toast.success).toHaveBeenCalledWith(MSG.ownerNumberSaved);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/tenant/views/p1', '/contacts/reveal/r9']);
  });

  it('says "Owner details not available!" when the server fails, and the daily limit in its own words', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(tenant));
    page(fail(500, 'boom'));
    const view = renderAt(<PropertyRoomsPage />, { path: '/TenantDashboard/Search/:id', route: '/TenantDashboard/Search/p1' });
    await user.click(await screen.findByRole('button', { name: 'Get Phone Number' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.ownerDetailsUnavailable));
    expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/Search/p1');
    view.unmount();
    vi.unstubAllGlobals();
    page(fail(429, MSG.revealsPerDay(20)));
    renderAt(<PropertyRoomsPage />, { path: '/TenantDashboard/Search/:id', route: '/TenantDashboard/Search/p1' });
    await user.click(await screen.findByRole('button', { name: 'Get Phone Number' }));
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(MSG.revealsPerDay(20)));
  });

  it('sends a visitor to /auth without asking the server or recording a view', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /properties/p1': ok(makeProperty({ _id: 'p1' })), 'GET /rooms/p1': ok([room]) });
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/p1' });
    await user.click(await screen.findByRole('button', { name: 'Get Phone Number' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says the listing is not available, with a way to search, when it is paused, deleted or mistyped (issue 19)', async () => {
    mockApi({ 'GET /properties/gone': fail(404, MSG.propertyNotFound), 'GET /rooms/gone': fail(404, MSG.propertyNotFound) });
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/gone' });
    expect(await screen.findByRole('heading', { level: 1, name: MSG.listingUnavailableTitle })).toBeInTheDocument();
    expect(screen.getByText(MSG.listingUnavailable)).toBeInTheDocument();
    expect(screen.queryByText(MSG.roomsFetchFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search rooms' })).toHaveAttribute('href', '/properties');
  });
});
