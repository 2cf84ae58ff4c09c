import type { PaymentOrder } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import type { CheckoutRequest } from '../api/checkout';
import { checkSandboxDetails, SandboxCheckoutDialog } from './SandboxCheckoutDialog';

const order: PaymentOrder = {
  id: 'order_sbx_9',
  currency: 'INR',
  amount: 250075,
  gateway: 'sandbox',
  key: 'sandbox',
  roomId: 'r1',
  status: 'created',
};
const request: CheckoutRequest = { order, roomId: 'r1', merchant: 'Priya Raghavan', prefill: {} };
const result = { razorpay_payment_id: 'pay_9', razorpay_order_id: 'order_sbx_9', razorpay_signature: 'f00d' };

function open() {
  const onDone = vi.fn();
  renderAt(<SandboxCheckoutDialog request={request} onDone={onDone} />);
  return { onDone, dialog: screen.getByRole('dialog', { name: 'Kiraya Sandbox' }) };
}

describe('sandbox checkout dialog', { timeout: 20_000 }, () => {
  it('checks the method details plausibly (each problem is a catalogue id)', () => {
    const card = { vpa: '', card: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' };
    expect(checkSandboxDetails('upi', { ...card, vpa: 'rahul@okbank' })).toBeNull();
    expect(checkSandboxDetails('upi', { ...card, vpa: 'rahul' })).toBe('sandbox.error.vpa');
    expect(checkSandboxDetails('card', card)).toBeNull();
    expect(checkSandboxDetails('card', { ...card, card: '4111' })).toBe('sandbox.error.card');
    expect(checkSandboxDetails('card', { ...card, expiry: '13/30' })).toBe('sandbox.error.expiry');
    expect(checkSandboxDetails('card', { ...card, cvv: '12' })).toBe('sandbox.error.cvv');
  });

  it('shows the amount and payee, switches method tabs, and pays by card', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /payments/sandbox/pay': ok(result) });
    const { onDone, dialog } = open();
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹2,500.75');
    expect(within(dialog).getByText('Paying Priya Raghavan')).toBeInTheDocument();
    const upi = within(dialog).getByRole('tab', { name: 'UPI' });
    expect(upi).toHaveAttribute('aria-selected', 'true');
    upi.focus();
    await user.keyboard('{ArrowRight}');
    const cardTab = within(dialog).getByRole('tab', { name: 'Card' });
    expect(cardTab).toHaveAttribute('aria-selected', 'true');
    expect(cardTab).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹2,500.75' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the 3-digit CVV.');
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹2,500.75' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'paid', result }));
    expect(calls[0]?.body).toEqual({ orderId: 'order_sbx_9', outcome: 'success', method: 'card' });
  });

  it('says a wrong UPI ID under its field and marks the failing card field', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    const { dialog } = open();
    await user.type(within(dialog).getByLabelText('UPI ID'), 'rahul');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹2,500.75' }));
    const vpa = within(dialog).getByLabelText('UPI ID');
    expect(vpa).toHaveAttribute('aria-invalid', 'true');
    expect(vpa).toHaveAccessibleDescription(expect.stringContaining('Enter a UPI ID such as name@bank.'));
    expect(vpa).toHaveFocus();
    await user.click(within(dialog).getByRole('tab', { name: 'Card' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Expiry (MM/YY)'));
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹2,500.75' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the expiry as MM/YY.');
    expect(within(dialog).getByLabelText('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('CVV')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getAllByText('Enter the expiry as MM/YY.')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('"Simulate failure" reports a failed payment', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /payments/sandbox/pay': {
        status: 400,
        body: { statusCode: 400, code: 'BAD_REQUEST', message: MSG.paymentFailed, success: false, errors: [] },
      },
    });
    const { onDone, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Simulate failure' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ kind: 'failed', message: MSG.paymentFailed }));
    expect(calls[0]?.body).toMatchObject({ outcome: 'failure' });
  });

  it('the close button and Escape dismiss it; focus stays inside', async () => {
    const user = userEvent.setup();
    mockApi({});
    const first = open();
    expect(first.dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    expect(first.onDone).toHaveBeenCalledWith({ kind: 'dismissed' });
    screen.getByRole('dialog');
    await user.keyboard('{Escape}');
    expect(first.onDone).toHaveBeenCalledTimes(2);
  });
});
