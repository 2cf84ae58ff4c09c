import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { WaitingPanel } from './WaitingPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const place = { property: { _id: 'p1', title: 'Lotus Residency' }, room: { _id: 'r101', roomNumber: '101' } };

it('lists everything waiting for the owner from one call, each with its action (ADR 042)', async () => {
  const api = mockApi({
    'GET /statistics/owner/waiting': ok({
      reports: [
        {
          _id: 'rep1',
          status: 'pending',
          amount: 18500,
          reference: '123456789012',
          paidOn: '2026-11-29',
          note: null,
          ...place,
          tenant: { _id: 't1', fullName: 'Rahul Verma' },
          reportedAt: '2026-11-29T04:00:00.000Z',
          decidedAt: null,
          rejectReason: null,
          paymentId: null,
        },
      ],
      messages: [
        {
          threadId: 'th1',
          kind: 'enquiry',
          from: 'Sneha Kulkarni',
          room: { _id: 'r102', roomNumber: '102', propertyId: 'p1', propertyTitle: 'Lotus Residency' },
          unread: 2,
        },
      ],
      overdue: [{ ...place, tenant: { _id: 't1', fullName: 'Rahul Verma' }, overdue: 1000, since: '2026-10-05' }],
      deposits: [
        {
          ...place,
          room: { _id: 'r103', roomNumber: '103' },
          tenant: { _id: 't3', fullName: 'Imran Qureshi' },
          movedOutOn: '2026-11-20',
          held: 37000,
        },
      ],
    }),
  });
  renderAt(<WaitingPanel />);
  expect(await screen.findByRole('heading', { name: 'Waiting for you (4)' })).toBeInTheDocument();
  const [report, message, overdue, deposit] = screen.getAllByRole('listitem') as HTMLElement[];
  expect(report).toHaveTextContent('Rahul Verma reported ₹18,500.00 paid by UPI on 29 Nov 2026 · Lotus Residency, Room 101');
  expect(within(report as HTMLElement).getByRole('link', { name: 'Confirm or reject ₹18,500.00 from Rahul Verma' })).toHaveAttribute(
    'href',
    '/OwnerDashboard/PaymentReports/rep1',
  );
  expect(message).toHaveTextContent('Sneha Kulkarni · Lotus Residency, Room 102: 2 unread messages');
  expect(within(message as HTMLElement).getByRole('link', { name: 'Reply to Sneha Kulkarni' })).toHaveAttribute(
    'href',
    '/OwnerDashboard/Messages?thread=th1',
  );
  expect(overdue).toHaveTextContent('₹1,000.00 overdue since 5 Oct 2026');
  expect(within(overdue as HTMLElement).getByRole('link', { name: 'Open billing of room 101' })).toHaveAttribute(
    'href',
    '/OwnerDashboard/rooms/p1',
  );
  expect(deposit).toHaveTextContent('Imran Qureshi moved out on 20 Nov 2026: deposit of ₹37,000.00 held');
  expect(within(deposit as HTMLElement).getByRole('link', { name: 'Settle the deposit of room 103' })).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path.startsWith('/statistics/owner/waiting'))).toHaveLength(1);
});

it('says when nothing is waiting', async () => {
  mockApi({ 'GET /statistics/owner/waiting': ok({ reports: [], messages: [], overdue: [], deposits: [] }) });
  renderAt(<WaitingPanel />);
  expect(await screen.findByText(/Nothing is waiting for you/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();
});
