import { toast as sonnerToast } from 'sonner';
import '@testing-library/jest-dom/vitest';
import type { Bill, BillGroup } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { fail, makeOccupiedRoom, makeRoom, mockApi, ok, pngFile, renderAt } from '../../../test/support';
import { BillGroupList, groupTotal } from './BillGroupList';
import { RoomBillingTab } from './RoomBillingTab';
import { latestGroup } from './TenantBills';
import { toBillInput, UploadBillsModal } from './UploadBillsModal';

// sonner's toast is a spy in every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast, true);

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
  toast.warning.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bill = (over: Partial<Bill> = {}): Bill => ({
  _id: 'b1',
  propertyId: 'p1',
  roomId: 'r1',
  tenantId: 't1',
  billType: 'Rent Bill',
  amount: 12000,
  meterReading: null,
  meterPhotos: { current: null, previous: null },
  status: 'unpaid',
  paidAmount: 0,
  waivedAmount: 0,
  overdue: false,
  ...over,
});
const elec = (over: Partial<Bill> = {}) =>
  bill({
    _id: 'b2',
    billType: 'Electricity Bill',
    amount: 1020.5,
    meterReading: { current: 1250, previous: 1100, unitsConsumed: 150, ratePerUnit: 6.8 },
    meterPhotos: { current: { url: '/api/v1/bills/meter-photo/f-cur' }, previous: null },
    ...over,
  });
const group = (over: Partial<BillGroup> = {}): BillGroup => {
  const bills = over.bills ?? [bill(), elec()];
  return { _id: 'g1', billDate: '2026-11-01', dueDate: '2026-11-11', count: bills.length, total: groupTotal({ bills }), ...over, bills };
};

describe('bill group list', () => {
  it('shows each group by long date with its count and total, and "No billing data available" when empty', async () => {
    const user = userEvent.setup();
    renderAt(
      <BillGroupList
        groups={[group(), group({ _id: 'g0', billDate: '2026-10-01', bills: [bill({ _id: 'b0', amount: 0.1 })] })]}
        mode="tenant"
      />,
    );
    const first = screen.getByRole('button', { name: /1 November 2026/ });
    expect(first).toHaveTextContent('2 bills');
    expect(first).toHaveTextContent('₹13,020.50');
    expect(screen.getByRole('button', { name: /1 October 2026/ })).toHaveTextContent('1 bill');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Current reading').nextSibling).toHaveTextContent('1250');
    expect(screen.getByText('Units consumed').nextSibling).toHaveTextContent('150');
    expect(screen.getByText('Rate per unit').nextSibling).toHaveTextContent('₹6.80');
    cleanup();
    renderAt(<BillGroupList groups={[]} mode="owner" />);
    expect(screen.getByText(MSG.noBillingData)).toBeInTheDocument();
  });

  it('adds paise exactly and picks the latest group', () => {
    expect(groupTotal({ bills: [bill({ amount: 0.1 }), bill({ amount: 0.2 })] })).toBe(0.3);
    expect(
      latestGroup([group({ billDate: '2026-09-01' }), group({ billDate: '2026-11-01' }), group({ billDate: '2026-10-01' })])?.billDate,
    ).toBe('2026-11-01');
  });

  it('opens a meter photo in a new tab, or says "No photo available"', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAt(<BillGroupList groups={[group()]} mode="tenant" />);
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    await user.click(screen.getByRole('button', { name: 'View current meter photo' }));
    expect(open).toHaveBeenCalledWith('/api/v1/bills/meter-photo/f-cur', '_blank', 'noopener,noreferrer');
    await user.click(screen.getByRole('button', { name: 'View previous meter photo' }));
    expect(toast.error).toHaveBeenCalledWith(MSG.noPhoto);
  });

  it('shows statuses and overdue; the tenant pays unpaid bills at /TenantDashboard/PayBill/{id}', async () => {
    // Today in India is after the group's due date (11 November): what is not paid is overdue (contract isOverdue).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T06:00:00Z') });
    const user = userEvent.setup();
    const bills = [
      bill({ _id: 'u1', overdue: true }),
      bill({ _id: 'pp', billType: 'Water Bill', status: 'partly_paid', paidAmount: 4000 }),
      bill({ _id: 'pd', billType: 'Gas Bill', status: 'paid' }),
    ];
    renderAt(<BillGroupList groups={[group({ bills })]} mode="tenant" />, { path: '/', route: '/' });
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getAllByText('Overdue')).toHaveLength(2);
    expect(screen.getByText('Partly paid ₹4,000.00 of ₹12,000.00')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Pay/ })).toHaveLength(2);
    await user.click(screen.getByRole('link', { name: 'Pay Rent Bill' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/PayBill/u1');
  });

  it("a past tenancy's bills are read only: statuses, no Pay (issue 19)", async () => {
    const user = userEvent.setup();
    const bills = [bill({ _id: 'u1', overdue: true }), bill({ _id: 'pd', billType: 'Gas Bill', status: 'paid' })];
    renderAt(<BillGroupList groups={[group({ bills })]} mode="tenant" readOnly />, { path: '/', route: '/' });
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it('lets the owner waive the rest of a partly paid bill after confirming; both sides see it (issue 18)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /bills/waive-remainder': ok(bill({ _id: 'pp', status: 'paid', paidAmount: 100, waivedAmount: 0.5 })),
    });
    const partly = bill({ _id: 'pp', amount: 100.5, status: 'partly_paid', paidAmount: 100 });
    renderAt(<BillGroupList groups={[group({ bills: [partly, bill({ _id: 'u1', billType: 'Gas Bill' })] })]} mode="owner" />, {
      path: '/',
      route: '/',
    });
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    // Only the partly paid bill offers a waiver.
    expect(screen.getAllByRole('button', { name: 'Waive the rest' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Waive the rest' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MSG.waiveConfirm('₹0.50'));
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.billWaived));
    expect(calls.find((c) => c.path === '/bills/waive-remainder')?.body).toEqual({ billId: 'pp' });
    cleanup();
    renderAt(
      <BillGroupList
        groups={[group({ bills: [bill({ _id: 'pp', status: 'paid', paidAmount: 100, waivedAmount: 0.5 })] })]}
        mode="tenant"
      />,
      {
        path: '/',
        route: '/',
      },
    );
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.getByText('₹0.50 waived by the owner')).toBeInTheDocument();
  });

  it('lets the owner waive a Late Fee after confirming; both sides see it waived (issue 22)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /leases/late-fee/lf1/waive': ok(bill({ _id: 'lf1', billType: 'Late Fee', amount: 500, status: 'paid', waivedAmount: 500 })),
    });
    const fee = bill({ _id: 'lf1', billType: 'Late Fee', amount: 500 });
    renderAt(<BillGroupList groups={[group({ bills: [fee, bill({ _id: 'u1' })] })]} mode="owner" />, { path: '/', route: '/' });
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    // Only the late fee offers it; an unpaid late fee is not "partly paid", so no "Waive the rest".
    expect(screen.getAllByRole('button', { name: 'Waive late fee' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Waive the rest' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Waive late fee' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Waive this late fee');
    expect(dialog).toHaveTextContent('₹500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.lateFeeWaived));
    expect(calls.find((c) => c.path === '/leases/late-fee/lf1/waive')?.method).toBe('POST');
    cleanup();
    renderAt(
      <BillGroupList
        groups={[group({ bills: [bill({ _id: 'lf1', billType: 'Late Fee', amount: 500, status: 'paid', waivedAmount: 500 })] })]}
        mode="tenant"
      />,
      { path: '/', route: '/' },
    );
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.getByText('₹500.00 waived by the owner')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it("warns the owner before deleting a bill the tenant's open order covers (issue 19)", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /bills/delete-bill': ok({ _id: 'u1' }) });
    renderAt(<BillGroupList groups={[group({ bills: [bill({ _id: 'u1', inOpenOrder: true })] })]} mode="owner" />);
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.getByRole('note')).toHaveTextContent(MSG.billInOpenOrder);
    await user.click(screen.getByRole('button', { name: 'Delete Rent Bill' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(MSG.billInOpenOrder);
  });

  it('lets the owner delete an unpaid bill after confirming; paid bills offer no delete', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /bills/delete-bill': ok({ _id: 'u1' }) });
    renderAt(
      <BillGroupList
        groups={[group({ bills: [bill({ _id: 'u1' }), bill({ _id: 'pd', billType: 'Gas Bill', status: 'paid' })] })]}
        mode="owner"
      />,
    );
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    expect(screen.queryByRole('button', { name: 'Delete Gas Bill' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Rent Bill' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.deleted('Rent Bill')));
    expect(calls.find((c) => c.path === '/bills/delete-bill')?.body).toEqual({ billId: 'u1' });
  });

  it('says "Failed to delete bill. Please try again." when the delete fails', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt(<BillGroupList groups={[group({ bills: [bill()] })]} mode="owner" />);
    await user.click(screen.getByRole('button', { name: /1 November 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Delete Rent Bill' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.billDeleteFailed));
  });
});

describe('bill entry checks', () => {
  const row = (o: Partial<Parameters<typeof toBillInput>[0]> = {}) => ({
    billType: 'Electricity Bill',
    amount: '',
    meterReading: { current: '120', previous: '100', ratePerUnit: '7.5' },
    photos: { current: { _id: 'f1', url: '/x/f1' }, previous: null },
    ...o,
  });
  it('sends readings and photo ids for meter bills, the amount for others', () => {
    expect(toBillInput(row())).toEqual({
      billType: 'Electricity Bill',
      meterReading: { current: '120', previous: '100', ratePerUnit: '7.5' },
      meterPhotos: { current: 'f1', previous: null },
    });
    expect(toBillInput(row({ billType: 'Rent Bill', amount: ' 12000.00 ' }))).toEqual({ billType: 'Rent Bill', amount: '12000.00' });
  });
});

describe('Upload Bills modal', () => {
  const room = { _id: 'r1', propertyId: 'p1', rentAmount: 12000, tenantId: 't1' };
  const lastReadings = ok([{ billType: 'Electricity Bill', current: 1250, ratePerUnit: 6.8, billDate: '2026-10-01' }]);

  it('starts with a Rent Bill of the room rent and a due date 10 days after the bill date', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/last-readings/r1': lastReadings });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    expect(screen.getByLabelText(/Bill Type/)).toHaveValue('Rent Bill');
    expect(screen.getByLabelText(/^Amount/)).toHaveValue(12000);
    const billDate = screen.getByRole('textbox', { name: /^Bill Date/ });
    await user.clear(billDate);
    await user.type(billDate, '25/12/2026');
    expect(screen.getByRole('textbox', { name: /^Due Date/ })).toHaveValue('04/01/2027');
  });

  it('computes units and a read-only amount, prefills the previous reading and clears meter fields on a non-meter type', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/last-readings/r1': lastReadings });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    const type = screen.getByLabelText(/Bill Type/);
    await user.selectOptions(type, 'Electricity Bill');
    await waitFor(() => expect(screen.getByLabelText(/Previous Reading/)).toHaveValue(1250));
    await user.type(screen.getByLabelText(/Current Reading/), '1400.5');
    await user.type(screen.getByLabelText(/Rate per Unit/), '6.8');
    expect(screen.getByText('Units consumed:')).toHaveTextContent('150.5');
    const amount = screen.getByLabelText(/^Amount/);
    expect(amount).toHaveAttribute('readonly');
    expect(amount).toHaveValue('1023.40');
    await user.selectOptions(type, 'Maintenance Bill');
    expect(screen.queryByLabelText(/Current Reading/)).not.toBeInTheDocument();
    await user.selectOptions(type, 'Water Bill');
    expect(screen.getByLabelText(/Current Reading/)).toHaveValue(null);
    expect(screen.getByLabelText(/Rate per Unit/)).toHaveValue(null);
  });

  it('refuses to remove the last bill and adds blocks with Add Another Bill', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    await user.click(screen.getByRole('button', { name: 'Remove bill 1' }));
    expect(toast.warning).toHaveBeenCalledWith(MSG.cantRemoveAllBills);
    expect(screen.getAllByRole('group')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add Another Bill' }));
    expect(screen.getAllByRole('group')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove bill 2' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('uploads meter photos and the group, and puts server field errors on their rows', async () => {
    const user = userEvent.setup();
    let reply = ok(group(), 'ok', 201);
    const { calls } = mockApi({
      'GET /bills/last-readings/r1': ok([]),
      'POST /bills/upload/meter-photo': ok({ _id: 'f-cur', url: '/api/v1/bills/meter-photo/f-cur' }, 'ok', 201),
      'POST /bills/add-bill': () => reply,
    });
    const onOpenChange = vi.fn();
    renderAt(<UploadBillsModal open onOpenChange={onOpenChange} room={room} />);
    await user.click(screen.getByRole('button', { name: 'Add Another Bill' }));
    const second = screen.getAllByRole('group')[1] as HTMLElement;
    await user.selectOptions(within(second).getByLabelText(/Bill Type/), 'Electricity Bill');
    await user.type(within(second).getByLabelText(/Current Reading/), '120');
    await user.type(within(second).getByLabelText(/Previous Reading/), '100');
    await user.type(within(second).getByLabelText(/Rate per Unit/), '7');
    await user.upload(within(second).getByLabelText(/Current meter photo/), pngFile());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.meterPhotoUploaded('current')));

    reply = fail(400, MSG.readingDecreased, [{ path: 'bills.1.meterReading.current', message: MSG.readingDecreased }]);
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    await waitFor(() => expect(within(second).getByLabelText(/Current Reading/)).toHaveAttribute('aria-invalid', 'true'));
    expect(toast.error).toHaveBeenCalledWith(MSG.readingDecreased);

    reply = ok(group(), 'ok', 201);
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.billsUploaded));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const body = calls.filter((c) => c.path === '/bills/add-bill').at(-1)?.body as { bills: unknown[]; propertyId: string };
    expect(body.propertyId).toBe('p1');
    expect(body.bills).toEqual([
      { billType: 'Rent Bill', amount: '12000.00' },
      {
        billType: 'Electricity Bill',
        meterReading: { current: '120', previous: '100', ratePerUnit: '7' },
        meterPhotos: { current: 'f-cur', previous: null },
      },
    ]);
  });

  it('says "Please select a bill date" without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    await user.clear(screen.getByRole('textbox', { name: /^Bill Date/ }));
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.billDateRequired);
    expect(calls.some((c) => c.path === '/bills/add-bill')).toBe(false);
  });
});

// The same table as the server's (bills.test.ts, "bad bills get the contract's messages"): one schema, one message.
describe('Upload Bills modal: bad bills get the messages the server gives (issue 20)', () => {
  const room = { _id: 'r1', propertyId: 'p1', rentAmount: 12000, tenantId: 't1' };
  type Case = { name: string; amount?: string; reading?: [string, string, string]; billDate?: ''; message: string; field: RegExp };
  const cases: Case[] = [
    { name: 'an empty amount', amount: '', message: MSG.billDetailsRequired, field: /^Amount/ },
    { name: 'a negative amount', amount: '-5', message: MSG.billAmountFormat, field: /^Amount/ },
    { name: 'an amount with 3 decimals', amount: '10.005', message: MSG.billAmountFormat, field: /^Amount/ },
    { name: 'a current reading below the previous', reading: ['90', '100', '7'], message: MSG.readingDecreased, field: /Current Reading/ },
    { name: 'no bill date', billDate: '', message: MSG.billDateRequired, field: /^Bill Date/ },
  ];
  it.each(cases)('$name: "$message", without calling the server', async (c) => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    if (c.amount !== undefined) {
      await user.clear(screen.getByLabelText(/^Amount/));
      if (c.amount) await user.type(screen.getByLabelText(/^Amount/), c.amount);
    }
    if (c.reading) {
      await user.selectOptions(screen.getByLabelText(/Bill Type/), 'Electricity Bill');
      await user.type(screen.getByLabelText(/Current Reading/), c.reading[0]);
      await user.type(screen.getByLabelText(/Previous Reading/), c.reading[1]);
      await user.type(screen.getByLabelText(/Rate per Unit/), c.reading[2]);
    }
    if (c.billDate === '') await user.clear(screen.getByRole('textbox', { name: /^Bill Date/ }));
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(c.message);
    expect(screen.getByLabelText(c.field)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((x) => x.path === '/bills/add-bill')).toBe(false);
  });

  it('two Rent Bills in one upload: the schema says so, as the server would', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    const billDate = screen.getByRole('textbox', { name: /^Bill Date/ });
    await user.clear(billDate);
    await user.type(billDate, '24/11/2026');
    await user.click(screen.getByRole('button', { name: 'Add Another Bill' }));
    const second = screen.getAllByRole('group')[1] as HTMLElement;
    await user.selectOptions(within(second).getByLabelText(/Bill Type/), 'Rent Bill');
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.rentBillTwice('November 2026'));
    expect(calls.some((x) => x.path === '/bills/add-bill')).toBe(false);
  });
});

describe('Upload Bills modal (issue 19)', () => {
  const room = { _id: 'r1', propertyId: 'p1', rentAmount: 12000, tenantId: 't1' };

  it('a fixed bill date takes "Please select a bill date" away, field and banner', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    const billDate = screen.getByRole('textbox', { name: /^Bill Date/ });
    await user.clear(billDate);
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.billDateRequired);
    await user.type(billDate, '24/11/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(billDate).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a server reading error goes once the reading is fixed; Rent to Maintenance drops the rent amount', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /bills/last-readings/r1': ok([]),
      'POST /bills/add-bill': fail(400, MSG.readingDecreased, [{ path: 'bills.0.meterReading.current', message: MSG.readingDecreased }]),
    });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    const type = screen.getByLabelText(/Bill Type/);
    await user.selectOptions(type, 'Maintenance Bill');
    expect(screen.getByLabelText(/^Amount/)).toHaveValue(null);
    await user.selectOptions(type, 'Rent Bill');
    expect(screen.getByLabelText(/^Amount/)).toHaveValue(12000);
    await user.selectOptions(type, 'Electricity Bill');
    await user.type(screen.getByLabelText(/Current Reading/), '90');
    await user.type(screen.getByLabelText(/Previous Reading/), '80');
    await user.type(screen.getByLabelText(/Rate per Unit/), '7');
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.readingDecreased);
    await user.type(screen.getByLabelText(/Current Reading/), '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Current Reading/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("warns of the month's Rent Bill before submitting and does not send a second", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /bills/last-readings/r1': ok([]),
      'GET /bills/fetch-bill/p1': ok([group({ billDate: '2026-11-01', bills: [bill({ amount: 12000 })] })]),
    });
    renderAt(<UploadBillsModal open onOpenChange={() => {}} room={room} />);
    const billDate = screen.getByRole('textbox', { name: /^Bill Date/ });
    await user.clear(billDate);
    await user.type(billDate, '24/11/2026');
    const warning = MSG.rentBillExists('November 2026', '1 November 2026', '₹12,000.00');
    expect(await screen.findByRole('status')).toHaveTextContent(warning);
    await user.click(screen.getByRole('button', { name: 'Upload Bills' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(warning);
    expect(calls.some((c) => c.path === '/bills/add-bill')).toBe(false);
    await user.clear(billDate);
    await user.type(billDate, '2026-12-01');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Upload Bills modal, edit mode (B5)', () => {
  it('edits one unpaid meter bill with PUT update-bill, keeping its photos, and shows its field errors on the row', async () => {
    const user = userEvent.setup();
    let reply = fail(400, MSG.readingDecreased, [{ path: 'meterReading.current', message: MSG.readingDecreased }]);
    const { calls } = mockApi({ 'PUT /bills/update-bill/b2': () => reply });
    const onOpenChange = vi.fn();
    const g = group();
    renderAt(
      <UploadBillsModal
        open
        onOpenChange={onOpenChange}
        room={{ _id: 'r1', propertyId: 'p1', rentAmount: 12000, tenantId: 't1' }}
        editing={{ bill: elec(), group: g }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Edit Bill' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Bill Date/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Another Bill' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('1020.00');
    await user.click(screen.getByRole('button', { name: 'Save Bill' }));
    await waitFor(() => expect(screen.getByLabelText(/Current Reading/)).toHaveAttribute('aria-invalid', 'true'));
    reply = ok(elec());
    const current = screen.getByLabelText(/Current Reading/);
    await user.clear(current);
    await user.type(current, '1300');
    await user.click(screen.getByRole('button', { name: 'Save Bill' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.billUpdated));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      billType: 'Electricity Bill',
      meterReading: { current: '1300', previous: '1100', ratePerUnit: '6.8' },
      meterPhotos: { current: 'f-cur', previous: null },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Billing Details tab', () => {
  it('asks for a tenant first when the room has none', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/fetch-bill/p1': ok([]) });
    renderAt(<RoomBillingTab room={makeRoom({ _id: 'r1', propertyId: 'p1', tenantId: null })} />);
    expect(await screen.findByText(MSG.noBillingData)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Bill' }));
    expect(toast.error).toHaveBeenCalledWith(MSG.addTenantFirst);
  });

  it("starts the Rent Bill at the lease's rent in force when the route passes it (issue 22), not the listed rent", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /bills/fetch-bill/p1': ok([]), 'GET /bills/last-readings/r1': ok([]) });
    renderAt(<RoomBillingTab room={makeOccupiedRoom({ _id: 'r1', propertyId: 'p1', rentAmount: 12000 })} rentAmount={12600} />);
    await user.click(await screen.findByRole('button', { name: 'Upload Bill' }));
    expect(await screen.findByLabelText(/^Amount/)).toHaveValue(12600);
  });
});

describe('bills in Hindi (issue 27)', { timeout: 20_000 }, () => {
  beforeAll(() => preloadLocale('hi-IN'));
  /** Renders in Hindi; the first render waits (awaited act) for the contract's Hindi messages, which useMsg loads on first use. */
  const renderHindi = async (ui: React.ReactNode, options?: Parameters<typeof renderAt>[1]) => {
    await act(async () => {
      renderAt(<LocaleProvider value="hi-IN">{ui}</LocaleProvider>, options);
    });
  };

  it("the tenant's bill groups: a Hindi date, the count, bill types, statuses and Pay", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T06:00:00Z') });
    const user = userEvent.setup();
    await renderHindi(
      <BillGroupList
        groups={[group({ bills: [bill({ status: 'partly_paid', paidAmount: 2000, overdue: true }), elec()] })]}
        mode="tenant"
      />,
    );
    const head = await screen.findByRole('button', { name: /1 नवंबर 2026/ });
    expect(head).toHaveTextContent('2 बिल');
    await user.click(head);
    expect(screen.getByText('किराया बिल')).toBeInTheDocument();
    expect(screen.getByText('आंशिक भुगतान: ₹12,000.00 में से ₹2,000.00')).toBeInTheDocument();
    expect(screen.getAllByText('देय तिथि पार')).toHaveLength(2);
    expect(screen.getByText('बिजली बिल')).toBeInTheDocument();
    expect(screen.getByText('भुगतान बाकी')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'भुगतान करें: बिजली बिल' })).toBeInTheDocument();
    expect(screen.getByText('खपत (यूनिट)')).toBeInTheDocument();
  });

  it("the owner's upload form, with bill types in Hindi keyed by their contract constants", async () => {
    mockApi({ 'GET /bills/last-readings/r1': ok([]) });
    await renderHindi(
      <UploadBillsModal open onOpenChange={() => {}} room={{ _id: 'r1', propertyId: 'p1', rentAmount: 9000, tenantId: 't1' }} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'बिल अपलोड करें' });
    const type = within(dialog).getByRole('combobox', { name: /बिल का प्रकार/ });
    expect(type).toHaveValue('Rent Bill');
    expect(within(type).getByRole('option', { name: 'पानी बिल' })).toHaveValue('Water Bill');
    expect(within(dialog).getByText(/अपने-आप बिल की तारीख़ के 10 दिन बाद/)).toBeInTheDocument();
  });
});
