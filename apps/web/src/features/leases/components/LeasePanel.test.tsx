import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import { formatLongDate, todayInIndia } from '@kiraya/contract/dates';
import { dayAfter, termEndOf } from '@kiraya/contract/leases';
import { MSG } from '@kiraya/contract/messages';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { fail, mockApi, ok, owner, renderAt, tenant } from '../../../test/support';
import type { Lease } from '../api/leases';
import { LeasePanel } from './LeasePanel';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

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
  rentInForce: 1_200_000,
  leavingOn: null,
  renewal: null,
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

/** `n` days from today (India), as the panel counts them. */
const inDays = (n: number) => new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('LeasePanel: lease end and renewal', () => {
  it('shows "Term ends on"; within 60 days the owner renews with the increment applied to the rupee, checked by the contract', async () => {
    const user = userEvent.setup();
    const end = inDays(20);
    const start = dayAfter(end);
    const { calls } = mockApi({
      'GET /leases/room/r1': ok(lease({ termEndsOn: end, rentInForce: 1_234_567 })),
      'POST /leases/renewal/r1': ok(lease({ termEndsOn: end }), MSG.renewalProposed, 201),
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    expect(await screen.findByText(`Term ends on ${formatLongDate(end)}`)).toBeInTheDocument();
    expect(screen.getByText(/in 20 days/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew the lease' });
    expect(dialog).toHaveTextContent(`The new term starts on ${formatLongDate(start)} and ends on ${formatLongDate(termEndOf(start, 11))}`);
    // ₹12,345.67 × 1.05 = ₹12,962.95 → ₹12,963
    expect(within(dialog).getByRole('textbox', { name: /^Monthly rent/ })).toHaveValue('12963');
    expect(within(dialog).queryByRole('textbox', { name: /^Rent due day/ })).not.toBeInTheDocument();
    const months = within(dialog).getByRole('textbox', { name: /^Term \(months\)/ });
    await user.clear(months);
    await user.type(months, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Propose renewal' }));
    expect(await within(dialog).findByText(MSG.leaseTermMonths)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(months);
    await user.type(months, '12');
    expect(dialog).toHaveTextContent(`ends on ${formatLongDate(termEndOf(start, 12))}`);
    await user.click(within(dialog).getByRole('button', { name: 'Propose renewal' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.renewalProposed));
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: '/leases/renewal/r1',
      body: { rent: '12963', termMonths: '12', incrementPercent: '5', noticeMonths: '1' },
    });
    expect(post?.body).not.toHaveProperty('rentDueDay');
    expect(post?.body).not.toHaveProperty('startDate');
  });

  it('offers neither Renew nor Let it end more than 60 days before the end', async () => {
    mockApi({ 'GET /leases/room/r1': ok(lease({ termEndsOn: inDays(90) })) });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    expect(await screen.findByText(/Term ends on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Let it end' })).not.toBeInTheDocument();
  });

  it('the owner lets the lease end after confirming; the move-out shows', async () => {
    const user = userEvent.setup();
    const end = inDays(10);
    let current = lease({ termEndsOn: end });
    const { calls } = mockApi({
      'GET /leases/room/r1': () => ok(current),
      'POST /leases/let-end/r1': () => {
        current = { ...current, leavingOn: end };
        return ok(current, MSG.leaseEndScheduled(formatLongDate(end)));
      },
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Let it end' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Let the lease end?' });
    expect(confirm).toHaveTextContent('1-month notice period');
    await user.click(within(confirm).getByRole('button', { name: 'Let it end' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.leaseEndScheduled(formatLongDate(end))));
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/leases/let-end/r1');
    expect(await screen.findByText(/Move-out scheduled on/)).toHaveTextContent(formatLongDate(end));
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  const proposal = (end: string) => ({
    _id: 'rn1',
    status: 'open' as const,
    terms: { ...terms, rent: 1_260_000, startDate: dayAfter(end) },
    endsOn: termEndOf(dayAfter(end), 11),
    effectiveFrom: null,
    proposedAt: '2026-11-01T10:00:00.000Z',
    decidedAt: null,
  });

  it('the tenant reads the proposal and accepts it; the new term end shows', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const user = userEvent.setup();
    const end = inDays(25);
    const open = proposal(end);
    let current = lease({ termEndsOn: end, renewal: open });
    const { calls } = mockApi({
      'GET /leases/room/r1': () => ok(current),
      'POST /leases/renewal/r1/accept': () => {
        current = { ...current, termEndsOn: open.endsOn, renewal: { ...open, status: 'accepted', effectiveFrom: '2027-01-01' } };
        return ok(current, MSG.renewalAccepted(formatLongDate(open.endsOn)));
      },
    });
    renderAt(<LeasePanel roomId="r1" viewer="tenant" />);
    const box = await screen.findByRole('region', { name: 'Renewal proposed' });
    expect(box).toHaveTextContent(`Your owner proposes a new term of 11 months from ${formatLongDate(dayAfter(end))}`);
    expect(within(box).getByRole('group', { name: 'Proposed lease terms' })).toHaveTextContent('₹12,600.00');
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Accept renewal' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.renewalAccepted(formatLongDate(open.endsOn))));
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/leases/renewal/r1/accept');
    expect(await screen.findByText(`Term ends on ${formatLongDate(open.endsOn)}`)).toBeInTheDocument();
    expect(screen.getByText(/Renewed: the new term runs from/)).toHaveTextContent('January 2027 rent');
  });

  it("after a renewal is accepted, Edit terms starts from the terms in force, not the renewal's", async () => {
    const user = userEvent.setup();
    const end = inDays(25);
    const accepted = { ...proposal(end), status: 'accepted' as const, effectiveFrom: '2027-01-01' };
    mockApi({
      'GET /leases/room/r1': ok(
        lease({ termEndsOn: accepted.endsOn, renewal: accepted, upcoming: { from: '2027-01-01', terms: accepted.terms } }),
      ),
    });
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    await user.click(await screen.findByRole('button', { name: 'Edit terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit lease terms' });
    expect(within(dialog).getByRole('textbox', { name: /^Monthly rent/ })).toHaveValue('12000');
  });

  it('the tenant declines; the owner withdraws; errors are shown', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const user = userEvent.setup();
    const end = inDays(25);
    const { calls } = mockApi({
      'GET /leases/room/r1': ok(lease({ termEndsOn: end, renewal: proposal(end) })),
      'POST /leases/renewal/r1/decline': fail(409, MSG.renewalNoneOpen),
      'POST /leases/renewal/r1/withdraw': ok(
        lease({ termEndsOn: end, renewal: { ...proposal(end), status: 'withdrawn' } }),
        MSG.renewalWithdrawn,
      ),
    });
    renderAt(<LeasePanel roomId="r1" viewer="tenant" />);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.renewalNoneOpen));
    cleanup();
    localStorage.setItem('user', JSON.stringify(owner));
    renderAt(<LeasePanel roomId="r1" viewer="owner" />);
    const box = await screen.findByRole('region', { name: 'Renewal proposed' });
    expect(box).toHaveTextContent('Waiting for the tenant.');
    expect(within(box).queryByRole('button', { name: 'Accept renewal' })).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.renewalWithdrawn));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/leases/renewal/r1/decline',
      '/leases/renewal/r1/withdraw',
    ]);
  });
});

describe('the lease in Hindi (issue 27)', { timeout: 20_000 }, () => {
  beforeAll(() => preloadLocale('hi-IN'));
  /** Renders in Hindi; the first render waits (awaited act) for the contract's Hindi messages, which useMsg loads on first use. */
  const renderHindi = async (ui: React.ReactNode, options?: Parameters<typeof renderAt>[1]) => {
    await act(async () => {
      renderAt(<LocaleProvider value="hi-IN">{ui}</LocaleProvider>, options);
    });
  };

  it('the panel: the term end in Hindi words, an upcoming change from a Hindi month, automatic rent', async () => {
    mockApi({ 'GET /leases/room/r1': ok(lease({ upcoming: { from: '2027-01-01', terms: { ...terms, rent: 1_300_000 } } })) });
    await renderHindi(<LeasePanel roomId="r1" viewer="owner" />);
    expect(await screen.findByRole('heading', { name: 'किरायानामा' })).toBeInTheDocument();
    expect(screen.getByText('अवधि 9 सितंबर 2027 को ख़त्म होगी')).toBeInTheDocument();
    expect(screen.getByText('जनवरी 2027 के किराए से शर्तें बदलकर ये होंगी:')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'किराए के बिल अपने-आप बनाएँ' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'शर्तें बदलें' })).toBeInTheDocument();
  });

  it('a renewal proposed to the tenant, in Hindi', async () => {
    localStorage.setItem('user', JSON.stringify(tenant));
    const end = '2027-09-09';
    mockApi({
      'GET /leases/room/r1': ok(
        lease({
          renewal: {
            _id: 'rn1',
            status: 'open',
            terms: { ...terms, startDate: dayAfter(end), rent: 1_260_000 },
            endsOn: termEndOf(dayAfter(end), 11),
            proposedAt: '2026-11-01T00:00:00.000Z',
            decidedAt: null,
            effectiveFrom: null,
          } as Lease['renewal'],
        }),
      ),
    });
    await renderHindi(<LeasePanel roomId="r1" viewer="tenant" />);
    expect(await screen.findByRole('heading', { name: 'नवीनीकरण का प्रस्ताव' })).toBeInTheDocument();
    expect(
      screen.getByText(/आपके मकान मालिक 10 सितंबर 2027 से .* तक 11 महीने की नई अवधि का प्रस्ताव रखते हैं, ₹12,600.00 प्रति माह।/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'नवीनीकरण स्वीकार करें' })).toBeInTheDocument();
  });
});
