import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import type { OwnerBillings, OwnerStatistics, TdsNotice, TenantStatistics } from '@kiraya/contract/statistics';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { BarChart, axisRupees, axisTicks } from './charts';
import { OwnerBillingsPage } from './OwnerBillingsPage';
import { OwnerStatisticsPage } from './OwnerStatisticsPage';
import { TenantStatisticsPage } from './TenantStatisticsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const place = { property: { _id: 'p1', title: 'Sunrise Residency' }, room: { _id: 'r1', roomNumber: '101' } };
const payment = {
  ...place,
  _id: 'pay1',
  receiptNumber: 'KR-2026-000001',
  paidAt: '2026-09-20T10:00:00.000Z',
  amount: 9234.5,
  method: 'upi',
  methodLabel: 'UPI (gateway)',
  reversed: false,
  tenant: { _id: 't1', fullName: 'Ravi Kumar' },
};

const ownerStats = (over: Partial<OwnerStatistics> = {}): OwnerStatistics => ({
  months: months.map((month) => ({
    month,
    billed: month === '2026-09' ? 9234.5 : 0,
    collected: month === '2026-09' ? 9234.5 : 0,
    received: month === '2026-09' ? 9234.5 : 0,
    occupiedRooms: 1,
    totalRooms: 3,
  })),
  totals: { billed: 9234.5, collected: 9234.5, received: 9234.5, outstanding: 4999.75, overdue: 4999.75 },
  outstandingByProperty: [{ _id: 'p1', title: 'Sunrise Residency', outstanding: 4999.75, overdue: 4999.75 }],
  outstandingByRoom: [{ ...place, outstanding: 4999.75, overdue: 4999.75 }],
  latestPayments: [payment],
  rooms: { total: 3, occupied: 1 },
  tds: [],
  ...over,
});

const notice = (over: Partial<TdsNotice> = {}): TdsNotice => ({
  ...place,
  tenant: { _id: 't1', fullName: 'Ravi Kumar' },
  period: 'FY2026-27',
  financialYear: 'Financial year 2026-27',
  ratePercent: 2,
  monthlyRent: 55_000,
  yearRent: 440_000,
  tax: 8_800,
  deductOn: '2027-03-31',
  ownerHasPan: false,
  ...over,
});

describe('charts', () => {
  it('labels the axis in ₹ (en-IN) with round ticks, never ₹6.3K or ₹12.5K', () => {
    expect(axisTicks(25_000)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(axisTicks(24_500).map(axisRupees)).toEqual(['₹0', '₹10K', '₹20K', '₹30K']);
    expect(axisTicks(12_500)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(axisTicks(9234.5)).toEqual([0, 5_000, 10_000]);
    expect(axisTicks(180_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisRupees(150_000)).toBe('₹1.5L');
  });

  it('is a figure with a title and a hidden table carrying every number', () => {
    renderAt(
      <BarChart
        title="Billed vs collected per month"
        labels={['Oct 2026', 'Nov 2026']}
        series={[{ name: 'Billed', color: '#000', values: [8000, 8450.75] }]}
      />,
    );
    const fig = screen.getByRole('figure', { name: 'Billed vs collected per month' });
    const table = within(fig).getByRole('table', { name: 'Billed vs collected per month' });
    expect(within(table).getByRole('row', { name: /Nov 2026 ₹8,450.75/ })).toBeInTheDocument();
    expect(fig.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('OwnerStatisticsPage', () => {
  it('shows the totals, the charts and the latest payment from the server', async () => {
    mockApi({ 'GET /statistics/owner': ok(ownerStats()) });
    renderAt(<OwnerStatisticsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Billed vs collected per month' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Occupancy over time' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ravi Kumar' })).toBeInTheDocument();
    // Each payment links its receipt: a card on a phone, a table row from sm up (CSS picks; both are here).
    const receipts = screen.getAllByRole('link', { name: 'Receipt KR-2026-000001' });
    expect(receipts).toHaveLength(2);
    for (const a of receipts) expect(a).toHaveAttribute('href', `/OwnerDashboard/Receipts/${ownerStats().latestPayments[0]?._id}`);
  });

  it('says what to do when there is nothing yet', async () => {
    const zero = ownerStats();
    mockApi({
      'GET /statistics/owner': ok({
        ...zero,
        months: zero.months.map((m) => ({ ...m, billed: 0, collected: 0, received: 0 })),
        totals: { billed: 0, collected: 0, received: 0, outstanding: 0, overdue: 0 },
        outstandingByProperty: [],
        outstandingByRoom: [],
        latestPayments: [],
      }),
    });
    renderAt(<OwnerStatisticsPage />);
    expect(await screen.findByText(MSG.noStatisticsOwner)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Properties' })).toHaveAttribute('href', '/OwnerDashboard/Properties');
  });
});

describe('OwnerBillingsPage', () => {
  const billings: OwnerBillings = {
    bills: [
      {
        ...place,
        _id: 'b1',
        billType: 'Rent Bill',
        billDate: '2026-10-01',
        dueDate: '2026-10-11',
        amount: 8000,
        paid: 3000.25,
        outstanding: 4999.75,
        status: 'partly_paid',
        overdue: true,
        tenant: { _id: 't1', fullName: 'Ravi Kumar' },
      },
    ],
    totals: { count: 1, amount: 8000, paid: 3000.25, outstanding: 4999.75 },
    page: 1,
    pageCount: 1,
    payments: [payment],
    paymentsTotal: 9234.5,
    properties: [{ _id: 'p1', title: 'Sunrise Residency', rooms: [{ _id: 'r1', roomNumber: '101' }] }],
  };

  it('lists bills with totals, filters through the query, and links the CSV exports', async () => {
    const { calls } = mockApi({ 'GET /statistics/owner/billings': ok(billings) });
    renderAt(<OwnerBillingsPage />);
    const row = await screen.findByRole('row', { name: /Rent Bill/ });
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('₹4,999.75')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export bills (CSV)' })).toHaveAttribute('href', '/api/v1/statistics/owner/export?kind=bills');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'overdue');
    // The link is there before the filter reaches the URL: wait for its new address, not for the link.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export payments (CSV)' })).toHaveAttribute(
        'href',
        '/api/v1/statistics/owner/export?kind=payments&status=overdue',
      ),
    );
    expect(calls.some((c) => c.path === '/statistics/owner/billings')).toBe(true);
  });

  it('the filters follow the URL: a new property clears the room, Clear filters empties them', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /statistics/owner/billings': ok(billings) });
    renderAt(<OwnerBillingsPage />, { route: '/?status=paid&month=2026-10' });
    const bills = await screen.findByRole('link', { name: 'Export bills (CSV)' });
    expect(screen.getByLabelText('Status')).toHaveValue('paid');
    expect(screen.getByLabelText('Bill month')).toHaveValue('2026-10');
    await user.selectOptions(screen.getByLabelText('Room'), 'r1');
    await waitFor(() => expect(bills).toHaveAttribute('href', expect.stringContaining('roomId=r1')));
    await user.selectOptions(screen.getByLabelText('Property'), 'p1');
    await waitFor(() => expect(bills).toHaveAttribute('href', expect.stringContaining('propertyId=p1')));
    expect(bills.getAttribute('href')).not.toContain('roomId');
    expect(screen.getByLabelText('Room')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bills).toHaveAttribute('href', '/api/v1/statistics/owner/export?kind=bills'));
    expect(screen.getByLabelText('Property')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Bill month')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

describe('TenantStatisticsPage', () => {
  it('shows what is due next with overdue marked, and spending by bill type', async () => {
    const stats: TenantStatistics = {
      months: months.map((month) => ({
        month,
        byType:
          month === '2026-09'
            ? [
                { billType: 'Late Fee', amount: 500 },
                { billType: 'Rent Bill', amount: 8000 },
              ]
            : [],
        total: month === '2026-09' ? 8500 : 0,
      })),
      paidByMonth: months.map((month) => ({ month, amount: month === '2026-09' ? 8000 : 0 })),
      dueNext: [
        { ...place, _id: 'b2', billType: 'Water Bill', billDate: '2026-11-01', dueDate: '2026-11-11', outstanding: 450.75, overdue: true },
      ],
      totals: { billed: 8450.75, paid: 8000, outstanding: 450.75, overdue: 450.75 },
      tds: [],
    };
    mockApi({ 'GET /statistics/tenant': ok(stats) });
    renderAt(<TenantStatisticsPage />);
    const due = await screen.findByRole('region', { name: 'Due next' });
    expect(within(due).getByText('Water Bill')).toBeInTheDocument();
    expect(within(due).getByText('Overdue')).toBeInTheDocument();
    const fig = screen.getByRole('figure', { name: 'Spending per month by bill type' });
    expect(within(fig).getByRole('columnheader', { name: 'Rent Bill' })).toBeInTheDocument();
    // The rent cycle's late fees (issue 22) are spending too.
    expect(within(fig).getByRole('columnheader', { name: 'Late Fee' })).toBeInTheDocument();
  });

  it('says what happens when there are no bills yet', async () => {
    mockApi({
      'GET /statistics/tenant': ok({
        months: months.map((month) => ({ month, byType: [], total: 0 })),
        paidByMonth: months.map((month) => ({ month, amount: 0 })),
        dueNext: [],
        totals: { billed: 0, paid: 0, outstanding: 0, overdue: 0 },
        tds: [],
      }),
    });
    renderAt(<TenantStatisticsPage />);
    expect(await screen.findByText(MSG.noStatisticsTenant)).toBeInTheDocument();
    // A new tenant is not told that all their bills are paid: there are none.
    expect(screen.getByText(MSG.noBillsYet)).toBeInTheDocument();
    expect(screen.queryByText(/All your bills are paid/)).toBeNull();
    expect(screen.queryByRole('region', { name: /section 194-IB/ })).toBeNull();
  });
});

describe('TDS (section 194-IB) on the statistics pages', () => {
  const tenantStats = (tds: TdsNotice[]): TenantStatistics => ({
    months: months.map((month) => ({ month, byType: [], total: 0 })),
    paidByMonth: months.map((month) => ({ month, amount: 0 })),
    dueNext: [],
    totals: { billed: 440_000, paid: 440_000, outstanding: 0, overdue: 0 },
    tds,
  });

  it("tells the tenant the tax, the rate, when to deduct it, and that the owner's PAN is missing", async () => {
    mockApi({ 'GET /statistics/tenant': ok(tenantStats([notice()])) });
    renderAt(<TenantStatisticsPage />);
    const box = await screen.findByRole('region', { name: 'Tax deducted at source on rent (section 194-IB)' });
    expect(box).toHaveTextContent(
      'The monthly rent (₹55,000.00) is above ₹50,000.00, so you must deduct tax at source of 2% once a year, or in the month of moving out: ₹8,800.00 on ₹4,40,000.00 of rent paid for the financial year 2026-27 so far, deducted on 31 March 2027.',
    );
    expect(box).toHaveTextContent('your owner has not added it to Kiraya yet, so ask them for it');
    expect(within(box).getByRole('link', { name: 'Yearly rent receipt' })).toHaveAttribute(
      'href',
      '/TenantDashboard/RentReceipts?roomId=r1',
    );
  });

  it('says the owner has a PAN without showing one', async () => {
    mockApi({ 'GET /statistics/tenant': ok(tenantStats([notice({ ownerHasPan: true })])) });
    renderAt(<TenantStatisticsPage />);
    const box = await screen.findByRole('region', { name: /section 194-IB/ });
    expect(box).toHaveTextContent("You need your owner's PAN for it: your owner has added it to Kiraya.");
  });

  it('shows the owner each tenant who must deduct, and asks for the PAN in Profile when it is missing', async () => {
    mockApi({
      'GET /statistics/owner': ok(
        ownerStats({ tds: [notice(), notice({ tenant: { _id: 't2', fullName: 'Meera Nair' }, ownerHasPan: true })] }),
      ),
    });
    renderAt(<OwnerStatisticsPage />);
    const box = await screen.findByRole('region', { name: /section 194-IB/ });
    const [ravi, meera] = within(box).getAllByTestId('tds-notice');
    expect(ravi).toHaveTextContent('Sunrise Residency · Room 101 · Ravi Kumar');
    expect(ravi).toHaveTextContent('Ravi Kumar must deduct tax at source of 2%');
    expect(within(ravi as HTMLElement).getByRole('link', { name: 'Add your PAN in Profile' })).toHaveAttribute(
      'href',
      '/OwnerDashboard/Profile',
    );
    expect(within(ravi as HTMLElement).getByRole('link', { name: 'Yearly rent receipt' })).toHaveAttribute(
      'href',
      '/OwnerDashboard/RentReceipts?roomId=r1',
    );
    expect(meera).toHaveTextContent('Your tenant needs your PAN for it: you have added it to Kiraya.');
    expect(within(meera as HTMLElement).queryByRole('link', { name: 'Add your PAN in Profile' })).toBeNull();
  });

  it('is not on the owner page when no tenancy is above the threshold', async () => {
    mockApi({ 'GET /statistics/owner': ok(ownerStats()) });
    renderAt(<OwnerStatisticsPage />);
    await screen.findByRole('heading', { level: 1, name: 'Statistics' });
    expect(screen.queryByRole('region', { name: /section 194-IB/ })).toBeNull();
  });
});
