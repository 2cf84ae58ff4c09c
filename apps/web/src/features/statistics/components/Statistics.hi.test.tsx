import '@testing-library/jest-dom/vitest';
import type { OwnerStatistics, TenantStatistics } from '@kiraya/contract/statistics';
import { render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, renderAt } from '../../../test/support';
import { axisRupeesIn } from './charts';
import { OwnerStatisticsPage } from './OwnerStatisticsPage';
import { TenantStatisticsPage } from './TenantStatisticsPage';

// Statistics in Hindi (issue 27): figures, charts (Hindi months, axis in लाख/हज़ार), bill types, TDS, dates.
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
// The areas' Hindi catalogues, and the contract's Hindi messages that useMsg loads on its first Hindi render
// (loaded here, so that no screen below suspends).
function UseMsg() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  render(hindi(<UseMsg />)).unmount();
  await import('@kiraya/contract/localize');
}, 60_000);

const months = ['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)];
const place = { property: { _id: 'p1', title: 'Sunrise Residency' }, room: { _id: 'r1', roomNumber: '101' } };

describe('statistics in Hindi', () => {
  it('the tenant page: due next with the bill type and dates in Hindi, the months of the charts, the TDS notice', async () => {
    const stats: TenantStatistics = {
      months: months.map((month) => ({
        month,
        byType: month === '2026-09' ? [{ billType: 'Electricity Bill', amount: 1200 }] : [],
        total: month === '2026-09' ? 1200 : 0,
      })),
      paidByMonth: months.map((month) => ({ month, amount: month === '2026-09' ? 1200 : 0 })),
      dueNext: [
        { ...place, _id: 'b2', billType: 'Water Bill', billDate: '2026-11-01', dueDate: '2026-11-11', outstanding: 450.75, overdue: true },
      ],
      totals: { billed: 1650.75, paid: 1200, outstanding: 450.75, overdue: 450.75 },
      tds: [
        {
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
        },
      ],
    };
    mockApi({ 'GET /statistics/tenant': ok(stats) });
    renderAt(hindi(<TenantStatisticsPage />));
    expect(await screen.findByRole('heading', { level: 1, name: 'आँकड़े' })).toBeInTheDocument();
    const due = screen.getByRole('region', { name: 'आगे चुकाना है' });
    expect(within(due).getByText('पानी बिल')).toBeInTheDocument();
    expect(within(due).getByText('देय तिथि पार')).toBeInTheDocument();
    expect(within(due).getByText('देय तिथि 11 नवंबर 2026')).toBeInTheDocument();
    const fig = screen.getByRole('figure', { name: 'बिल के प्रकार के अनुसार हर महीने का खर्च' });
    expect(within(fig).getByRole('columnheader', { name: 'बिजली बिल' })).toBeInTheDocument();
    expect(within(fig).getByRole('row', { name: /सितंबर 2026 ₹1,200.00/ })).toBeInTheDocument();
    const tds = screen.getByRole('region', { name: /धारा 194-IB/ });
    expect(tds).toHaveTextContent('वित्त वर्ष 2026-27 में अब तक चुकाए गए ₹4,40,000.00 किराए पर ₹8,800.00, जो 31 मार्च 2027 को काटा जाएगा।');
    expect(within(tds).getByRole('link', { name: 'सालाना किराया रसीद' })).toBeInTheDocument();
  });

  it('the owner page: figures, occupancy and the date of the figures in Hindi', async () => {
    const stats: OwnerStatistics = {
      months: months.map((month) => ({ month, billed: 0, collected: 0, received: 0, occupiedRooms: 1, totalRooms: 3 })),
      totals: { billed: 9234.5, collected: 9234.5, received: 9234.5, outstanding: 4999.75, overdue: 4999.75 },
      outstandingByProperty: [{ _id: 'p1', title: 'Sunrise Residency', outstanding: 4999.75, overdue: 4999.75 }],
      outstandingByRoom: [{ ...place, outstanding: 4999.75, overdue: 4999.75 }],
      latestPayments: [],
      rooms: { total: 3, occupied: 1 },
      tds: [],
    };
    mockApi({ 'GET /statistics/owner': ok(stats) });
    renderAt(hindi(<OwnerStatisticsPage />));
    expect(await screen.findByText('3 में से 1')).toBeInTheDocument();
    expect(screen.getByText('देय तिथि पार: ₹4,999.75')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'महीने-दर-महीने किराए पर कमरे' })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Residency · कमरा 101')).toBeInTheDocument();
    expect(screen.getByText(/तक के आँकड़े, भारतीय समय के अनुसार।$/)).toHaveTextContent(
      /^\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4} तक/,
    );
  });

  it('writes the rupee axis the Hindi way, with Latin digits', () => {
    expect([5_000, 150_000, 1_500_000].map(axisRupeesIn('hi-IN'))).toEqual(['₹5\u00a0हज़ार', '₹1.5\u00a0लाख', '₹15\u00a0लाख']);
    expect([5_000, 150_000].map(axisRupeesIn('en-IN'))).toEqual(['₹5K', '₹1.5L']);
  });
});
