import { toast as sonnerToast } from 'sonner';
import { MSG } from '@kiraya/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { RoomCredit } from './RoomCredit';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

const credit = (over = {}) => ({ roomId: 'r1', tenancyId: 't1', credit: 1500, refunds: [], ...over });

describe('RoomCredit (issue 19)', { timeout: 20_000 }, () => {
  it('shows the tenant their credit and offers no refund', async () => {
    mockApi({ 'GET /payments/room/r1/credit': ok(credit()) });
    renderAt(<RoomCredit roomId="r1" viewer="tenant" />);
    expect(await screen.findByText('Credit for this room: ₹1,500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund credit' })).not.toBeInTheDocument();
  });

  it('says nothing when there is no credit and no refund', async () => {
    const { calls } = mockApi({ 'GET /payments/room/r1/credit': ok(credit({ credit: 0 })) });
    renderAt(<RoomCredit roomId="r1" viewer="owner" />);
    await waitFor(() => expect(calls.some((c) => c.path === '/payments/room/r1/credit')).toBe(true));
    expect(screen.queryByLabelText('Credit')).not.toBeInTheDocument();
  });

  it('lets the owner record a refund with its reference, and refuses one without', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /payments/room/r1/credit': ok(credit()),
      'POST /payments/refund-credit': ok(
        credit({ credit: 500, refunds: [{ _id: 'x', amount: 1000, reference: 'UTR9', note: null, refundedOn: '2026-11-24' }] }),
        'ok',
        201,
      ),
    });
    renderAt(<RoomCredit roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Refund credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund credit' });
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText(MSG.refundReferenceRequired)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '1000');
    await user.type(within(dialog).getByLabelText(/Reference/), 'UTR9');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.creditRefunded));
    expect(calls.find((c) => c.path === '/payments/refund-credit')?.body).toEqual({ roomId: 'r1', amount: '1000', reference: 'UTR9' });
  });
});
