import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { makeRequest, makeTenantRoom, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { MyRoomDetailPage } from './MyRoomDetailPage';
import { MyRoomsPage } from './MyRoomsPage';
import { RequestsPage } from './RequestsPage';

// The tenant's rooms and requests in Hindi (issue 27).
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
// The areas' Hindi catalogues, and the contract's Hindi messages that useMsg loads on its first Hindi render
// (loaded here, so that no screen below suspends).
function UseMsg() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  render(hindi(<UseMsg />)).unmount();
  await import('@kiraya/contract/localize');
}, 60_000);
beforeEach(() => localStorage.setItem('user', JSON.stringify(tenant)));

it('My Rooms: the current room and a past tenancy with its dates in Hindi', async () => {
  const now = makeTenantRoom({ leavingOn: '2027-01-31' });
  now.room.roomNumber = '301';
  const before = makeTenantRoom({ moveInDate: '2025-04-01', moveOutDate: '2026-03-31', rentAmount: 8000 });
  before.room.roomNumber = '102';
  mockApi({
    'GET /users/get-current-user': ok(tenant),
    'GET /tenant/room-details': ok([now]),
    'GET /tenant/past-rooms': ok([before]),
  });
  renderAt(hindi(<MyRoomsPage />));
  expect(await screen.findByRole('heading', { level: 1, name: 'मेरे कमरे' })).toBeInTheDocument();
  const card = within(await screen.findByRole('list', { name: 'आपके कमरे' }));
  expect(card.getByText('कमरा 301')).toBeInTheDocument();
  expect(card.getByText('मासिक किराया')).toBeInTheDocument();
  expect(card.getByText('31 जनवरी 2027 को कमरा खाली करेंगे')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'पिछली किरायेदारी' })).toBeInTheDocument();
  expect(screen.getByText('1 अप्रैल 2025 से 31 मार्च 2026 तक · ₹8,000/माह')).toBeInTheDocument();
});

it('My Room: the owner, the move-in day and the tiles in Hindi', async () => {
  const room = makeTenantRoom({ moveInDate: '2026-10-01' });
  mockApi({
    'GET /users/get-current-user': ok(tenant),
    'GET /tenant/room-details': ok([room]),
    'GET /tenant/past-rooms': ok([]),
  });
  renderAt(hindi(<MyRoomDetailPage />), { route: `/r/${room.roomId}`, path: '/r/:id' });
  expect(await screen.findByRole('heading', { level: 1, name: `कमरा ${room.room.roomNumber}` })).toBeInTheDocument();
  expect(screen.getByText(/मकान मालिक:/)).toHaveTextContent('मकान मालिक: Priya Raghavan');
  expect(screen.getByText('1 अक्टूबर 2026')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /बिलों का इतिहास/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /मरम्मत का अनुरोध/ })).toBeInTheDocument();
});

it('Requests: an invitation with Accept and Reject in Hindi', async () => {
  const request = makeRequest({ title: 'Lotus Homes' });
  mockApi({ 'GET /users/get-current-user': ok({ ...tenant, incomingRequests: [request] }) });
  renderAt(hindi(<RequestsPage />));
  const row = await screen.findByRole('article', { name: 'Priya Raghavan का आमंत्रण' });
  expect(within(row).getByText('प्रस्तावित किरायानामे की शर्तें')).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: `कमरा ${request.roomId.roomNumber}, Lotus Homes स्वीकार करें` })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: /अस्वीकार करें$/ })).toBeInTheDocument();
});
