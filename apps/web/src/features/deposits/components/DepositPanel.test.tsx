import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { mockApi, ok, owner, renderAt, tenant } from '../../../test/support';
import type { Deposit } from '../api/deposits';
import { DepositLine, DepositPanel } from './DepositPanel';
import { DepositStatementPage } from './DepositStatementPage';

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

const deposit = (over: Partial<Deposit> = {}): Deposit => ({
  tenancyId: 't1',
  roomId: 'r1',
  roomNumber: '101',
  property: { _id: 'p1', title: 'Sunrise Apartments', address: 'MG Road, Pune, Maharashtra' },
  owner: { _id: 'o1', fullName: 'Rajesh Kumar' },
  tenant: { _id: 'u1', fullName: 'Rahul Sharma' },
  moveInDate: '2026-01-10',
  moveOutDate: '2026-11-20',
  asked: 1_500_000,
  held: 1_500_000,
  billId: 'b1',
  unpaidBills: 0,
  status: 'held',
  canSettle: true,
  settlement: null,
  ...over,
});
const settled = (over: Partial<Deposit> = {}): Deposit =>
  deposit({
    status: 'settled',
    canSettle: false,
    settlement: {
      _id: 's1',
      held: 1_500_000,
      deductionsTotal: 123_456,
      refund: 1_376_544,
      refundMethod: 'upi',
      refundReference: 'UTR998877',
      refundedOn: '2026-11-21',
      settledAt: '2026-11-21T06:30:00.000Z',
      deductions: [
        {
          _id: 'd1',
          kind: 'damage',
          reason: 'Broken window pane',
          amount: 123_456,
          photos: [{ _id: 'f1', url: '/api/v1/deposits/photo/f1' }],
          payment: null,
          disputedAt: null,
          disputeText: null,
        },
      ],
    },
    ...over,
  });

describe('DepositPanel', () => {
  it('shows the deposit held; the owner settles it with a deduction, the sum checked live to the paisa', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /deposits/room/r1': ok(deposit()),
      'POST /deposits/settle/r1': ok(settled(), MSG.depositSettled, 201),
    });
    renderAt(<DepositPanel roomId="r1" viewer="owner" />);
    const panel = await screen.findByTestId('deposit-panel');
    expect(within(panel).getByTestId('deposit-held')).toHaveTextContent('₹15,000.00');
    expect(within(panel).getByText('Held')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Settle deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle deposit' });
    expect(within(dialog).getByTestId('settle-sum')).toHaveTextContent('It adds up.');
    await user.click(within(dialog).getByRole('button', { name: 'Add deduction' }));
    // Nothing else is owed: no unpaid bills to net.
    expect(within(dialog).queryByRole('option', { name: 'Unpaid bills' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Broken window pane');
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '1234.56');
    expect(within(dialog).getByTestId('settle-sum')).toHaveTextContent(MSG.depositSumMismatch('₹15,000.00', '₹16,234.56'));
    await user.click(within(dialog).getByRole('button', { name: 'Settle deposit' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const refund = within(dialog).getByRole('textbox', { name: /^Refund amount/ });
    await user.clear(refund);
    await user.type(refund, '13765.44');
    expect(within(dialog).getByTestId('settle-sum')).toHaveTextContent('It adds up.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Paid by' }), 'upi');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'UTR998877');
    await user.click(within(dialog).getByRole('button', { name: 'Settle deposit' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.depositSettled));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/deposits/settle/r1',
      body: {
        deductions: [{ kind: 'damage', reason: 'Broken window pane', amount: '1234.56', photoIds: [] }],
        refund: { amount: '13765.44', method: 'upi', reference: 'UTR998877' },
      },
    });
    // Typing a whole settlement: many keystrokes, slow on a loaded machine.
  }, 20_000);

  it('offers netting unpaid bills while the tenant owes some, with the most it may net', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    const user = userEvent.setup();
    mockApi({ 'GET /deposits/room/r1': ok(deposit({ unpaidBills: 120_000 })) });
    renderAt(<DepositPanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Settle deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Add deduction' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Kind/ }), 'unpaid_bills');
    expect(within(dialog).getByText("Pays the tenant's unpaid bills, oldest first: at most ₹1,200.00.")).toBeInTheDocument();
  });

  it('asks for the refund method when something is refunded (the contract schema), and shows nothing without a deposit', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    const user = userEvent.setup();
    mockApi({ 'GET /deposits/room/r1': ok(deposit()), 'GET /deposits/room/r2': ok(deposit({ asked: 0, held: 0, status: 'none' })) });
    renderAt(<DepositPanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Settle deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle deposit' }));
    expect(await within(dialog).findByText(MSG.depositRefundMethod)).toBeInTheDocument();
    cleanup();
    const { container } = renderAt(<DepositPanel roomId="r2" viewer="owner" />);
    await waitFor(() => expect(screen.queryByText(/Loading the deposit/)).not.toBeInTheDocument());
    expect(container.querySelector('section')).toBeNull();
  });

  it('the tenant sees the settlement with a link to the statement, and the card line', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    mockApi({ 'GET /deposits/room/r1': ok(settled()) });
    renderAt(
      <>
        <DepositPanel roomId="r1" viewer="tenant" />
        <DepositLine roomId="r1" />
      </>,
    );
    const panel = await screen.findByTestId('deposit-panel');
    expect(panel).toHaveTextContent('₹13,765.44 by UPI on 21 November 2026');
    expect(within(panel).queryByRole('button', { name: 'Settle deposit' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Settlement statement' })).toHaveAttribute('href', '/TenantDashboard/Deposit/r1');
    expect(screen.getByTestId('deposit-line')).toHaveTextContent('Deposit settled: ₹13,765.44 refunded');
  });
});

describe('DepositStatementPage', () => {
  it('lists held, each deduction with its photo, the refund and the identity; the tenant disputes a deduction', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const user = userEvent.setup();
    let current = settled();
    const { calls } = mockApi({
      'GET /deposits/room/r1': () => ok(current),
      'POST /deposits/dispute/r1': () => {
        const s = current.settlement;
        if (s)
          current = {
            ...current,
            settlement: {
              ...s,
              deductions: s.deductions.map((d) => ({ ...d, disputedAt: '2026-11-22T00:00:00.000Z', disputeText: 'It was cracked.' })),
            },
          };
        return ok(current, MSG.depositDisputed);
      },
    });
    renderAt(<DepositStatementPage viewer="tenant" />, { path: '/TenantDashboard/Deposit/:id', route: '/TenantDashboard/Deposit/r1' });
    expect(await screen.findByRole('heading', { name: 'Deposit Settlement Statement' })).toBeInTheDocument();
    const row = screen.getByTestId('statement-deduction');
    expect(row).toHaveTextContent('Deduction 1: Damage');
    expect(row).toHaveTextContent('Broken window pane');
    expect(within(row).getByRole('img', { name: 'Deduction 1, evidence 1' })).toHaveAttribute('src', '/api/v1/deposits/photo/f1');
    expect(screen.getByTestId('statement-refund')).toHaveTextContent('₹13,765.44');
    expect(screen.getByText(/UPI, reference UTR998877, paid on 21 November 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('statement-identity')).toHaveTextContent(
      'Deposit held ₹15,000.00 = deductions ₹1,234.56 + refund ₹13,765.44',
    );
    await user.click(screen.getByRole('button', { name: 'Dispute deduction 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute a deduction' });
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(within(dialog).getByText(MSG.depositDisputeText)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Why you dispute it/ }), 'It was cracked.');
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.depositDisputed));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { deductionId: 'd1', text: 'It was cracked.' } });
    expect(await screen.findByText('Disputed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute deduction 1' })).not.toBeInTheDocument();
  });

  it('the owner reads the statement without dispute buttons', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    mockApi({ 'GET /deposits/room/r1': ok(settled()) });
    renderAt(<DepositStatementPage viewer="owner" />, { path: '/OwnerDashboard/Deposit/:id', route: '/OwnerDashboard/Deposit/r1' });
    expect(await screen.findByRole('heading', { name: 'Deposit Settlement Statement' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dispute/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/OwnerDashboard/rooms/p1');
  });
});

describe('the deposit in Hindi (issue 27)', { timeout: 20_000 }, () => {
  beforeAll(() => preloadLocale('hi-IN'));
  /** Renders in Hindi; the first render waits (awaited act) for the contract's Hindi messages, which useMsg loads on first use. */
  const renderHindi = async (ui: React.ReactNode, options?: Parameters<typeof renderAt>[1]) => {
    await act(async () => {
      renderAt(<LocaleProvider value="hi-IN">{ui}</LocaleProvider>, options);
    });
  };

  it('the panel: status, refund with its method and a Hindi date, the same money', async () => {
    mockApi({ 'GET /deposits/room/r1': ok(settled()) });
    await renderHindi(<DepositPanel roomId="r1" viewer="owner" />);
    const panel = await screen.findByTestId('deposit-panel');
    expect(within(panel).getByRole('heading', { name: 'जमा राशि (सिक्योरिटी डिपॉज़िट)' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('निपटाई गई');
    expect(panel).toHaveTextContent('₹13,765.44, UPI से, 21 नवंबर 2026 को');
    expect(within(panel).getByRole('link', { name: 'निपटान विवरण' })).toBeInTheDocument();
  });

  it('the settlement statement: Hindi headings, deduction kind, dates and the identity', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    mockApi({ 'GET /deposits/room/r1': ok(settled()) });
    await renderHindi(<DepositStatementPage viewer="tenant" />, { path: '/d/:id', route: '/d/r1' });
    expect(await screen.findByRole('heading', { name: 'जमा राशि निपटान विवरण' })).toBeInTheDocument();
    expect(screen.getByText('21 नवंबर 2026')).toBeInTheDocument();
    expect(screen.getByText('10 जनवरी 2026 को रहना शुरू किया, 20 नवंबर 2026 को मकान खाली किया')).toBeInTheDocument();
    expect(screen.getAllByTestId('statement-deduction')[0]).toHaveTextContent('कटौती 1: नुकसान');
    expect(screen.getByTestId('statement-identity')).toHaveTextContent('जमा राशि ₹15,000.00 = कटौतियाँ ₹1,234.56 + रिफ़ंड ₹13,765.44');
    expect(screen.getByRole('link', { name: 'कमरे पर वापस जाएँ' })).toBeInTheDocument();
  });
});
