import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, makeRequest, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { mergeDecided, RequestsPage } from './RequestsPage';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
  localStorage.setItem('user', JSON.stringify(tenant));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const row = (owner: string) => screen.getByRole('article', { name: `Invitation from ${owner}` });

describe('RequestsPage (tenant)', () => {
  it('shows the lease terms of a pending invitation before Accept, with the deposit warning when flagged (issue 22)', async () => {
    const a = makeRequest({
      terms: {
        rent: 1_200_000,
        securityDeposit: 3_600_000,
        rentDueDay: null,
        startDate: null,
        termMonths: 11,
        incrementPercent: 7.5,
        noticeMonths: 2,
        lateFee: { kind: 'percent', percent: 2, graceDays: 3 },
      },
      depositWarning: true,
    });
    mockApi({ 'GET /users/get-current-user': ok({ ...tenant, incomingRequests: [a] }) });
    renderAt(<RequestsPage />);
    const terms = await screen.findByRole('group', { name: `Lease terms for Room ${a.roomId.roomNumber}, ${a.title}` });
    for (const text of ['₹12,000.00', '₹36,000.00', '11 months', '7.5% each year', '2 months', 'The day the invitation is accepted'])
      expect(terms).toHaveTextContent(text);
    expect(terms).toHaveTextContent('2% of the overdue rent, 3 days after the due date');
    expect(terms).toHaveTextContent('The start date’s day');
    expect(screen.getByRole('note')).toHaveTextContent("more than 2 months' rent");
    expect(screen.getByRole('button', { name: /^Accept Room/ })).toBeEnabled();
  });

  it('lists invitations with owner, room and property; Accept changes only its own row and refreshes the user', async () => {
    const user = userEvent.setup();
    const a = makeRequest({ ownerId: { _id: 'o1', username: 'priya', fullName: 'Priya Raghavan' }, title: 'Lotus Homes' });
    const b = makeRequest({ ownerId: { _id: 'o2', username: 'arjun', fullName: 'Arjun Mehta' }, title: 'Palm Court' });
    let pending = [a, b];
    const { calls } = mockApi({
      'GET /users/get-current-user': () => ok({ ...tenant, incomingRequests: pending }),
      [`PATCH /requests/accept/${a._id}`]: () => {
        // The server withdraws the room's other requests and answers the user without the accepted one.
        pending = [b];
        return ok({ ...a, status: 'accepted' });
      },
    });
    renderAt(<RequestsPage />);
    expect(await screen.findByText('Priya Raghavan')).toBeInTheDocument();
    expect(within(row('Priya Raghavan')).getByText(`Room ${a.roomId.roomNumber}`, { exact: false })).toBeInTheDocument();
    expect(within(row('Priya Raghavan')).getByText(/Lotus Homes/)).toBeInTheDocument();
    expect(within(row('Arjun Mehta')).getByText(/Palm Court/)).toBeInTheDocument();

    await user.click(within(row('Priya Raghavan')).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.requestAccepted));
    // The accepted row keeps its label after the refreshed user no longer lists it; the other row is untouched.
    await waitFor(() => expect(calls.filter((c) => c.path === '/users/get-current-user').length).toBeGreaterThanOrEqual(2));
    expect(within(row('Priya Raghavan')).getByText('Accepted')).toBeInTheDocument();
    expect(within(row('Priya Raghavan')).queryByRole('button')).toBeNull();
    expect(within(row('Arjun Mehta')).getByRole('button', { name: /^Accept/ })).toBeEnabled();
    expect(within(row('Arjun Mehta')).getByRole('button', { name: /^Reject/ })).toBeEnabled();
    expect(within(row('Arjun Mehta')).queryByText('Accepted')).toBeNull();
  });

  it('Reject marks only its row "Rejected"; a failed accept says "Failed to accept" and keeps the buttons', async () => {
    const user = userEvent.setup();
    const a = makeRequest({ ownerId: { _id: 'o1', username: 'priya', fullName: 'Priya Raghavan' } });
    const b = makeRequest({ ownerId: { _id: 'o2', username: 'arjun', fullName: 'Arjun Mehta' } });
    const { calls } = mockApi({
      'GET /users/get-current-user': ok({ ...tenant, incomingRequests: [a, b] }),
      [`PATCH /requests/reject/${b._id}`]: ok({ ...b, status: 'rejected' }),
      [`PATCH /requests/accept/${a._id}`]: fail(409, MSG.requestRoomTaken),
    });
    renderAt(<RequestsPage />);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Invitation from Arjun Mehta' })).findByRole('button', { name: /^Reject/ }),
    );
    // Reject asks first (issue 19); Cancel sends nothing.
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Reject this invitation?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(within(row('Arjun Mehta')).getByRole('button', { name: /^Reject/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.requestRejected));
    expect(within(row('Arjun Mehta')).getByText('Rejected')).toBeInTheDocument();
    expect(within(row('Priya Raghavan')).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === `/requests/reject/${b._id}`)).toBe(true);

    await user.click(within(row('Priya Raghavan')).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.requestAcceptFailed));
    expect(within(row('Priya Raghavan')).getByRole('button', { name: /^Accept/ })).toBeEnabled();
    expect(within(row('Arjun Mehta')).getByText('Rejected')).toBeInTheDocument();
  });

  it('a decided row keeps its place when the refreshed list no longer has it (issue 19)', () => {
    const [a, b, c] = [makeRequest(), makeRequest(), makeRequest()] as [
      ReturnType<typeof makeRequest>,
      ReturnType<typeof makeRequest>,
      ReturnType<typeof makeRequest>,
    ];
    const rows = mergeDecided([a, c], { [b._id]: { request: b, decision: 'rejected', index: 1 } });
    expect(rows.map((r) => [r.request._id, r.decision])).toEqual([
      [a._id, undefined],
      [b._id, 'rejected'],
      [c._id, undefined],
    ]);
  });

  it('says "No requests available" when there are none', async () => {
    mockApi({ 'GET /users/get-current-user': ok({ ...tenant, incomingRequests: [] }) });
    renderAt(<RequestsPage />);
    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
  });
});
