import { MSG, type PayoutAccount, type Payouts } from '@kiraya/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { fail, mockApi, ok, owner, renderApp } from '../../../test/support';
import { PayoutAccountSection } from './PayoutAccountSection';
import { PayoutsSection } from './PayoutsSection';

const saved: PayoutAccount = {
  holderName: 'Asha Rao',
  accountNumberMasked: '••••4321',
  ifsc: 'HDFC0001234',
  status: 'activated',
  statusReason: null,
  gateway: 'sandbox',
  checkedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const signedIn = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ 'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }), 'GET /users/get-current-user': ok(owner), ...extra });

describe('Profile: payout account', { timeout: 15_000 }, () => {
  it('checks the details with the contract, sends them with the password, and shows the number masked', async () => {
    const api = signedIn({ 'GET /payouts/account': ok(null), 'PUT /payouts/account': ok(saved, MSG.payoutAccountSaved) });
    const user = userEvent.setup();
    renderApp(<PayoutAccountSection />, { route: '/OwnerDashboard/Profile', user: owner });
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    await user.type(screen.getByLabelText('Account holder name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Account number'), '123456784321');
    await user.type(screen.getByLabelText('Account number again'), '123456784322');
    await user.type(screen.getByLabelText('IFSC'), 'HDFC1001234');
    await user.type(screen.getByLabelText('Your password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText(MSG.payoutIfsc)).toBeInTheDocument();
    expect(screen.getByText(MSG.payoutAccountNumbersDiffer)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(screen.getByLabelText('Account number again'));
    await user.type(screen.getByLabelText('Account number again'), '123456784321');
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('••••4321')).toBeInTheDocument();
    expect(within(screen.getByTestId('payout-status')).getByText('Activated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      holderName: 'Asha Rao',
      accountNumber: '123456784321',
      confirmAccountNumber: '123456784321',
      ifsc: 'hdfc0001234',
      currentPassword: 'Secret123',
    });
    expect(document.body.textContent).not.toContain('123456784321');
  });

  it('shows a wrong password at its field', async () => {
    signedIn({
      'GET /payouts/account': ok(null),
      'PUT /payouts/account': fail(400, MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]),
    });
    const user = userEvent.setup();
    renderApp(<PayoutAccountSection />, { route: '/OwnerDashboard/Profile', user: owner });
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    await user.type(screen.getByLabelText('Account holder name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Account number'), '123456784321');
    await user.type(screen.getByLabelText('Account number again'), '123456784321');
    await user.type(screen.getByLabelText('IFSC'), 'HDFC0001234');
    await user.type(screen.getByLabelText('Your password'), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Payout account' })).toBeInTheDocument();
  });
});

describe('Billings: payouts', { timeout: 15_000 }, () => {
  it('lists each payout with its fee, net, state and UTR, the month totals and the CSV link', async () => {
    const data: Payouts = {
      feeBps: 100,
      payouts: [
        {
          paymentId: 'p1',
          receiptNumber: 'KR-2026-000001',
          paidAt: '2026-11-02T05:00:00.000Z',
          roomNumber: '101',
          propertyName: 'Lake View',
          tenantName: 'Ravi Kumar',
          amount: 12.99,
          fee: 0.12,
          net: 12.87,
          state: 'settled',
          transferId: 'trf_1',
          settledOn: '2026-11-03',
          utr: 'SBXN000000000042',
          failureReason: null,
        },
      ],
      months: [{ month: '2026-11', count: 2, amount: 25.98, fee: 0.24, net: 25.74, transferred: 25.74, settled: 12.87 }],
    };
    data.payouts.push({
      ...(data.payouts[0] as Payouts['payouts'][number]),
      paymentId: 'p2',
      state: 'transferred',
      settledOn: null,
      utr: null,
    });
    signedIn({ 'GET /payouts/list': ok(data) });
    renderApp(<PayoutsSection />, { route: '/OwnerDashboard/Billings', user: owner });
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Ravi Kumar'));
    expect(row?.textContent).toContain('₹12.99');
    expect(row?.textContent).toContain('₹0.12');
    expect(row?.textContent).toContain('₹12.87');
    expect(row?.textContent).toContain('UTR SBXN000000000042');
    expect(screen.getByRole('list', { name: 'Payouts per month' }).textContent).toContain('November 2026');
    // The header says what was transferred and what of it was settled (ADR 042: it said only "Settled").
    expect(screen.getByTestId('month-states')).toHaveTextContent(
      'Transferred to your Razorpay account ₹25.74 · of it settled to your bank ₹12.87',
    );
    expect(screen.getByRole('link', { name: 'Export payouts (CSV)' })).toHaveAttribute('href', '/api/v1/payouts/export');
  });
});

describe('payouts in Hindi (issue 27)', { timeout: 20_000 }, () => {
  beforeAll(() => preloadLocale('hi-IN'));

  it('lists the month in Hindi, the state and the date with a Hindi month, the same money', async () => {
    const data: Payouts = {
      feeBps: 250,
      payouts: [
        {
          paymentId: 'p1',
          receiptNumber: 'KR-2026-000001',
          paidAt: '2026-11-02T05:00:00.000Z',
          roomNumber: '101',
          propertyName: 'Lake View',
          tenantName: 'Ravi Kumar',
          amount: 1000,
          fee: 25,
          net: 975,
          state: 'held',
          transferId: null,
          settledOn: null,
          utr: null,
          failureReason: null,
        },
      ],
      months: [{ month: '2026-11', count: 1, amount: 1000, fee: 25, net: 975, settled: 0 }],
    } as Payouts;
    signedIn({ 'GET /payouts/list': ok(data) });
    await act(async () => {
      renderApp(
        <LocaleProvider value="hi-IN">
          <PayoutsSection />
        </LocaleProvider>,
        { route: '/OwnerDashboard/Billings', user: owner },
      );
    });
    expect(await screen.findByRole('heading', { name: 'पेआउट' })).toBeInTheDocument();
    const months = await screen.findByRole('list', { name: 'हर महीने के पेआउट' });
    expect(months).toHaveTextContent('नवंबर 2026');
    expect(months).toHaveTextContent('1 भुगतान · ₹1,000.00');
    expect(months).toHaveTextContent('आपके बैंक में ₹975.00 (शुल्क ₹25.00)');
    expect(screen.getByText('Kiraya 2.5% प्लेटफ़ॉर्म शुल्क रखता है (पैसे तक नीचे की ओर पूर्णांकित)।')).toBeInTheDocument();
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('Ravi Kumar'));
    expect(row?.textContent).toContain('2 नवंबर 2026');
    expect(row?.textContent).toContain('रुका हुआ');
    expect(screen.getByRole('link', { name: 'पेआउट एक्सपोर्ट करें (CSV)' })).toBeInTheDocument();
  });
});
