import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { makeProperty, makeRequest, mockApi, ok, owner, renderAt, tenant } from '../../../test/support';
import { OwnerHome } from './OwnerHome';
import { TenantHome } from './TenantHome';

// The dashboard homes in Hindi (issue 27).
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

it("the owner's home: tiles, this month's collection with its month, who asked and when, in Hindi", async () => {
  localStorage.setItem('user', JSON.stringify(owner));
  mockApi({
    'GET /properties/fetch-properties': ok([makeProperty({ roomCount: 2, vacantRoomCount: 1 })]),
    'GET /users/get-current-user': ok(owner),
    'GET /statistics/owner/collection': ok({
      month: '2026-11',
      totals: { billed: 8000, collected: 0, pending: 8000, overdue: 8000 },
      rooms: [
        {
          property: { _id: 'p1', title: 'Lotus Residency' },
          room: { _id: 'r1', roomNumber: '101' },
          tenant: { _id: 't1', fullName: 'Rahul Verma' },
          billed: 8000,
          collected: 0,
          pending: 8000,
          overdue: 8000,
        },
      ],
    }),
    'GET /contacts/asked': ok([
      {
        _id: 'x1',
        tenant: { _id: 't1', username: 'rahul_t', fullName: 'Rahul Verma' },
        room: { _id: 'r1', roomNumber: '101' },
        property: { _id: 'p1', title: 'Lotus Residency' },
        revealedAt: '2026-11-20T10:00:00.000Z',
      },
    ]),
  });
  renderAt(hindi(<OwnerHome />));
  expect(await screen.findByRole('heading', { level: 1, name: 'नमस्ते, Priya Raghavan' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^आँकड़े/ })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'इस महीने की वसूली: नवंबर 2026' })).toBeInTheDocument();
  expect(screen.getByText('देय तिथि पार ₹8,000.00')).toBeInTheDocument();
  const asked = within(screen.getByRole('region', { name: 'किसने आपका नंबर लिया' }));
  expect(await asked.findByText('Lotus Residency, कमरा 101')).toBeInTheDocument();
  expect(asked.getByText('20 नवंबर 2026')).toBeInTheDocument();
});

it("the tenant's home: tiles with their counts read out in Hindi", async () => {
  const user = { ...tenant, incomingRequests: [makeRequest(), makeRequest()] };
  localStorage.setItem('user', JSON.stringify(user));
  mockApi({
    'GET /users/get-current-user': ok(user),
    'GET /tenant/room-details': ok([]),
    'GET /contacts/revealed': ok([]),
  });
  renderAt(hindi(<TenantHome />));
  expect(await screen.findByRole('heading', { level: 1, name: 'नमस्ते, Rahul Verma' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: /अनुरोध ?\(2 अनुरोधों का जवाब बाकी\)/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^मेरे कमरे/ })).toBeInTheDocument();
});
