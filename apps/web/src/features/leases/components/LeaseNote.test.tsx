import '@testing-library/jest-dom/vitest';
import { formatLongDate, todayInIndia } from '@kiraya/contract/dates';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt, tenant } from '../../../test/support';
import { LeaseNote } from './LeaseNote';

beforeEach(() => localStorage.setItem('user', JSON.stringify(tenant)));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const inDays = (n: number) => new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const terms = {
  rent: 1_200_000,
  securityDeposit: 0,
  rentDueDay: 5,
  startDate: '2026-01-01',
  termMonths: 11,
  incrementPercent: 5,
  noticeMonths: 1,
  lateFee: null,
};
const lease = (over: object) => ({ roomId: 'r1', terms, termEndsOn: inDays(100), leavingOn: null, renewal: null, ...over });

describe("LeaseNote (the tenant's My Rooms card)", () => {
  it('points to a renewal waiting for an answer', async () => {
    const endsOn = inDays(400);
    mockApi({
      'GET /leases/room/r1': ok(
        lease({ termEndsOn: inDays(20), renewal: { status: 'open', terms: { ...terms, rent: 1_260_000 }, endsOn } }),
      ),
    });
    renderAt(<LeaseNote roomId="r1" />);
    expect(await screen.findByText(/Renewal proposed:/)).toBeInTheDocument();
    expect(screen.getByText(/Renewal proposed:/).parentElement).toHaveTextContent(`₹12,600.00 a month to ${formatLongDate(endsOn)}`);
    expect(screen.getByRole('link', { name: 'Review it' })).toHaveAttribute('href', '/TenantDashboard/MyRooms/r1');
  });

  it('says when the term ends within 30 days, and nothing otherwise', async () => {
    const end = inDays(12);
    mockApi({ 'GET /leases/room/r1': ok(lease({ termEndsOn: end })), 'GET /leases/room/r2': ok(lease({ roomId: 'r2' })) });
    renderAt(<LeaseNote roomId="r1" />);
    expect(await screen.findByText(`Lease term ends on ${formatLongDate(end)}.`)).toBeInTheDocument();
    cleanup();
    renderAt(<LeaseNote roomId="r2" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Lease term ends|Renewal proposed/)).toBeNull();
  });
});
