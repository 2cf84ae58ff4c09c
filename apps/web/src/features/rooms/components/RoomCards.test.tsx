import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { noticeEndOf } from '@kiraya/contract/leases';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BADGE_TONE_CLASS } from '../../../components/Badge';
import { ApiError } from '../../../lib/api';
import { fail, makeOccupiedRoom, makeProperty, makeRequest, makeRoom, mockApi, mockFetch, ok, renderAt } from '../../../test/support';
import { sendFailureText } from './AssignTenantDialog';
import { todayInIndia } from './VacateDialog';
import { PropertyRoomsPage, rentText } from './PropertyRoomsPage';
import { RoomCard } from './RoomCard';
import { roomStatusTone, tenantTypeLabel } from './roomText';

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

describe('room status and labels', () => {
  it('colours occupied green, vacant yellow, maintenance red, anything else grey', () => {
    expect(roomStatusTone('occupied')).toBe('green');
    expect(roomStatusTone('vacant')).toBe('yellow');
    expect(roomStatusTone('maintenance')).toBe('red');
    expect(roomStatusTone('unknown')).toBe('grey');
    expect(roomStatusTone(null)).toBe('grey');
    // AA contrast: dark text on a light tint.
    expect(BADGE_TONE_CLASS.yellow).toContain('text-yellow-900');
    expect(BADGE_TONE_CLASS.green).toContain('text-green-800');
  });
  it('shows Both as Any and formats rent as the spec says', () => {
    expect(tenantTypeLabel('Both')).toBe('Any');
    expect(tenantTypeLabel('Family')).toBe('Family');
    expect(rentText(12500)).toBe('₹12,500/month');
  });
});

describe('RoomCard (owner)', () => {
  it("shows the lease's rent in force in the header when the route passes it (issue 22)", () => {
    renderAt(<RoomCard room={makeOccupiedRoom({ roomNumber: '205', rentAmount: 12000 })} rent="₹12,600/month" />);
    expect(screen.getByRole('button', { name: /Room 205/ })).toHaveTextContent('Rent: ₹12,600/month');
  });

  it('collapsed shows the facts; expanded shows details, tabs and the tenant', async () => {
    const user = userEvent.setup();
    mockFetch(() => undefined);
    const room = makeOccupiedRoom({
      roomNumber: '204',
      moveInDate: null,
      tenantType: 'Both',
      rentAmount: 12000,
    });
    renderAt(<RoomCard room={room} />);
    const header = screen.getByRole('button', { name: /Room 204/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(header).toHaveTextContent('Any');
    expect(header).toHaveTextContent('Rent: ₹12,000/month');
    expect(within(header).getByText('Occupied')).toHaveAttribute('data-tone', 'green');
    await user.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('1bhk')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tenant Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Current Tenant')).toBeInTheDocument();
    expect(screen.getByText('XXXX XXXX 1234')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Billing Details' }));
    expect(screen.getByText('No billing data available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByText('No documents uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(screen.getByText('No messages from tenant')).toBeInTheDocument();
  });

  it('without a tenant says so; deleting an occupied room shows the server message', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname.endsWith('/rooms/delete-room') ? fail(409, MSG.roomOccupied) : undefined));
    renderAt(<RoomCard room={makeRoom({ roomNumber: '7' })} defaultOpen />);
    expect(screen.getByText('No Tenant Assigned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete room' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.roomOccupied));
  });

  it('Assign Tenant searches as you type, sends the invite, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const room = makeRoom({ _id: 'r-assign' });
    let requests: ReturnType<typeof makeRequest>[] = [];
    const { calls } = mockApi({
      'GET /users/search': (_i, url) =>
        ok(
          url.searchParams.get('query') === 'asha'
            ? [{ _id: 't1', username: 'asha_v', fullName: 'Asha Verma', maskedPhone: '••••8652' }]
            : [],
        ),
      'GET /requests/room/r-assign': () => ok(requests),
      'POST /requests/send': () => {
        requests = [makeRequest({ tenantId: { _id: 't1', username: 'asha_v', fullName: 'Asha Verma' } })];
        return ok(requests[0], 'Request sent', 201);
      },
    });
    renderAt(<RoomCard room={room} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Assign Tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Search Tenant' });
    const box = within(dialog).getByPlaceholderText(/username, phone number or email/);
    await user.type(box, 'as');
    expect(await within(dialog).findByText(/Type at least 3 characters/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/search')).toBe(false);
    await user.type(box, 'ha');
    expect(await within(dialog).findByText('asha_v')).toBeInTheDocument();
    // Who is invited (issue 19): the full name and a masked phone beside the username.
    const hit = within(within(dialog).getByRole('list', { name: 'Search results' })).getByRole('listitem');
    expect(hit).toHaveTextContent('Asha Verma');
    expect(hit).toHaveTextContent('••••8652');
    await user.click(within(dialog).getByRole('button', { name: 'Add asha_v' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.requestSent));
    // The lease terms go with the invitation (issue 22): the room's rent and the defaults, as typed.
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/requests/send',
      body: {
        roomId: 'r-assign',
        tenantId: 't1',
        terms: { rent: '8500', securityDeposit: '8500', termMonths: '11', incrementPercent: '0', noticeMonths: '1', lateFee: null },
      },
    });
    // The room's invitations refresh: the new one shows as pending, and the result row says it was sent.
    const invites = await within(dialog).findByRole('list', { name: 'Invitations' });
    expect(within(invites).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(invites).getByText('Pending')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Request sent to asha_v' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await within(dialog).findByText('No tenant has this username, phone number or email.')).toBeInTheDocument();
  });

  it('Assign Tenant invites an email nobody has by email, lists it as waiting and cancels it (issue 25)', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    type Invite = { _id: string; roomId: string; email: string; status: string; createdAt: string; expiresAt: string };
    let invites: Invite[] = [];
    const { calls } = mockApi({
      'GET /users/search': ok([]),
      'GET /requests/room/r-mail': ok([]),
      'GET /tenancy/email-invites/r-mail': () => ok(invites),
      'POST /tenancy/invite-by-email': (init) => {
        const body = JSON.parse(String(init?.body));
        invites = [
          {
            _id: 'i1',
            roomId: 'r-mail',
            email: body.email.toLowerCase(),
            status: 'pending',
            createdAt: '2026-11-25T05:00:00Z',
            expiresAt: '2026-12-09T05:00:00Z',
          },
        ];
        return ok({ via: 'email', invite: invites[0], request: null }, MSG.emailInviteSent(body.email.toLowerCase()), 201);
      },
      'POST /tenancy/cancel-email-invite/r-mail': () => {
        const done = { ...(invites[0] as Invite), status: 'cancelled' };
        invites = [];
        return ok(done, MSG.emailInviteCancelled);
      },
    });
    renderAt(<RoomCard room={makeRoom({ _id: 'r-mail' })} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Assign Tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Search Tenant' });
    const box = within(dialog).getByPlaceholderText(/username, phone number or email/);
    await user.type(box, 'neha');
    expect(await within(dialog).findByText(/Type their full email address to invite them by email/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Invite by email' })).toBeNull();
    await user.clear(box);
    await user.type(box, 'Neha@Example.com');
    await user.click(await within(dialog).findByRole('button', { name: 'Invite by email' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.emailInviteSent('neha@example.com')));
    // The terms go with it, as with an invitation of an account.
    expect(calls.find((c) => c.path === '/tenancy/invite-by-email')?.body).toMatchObject({
      roomId: 'r-mail',
      email: 'Neha@Example.com',
      terms: { rent: '8500' },
    });
    const waiting = await within(dialog).findByRole('list', { name: 'Invitations by email' });
    expect(within(waiting).getByText('neha@example.com')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting for sign-up')).toBeInTheDocument();
    await user.click(within(waiting).getByRole('button', { name: 'Cancel the invitation to neha@example.com' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.emailInviteCancelled));
    await waitFor(() => expect(within(dialog).queryByRole('list', { name: 'Invitations by email' })).toBeNull());
  });

  it("Assign Tenant asks for the lease terms: the room's rent prefilled, a deposit over 2 months warned (not refused), bad terms stopped, the server's field errors shown (issue 22)", async () => {
    const user = userEvent.setup();
    let sent = 0;
    const { calls } = mockApi({
      'GET /users/search': ok([{ _id: 't1', username: 'asha_v', fullName: 'Asha Verma', maskedPhone: '' }]),
      'GET /requests/room/r-terms': ok([]),
      'POST /requests/send': () => {
        sent += 1;
        return sent === 1
          ? fail(400, 'Validation failed', [{ path: 'terms.lateFee.amount', message: MSG.leaseLateFeeTooHigh }])
          : ok(makeRequest(), 'Request sent', 201);
      },
    });
    renderAt(<RoomCard room={makeRoom({ _id: 'r-terms', rentAmount: 12000 })} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Assign Tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Search Tenant' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    expect(field(/^Monthly rent/)).toHaveValue('12000');
    expect(field(/^Term \(months\)/)).toHaveValue('11');
    expect(field(/^Yearly increment/)).toHaveValue('0');
    expect(within(dialog).queryByRole('note')).toBeNull();
    await user.clear(field(/^Security deposit/));
    await user.type(field(/^Security deposit/), '36000');
    expect(within(dialog).getByRole('note')).toHaveTextContent(MSG.leaseDepositWarning);
    await user.type(field(/^Rent due day/), '29');
    await user.type(within(dialog).getByRole('searchbox'), 'ash');
    await user.click(await within(dialog).findByRole('button', { name: 'Add asha_v' }, { timeout: 3000 }));
    expect(await within(dialog).findByText(MSG.leaseRentDueDay)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(field(/^Rent due day/));
    await user.type(field(/^Rent due day/), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Late fee/ }), 'flat');
    await user.type(field(/^Late fee \(₹\)/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Add asha_v' }));
    expect(await within(dialog).findByText(MSG.leaseLateFeeTooHigh)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add asha_v' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.requestSent));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({
      terms: { rent: '12000', securityDeposit: '36000', rentDueDay: '5', lateFee: { kind: 'flat', amount: '500', graceDays: '5' } },
    });
  });

  it('a refused invite shows the server message; "Unable to send Request" only when the call fails', async () => {
    expect(sendFailureText(new ApiError(409, MSG.requestAlreadyPending))).toBe(MSG.requestAlreadyPending);
    expect(sendFailureText(new ApiError(400, MSG.unexpected))).toBe(MSG.unexpected);
    expect(sendFailureText(new ApiError(0, 'Cannot reach Kiraya.'))).toBe(MSG.requestSendFailed);
    expect(sendFailureText(new ApiError(500, MSG.internal))).toBe(MSG.requestSendFailed);
    const user = userEvent.setup();
    mockApi({
      'GET /users/search': ok([{ _id: 't1', username: 'asha_v', fullName: 'Asha Verma', maskedPhone: '' }]),
      'GET /requests/room/r-refused': ok([]),
      'POST /requests/send': fail(409, MSG.requestRoomNotVacant),
    });
    renderAt(<RoomCard room={makeRoom({ _id: 'r-refused' })} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Assign Tenant' }));
    await user.type(screen.getByRole('searchbox'), 'ash');
    await user.click(await screen.findByRole('button', { name: 'Add asha_v' }, { timeout: 3000 }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.requestRoomNotVacant));
  });

  it('a vacant room lists its invitations with status; Withdraw acts on the pending one', async () => {
    const user = userEvent.setup();
    const pending = makeRequest({ tenantId: { _id: 't1', username: 'asha_v', fullName: 'Asha Verma' } });
    const rejected = makeRequest({ status: 'rejected', tenantId: { _id: 't2', username: 'ben', fullName: 'Ben Thomas' } });
    let list = [pending, rejected];
    const { calls } = mockApi({
      'GET /requests/room/r-inv': () => ok(list),
      [`PATCH /requests/withdraw/${pending._id}`]: () => {
        list = [{ ...pending, status: 'withdrawn' }, rejected];
        return ok(list[0]);
      },
    });
    renderAt(<RoomCard room={makeRoom({ _id: 'r-inv' })} defaultOpen />);
    const invites = await screen.findByRole('list', { name: 'Invitations' });
    const rowOf = (name: string) => within(invites).getByText(name).closest('li') as HTMLElement;
    expect(within(rowOf('Ben Thomas')).getByText('Rejected')).toBeInTheDocument();
    expect(within(rowOf('Ben Thomas')).queryByRole('button')).toBeNull();
    await user.click(within(rowOf('Asha Verma')).getByRole('button', { name: 'Withdraw the invitation to asha_v' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.requestWithdrawn));
    await waitFor(() => expect(within(rowOf('Asha Verma')).getByText('Withdrawn')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PATCH' && c.path === `/requests/withdraw/${pending._id}`)).toBe(true);
  });

  it('today is the date in India, as on the server', () => {
    expect(todayInIndia(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(todayInIndia(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22');
  });

  it('an occupied room shows the tenant and moved-in date, offers Vacate (today by default), not Assign Tenant or Delete', async () => {
    const user = userEvent.setup();
    const room = makeOccupiedRoom({
      _id: 'r-occ',
      roomNumber: '12',
    });
    const { calls } = mockApi({ 'POST /rooms/vacate/r-occ': ok({}) });
    renderAt(<RoomCard room={room} defaultOpen />);
    expect(screen.getByText('Current Tenant')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByText('XXXX XXXX 1234')).toBeInTheDocument();
    expect(screen.getByText('Moved in').nextElementSibling).toHaveTextContent('15 September 2026');
    expect(screen.queryByRole('button', { name: 'Assign Tenant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete room' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit room' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vacate' }));
    const dialog = screen.getByRole('dialog', { name: 'Vacate room 12' });
    const date = within(dialog).getByRole('textbox', { name: /^Move-out date/ });
    expect(date).toHaveValue(todayInIndia().split('-').reverse().join('/'));
    await user.click(within(dialog).getByRole('button', { name: 'Vacate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.roomVacated));
    expect(calls.find((c) => c.path === '/rooms/vacate/r-occ')).toMatchObject({ method: 'POST', body: { moveOutDate: todayInIndia() } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Vacate records a later move-out date ahead and says when the room becomes vacant (issue 19)', async () => {
    const user = userEvent.setup();
    const room = makeOccupiedRoom(
      {
        _id: 'r-later',
        roomNumber: '15',
      },
      'a@example.com',
    );
    const { calls } = mockApi({ 'POST /rooms/vacate/r-later': ok({}) });
    renderAt(<RoomCard room={room} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Vacate' }));
    const dialog = screen.getByRole('dialog', { name: 'Vacate room 15' });
    const date = within(dialog).getByRole('textbox', { name: /^Move-out date/ });
    const later = `${Number(todayInIndia().slice(0, 4)) + 1}-01-31`;
    await user.clear(date);
    await user.type(date, `31/01/${later.slice(0, 4)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Vacate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.moveOutScheduled(`31 January ${later.slice(0, 4)}`)));
    expect(calls.find((c) => c.path === '/rooms/vacate/r-later')?.body).toEqual({ moveOutDate: later });
  });

  it('Vacate defaults to the end of the notice period; an earlier date asks for a reason and sends it (ADR 041)', async () => {
    const user = userEvent.setup();
    const room = makeOccupiedRoom({ _id: 'r-notice', roomNumber: '16' }, 'n@example.com');
    const { calls } = mockApi({
      'GET /leases/room/r-notice': ok({ terms: { noticeMonths: 1 } }),
      'POST /rooms/vacate/r-notice': ok({}),
    });
    renderAt(<RoomCard room={room} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Vacate' }));
    const dialog = screen.getByRole('dialog', { name: 'Vacate room 16' });
    const date = await within(dialog).findByRole('textbox', { name: /^Move-out date/ });
    const noticeEnds = noticeEndOf(todayInIndia(), 1);
    expect(date).toHaveValue(noticeEnds.split('-').reverse().join('/'));
    expect(within(dialog).queryByRole('textbox', { name: /^Reason/ })).toBeNull();
    await user.clear(date);
    await user.type(date, todayInIndia().split('-').reverse().join('/'));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason for the earlier move-out/ });
    await user.click(within(dialog).getByRole('button', { name: 'Vacate' }));
    expect(calls.find((c) => c.path === '/rooms/vacate/r-notice')).toBeUndefined();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'Leaving early by agreement.');
    await user.click(within(dialog).getByRole('button', { name: 'Vacate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/rooms/vacate/r-notice')?.body).toEqual({
        moveOutDate: todayInIndia(),
        reason: 'Leaving early by agreement.',
      }),
    );
  });

  it('Vacate shows the server refusal under the date and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const room = makeOccupiedRoom(
      {
        _id: 'r-occ2',
        roomNumber: '14',
      },
      'a@example.com',
    );
    const message = MSG.moveOutBeforeMoveIn('2026-09-15');
    mockApi({ 'POST /rooms/vacate/r-occ2': fail(400, message, [{ path: 'moveOutDate', message }]) });
    renderAt(<RoomCard room={room} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Vacate' }));
    const dialog = screen.getByRole('dialog', { name: 'Vacate room 14' });
    await user.click(within(dialog).getByRole('button', { name: 'Vacate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(within(dialog).getByRole('textbox', { name: /^Move-out date/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Vacate room 14' })).toBeInTheDocument();
  });
});

describe('PropertyRoomsPage (public)', () => {
  it('shows the property, the rooms, and sends a visitor to /auth', async () => {
    const user = userEvent.setup();
    const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', city: 'Indore', state: 'Madhya Pradesh', amenities: ['Lift'] });
    mockFetch((url) => {
      if (url.pathname.endsWith('/properties/p1')) return ok(property);
      if (url.pathname.endsWith('/rooms/p1')) return ok([makeRoom({ roomNumber: '3A', rentAmount: 7000, tenantType: 'Family' })]);
      return undefined;
    });
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotus Homes' })).toBeInTheDocument();
    expect(screen.getByText(/Indore, Madhya Pradesh/)).toBeInTheDocument();
    expect(await screen.findByText('₹7,000/month')).toBeInTheDocument();
    expect(screen.getByAltText('Room 3A')).toHaveAttribute('width', '640');
    await user.click(screen.getByRole('button', { name: 'Get Phone Number' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('sends a tenant to Messages, and shows the empty and error states', async () => {
    const user = userEvent.setup();
    const tenant = { _id: 't1', role: 'tenant', username: 'tina' };
    localStorage.setItem('user', JSON.stringify(tenant));
    mockFetch((url) => {
      if (url.pathname.endsWith('/users/get-current-user')) return ok(tenant);
      if (url.pathname.endsWith('/properties/p1')) return ok(makeProperty({ _id: 'p1' }));
      if (url.pathname.endsWith('/rooms/p1')) return ok([makeRoom()]);
      if (url.pathname.endsWith('/properties/p2')) return ok(makeProperty({ _id: 'p2' }));
      if (url.pathname.endsWith('/rooms/p2')) return ok([]);
      if (url.pathname.endsWith('/properties/p3')) return ok(makeProperty({ _id: 'p3' }));
      if (url.pathname.endsWith('/rooms/p3')) return fail(500, 'x');
      return undefined;
    });
    const view = renderAt(<PropertyRoomsPage />, { path: '/TenantDashboard/Search/:id', route: '/TenantDashboard/Search/p1' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Send Message' })).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // Messages about this room: its conversation, or a new enquiry to its owner (B7).
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/TenantDashboard\/Messages\?room=r\d+$/);
    view.unmount();
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/p2' });
    expect(await screen.findByText(MSG.roomsNotFound)).toBeInTheDocument();
    cleanup();
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/p3' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.roomsFetchFailed);
  });
});
