import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonnerToast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, owner, renderAt } from '../../../test/support';
import { PaymentReportPage } from './PaymentReportPage';

const toast = vi.mocked(sonnerToast, true);
beforeEach(() => {
  toast.success.mockReset();
  localStorage.setItem('user', JSON.stringify(owner));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const report = (over: object = {}) => ({
  _id: 'rep1',
  status: 'pending',
  amount: 18500,
  reference: '123456789012',
  paidOn: '2026-11-29',
  note: null,
  room: { _id: 'r101', roomNumber: '101' },
  property: { _id: 'p1', title: 'Lotus Residency' },
  tenant: { _id: 't1', fullName: 'Rahul Verma' },
  reportedAt: '2026-11-29T04:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  paymentId: null,
  ...over,
});
const at = { path: '/OwnerDashboard/PaymentReports/:id', route: '/OwnerDashboard/PaymentReports/rep1' };

it('opens the report the notification names; Confirm confirms it there and says so (ADR 042)', async () => {
  let decided = false;
  const api = mockApi({
    'GET /users/get-current-user': ok(owner),
    'GET /payments/upi-reports/rep1': () => ok(decided ? report({ status: 'confirmed', paymentId: 'pay1' }) : report()),
    'POST /payments/confirm-report/rep1': () => {
      decided = true;
      return ok(report({ status: 'confirmed', paymentId: 'pay1' }), MSG.reportConfirmed);
    },
  });
  renderAt(<PaymentReportPage />, at);
  expect(await screen.findByTestId('report-amount')).toHaveTextContent('₹18,500.00');
  expect(screen.getByText('123456789012')).toBeInTheDocument();
  expect(screen.getByText('Rahul Verma')).toBeInTheDocument();
  expect(screen.getByTestId('report-status')).toHaveTextContent('Waiting for you to confirm');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm UTR 123456789012' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.reportConfirmed));
  expect(api.calls.some((c) => c.method === 'POST' && c.path === '/payments/confirm-report/rep1')).toBe(true);
  expect(await screen.findByRole('link', { name: 'Open the receipt' })).toHaveAttribute('href', '/OwnerDashboard/Receipts/pay1');
  expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
});

it('rejects with a reason from the same page', async () => {
  const api = mockApi({
    'GET /users/get-current-user': ok(owner),
    'GET /payments/upi-reports/rep1': ok(report()),
    'POST /payments/reject-report/rep1': ok(report({ status: 'rejected', rejectReason: 'Not in my account' }), MSG.reportRejected),
  });
  renderAt(<PaymentReportPage />, at);
  await userEvent.click(await screen.findByRole('button', { name: 'Reject UTR 123456789012' }));
  await userEvent.type(await screen.findByRole('textbox', { name: /^Reason/ }), 'Not in my account');
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.reportRejected));
  expect(api.calls.find((c) => c.path === '/payments/reject-report/rep1')?.body).toEqual({ reason: 'Not in my account' });
});

it("says so for someone else's report or one that does not exist", async () => {
  mockApi({ 'GET /users/get-current-user': ok(owner), 'GET /payments/upi-reports/rep1': fail(404, MSG.reportNotFound) });
  renderAt(<PaymentReportPage />, at);
  expect(await screen.findByRole('alert')).toHaveTextContent(MSG.reportNotFound);
});
