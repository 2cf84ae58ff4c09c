import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRequest, makeTenantRoom, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { TenantHome } from './TenantHome';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('TenantHome', () => {
  it('has five tiles that lead to real pages; Requests counts pending invitations and Messages unread messages', async () => {
    localStorage.setItem('user', JSON.stringify({ ...tenant, incomingRequests: [] }));
    const fresh = { ...tenant, incomingRequests: [makeRequest(), makeRequest(), makeRequest({ status: 'accepted' })] };
    mockApi({ 'GET /users/get-current-user': ok(fresh), 'GET /events': ok({ messages: 3, notifications: 1 }) });
    renderAt(<TenantHome />, { path: '/TenantDashboard', route: '/TenantDashboard' });
    const links = within(screen.getByRole('list')).getAllByRole('link');
    const hrefs = links.map((l) => l.getAttribute('href'));
    expect(hrefs).toHaveLength(5);
    expect(hrefs[0]).toBe('/TenantDashboard/MyRooms');
    expect(hrefs[1]).toBe('/TenantDashboard/Search');
    // Recently Viewed Property leads to the reveals' page (OwnerDetails, or its own page once that exists).
    expect(hrefs[2]).toMatch(/^\/TenantDashboard\/\w+$/);
    expect(hrefs[3]).toBe('/TenantDashboard/Requests');
    expect(hrefs[4]).toBe('/TenantDashboard/Messages');
    expect(await screen.findByRole('link', { name: /Requests ?\(2 pending requests\)/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Messages ?\(3 unread messages\)/ })).toBeInTheDocument();
  });

  it('names the invitation that brought a new tenant, and links straight to it in Requests', async () => {
    const invite = makeRequest();
    const user = { ...tenant, incomingRequests: [invite, makeRequest({ status: 'rejected' })] };
    localStorage.setItem('user', JSON.stringify(user));
    mockApi({ 'GET /users/get-current-user': ok(user) });
    renderAt(<TenantHome />, { path: '/TenantDashboard', route: '/TenantDashboard' });
    const panel = await screen.findByRole('region', { name: 'An invitation is waiting for you' });
    expect(panel).toHaveTextContent(`Priya Raghavan invited you to Room ${invite.roomId.roomNumber} at Lotus Homes.`);
    expect(within(panel).getByRole('link', { name: `Open the invitation to Room ${invite.roomId.roomNumber}` })).toHaveAttribute(
      'href',
      `/TenantDashboard/Requests#request-${invite._id}`,
    );
  });

  it('shows no badge when nothing waits', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    mockApi({ 'GET /users/get-current-user': ok(tenant) });
    renderAt(<TenantHome />);
    expect(await screen.findByRole('link', { name: /^Requests/ })).not.toHaveTextContent(/pending/);
  });

  it('shows what each room owes, overdue in red, the next due and Pay (issue 22)', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const r = makeTenantRoom({ outstanding: 4_938_225, overdue: 4_938_225, nextDue: { date: '2026-12-01', amount: 950_000 } });
    r.room.roomNumber = '12';
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /tenant/room-details': ok([r]),
      'GET /bills/tenant': ok([
        {
          _id: 'g1',
          billDate: '2026-10-01',
          dueDate: '2026-10-05',
          count: 1,
          total: 9500,
          property: { _id: 'p1', title: 'Lotus Homes' },
          room: { _id: r.roomId, roomNumber: '12' },
          bills: [
            {
              _id: 'b1',
              propertyId: 'p1',
              roomId: r.roomId,
              tenantId: 'u-tenant',
              billType: 'Rent Bill',
              amount: 9500,
              meterReading: null,
              meterPhotos: { current: null, previous: null },
              status: 'unpaid',
              paidAmount: 0,
              waivedAmount: 0,
              overdue: true,
            },
          ],
        },
      ]),
    });
    renderAt(<TenantHome />);
    const section = await screen.findByRole('region', { name: 'Your rent' });
    expect(within(section).getByText('₹49,382.25')).toHaveClass('text-red-700');
    expect(within(section).getByText('₹49,382.25 overdue')).toBeInTheDocument();
    expect(within(section).getByText(/Next due 1 December 2026/)).toHaveTextContent('₹9,500.00');
    expect(await within(section).findByRole('link', { name: 'Pay ₹49,382.25 for Room 12' })).toHaveAttribute(
      'href',
      '/TenantDashboard/PayBill/b1',
    );
  });
});
