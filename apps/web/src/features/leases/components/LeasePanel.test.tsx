import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, owner, renderAt } from '../../../test/support';
import type { Lease } from '../api/leases';
import { LeasePanel } from './LeasePanel';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
  localStorage.setItem('user', JSON.stringify(owner));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const terms = {
  rent: 1_200_000,
  securityDeposit: 2_400_000,
  rentDueDay: 5,
  startDate: '2026-10-10',
  termMonths: 11,
  incrementPercent: 5,
  noticeMonths: 1,
  lateFee: { kind: 'flat' as const, amount: 50_000, graceDays: 3 },
};
const lease = (over: Partial<Lease> = {}): Lease => ({
  tenancyId: 'ten1',
  roomId: 'r1',
  terms,
  termsFrom: '2026-10-01',
  upcoming: null,
  autoRent: true,
  termEndsOn: '2027-09-09',
  ...over,
});

describe('LeasePanel', () => {
  it('shows the terms in force, the term end and an upcoming change; the owner switches automatic rent off', async () => {
    const user = userEvent.setup();
    let current = lease({ upcoming: { from: '2027-01-01', terms: { ...terms, rent: 1_300_000 } } });
    const { calls } = mockApi({
      'GET /leases/room/r1': () => ok(current),
      'PUT /leases/auto-rent/r1': () => {
        current = { ...current, autoRent: false };
        return ok(current, MSG.autoRentOff);
      },
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    const now = await screen.findByRole('group', { name: 'Lease terms in force' });
    expect(now).toHaveTextContent('₹12,000.00');
    expect(now).toHaveTextContent('5th of each month');
    expect(now).toHaveTextContent('11 months, to 9 September 2027');
    expect(now).toHaveTextContent('₹500.00, 3 days after the due date');
    expect(screen.getByText(/From the January 2027 rent/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Upcoming lease terms' })).toHaveTextContent('₹13,000.00');
    const auto = screen.getByRole('checkbox', { name: 'Raise Rent Bills automatically' });
    expect(auto).toBeChecked();
    await user.click(auto);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.autoRentOff));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/leases/auto-rent/r1', body: { enabled: false } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Raise Rent Bills automatically' })).not.toBeChecked());
    expect(screen.getByText(/upload them under Billing Details/)).toBeInTheDocument();
  });

  it('Edit terms checks the fields with the contract, then saves them for the next cycle (no start date)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /leases/room/r1': ok(lease()),
      'PUT /leases/terms/r1': ok(lease({ upcoming: { from: '2026-12-01', terms: { ...terms, rent: 1_300_000 } } })),
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Edit terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lease terms' });
    expect(within(dialog).getByText(/apply from the next rent cycle/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Lease start' })).not.toBeInTheDocument();
    const due = within(dialog).getByRole('textbox', { name: /^Rent due day/ });
    await user.clear(due);
    await user.type(due, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(await within(dialog).findByText(MSG.leaseRentDueDay)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(due);
    await user.type(due, '5');
    const rent = within(dialog).getByRole('textbox', { name: /^Monthly rent/ });
    await user.clear(rent);
    await user.type(rent, '13000');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.leaseTermsSaved('December 2026')));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      path: '/leases/terms/r1',
      body: { rent: '13000', rentDueDay: '5', lateFee: { kind: 'flat', amount: '500', graceDays: '3' } },
    });
    expect(put?.body).not.toHaveProperty('startDate');
  });

  it("shows the server's field errors on the fields", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /leases/room/r1': ok(lease()),
      'PUT /leases/terms/r1': fail(400, 'Validation failed', [{ path: 'securityDeposit', message: MSG.leaseDepositTooHigh }]),
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Edit terms' }));
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(MSG.leaseDepositTooHigh)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Security deposit/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('the tenant reads the lease without Edit or the switch; a room without a tenancy shows nothing', async () => {
    mockApi({ 'GET /leases/room/r1': ok(lease({ autoRent: false })), 'GET /leases/room/r2': fail(404, MSG.leaseNoTenancy) });
    renderAt(<LeasePanel roomId="r1" viewer="tenant" />);
    expect(await screen.findByRole('group', { name: 'Lease terms in force' })).toHaveTextContent('₹24,000.00');
    expect(screen.queryByRole('button', { name: 'Edit terms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Your owner uploads the Rent Bills for this room.')).toBeInTheDocument();
    cleanup();
    const { container } = renderAt(<LeasePanel roomId="r2" viewer="tenant" />);
    await waitFor(() => expect(screen.queryByText(/Loading the lease/)).not.toBeInTheDocument());
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
