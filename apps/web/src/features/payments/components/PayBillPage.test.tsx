import { toast as sonnerToast } from 'sonner';
import type { Bill, PaymentOrder, PaySummary, TenantBillGroup } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTenantRoom, mockApi, ok, renderAt, tenant } from '../../../test/support';
import { RAZORPAY_SCRIPT, type RazorpayOptions } from '../api/checkout';
import { payFormSchema } from '@kiraya/contract/payments';
import { clampAmountInput, payDisabled } from './PayAmountForm';
import { PayBillPage } from './PayBillPage';
import { settlementsFor } from './PaySettlement';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

beforeEach(() => {
  for (const k of ['success', 'error', 'info', 'warning'] as const) toast[k].mockReset();
  localStorage.setItem('user', JSON.stringify(tenant));
  delete window.Razorpay;
});

const bill = (over: Partial<Bill> = {}): Bill => ({
  _id: 'b-rent',
  propertyId: 'p1',
  roomId: 'r1',
  tenantId: 'u-tenant',
  billType: 'Rent Bill',
  amount: 12000,
  meterReading: null,
  meterPhotos: { current: null, previous: null },
  status: 'unpaid',
  paidAmount: 0,
  waivedAmount: 0,
  overdue: false,
  ...over,
});
const group = (bills: Bill[] = [bill(), bill({ _id: 'b-water', billType: 'Water Bill', amount: 450.5 })]): TenantBillGroup => ({
  _id: 'g1',
  billDate: '2026-11-01',
  dueDate: '2026-11-11',
  bills,
  count: bills.length,
  total: bills.reduce((s, b) => s + b.amount, 0),
  property: { _id: 'p1', title: 'Lotus Homes' },
  room: { _id: 'r1', roomNumber: '301' },
});
const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 'order_sbx_1',
  currency: 'INR',
  amount: 1245050,
  gateway: 'sandbox',
  key: 'sandbox',
  roomId: 'r1',
  status: 'created',
  ...over,
});
const owedBill = (billId: string, billDate: string, billType: Bill['billType'], owed: number, amount = owed) => ({
  billId,
  billDate,
  billType,
  amount,
  paidAmount: amount - owed,
  owed,
});
/** The room's balance as the ledger sees it: September's rent partly paid, then November's bills (issue 19). */
const summary = (over: Partial<PaySummary> = {}): PaySummary => ({
  roomId: 'r1',
  online: 'sandbox',
  balance: 14450.5,
  minimum: 1,
  ownerUpi: null,
  credit: 0,
  owed: [
    owedBill('b-sep', '2026-09-01', 'Rent Bill', 4000, 12000),
    owedBill('b-rent', '2026-11-01', 'Rent Bill', 10000, 12000),
    owedBill('b-water', '2026-11-01', 'Water Bill', 450.5),
  ],
  ...over,
});
const checkoutResult = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'abc123' };
const payment = {
  _id: 'pm1',
  receiptNumber: 'KR-2026-000042',
  amount: 5000,
  allocations: [
    { billId: 'b-sep', billType: 'Rent Bill', billDate: '2026-09-01', amount: 4000 },
    { billId: 'b-rent', billType: 'Rent Bill', billDate: '2026-11-01', amount: 1000 },
  ],
};
const failure = (status: number, code: string, message: string) => ({
  status,
  body: { statusCode: status, code, message, success: false, errors: [] },
});

type Routes = Parameters<typeof mockApi>[0];
function setup(routes: Routes = {}, groups = [group()]) {
  const api = mockApi({
    'GET /users/get-current-user': ok(tenant),
    'GET /bills/tenant': ok(groups),
    'GET /tenant/room-details': ok([makeTenantRoom({ roomId: 'r1' })]),
    'GET /payments/room/r1/summary': ok(summary()),
    'POST /bills/create-order': ok(order(), 'ok', 201),
    'POST /payments/sandbox/pay': ok(checkoutResult),
    'POST /bills/verify-payment': ok(payment),
    ...routes,
  });
  renderAt(<PayBillPage />, { path: '/TenantDashboard/PayBill/:id', route: '/TenantDashboard/PayBill/b-rent' });
  return api;
}
const amountBox = () => screen.getByLabelText('Amount (₹)');
const payButton = () => screen.getByRole('button', { name: 'Pay Now' });

describe('amount rules', { timeout: 20_000 }, () => {
  it('clamps negatives to 0, keeps other input, and disables pay when empty, zero or processing', () => {
    expect(clampAmountInput('-5')).toBe('0');
    expect(clampAmountInput('-0.01')).toBe('0');
    expect(clampAmountInput('12.5')).toBe('12.5');
    expect(clampAmountInput('')).toBe('');
    expect(payDisabled('', false)).toBe(true);
    expect(payDisabled('0', false)).toBe(true);
    expect(payDisabled('0.00', false)).toBe(true);
    expect(payDisabled('10', true)).toBe(true);
    expect(payDisabled('10', false)).toBe(false);
  });

  it.each([
    ['0.5', MSG.paymentMinimum],
    ['100.01', MSG.paymentTooHigh('₹100.00')],
    ['10.005', MSG.paymentAmountDecimals],
    ['abc', MSG.paymentAmountInvalid],
    ['100', null],
    ['1', null],
  ])("the form's contract schema (₹100 owed) answers %s with %s", (amount, message) => {
    const r = payFormSchema(10_000).safeParse({ amount, roomId: 'r1' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(message);
  });
});

describe('Pay screen', { timeout: 20_000 }, () => {
  it("shows the room's whole balance and, as the amount changes, which bills it settles, oldest first (issue 19)", async () => {
    setup();
    expect(await screen.findByTestId('still-owed')).toHaveTextContent('₹14,450.50');
    expect(screen.getByText('Lotus Homes · Room 301', { exact: false })).toBeInTheDocument();
    // Prefilled with the whole balance: every bill settled in full.
    expect(amountBox()).toHaveValue(14450.5);
    expect(screen.getByTestId('settles-b-sep')).toHaveTextContent('Settled in full by this payment (₹4,000.00)');
    expect(screen.getByTestId('settles-b-water')).toHaveTextContent('Settled in full by this payment (₹450.50)');
    // ₹5,000 settles September first, then ₹1,000 of November's rent, and nothing of the water bill.
    fireEvent.change(amountBox(), { target: { value: '5000' } });
    expect(screen.getByTestId('settles-b-sep')).toHaveTextContent('Settled in full by this payment (₹4,000.00)');
    expect(screen.getByTestId('settles-b-rent')).toHaveTextContent('This payment settles ₹1,000.00 of ₹10,000.00');
    expect(screen.getByTestId('settles-b-water')).toHaveTextContent('Not settled by this payment');
    // The chosen group's quick amount covers everything older too.
    expect(screen.getByRole('button', { name: /Everything owed ₹14,450.50/ })).toBeInTheDocument();
    expect(screen.getByText(MSG.sandboxNoMoney)).toBeInTheDocument();
    expect(amountBox()).toHaveAttribute('min', '1');
  });

  it('shows a UPI payment reported and waiting for the owner, and starts the amount at what is left after it (ADR 042)', async () => {
    setup({
      'GET /payments/room/r1/summary': ok(
        summary({ reported: { amount: 10000, paidOn: '2026-11-29', count: 1 }, balanceAfterReported: 4450.5 }),
      ),
    });
    expect(await screen.findByTestId('pay-reported')).toHaveTextContent('₹10,000.00 reported on 29 Nov 2026, waiting for the owner');
    expect(screen.getByTestId('still-owed')).toHaveTextContent('₹14,450.50');
    expect(screen.getByTestId('left-after-reported')).toHaveTextContent('₹4,450.50');
    // The form does not invite paying the reported money again.
    expect(amountBox()).toHaveValue(4450.5);
  });

  it('offers no payment while the reported payments cover the whole balance (ADR 042)', async () => {
    setup({
      'GET /payments/room/r1/summary': ok(
        summary({ reported: { amount: 14450.5, paidOn: '2026-11-29', count: 2 }, balanceAfterReported: 0 }),
      ),
    });
    expect(await screen.findByTestId('pay-reported')).toHaveTextContent('₹14,450.50 reported in 2 payments (latest on 29 Nov 2026)');
    expect(screen.getByText(/Your reported payments cover what this room owes/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('names the tenancy\'s monthly rent even when the chosen bill has no rent (ADR 042: it said "Monthly rent -")', async () => {
    setup({}, [group([bill({ _id: 'b-rent', billType: 'Water Bill', amount: 450.5 })])]);
    await screen.findByTestId('still-owed');
    expect(screen.getByText(/^Monthly rent/)).toHaveTextContent('Monthly rent ₹9,500.00');
  });

  it('settles the same way as the ledger for any amount', () => {
    const owed = summary().owed;
    const s = settlementsFor(owed, 405_000);
    expect(s.map((x) => x.settlesPaise)).toEqual([400_000, 5_000, 0]);
    expect(settlementsFor(owed, null).every((x) => x.settlesPaise === 0)).toBe(true);
  });

  it('says so and offers no payment when online payment is off (issue 18)', async () => {
    setup({ 'GET /payments/room/r1/summary': ok(summary({ online: 'off' })) });
    expect(await screen.findByText(MSG.paymentsOff)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('explains a balance under ₹1 instead of offering a payment the gateway refuses (issue 18)', async () => {
    setup({
      'GET /payments/room/r1/summary': ok(summary({ balance: 0.5, owed: [owedBill('b-rent', '2026-11-01', 'Rent Bill', 0.5, 12000)] })),
    });
    expect(await screen.findByText(MSG.paymentBelowGatewayMinimum('₹0.50'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('clamps a negative amount to 0 and disables the button for empty and zero amounts', async () => {
    setup();
    await screen.findByTestId('still-owed');
    fireEvent.change(amountBox(), { target: { value: '-25' } });
    expect(amountBox()).toHaveValue(0);
    expect(payButton()).toBeDisabled();
    fireEvent.change(amountBox(), { target: { value: '' } });
    expect(payButton()).toBeDisabled();
    fireEvent.change(amountBox(), { target: { value: '500' } });
    expect(payButton()).toBeEnabled();
  });

  it('a room that owes nothing says so and offers no payment', async () => {
    setup({ 'GET /payments/room/r1/summary': ok(summary({ balance: 0, owed: [] })) }, [
      group([bill({ status: 'paid', paidAmount: 12000 })]),
    ]);
    expect(await screen.findByText(MSG.nothingOwed)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it.each([
    ['below ₹1', '0.5', MSG.paymentMinimum],
    ['above the balance', '14450.51', MSG.paymentTooHigh('₹14,450.50')],
  ])('refuses an amount %s before calling the server, with the server’s message', async (_name, amount, message) => {
    const { calls } = setup();
    await screen.findByTestId('still-owed');
    fireEvent.change(amountBox(), { target: { value: amount } });
    await userEvent.setup().click(payButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(calls.some((c) => c.path === '/bills/create-order')).toBe(false);
  });

  it('the quick amount puts back everything owed, and the preview follows', async () => {
    setup();
    await screen.findByTestId('still-owed');
    fireEvent.change(amountBox(), { target: { value: '100' } });
    expect(screen.getByTestId('settles-b-sep')).toHaveTextContent('This payment settles ₹100.00 of ₹4,000.00');
    await userEvent.setup().click(screen.getByRole('button', { name: /Everything owed ₹14,450.50/ }));
    expect(amountBox()).toHaveValue(14450.5);
    expect(screen.getByTestId('settles-b-water')).toHaveTextContent('Settled in full by this payment (₹450.50)');
  });

  it('pays through the sandbox window: create-order, sandbox pay, verify, then a confirmation with the receipt (issue 19)', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findByTestId('still-owed');
    fireEvent.change(amountBox(), { target: { value: '5000' } });
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Kiraya Sandbox' });
    expect(within(dialog).getByText('Paying Priya Raghavan')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('UPI ID'), 'rahul@okbank');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹12,450.50' }));
    const done = await screen.findByTestId('payment-confirmation');
    expect(toast.success).toHaveBeenCalledWith(MSG.paymentSuccessful);
    // The form and the button pressed are gone: focus is on the message, not on <body> (ADR 044).
    await waitFor(() => expect(within(done).getByRole('heading', { name: 'Payment successful' })).toHaveFocus());
    expect(within(done).getByText('KR-2026-000042')).toBeInTheDocument();
    expect(within(done).getByText('Rent Bill · 1 September 2026')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/TenantDashboard/Receipts/pm1');
    await waitFor(() => expect(within(done).getByTestId('balance-left')).toHaveTextContent('₹14,450.50'));
    expect(calls.find((c) => c.path === '/bills/create-order')?.body).toEqual({ amount: '5000', roomId: 'r1' });
    expect(calls.find((c) => c.path === '/payments/sandbox/pay')?.body).toEqual({
      orderId: 'order_sbx_1',
      outcome: 'success',
      method: 'upi',
    });
    expect(calls.find((c) => c.path === '/bills/verify-payment')?.body).toMatchObject({
      paymentId: 'pay_1',
      orderId: 'order_sbx_1',
      signature: 'abc123',
      roomId: 'r1',
    });
  });

  it('shows "Payment window closed" as info when the window is dismissed, and verifies nothing', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    await screen.findByRole('dialog', { name: 'Kiraya Sandbox' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(MSG.paymentWindowClosed));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/bills/verify-payment' || c.path === '/payments/sandbox/pay')).toBe(false);
    expect(payButton()).toBeEnabled();
  });

  it.each([
    [
      'create-order AMOUNT_TOO_HIGH: the server message',
      { 'POST /bills/create-order': failure(400, 'AMOUNT_TOO_HIGH', 'You can pay at most ₹12,450.50, what this room owes.') },
      'You can pay at most ₹12,450.50, what this room owes.',
    ],
    [
      'create-order ALREADY_PAID: the server message',
      { 'POST /bills/create-order': failure(409, 'ALREADY_PAID', MSG.nothingOwed) },
      MSG.nothingOwed,
    ],
    [
      'create-order with no answer: "Payment initialization failed"',
      { 'POST /bills/create-order': { status: 502, body: 'bad gateway' } },
      MSG.paymentInitFailed,
    ],
    [
      'verify BAD_SIGNATURE: "Payment verification failed…"',
      { 'POST /bills/verify-payment': failure(400, 'BAD_SIGNATURE', 'Signature mismatch') },
      MSG.paymentVerifyFailed,
    ],
    [
      'verify ALREADY_PAID: the server message',
      { 'POST /bills/verify-payment': failure(409, 'ALREADY_PAID', 'This order is already paid.') },
      'This order is already paid.',
    ],
  ])('%s', async (_name, routes, message) => {
    const user = userEvent.setup();
    setup(routes as Routes);
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Kiraya Sandbox' }).catch(() => null);
    if (dialog) {
      await user.type(within(dialog).getByLabelText('UPI ID'), 'rahul@okbank');
      await user.click(within(dialog).getByRole('button', { name: /^Pay ₹/ }));
    }
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/PayBill/b-rent');
  });

  it('a verify whose answer was lost is asked again, and the payment succeeds', async () => {
    const user = userEvent.setup();
    const answers = [failure(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'), ok(payment)];
    const { calls } = setup({ 'POST /bills/verify-payment': () => answers.shift() ?? ok(payment) });
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Kiraya Sandbox' });
    await user.type(within(dialog).getByLabelText('UPI ID'), 'rahul@okbank');
    await user.click(within(dialog).getByRole('button', { name: /^Pay ₹/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.paymentSuccessful), { timeout: 5000 });
    expect(toast.error).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/bills/verify-payment')).toHaveLength(2);
    expect(await screen.findByTestId('payment-confirmation')).toBeInTheDocument();
  });

  it('when verify stays unreachable, it says the payment is not confirmed yet (not failed) and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { calls } = setup({ 'POST /bills/verify-payment': { status: 502, body: 'bad gateway' } });
      await screen.findByTestId('still-owed');
      await user.click(payButton());
      const dialog = await screen.findByRole('dialog', { name: 'Kiraya Sandbox' });
      await user.type(within(dialog).getByLabelText('UPI ID'), 'rahul@okbank');
      await user.click(within(dialog).getByRole('button', { name: /^Pay ₹/ }));
      await act(() => vi.advanceTimersByTimeAsync(11_000));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.paymentNotConfirmed));
      expect(calls.filter((c) => c.path === '/bills/verify-payment')).toHaveLength(4);
      expect(toast.success).not.toHaveBeenCalled();
      expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/PayBill/b-rent');
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a load error shows the spec message and Try Again loads again', async () => {
    const user = userEvent.setup();
    let bills = { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'boom', success: false, errors: [] } } as {
      status: number;
      body: unknown;
    };
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /bills/tenant': () => bills,
      'GET /tenant/room-details': ok([makeTenantRoom({ roomId: 'r1' })]),
      'GET /payments/room/r1/summary': ok(summary()),
    });
    renderAt(<PayBillPage />, { path: '/TenantDashboard/PayBill/:id', route: '/TenantDashboard/PayBill/b-rent' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.billsFetchFailed);
    bills = ok([group()]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('still-owed')).toBeInTheDocument();
  });

  it('a failed room details call says so', async () => {
    setup({ 'GET /tenant/room-details': failure(500, 'INTERNAL', 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.roomDetailsFetchFailed);
  });
});

describe('Razorpay checkout', { timeout: 20_000 }, () => {
  it('opens Razorpay with the spec 7 options; its handler verifies', async () => {
    const user = userEvent.setup();
    const opened: RazorpayOptions[] = [];
    const on = vi.fn();
    window.Razorpay = vi.fn(function (this: unknown, o: RazorpayOptions) {
      opened.push(o);
      return { open: vi.fn(), on };
    }) as unknown as typeof window.Razorpay;
    const { calls } = setup({
      'POST /bills/create-order': ok(order({ gateway: 'razorpay', key: 'rzp_test_k', id: 'order_rz1' }), 'ok', 201),
    });
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    const o = opened[0] as RazorpayOptions;
    expect(o).toMatchObject({
      key: 'rzp_test_k',
      order_id: 'order_rz1',
      currency: 'INR',
      description: 'Room Rent Payment',
      prefill: { name: tenant.fullName, email: tenant.email, contact: tenant.phoneNumber },
      notes: { roomId: 'r1' },
    });
    expect(on).toHaveBeenCalledWith('payment.failed', expect.any(Function));
    act(() => o.handler({ razorpay_payment_id: 'pay_rz', razorpay_order_id: 'order_rz1', razorpay_signature: 'sig' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.paymentSuccessful));
    expect(calls.find((c) => c.path === '/bills/verify-payment')?.body).toMatchObject({
      paymentId: 'pay_rz',
      orderId: 'order_rz1',
      signature: 'sig',
    });
  });

  it('dismissing Razorpay\'s window shows "Payment window closed"; a failed attempt shows its reason', async () => {
    const user = userEvent.setup();
    let opts: RazorpayOptions | null = null;
    let failed: ((r: { error?: { description?: string } }) => void) | null = null;
    window.Razorpay = vi.fn(function (this: unknown, o: RazorpayOptions) {
      opts = o;
      return {
        open: vi.fn(),
        on: (_e: string, cb: typeof failed) => {
          failed = cb;
        },
      };
    }) as unknown as typeof window.Razorpay;
    const { calls } = setup({ 'POST /bills/create-order': ok(order({ gateway: 'razorpay' }), 'ok', 201) });
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    await waitFor(() => expect(opts).not.toBeNull());
    act(() => failed?.({ error: { description: 'Your card was declined' } }));
    expect(toast.error).toHaveBeenCalledWith('Your card was declined');
    act(() => (opts as unknown as RazorpayOptions).modal.ondismiss());
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(MSG.paymentWindowClosed));
    expect(calls.some((c) => c.path === '/bills/verify-payment')).toBe(false);
  });

  it('a checkout script that fails to load gives "Payment system unavailable…"', async () => {
    const user = userEvent.setup();
    setup({ 'POST /bills/create-order': ok(order({ gateway: 'razorpay' }), 'ok', 201) });
    await screen.findByTestId('still-owed');
    await user.click(payButton());
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.head.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`);
      expect(script).not.toBeNull();
    });
    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.paymentUnavailable));
    expect(document.head.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).toBeNull();
  });
});
