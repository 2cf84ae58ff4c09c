import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, makeTenantRoom, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { MyRoomDetailPage } from './MyRoomDetailPage';
import { MyRoomsPage } from './MyRoomsPage';

beforeEach(() => localStorage.setItem('user', JSON.stringify(tenant)));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('MyRoomsPage (tenant)', () => {
  it('shows a UPI payment reported and waiting for the owner, what is left after it, and Pay only for that (ADR 042)', async () => {
    const part = makeTenantRoom({ outstanding: 2_000_000, overdue: 0, reported: { amount: 1_850_000, paidOn: '2026-11-29', count: 1 } });
    part.room.roomNumber = '101';
    const all = makeTenantRoom({ outstanding: 1_850_000, overdue: 0, reported: { amount: 1_850_000, paidOn: '2026-11-29', count: 1 } });
    all.room.roomNumber = '202';
    const group = (id: string, roomId: string) => ({
      _id: id,
      billDate: '2026-11-01',
      dueDate: '2026-11-05',
      bills: [
        {
          _id: `b-${id}`,
          propertyId: 'p1',
          roomId,
          tenantId: 'u-tenant',
          billType: 'Rent Bill',
          amount: 18500,
          meterReading: null,
          meterPhotos: { current: null, previous: null },
          status: 'unpaid',
          paidAmount: 0,
          waivedAmount: 0,
          overdue: false,
        },
      ],
      count: 1,
      total: 18500,
      property: { _id: 'p1', title: 'Lotus Homes' },
      room: { _id: roomId, roomNumber: '101' },
    });
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([part, all]),
      'GET /tenant/past-rooms': ok([]),
      'GET /bills/tenant': ok([group('g1', part.roomId), group('g2', all.roomId)]),
    });
    renderAt(<MyRoomsPage />);
    const [first, second] = (await screen.findAllByRole('article')) as HTMLElement[];
    expect(within(first as HTMLElement).getByTestId('reported')).toHaveTextContent(
      '₹18,500.00 reported on 29 Nov 2026, waiting for the owner',
    );
    expect(within(first as HTMLElement).getByTestId('left-after-reported')).toHaveTextContent('Left to pay after it: ₹1,500.00');
    expect(await within(first as HTMLElement).findByRole('link', { name: 'Pay ₹1,500.00 for Room 101' })).toBeInTheDocument();
    // Everything owed is reported: no Pay to pay it twice.
    expect(within(second as HTMLElement).getByTestId('left-after-reported')).toHaveTextContent(
      'Nothing more to pay until the owner confirms or rejects it.',
    );
    expect(within(second as HTMLElement).queryByRole('link', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it("shows what each room owes (overdue in red), the next due, and Pay opens the Pay screen at the room's oldest owed bill (issue 22)", async () => {
    const owes = makeTenantRoom({ outstanding: 4_938_225, overdue: 2_500_000, nextDue: { date: '2026-12-05', amount: 1_250_000 } });
    owes.room.roomNumber = '101';
    const clear = makeTenantRoom({ outstanding: 0, overdue: 0, nextDue: { date: '2026-12-01', amount: 950_000 } });
    clear.room.roomNumber = '202';
    const bill = (id: string, roomId: string, status: 'paid' | 'unpaid') => ({
      _id: id,
      propertyId: 'p1',
      roomId,
      tenantId: 'u-tenant',
      billType: 'Rent Bill',
      amount: 12500,
      meterReading: null,
      meterPhotos: { current: null, previous: null },
      status,
      paidAmount: 0,
      waivedAmount: 0,
      overdue: status !== 'paid',
    });
    const group = (id: string, dueDate: string, bills: unknown[]) => ({
      _id: id,
      billDate: dueDate,
      dueDate,
      bills,
      count: bills.length,
      total: 12500,
      property: { _id: 'p1', title: 'Lotus Homes' },
      room: { _id: owes.roomId, roomNumber: '101' },
    });
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([owes, clear]),
      'GET /tenant/past-rooms': ok([]),
      'GET /bills/tenant': ok([
        group('g3', '2026-11-05', [bill('b-new', owes.roomId, 'unpaid')]),
        group('g2', '2026-10-05', [bill('b-old', owes.roomId, 'unpaid')]),
        group('g1', '2026-09-05', [bill('b-paid', owes.roomId, 'paid')]),
      ]),
    });
    renderAt(<MyRoomsPage />);
    const cards = await screen.findAllByRole('article');
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('₹49,382.25')).toHaveClass('text-red-700');
    expect(within(first).getByText('₹25,000.00 overdue')).toBeInTheDocument();
    expect(within(first).getByText(/Next due 5 December 2026/)).toHaveTextContent('₹12,500.00');
    const pay = await within(first).findByRole('link', { name: 'Pay ₹49,382.25 for Room 101' });
    expect(pay).toHaveAttribute('href', '/TenantDashboard/PayBill/b-old');
    const second = cards[1] as HTMLElement;
    expect(within(second).getByText('₹0.00')).not.toHaveClass('text-red-700');
    expect(within(second).queryByRole('link', { name: /^Pay / })).not.toBeInTheDocument();
    await userEvent.setup().click(pay);
    expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/PayBill/b-old');
  });

  it('shows each current room as a card (room, property, rent, street) and past tenancies apart', async () => {
    // A tenancy from before leases (no terms) shows the room's rent.
    const current = makeTenantRoom({ rentAmount: 12500, leavingOn: '2026-12-31', terms: null });
    current.room.roomNumber = '101';
    current.property_id.title = 'Lotus Homes';
    current.property_id.street = '5 Lake Road';
    const past = makeTenantRoom({ moveInDate: '2025-01-01', moveOutDate: '2025-12-31', rentAmount: 8000 });
    past.room.roomNumber = '7';
    past.property_id.title = 'Palm Court';
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([current]),
      'GET /tenant/past-rooms': ok([past]),
    });
    renderAt(<MyRoomsPage />, { path: '/TenantDashboard/MyRooms', route: '/TenantDashboard/MyRooms' });
    const cards = await screen.findByRole('list', { name: 'Your rooms' });
    const card = within(cards).getByRole('link', { name: /Room 101/ });
    expect(card).toHaveTextContent('Lotus Homes');
    expect(card).toHaveTextContent('Monthly rent₹12,5005 Lake Road');
    expect(card).toHaveTextContent('5 Lake Road');
    // A move-out recorded ahead (issue 19): still a current room, with its date.
    expect(card).toHaveTextContent('Moving out on 31 December 2026');
    expect(card).toHaveAttribute('href', `/TenantDashboard/MyRooms/${current.roomId}`);
    const pastSection = screen.getByRole('region', { name: 'Past tenancies' });
    expect(pastSection).toHaveTextContent('Room 7 · Palm Court');
    // A past tenancy opens too (issue 19), read only.
    expect(within(pastSection).getByRole('link', { name: /Room 7 · Palm Court/ })).toHaveAttribute(
      'href',
      `/TenantDashboard/MyRooms/${past.roomId}`,
    );
    expect(within(cards).queryByText(/Palm Court/)).toBeNull();
    await userEvent.setup().click(card);
    expect(screen.getByTestId('location')).toHaveTextContent(`/TenantDashboard/MyRooms/${current.roomId}`);
  });

  it('says "No Rooms Found" with a Search Properties button when the tenant has no room', async () => {
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([]),
      'GET /tenant/past-rooms': ok([]),
    });
    renderAt(<MyRoomsPage />);
    expect(await screen.findByText(MSG.noTenantRooms)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search Properties' })).toHaveAttribute('href', '/TenantDashboard/Search');
    expect(screen.queryByRole('region', { name: 'Past tenancies' })).toBeNull();
  });

  it('shows the server message when the rooms cannot be loaded', async () => {
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': fail(503, MSG.serviceUnavailable),
      'GET /tenant/past-rooms': ok([]),
    });
    renderAt(<MyRoomsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.serviceUnavailable);
  });
});

describe('MyRoomDetailPage (tenant)', () => {
  it('says which date is which when the move-in and the lease start differ', async () => {
    const r = makeTenantRoom({ moveInDate: '2026-11-29' });
    if (r.terms) r.terms.startDate = '2026-12-01';
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([r]),
      'GET /tenant/past-rooms': ok([]),
    });
    renderAt(<MyRoomDetailPage />, { path: '/TenantDashboard/MyRooms/:id', route: `/TenantDashboard/MyRooms/${r.roomId}` });
    expect(
      await screen.findByText(
        '“Moved in” is the day you accepted the room (29 November 2026); rent is billed from the lease start, 1 December 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('shows rent and move-in, "-" for Last Bill and Last Payment, Billing History and Maintenance Request', async () => {
    const user = userEvent.setup();
    const r = makeTenantRoom({ rentAmount: 9500, moveInDate: '2026-10-01' });
    r.room.roomNumber = '204';
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([r]),
      'GET /tenant/past-rooms': ok([]),
    });
    renderAt(<MyRoomDetailPage />, { path: '/TenantDashboard/MyRooms/:id', route: `/TenantDashboard/MyRooms/${r.roomId}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Room 204' })).toBeInTheDocument();
    expect(screen.getByText(r.ownerId.fullName)).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    // The lease's rent (issue 22), in paise on the wire.
    expect(stat('Monthly Rent')).toHaveTextContent(/^₹9,500.00$/);
    expect(stat('Moved in')).toHaveTextContent('1 October 2026');
    expect(stat('Last Bill')).toHaveTextContent(/^-$/);
    expect(stat('Last Payment')).toHaveTextContent(/^-$/);

    const billing = screen.getByRole('button', { name: /Billing History/ });
    expect(billing).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/No bills yet/)).not.toBeVisible();
    await user.click(billing);
    expect(billing).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/No bills yet/)).toBeVisible();

    // The tile opens Messages about this room, as a maintenance request (B7).
    expect(screen.getByRole('link', { name: /Maintenance Request/ })).toHaveAttribute(
      'href',
      `/TenantDashboard/Messages?room=${r.roomId}&mode=maintenance`,
    );
    await user.click(screen.getByRole('link', { name: /Back to Rooms/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/MyRooms');
  });

  it('opens a past tenancy read only: its dates, bills and payments, no Pay, no maintenance request, no documents', async () => {
    const user = userEvent.setup();
    const r = makeTenantRoom({ rentAmount: 8000, moveInDate: '2025-01-01', moveOutDate: '2025-12-31' });
    r.room.roomNumber = '7';
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([]),
      'GET /tenant/past-rooms': ok([r]),
    });
    const seen: { roomId: string; past?: boolean }[] = [];
    renderAt(
      <MyRoomDetailPage
        renderBills={(ref) => {
          seen.push(ref);
          return <p>bills of {ref.roomId}</p>;
        }}
        renderPayments={(ref) => <p>payments of {ref.roomId}</p>}
        renderDocuments={(ref) => <p>documents of {ref.roomId}</p>}
      />,
      { path: '/TenantDashboard/MyRooms/:id', route: `/TenantDashboard/MyRooms/${r.roomId}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Room 7' })).toBeInTheDocument();
    expect(screen.getByText('Past tenancy: you moved out on 31 December 2025. It is kept read only.')).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(stat('Monthly Rent')).toHaveTextContent(/^₹8,000$/);
    expect(stat('Moved out')).toHaveTextContent('31 December 2025');
    await user.click(screen.getByRole('button', { name: /Billing History/ }));
    expect(screen.getByText(`bills of ${r.roomId}`)).toBeVisible();
    expect(seen.at(-1)).toMatchObject({ roomId: r.roomId, past: true });
    expect(screen.getByText(`payments of ${r.roomId}`)).toBeInTheDocument();
    expect(screen.queryByText(`documents of ${r.roomId}`)).toBeNull();
    expect(screen.queryByRole('link', { name: /Maintenance Request/ })).toBeNull();
  });

  it('says so when the room is not one of the tenant’s rooms', async () => {
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([makeTenantRoom()]),
      'GET /tenant/past-rooms': ok([]),
    });
    renderAt(<MyRoomDetailPage />, { path: '/TenantDashboard/MyRooms/:id', route: '/TenantDashboard/MyRooms/other' });
    expect(await screen.findByText('This room is not among the rooms you rent.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Rooms/ })).toBeInTheDocument();
  });
});
