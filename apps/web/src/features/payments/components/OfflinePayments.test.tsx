import { toast as sonnerToast } from 'sonner';
import type { PaySummary, Receipt } from '@kiraya/contract';
import { todayInIndia } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import type { PaymentReport } from '@kiraya/contract/offline-payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, fail, mockApi, ok, renderAt } from '../../../test/support';
import { PaymentReports, RecordPaymentButton } from './OfflinePayments';
import { PaymentsList } from './PaymentsList';
import { ReceiptPage } from './ReceiptPage';
import { UpiPay } from './UpiPay';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

/** Issue 23's screens: recording a payment, paying the owner by UPI and reporting it, confirming, rejecting, reversing. */

beforeEach(() => {
  for (const k of ['success', 'error', 'info', 'warning'] as const) toast[k].mockReset();
});

const party = (fullName: string, id: string) => ({ _id: id, username: id, fullName });
const cash: Receipt = {
  _id: 'pm1',
  receiptNumber: 'KR-2026-000050',
  kind: 'offline',
  gateway: null,
  orderId: null,
  paymentId: null,
  method: 'cash',
  methodLabel: 'Cash',
  reference: null,
  note: 'At the door',
  paidOn: '2026-11-05',
  reversal: null,
  reversible: true,
  amount: 5000,
  currency: 'INR',
  paidAt: '2026-11-04T18:30:00.000Z',
  source: 'recorded',
  roomId: 'r1',
  propertyId: 'p1',
  room: { _id: 'r1', roomNumber: '301' },
  property: { _id: 'p1', title: 'Lotus Homes' },
  tenantId: party('Rahul Verma', 'u-tenant'),
  ownerId: party('Priya Raghavan', 'u-owner'),
  allocations: [{ billId: 'b1', billType: 'Rent Bill', billDate: '2026-11-01', amount: 5000 }],
  payer: { fullName: 'Rahul Verma', email: 'rahul@kiraya.demo', phoneNumber: '+919812017435' },
  payee: { fullName: 'Priya Raghavan', email: 'priya@kiraya.demo', phoneNumber: '+919812017436' },
  address: { _id: 'p1', title: 'Lotus Homes', street: '5 Lake Road', landmark: '', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
} as Receipt;

const report = (over: Partial<PaymentReport> = {}): PaymentReport => ({
  _id: 'rep1',
  status: 'pending',
  amount: 4000,
  reference: '412345678901',
  paidOn: '2026-11-20',
  note: null,
  room: { _id: 'r1', roomNumber: '301' },
  property: { _id: 'p1', title: 'Lotus Homes' },
  tenant: { _id: 'u-tenant', fullName: 'Rahul Verma' },
  reportedAt: new Date().toISOString(),
  decidedAt: null,
  rejectReason: null,
  paymentId: null,
  ...over,
});

const summary = (over: Partial<PaySummary> = {}): PaySummary => ({
  roomId: 'r1',
  online: 'sandbox',
  balance: 4000,
  minimum: 1,
  ownerUpi: { vpa: 'priya@okhdfcbank', payeeName: 'Priya Raghavan', note: 'Kiraya rent Room 301 Nov 2026' },
  credit: 0,
  owed: [],
  ...over,
});

/** A reason dialog: refused while the reason is empty (nothing sent), then sent with `reason`. */
async function submitWithReason(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  action: string,
  reason: string,
  calls: Call[],
) {
  await user.click(within(dialog).getByRole('button', { name: action }));
  expect(await within(dialog).findByText(MSG.reasonRequired)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  await user.type(within(dialog).getByLabelText(/Reason/), reason);
  await user.click(within(dialog).getByRole('button', { name: action }));
}

/** The room's payments list answers: its payments, no reports, no credit, and `more`. */
const listApi = (payments: Receipt[], more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /payments/mine': ok(payments),
    'GET /payments/upi-reports': ok([]),
    'GET /payments/room/r1/credit': ok({ roomId: 'r1', tenancyId: 't1', credit: 0, refunds: [] }),
    ...more,
  });

describe('Record payment (owner)', { timeout: 20_000 }, () => {
  const open = async () => {
    const user = userEvent.setup();
    renderAt(<RecordPaymentButton roomId="r1" />);
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    return { user, dialog, submit };
  };

  it('says what is wrong under each field: the amount, a UTR of 12 digits for UPI, a cheque number', async () => {
    const { calls } = mockApi({});
    const { user, dialog, submit } = await open();
    await submit();
    expect(await within(dialog).findByText(MSG.paymentAmountInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Amount/), '1200');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'upi');
    const utr = within(dialog).getByLabelText(/UTR \(12 digits\)/);
    await user.type(utr, '12345');
    await submit();
    expect(await within(dialog).findByText(MSG.utrInvalid)).toBeInTheDocument();
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'cheque');
    await user.clear(within(dialog).getByLabelText(/Cheque number/));
    await submit();
    expect(await within(dialog).findByText(MSG.chequeNumberRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends a UPI payment with its UTR, closes and says it is recorded', async () => {
    const { calls } = mockApi({
      'POST /payments/record': ok({ ...cash, method: 'upi', methodLabel: 'UPI direct' }, MSG.paymentRecorded, 201),
    });
    const { user, dialog, submit } = await open();
    await user.type(within(dialog).getByLabelText(/Amount/), '1,200.50');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'upi');
    await user.type(within(dialog).getByLabelText(/UTR/), '412345678901');
    await user.type(within(dialog).getByLabelText(/Note/), 'Paid to my UPI');
    await submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.paymentRecorded));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/payments/record',
      body: { roomId: 'r1', amount: '1,200.50', method: 'upi', paidOn: todayInIndia(), reference: '412345678901', note: 'Paid to my UPI' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's duplicate-reference answer under the reference", async () => {
    const message = MSG.duplicateReference('412345678901');
    mockApi({ 'POST /payments/record': fail(409, message, [{ path: 'reference', message }]) });
    const { user, dialog, submit } = await open();
    await user.type(within(dialog).getByLabelText(/Amount/), '500');
    await user.selectOptions(within(dialog).getByLabelText(/Method/), 'upi');
    await user.type(within(dialog).getByLabelText(/UTR/), '412345678901');
    await submit();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/UTR/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Pay with a UPI app (tenant)', { timeout: 20_000 }, () => {
  it('offers the upi://pay link and its QR code when the owner has a UPI ID', async () => {
    mockApi({ 'GET /payments/upi-reports': ok([]) });
    renderAt(<UpiPay roomId="r1" summary={summary()} amountPaise={400_000} />);
    const block = screen.getByRole('region', { name: 'Pay with a UPI app' });
    const link = within(block).getByTestId('upi-link');
    expect(link).toHaveTextContent('Pay with a UPI app (₹4,000.00)');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('upi://pay?')).toBe(true);
    const params = new URLSearchParams(href.slice('upi://pay?'.length));
    expect(params.get('pa')).toBe('priya@okhdfcbank');
    expect(params.get('am')).toBe('4000.00');
    expect(params.get('cu')).toBe('INR');
    expect(params.get('tn')).toBe('Kiraya rent Room 301 Nov 2026');
    expect(within(block).getByTitle('UPI QR code: pay ₹4,000.00 to priya@okhdfcbank')).toBeInTheDocument();
    expect(block.querySelector('svg path')).not.toBeNull();
  });

  it('has no link and no QR code without the owner’s UPI ID, and says so', async () => {
    mockApi({ 'GET /payments/upi-reports': ok([]) });
    renderAt(<UpiPay roomId="r1" summary={summary({ ownerUpi: null })} amountPaise={400_000} />);
    const block = screen.getByRole('region', { name: 'Pay with a UPI app' });
    expect(within(block).getByText(MSG.noOwnerVpa)).toBeInTheDocument();
    expect(within(block).queryByTestId('upi-link')).toBeNull();
    expect(within(block).queryByTitle(/UPI QR code/)).toBeNull();
    expect(within(block).getByRole('button', { name: 'I have paid — report it' })).toBeInTheDocument();
  });

  it('reports the payment with its UTR: 12 digits, then sent with the amount and date', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /payments/upi-reports': ok([]),
      'POST /payments/report': ok(report(), MSG.paymentReported, 201),
    });
    renderAt(<UpiPay roomId="r1" summary={summary()} amountPaise={400_000} />);
    await user.click(screen.getByRole('button', { name: 'I have paid — report it' }));
    const form = screen.getByRole('form', { name: 'Report a UPI payment' });
    expect(within(form).getByLabelText(/Amount paid/)).toHaveValue('4000.00');
    await user.type(within(form).getByLabelText(/UTR/), 'UTR-77');
    await user.click(within(form).getByRole('button', { name: 'Report payment' }));
    expect(await within(form).findByText(MSG.utrInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByLabelText(/UTR/));
    await user.type(within(form).getByLabelText(/UTR/), '412345678901');
    await user.click(within(form).getByRole('button', { name: 'Report payment' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.paymentReported));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/payments/report',
      body: { roomId: 'r1', amount: '4000.00', reference: '412345678901', paidOn: todayInIndia() },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Report a UPI payment' })).toBeNull());
  });

  it("lists the tenant's own reports with what became of them", async () => {
    mockApi({
      'GET /payments/upi-reports': ok([
        report(),
        report({
          _id: 'rep2',
          reference: '412345678902',
          status: 'rejected',
          decidedAt: new Date().toISOString(),
          rejectReason: 'Not in my bank',
        }),
      ]),
    });
    renderAt(<UpiPay roomId="r1" summary={summary()} amountPaise={400_000} />);
    const list = await screen.findByRole('region', { name: 'Reported UPI payments' });
    expect(within(list).getByText('Waiting for the owner')).toBeInTheDocument();
    expect(within(list).getByText('Not confirmed')).toBeInTheDocument();
    expect(within(list).getByText('Reason: Not in my bank')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Confirm/ })).toBeNull();
  });
});

describe("the owner's pending reports", { timeout: 20_000 }, () => {
  it('confirms a report', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /payments/upi-reports': ok([report()]),
      'POST /payments/confirm-report/rep1': ok(report({ status: 'confirmed', paymentId: 'pm9' })),
    });
    renderAt(<PaymentReports roomId="r1" viewer="owner" />);
    const list = await screen.findByRole('region', { name: 'Reported UPI payments' });
    expect(within(list).getByRole('heading', { name: 'Payments to confirm' })).toBeInTheDocument();
    expect(within(list).getByText(/from Rahul Verma/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Confirm UTR 412345678901' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.reportConfirmed));
    expect(calls.find((c) => c.method === 'GET')?.path).toBe('/payments/upi-reports');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/payments/confirm-report/rep1')).toBe(true);
  });

  it('shows the server’s answer when the report was decided already', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /payments/upi-reports': ok([report()]),
      'POST /payments/confirm-report/rep1': fail(409, MSG.reportAlreadyDecided),
    });
    renderAt(<PaymentReports roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Confirm UTR 412345678901' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.reportAlreadyDecided));
  });

  it('rejects a report only with a reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /payments/upi-reports': ok([report()]),
      'POST /payments/reject-report/rep1': ok(report({ status: 'rejected', rejectReason: 'Not in my bank' })),
    });
    renderAt(<PaymentReports roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Reject UTR 412345678901' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject reported payment' });
    expect(dialog).toHaveTextContent('₹4,000.00, UTR 412345678901');
    await submitWithReason(user, dialog, 'Reject', 'Not in my bank', calls);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.reportRejected));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/payments/reject-report/rep1',
      body: { reason: 'Not in my bank' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not shown when nothing waits', async () => {
    const { calls } = mockApi({ 'GET /payments/upi-reports': ok([]) });
    renderAt(<PaymentReports roomId="r1" viewer="owner" />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('region', { name: 'Reported UPI payments' })).toBeNull();
  });
});

describe('reversing a payment and the method on receipts', { timeout: 20_000 }, () => {
  const old = {
    ...cash,
    _id: 'pm2',
    receiptNumber: 'KR-2026-000020',
    reversible: false,
    method: 'upi',
    methodLabel: 'UPI direct',
    reference: '412345678999',
  } as Receipt;
  const gateway = {
    ...cash,
    _id: 'pm3',
    receiptNumber: 'KR-2026-000010',
    kind: 'gateway',
    reversible: false,
    methodLabel: 'Card',
  } as Receipt;

  it('offers Reverse only on payments the server says can be reversed (recorded in the last 30 days)', async () => {
    listApi([cash, old, gateway]);
    renderAt(<PaymentsList roomId="r1" viewer="owner" backLabel="Back" />);
    expect(await screen.findByRole('button', { name: 'Reverse KR-2026-000050' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Reverse/ })).toHaveLength(1);
    // Each payment says how it was paid, with its reference.
    expect(screen.getAllByTestId('payment-method').map((m) => m.textContent)).toEqual(['Cash', 'UPI direct · 412345678999', 'Card']);
  });

  it('the tenant sees no Reverse button', async () => {
    listApi([cash]);
    renderAt(<PaymentsList roomId="r1" viewer="tenant" backLabel="Back" />);
    expect(await screen.findByRole('link', { name: 'Receipt KR-2026-000050' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse/ })).toBeNull();
  });

  it('asks for a reason, then reverses', async () => {
    const user = userEvent.setup();
    const { calls } = listApi([cash], {
      'POST /payments/reverse/pm1': ok({
        ...cash,
        reversible: false,
        reversal: { reversedAt: new Date().toISOString(), reason: 'Counted twice' },
      }),
    });
    renderAt(<PaymentsList roomId="r1" viewer="owner" backLabel="Back" />);
    await user.click(await screen.findByRole('button', { name: 'Reverse KR-2026-000050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse payment' });
    expect(dialog).toHaveTextContent('Reverse ₹5,000.00 (KR-2026-000050)?');
    await submitWithReason(user, dialog, 'Reverse payment', 'Counted twice', calls);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.paymentReversed));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/payments/reverse/pm1',
      body: { reason: 'Counted twice' },
    });
  });

  it('the receipt names the method and says when the payment was reversed', async () => {
    const reversed = {
      ...cash,
      reversible: false,
      reversal: { reversedAt: '2026-11-06T05:30:00.000Z', reason: 'Counted twice' },
    } as Receipt;
    mockApi({ 'GET /payments/receipt/pm1': ok(reversed) });
    renderAt(<ReceiptPage backTo="/" backLabel="Back" />, { path: '/r/:id', route: '/r/pm1' });
    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    expect(screen.getByText('Method').nextElementSibling).toHaveTextContent('Cash');
    expect(screen.getByTestId('receipt-reversed')).toHaveTextContent('Counted twice');
    expect(screen.queryByText('order_sbx_1')).toBeNull();
  });
});
