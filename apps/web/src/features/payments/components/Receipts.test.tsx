import type { Receipt, RentReceipt } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { makeTenantRoom, mockApi, ok, renderAt } from '../../../test/support';
import { PaymentsList } from './PaymentsList';
import { ReceiptPage } from './ReceiptPage';
import { financialYearOf, RentReceiptPage, recentFinancialYears } from './RentReceiptPage';

const party = (fullName: string, id: string) => ({ _id: id, username: id, fullName });
const address = {
  _id: 'p1',
  title: 'Lotus Homes',
  street: '5 Lake Road',
  landmark: 'Near the lake',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};
const receipt: Receipt = {
  _id: 'pm1',
  receiptNumber: 'KR-2026-000042',
  kind: 'gateway',
  gateway: 'sandbox',
  orderId: 'order_sbx_1',
  paymentId: 'pay_sbx_1',
  method: 'upi',
  methodLabel: 'UPI (gateway)',
  reference: null,
  note: null,
  paidOn: '2026-11-05',
  reversal: null,
  reversible: false,
  amount: 5000,
  currency: 'INR',
  paidAt: '2026-11-05T06:30:00.000Z',
  source: 'verify',
  roomId: 'r1',
  propertyId: 'p1',
  room: { _id: 'r1', roomNumber: '301' },
  property: { _id: 'p1', title: 'Lotus Homes' },
  tenantId: party('Rahul Verma', 'u-tenant'),
  ownerId: party('Priya Raghavan', 'u-owner'),
  allocations: [
    { billId: 'b0', billType: 'Water Bill', billDate: '2026-10-01', amount: 450.5 },
    { billId: 'b1', billType: 'Rent Bill', billDate: '2026-11-01', amount: 4549.5 },
  ],
  payer: { fullName: 'Rahul Verma', email: 'rahul@kiraya.demo', phoneNumber: '+919812017435' },
  payee: { fullName: 'Priya Raghavan', email: 'priya@kiraya.demo', phoneNumber: '+919812017436' },
  address,
} as Receipt;

describe('receipt page', { timeout: 20_000 }, () => {
  it('shows payer, payee, room, address, amount, bills settled, gateway ids, number and date, and prints', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /payments/receipt/pm1': ok(receipt) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt(<ReceiptPage backTo="/TenantDashboard/Billings" backLabel="Back to Billings" />, {
      path: '/TenantDashboard/Receipts/:id',
      route: '/TenantDashboard/Receipts/pm1',
    });
    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    expect(screen.getByText('KR-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('5 November 2026 at 12:00 pm')).toBeInTheDocument();
    expect(screen.getByText('Rahul Verma')).toBeInTheDocument();
    expect(screen.getByText('Priya Raghavan')).toBeInTheDocument();
    expect(screen.getByText('Room 301, Lotus Homes')).toBeInTheDocument();
    expect(screen.getByText('5 Lake Road, Near the lake, Pune, Maharashtra, 411001')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Water Bill 1 October 2026 ₹450.50/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Rent Bill 1 November 2026 ₹4,549.50/ })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('₹5,000.00');
    expect(screen.getByText('order_sbx_1')).toBeInTheDocument();
    expect(screen.getByText('pay_sbx_1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it("says so when the receipt is not the caller's", async () => {
    mockApi({
      'GET /payments/receipt/nope': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Payment not found.', success: false, errors: [] },
      },
    });
    renderAt(<ReceiptPage backTo="/" backLabel="Back" />, { path: '/r/:id', route: '/r/nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found.');
  });
});

describe('payments list', { timeout: 20_000 }, () => {
  it("lists the owner's received payments with payer, amount and receipt links", async () => {
    const { calls } = mockApi({
      'GET /payments/mine': ok([receipt, { ...receipt, _id: 'pm2', receiptNumber: 'KR-2026-000043', amount: 7450.5 }]),
    });
    renderAt(<PaymentsList roomId="r1" viewer="owner" title="Payments received" backLabel="Back to Rooms" />);
    expect(await screen.findByRole('link', { name: 'Receipt KR-2026-000042' })).toHaveAttribute('href', '/OwnerDashboard/Receipts/pm1');
    expect(screen.getByRole('link', { name: 'Receipt KR-2026-000043' })).toHaveAttribute('href', '/OwnerDashboard/Receipts/pm2');
    expect(screen.getByText('₹7,450.50')).toBeInTheDocument();
    expect(screen.getAllByText('from Rahul Verma')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Rent receipts/ })).toHaveAttribute('href', '/OwnerDashboard/RentReceipts?roomId=r1');
    expect(calls.find((c) => c.path === '/payments/mine')).toBeDefined();
  });

  it("a receipt opened from the list comes back to it; opened by its address, to the page's default", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /payments/mine': ok([receipt]), 'GET /payments/receipt/pm1': ok(receipt) });
    const pages = (
      <Routes>
        <Route path="/OwnerDashboard/rooms/p1" element={<PaymentsList roomId="r1" viewer="owner" backLabel="Back to Rooms" />} />
        <Route
          path="/OwnerDashboard/Receipts/:id"
          element={<ReceiptPage backTo="/OwnerDashboard/Properties" backLabel="Back to Properties" />}
        />
      </Routes>
    );
    const { unmount } = renderAt(pages, { path: '*', route: '/OwnerDashboard/rooms/p1?room=r1' });
    await user.click(await screen.findByRole('link', { name: 'Receipt KR-2026-000042' }));
    expect(await screen.findByRole('heading', { name: 'Payment Receipt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/OwnerDashboard/rooms/p1?room=r1');
    unmount();
    renderAt(pages, { path: '*', route: '/OwnerDashboard/Receipts/pm1' });
    expect(await screen.findByRole('link', { name: 'Back to Properties' })).toHaveAttribute('href', '/OwnerDashboard/Properties');
  });

  it('shows an empty state', async () => {
    mockApi({ 'GET /payments/mine': ok([]) });
    renderAt(<PaymentsList viewer="tenant" backLabel="Back to Billings" />);
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});

const rent = (over: Partial<RentReceipt> = {}): RentReceipt => ({
  period: 'FY2026-27',
  label: 'Financial year 2026-27',
  from: '2026-04-01',
  to: '2027-03-31',
  tenant: { fullName: 'Rahul Verma' },
  owner: { fullName: 'Priya Raghavan', pan: null },
  panRequired: true,
  address,
  room: { _id: 'r1', roomNumber: '301' },
  rentPaid: 120000,
  payments: [
    {
      _id: 'pm1',
      receiptNumber: 'KR-2026-000042',
      paymentId: 'pay_sbx_1',
      methodLabel: 'UPI (gateway)',
      paidAt: '2026-11-05T06:30:00.000Z',
      rentFor: '2026-09',
      amount: 12000,
    },
  ],
  issuedOn: '2026-11-22',
  tds: null,
  ...over,
});

describe('rent receipt page', { timeout: 20_000 }, () => {
  it('financial years run April to March', () => {
    expect(financialYearOf(new Date(2026, 2, 31))).toBe('FY2025-26');
    expect(financialYearOf(new Date(2026, 3, 1))).toBe('FY2026-27');
    expect(recentFinancialYears(new Date(2026, 10, 22), 2)).toEqual(['FY2026-27', 'FY2025-26']);
  });

  it('the tenant picks a room and a financial year and sees the receipt, with a note when the PAN is missing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /tenant/room-details': ok([makeTenantRoom({ roomId: 'r1' }), makeTenantRoom({ roomId: 'r2' })]),
      'GET /tenant/past-rooms': ok([]),
      'GET /payments/rent-receipt': (_i, url) =>
        ok(
          url.searchParams.get('period')?.startsWith('FY')
            ? rent()
            : rent({ period: '2026-11', panRequired: false, label: 'November 2026', from: '2026-11-01', to: '2026-11-30' }),
        ),
    });
    renderAt(<RentReceiptPage viewer="tenant" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?period=2026-11' });
    expect(await screen.findByText('Choose a room to see its rent receipt.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Room'), 'r1');
    expect(await screen.findByText(/not required/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Financial year'));
    const sheet = await screen.findByRole('article', { name: 'Rent receipt' });
    await waitFor(() => expect(sheet).toHaveTextContent('Financial year 2026-27'));
    expect(screen.getByTestId('rent-paid')).toHaveTextContent('₹1,20,000.00');
    expect(screen.getByRole('note')).toHaveTextContent(/PAN is required/);
    expect(sheet).toHaveTextContent('KR-2026-000042');
    // Each payment row says which month's rent it paid (issue 19: November's payment of September's rent).
    expect(within(sheet).getByRole('row', { name: /September 2026/ })).toHaveTextContent('5 Nov');
    expect(sheet).toHaveTextContent('Signature of owner (Priya Raghavan)');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    const last = calls.filter((c) => c.path === '/payments/rent-receipt').at(-1);
    expect(last).toBeDefined();
  });

  it('lists the rooms of past tenancies too, once each (issue 19: HRA proof outlives a move-out)', async () => {
    const current = makeTenantRoom({ roomId: 'r1' });
    const past = makeTenantRoom({ roomId: 'r9', moveInDate: '2025-01-01', moveOutDate: '2025-12-31' });
    past.room.roomNumber = '7';
    past.property_id.title = 'Palm Court';
    const again = makeTenantRoom({ roomId: 'r9', moveInDate: '2024-01-01', moveOutDate: '2024-06-30' });
    mockApi({
      'GET /tenant/room-details': ok([current]),
      'GET /tenant/past-rooms': ok([past, again]),
      'GET /payments/rent-receipt': ok(rent()),
    });
    renderAt(<RentReceiptPage viewer="tenant" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?period=FY2025-26' });
    const select = await screen.findByLabelText('Room');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getByRole('option', { name: 'Room 7 · Palm Court (past tenancy)' })).toHaveValue('r9');
    await userEvent.setup().selectOptions(select, 'r9');
    expect(await screen.findByRole('article', { name: 'Rent receipt' })).toBeInTheDocument();
  });

  it('says nothing was paid for a period without rent, and offers no receipt to print', async () => {
    mockApi({ 'GET /payments/rent-receipt': ok(rent({ rentPaid: 0, payments: [] })) });
    renderAt(<RentReceiptPage viewer="owner" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?roomId=r1&period=2026-11' });
    expect(await screen.findByText(MSG.rentNothingPaid)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Rent receipt' })).toBeNull();
    expect(screen.queryByText(/the sum of/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Print/ })).toBeNull();
  });

  it.each([
    ['FY2026-28', 'Financial year'],
    ['2026-13', 'Month'],
  ])("marks a period the URL got wrong (%s) on its field with the contract's message, and asks for no receipt", async (period, label) => {
    const { calls } = mockApi({ 'GET /payments/rent-receipt': ok(rent()) });
    renderAt(<RentReceiptPage viewer="owner" backTo="/" backLabel="Back" />, { path: '/rr', route: `/rr?roomId=r1&period=${period}` });
    const field = screen.getByLabelText(label, { selector: 'input[type=month], select' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(MSG.rentPeriodFormat);
    expect(calls.filter((c) => c.path === '/payments/rent-receipt')).toHaveLength(0);
  });

  it('a month picked on the field goes to the URL and clears the mark', async () => {
    mockApi({ 'GET /payments/rent-receipt': ok(rent({ period: '2026-10', label: 'October 2026' })) });
    renderAt(<RentReceiptPage viewer="owner" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?roomId=r1&period=2026-13' });
    const month = screen.getByLabelText('Month', { selector: 'input[type=month]' });
    await waitFor(() => expect(month).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.change(month, { target: { value: '2026-10' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rr?roomId=r1&period=2026-10'));
    expect(await screen.findByRole('article', { name: 'Rent receipt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Month', { selector: 'input[type=month]' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(MSG.rentPeriodFormat)).toBeNull();
  });

  it("prints the owner's PAN when there is one", async () => {
    mockApi({ 'GET /payments/rent-receipt': ok(rent({ owner: { fullName: 'Priya Raghavan', pan: 'ABCDE1234F' } })) });
    renderAt(<RentReceiptPage viewer="owner" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?roomId=r1&period=FY2026-27' });
    expect(await screen.findByText('ABCDE1234F')).toBeInTheDocument();
    expect(screen.queryByLabelText('Room')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tds-note')).not.toBeInTheDocument();
  });

  it('says how much TDS the tenant deducts when the monthly rent is above ₹50,000 (section 194-IB), and shows each method', async () => {
    const tds = { ratePercent: 2, tax: 13200, monthlyRent: 55000, yearRent: 660000, financialYear: 'Financial year 2026-27' };
    mockApi({ 'GET /payments/rent-receipt': ok(rent({ tds })) });
    renderAt(<RentReceiptPage viewer="tenant" backTo="/" backLabel="Back" />, { path: '/rr', route: '/rr?roomId=r1&period=FY2026-27' });
    const note = await screen.findByTestId('tds-note');
    expect(note).toHaveTextContent('section 194-IB');
    expect(note).toHaveTextContent('2% of the year');
    expect(note).toHaveTextContent('₹13,200.00');
    expect(note).toHaveTextContent("owner's PAN");
    expect(screen.getByText('UPI (gateway)')).toBeInTheDocument();
  });
});

describe('receipts in Hindi (issue 27)', { timeout: 20_000 }, () => {
  // The areas' Hindi catalogues, and the contract's Hindi messages (useMsg loads them on first use).
  beforeAll(() => preloadLocale('hi-IN'));
  /** Renders in Hindi; the first render waits (awaited act) for the contract's Hindi messages, which useMsg loads on first use. */
  const renderHindi = async (ui: React.ReactNode, options?: Parameters<typeof renderAt>[1]) => {
    await act(async () => {
      renderAt(<LocaleProvider value="hi-IN">{ui}</LocaleProvider>, options);
    });
  };

  it('the payment receipt: Hindi headings, bill types, method and date (Hindi month, Latin digits), the same money', async () => {
    mockApi({ 'GET /payments/receipt/pm1': ok(receipt) });
    await renderHindi(<ReceiptPage backTo="/TenantDashboard/Billings" backLabel="Back to Billings" />, {
      path: '/TenantDashboard/Receipts/:id',
      route: '/TenantDashboard/Receipts/pm1',
    });
    expect(await screen.findByRole('heading', { name: 'भुगतान रसीद' })).toBeInTheDocument();
    expect(document.title).toBe('भुगतान रसीद · Kiraya');
    expect(screen.getByText('5 नवंबर 2026, 12:00')).toBeInTheDocument();
    expect(screen.getByText('भुगतानकर्ता (किरायेदार)')).toBeInTheDocument();
    expect(screen.getByText('कमरा 301, Lotus Homes')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /पानी बिल 1 अक्टूबर 2026 ₹450.50/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /किराया बिल 1 नवंबर 2026 ₹4,549.50/ })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('₹5,000.00');
    expect(screen.getByText('तरीका').nextElementSibling).toHaveTextContent('UPI (गेटवे से)');
    expect(screen.getByText('Kiraya सैंडबॉक्स')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'प्रिंट करें' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Receipt')).toBeNull();
  });

  it('a reversed offline receipt says so in Hindi, with the method by its contract key', async () => {
    const reversed = {
      ...receipt,
      kind: 'offline',
      gateway: null,
      method: 'cash',
      methodLabel: 'Cash',
      reversal: { reversedAt: '2026-11-07T04:30:00.000Z', reason: 'Counted twice' },
    } as Receipt;
    mockApi({ 'GET /payments/receipt/pm1': ok(reversed) });
    await renderHindi(<ReceiptPage backTo="/" backLabel="Back" />, { path: '/r/:id', route: '/r/pm1' });
    expect(await screen.findByTestId('receipt-reversed')).toHaveTextContent('7 नवंबर 2026, 10:00 को वापस लिया गया: Counted twice।');
    expect(screen.getByText('तरीका').nextElementSibling).toHaveTextContent('नकद');
    expect(screen.getByText('5 नवंबर 2026')).toBeInTheDocument();
  });

  it('the HRA rent receipt: the financial year, the months and the TDS note in Hindi', async () => {
    const tds = { ratePercent: 2, tax: 13200, monthlyRent: 55000, yearRent: 660000, financialYear: 'Financial year 2026-27' };
    mockApi({ 'GET /payments/rent-receipt': ok(rent({ tds })) });
    await renderHindi(<RentReceiptPage viewer="owner" backTo="/" backLabel="Back" />, {
      path: '/rr',
      route: '/rr?roomId=r1&period=FY2026-27',
    });
    const sheet = await screen.findByRole('article', { name: 'किराया रसीद' });
    expect(within(sheet).getByRole('heading', { name: 'किराया रसीद' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('वित्त वर्ष 2026-27 (1 अप्रैल 2026 से 31 मार्च 2027)');
    expect(sheet).toHaveTextContent('Rahul Verma से कमरा 301, Lotus Homes');
    expect(screen.getByTestId('rent-paid')).toHaveTextContent('₹1,20,000.00');
    expect(within(sheet).getByRole('row', { name: /सितंबर 2026/ })).toHaveTextContent('5 नवंबर 2026');
    expect(within(sheet).getByRole('row', { name: /सितंबर 2026/ })).toHaveTextContent('UPI (गेटवे से)');
    expect(screen.getByTestId('tds-note')).toHaveTextContent('धारा 194-IB');
    expect(screen.getByTestId('tds-note')).toHaveTextContent('वित्त वर्ष 2026-27 के लिए चुकाए गए ₹6,60,000.00 पर ₹13,200.00');
    expect(sheet).toHaveTextContent('मकान मालिक के हस्ताक्षर (Priya Raghavan)');
    expect(sheet).toHaveTextContent('तारीख़: 22 नवंबर 2026');
    expect(sheet.textContent).not.toMatch(/Rent|Financial|Signature|November/);
  });

  it('the payments list in Hindi', async () => {
    mockApi({ 'GET /payments/mine': ok([]) });
    await renderHindi(<PaymentsList viewer="tenant" backLabel="Back to Billings" />);
    expect(await screen.findByText('अभी कोई भुगतान नहीं')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'भुगतान' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /किराया रसीदें \(HRA\)/ })).toBeInTheDocument();
  });
});
