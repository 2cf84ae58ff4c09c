import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { CollectionPanel } from './CollectionPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const room = (n: string, billed: number, collected: number, pending: number, overdue: number, tenant: string | null) => ({
  property: { _id: 'p1', title: 'Lotus Residency' },
  room: { _id: `r${n}`, roomNumber: n },
  tenant: tenant ? { _id: `t${n}`, fullName: tenant } : null,
  billed,
  collected,
  pending,
  overdue,
});

it("shows this month's totals and each room in the server's order, overdue in red, each opening its bills", async () => {
  mockApi({
    'GET /statistics/owner/collection': ok({
      month: '2026-11',
      totals: { billed: 26500, collected: 18500, pending: 8000, overdue: 12999.75 },
      rooms: [room('101', 8000, 0, 8000, 12999.75, 'Rahul Verma'), room('102', 18500, 18500, 0, 0, 'Asha Rao')],
    }),
  });
  renderAt(<CollectionPanel />);
  expect(await screen.findByRole('heading', { name: "This month's collection: November 2026" })).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Lotus Residency, Room 101', 'Lotus Residency, Room 102']);
  expect(within(items[0] as HTMLElement).getByText('Overdue ₹12,999.75')).toHaveClass('text-red-700');
  expect(within(items[1] as HTMLElement).queryByText(/Overdue/)).toBeNull();
  expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/OwnerDashboard/Billings?propertyId=p1&roomId=r101');
  expect(screen.getByText('₹26,500.00')).toBeInTheDocument();
  expect(screen.getByText('₹12,999.75')).toHaveClass('text-red-700');
});

it('says so when there is nothing to collect yet', async () => {
  mockApi({
    'GET /statistics/owner/collection': ok({ month: '2026-11', totals: { billed: 0, collected: 0, pending: 0, overdue: 0 }, rooms: [] }),
  });
  renderAt(<CollectionPanel />);
  expect(await screen.findByText(/No tenants or bills yet/)).toBeInTheDocument();
});
