import type { TenantRoom } from '@kiraya/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { on } from './pseudoApi';
import * as f from './pseudoFixtures';
import { makeProperty, makeRequest, makeRoom, makeTenantRoom, ok, tenant } from './support';

// Every tenant route in the pseudo-locale (issue 27 item 4, ADR 039), with what each screen hides opened.
const room301 = makeRoom({ _id: 'r3', roomNumber: '301', rentAmount: 9500, roomStatus: 'occupied', moveInDate: '2026-10-01' });
const current: TenantRoom = makeTenantRoom({
  _id: 'ten-r3',
  roomId: 'r3',
  room: room301,
  leavingOn: null,
  lastBillDate: '2026-11-01',
  lastPayment: { paidAt: '2026-10-03T08:00:00.000Z', amount: 9500 },
  terms: { ...f.terms, rent: 950_000, securityDeposit: 1_900_000, startDate: '2026-10-01' },
  outstanding: 1_020_000,
  overdue: 950_000,
  nextDue: { date: '2026-12-05', amount: 950_000 },
});
const past: TenantRoom = makeTenantRoom({
  _id: 'ten-r8',
  roomId: 'r8',
  room: makeRoom({ _id: 'r8', roomNumber: '8', rentAmount: 7000, roomStatus: 'vacant' }),
  moveInDate: '2025-01-01',
  moveOutDate: '2026-09-30',
  terms: null,
});
const groups = f
  .billGroups('r3')
  .map((g) => ({ ...g, property: { _id: 'p1', title: 'Lotus Homes' }, room: { _id: 'r3', roomNumber: '301' } }));
const lease = f.makeLease('r3', {
  termEndsOn: f.daysFromToday(25),
  renewal: {
    _id: 'rn1',
    status: 'open',
    terms: { ...f.terms, rent: 1_000_000, startDate: f.daysFromToday(26) },
    endsOn: f.daysFromToday(26 + 334),
    effectiveFrom: null,
    proposedAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
  },
});
const deposit = f.makeDeposit('r3', {
  roomNumber: '301',
  tenant: { _id: 'u-tenant', fullName: 'Rahul Verma' },
  status: 'partly_paid',
  held: 950_000,
  canSettle: false,
});

const roomApi = {
  ...on('tenantRooms', [current]),
  ...on('tenantPastRooms', [past]),
  ...on('tenantBills', groups),
  ...on('lease', lease, { roomId: 'r3' }),
  ...on('deposit', deposit, { roomId: 'r3' }),
  ...on('deposit', null, { roomId: 'r8' }),
  ...on('lease', f.makeLease('r8'), { roomId: 'r8' }),
};
type Page = Awaited<ReturnType<typeof renderPseudo>>;
const answered = (page: Page) => expect(page.unanswered(), 'calls the test does not answer').toEqual([]);

describe('tenant routes in the pseudo-locale', { timeout: 60_000 }, () => {
  it('/TenantDashboard, My Rooms', async () => {
    const user = { ...tenant, incomingRequests: [makeRequest()] };
    const home = await renderPseudo('/TenantDashboard', { user, api: { ...roomApi, ...on('myReveals', []) } });
    home.expectTranslated();
    answered(home);
    const rooms = await renderPseudo('/TenantDashboard/MyRooms', { user, api: roomApi });
    rooms.expectTranslated();
    answered(rooms);
    // A new tenant: the first steps, and no rooms yet.
    const none = { ...on('tenantRooms', []), ...on('tenantPastRooms', []), ...on('tenantBills', []), ...on('myReveals', []) };
    const first = await renderPseudo('/TenantDashboard', { user: tenant, api: none });
    first.expectTranslated();
    answered(first);
    const empty = await renderPseudo('/TenantDashboard/MyRooms', { user: tenant, api: none });
    empty.expectTranslated();
  });

  it('My Room: lease note and renewal proposal, deposit, bills, payments, documents, maintenance', async () => {
    const page = await renderPseudo('/TenantDashboard/MyRooms/r3', {
      user: tenant,
      api: {
        ...roomApi,
        ...on('fetchBills', f.billGroups('r3'), { propertyId: 'p1' }),
        ...on('myPayments', f.payments),
        ...on('paymentReports', [
          { ...f.paymentReport('r3'), status: 'rejected', decidedAt: '2026-11-05T10:00:00.000Z', rejectReason: 'Not in my account' },
        ]),
        ...on('roomCredit', { roomId: 'r3', tenancyId: 'ten-r3', credit: 500, refunds: [] }, { id: 'r3' }),
        ...on('roomDocuments', f.documents('r3'), { roomId: 'r3' }),
        ...on(
          'declineRenewal',
          { ...lease, renewal: lease.renewal && { ...lease.renewal, status: 'declined', decidedAt: '2026-11-28T10:00:00.000Z' } },
          { roomId: 'r3' },
        ),
      },
      allow: ['KB', 'MB'],
    });
    page.expectTranslated();
    answered(page);
    const { user } = page;
    for (const group of within(screen.getByRole('main')).getAllByRole('button', { expanded: false })) await user.click(group);
    await page.expectTranslatedSoon();
    // Declined at once: its toast.
    await user.click(screen.getByRole('button', { name: xa('Decline') }));
    await page.expectTranslatedSoon();
    // A room left: read only.
    const left = await renderPseudo('/TenantDashboard/MyRooms/r8', {
      user: tenant,
      api: {
        ...roomApi,
        ...on('fetchBills', [], { propertyId: 'p1' }),
        ...on('myPayments', []),
        ...on('paymentReports', []),
        ...on('roomCredit', { roomId: 'r8', tenancyId: null, credit: 0, refunds: [] }, { id: 'r8' }),
        ...on('roomDocuments', [], { roomId: 'r8' }),
      },
    });
    left.expectTranslated();
    answered(left);
  });

  it('Pay: what is owed, the UPI pay block and its report form, the sandbox checkout', async () => {
    const page = await renderPseudo('/TenantDashboard/PayBill/b1', {
      user: tenant,
      api: {
        ...roomApi,
        ...on(
          'paySummary',
          {
            roomId: 'r3',
            online: 'sandbox',
            balance: 10_200,
            minimum: 1,
            owed: [
              { billId: 'b1', billType: 'Rent Bill', billDate: '2026-11-01', amount: 8500, paidAmount: 0, owed: 8500 },
              { billId: 'b2', billType: 'Electricity Bill', billDate: '2026-11-01', amount: 1200, paidAmount: 600, owed: 600 },
              { billId: 'b3', billType: 'Late Fee', billDate: '2026-11-01', amount: 200, paidAmount: 0, owed: 200 },
            ],
            credit: 0,
            ownerUpi: { vpa: 'priya@okhdfcbank', payeeName: 'Priya Raghavan', note: 'Room 301 rent' },
          },
          { id: 'r3' },
        ),
        ...on('paymentReports', [f.paymentReport('r3')]),
        ...on('createOrder', {
          id: 'order_1',
          currency: 'INR',
          amount: 1_020_000,
          gateway: 'sandbox',
          key: 'sandbox',
          roomId: 'r3',
          status: 'created',
        }),
      },
    });
    page.expectTranslated();
    answered(page);
    const { user } = page;
    await user.click(screen.getByRole('button', { name: xa('I have paid — report it') }));
    await user.click(screen.getByRole('button', { name: xa('Report payment') }));
    await page.expectTranslatedSoon();
    await user.click(screen.getByRole('button', { name: xa('Pay Now') }));
    await page.expectTranslatedSoon();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    for (const tab of within(screen.getByRole('dialog')).getAllByRole('tab')) {
      await user.click(tab);
      await page.expectTranslatedSoon();
    }
    // The card form sent empty: its errors.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: new RegExp(`^${xa('Pay ')}₹`) }));
    await page.expectTranslatedSoon();
    answered(page);
  });

  it('a receipt, rent receipts for a month and a financial year (with TDS), the deposit statement with a dispute', async () => {
    const receipt = await renderPseudo('/TenantDashboard/Receipts/pay2', {
      user: tenant,
      api: {
        ...on(
          'receipt',
          f.receipt({
            _id: 'pay2',
            kind: 'gateway',
            gateway: 'sandbox',
            method: 'upi',
            methodLabel: 'UPI (gateway)',
            paymentId: 'pay_sbx_1',
            orderId: 'order_1',
            source: 'verify',
          }),
          { id: 'pay2' },
        ),
      },
    });
    receipt.expectTranslated();
    answered(receipt);
    const rooms = { ...on('tenantRooms', [current]), ...on('tenantPastRooms', [past]) };
    const month = await renderPseudo('/TenantDashboard/RentReceipts?roomId=r3&period=2026-11', {
      user: tenant,
      api: { ...rooms, ...on('rentReceipt', f.rentReceipt('2026-11')) },
    });
    month.expectTranslated();
    answered(month);
    const year = await renderPseudo('/TenantDashboard/RentReceipts?roomId=r3&period=FY2026-27', {
      user: tenant,
      api: { ...rooms, ...on('rentReceipt', f.rentReceipt('FY2026-27')) },
    });
    year.expectTranslated();
    answered(year);
    // A deduction not disputed yet: Dispute opens its form, sent empty.
    const settled = f.settledDeposit('r3');
    const undisputed = {
      ...settled,
      tenant: { _id: 'u-tenant', fullName: 'Rahul Verma' },
      settlement: settled.settlement && {
        ...settled.settlement,
        deductions: settled.settlement.deductions.map((d) => ({ ...d, disputedAt: null, disputeText: null })),
      },
    };
    const deposit = await renderPseudo('/TenantDashboard/Deposit/r3', {
      user: tenant,
      api: { ...on('deposit', undisputed, { roomId: 'r3' }) },
    });
    deposit.expectTranslated();
    answered(deposit);
    await deposit.user.click(screen.getAllByRole('button', { name: new RegExp(xa('Dispute').replace(/[⟦⟧]/g, '')) })[0] as HTMLElement);
    await deposit.expectTranslatedSoon();
    const dispute = within(screen.getByRole('dialog'));
    await deposit.user.click(dispute.getByRole('button', { name: xa('Send dispute') }));
    await deposit.expectTranslatedSoon();
  });

  it('Statistics and Billings', async () => {
    const stats = await renderPseudo('/TenantDashboard/Statistics', {
      user: tenant,
      api: {
        ...on('tenantStatistics', {
          months: ['2026-09', '2026-10', '2026-11'].map((month) => ({
            month,
            byType: [
              { billType: 'Rent Bill' as const, amount: 9500 },
              { billType: 'Electricity Bill' as const, amount: 1200 },
            ],
            total: 10_700,
          })),
          paidByMonth: [{ month: '2026-10', amount: 10_700 }],
          dueNext: [
            {
              ...f.receivedPayment,
              _id: 'b1',
              billType: 'Rent Bill',
              billDate: '2026-11-01',
              dueDate: '2026-11-05',
              outstanding: 9500,
              overdue: true,
            },
            {
              ...f.receivedPayment,
              _id: 'b2',
              billType: 'Late Fee',
              billDate: '2026-11-01',
              dueDate: '2026-11-10',
              outstanding: 200,
              overdue: false,
            },
          ],
          totals: { billed: 32_100, paid: 21_400, outstanding: 10_700, overdue: 9500 },
          tds: [{ ...f.tdsNotice, tenant: { _id: 'u-tenant', fullName: 'Rahul Verma' } }],
        }),
      },
    });
    stats.expectTranslated();
    answered(stats);
    const bills = await renderPseudo('/TenantDashboard/Billings', {
      user: tenant,
      api: {
        ...on('tenantBills', groups),
        ...on('tenantRooms', [current]),
        ...on('myPayments', f.payments),
        ...on('paymentReports', [
          { ...f.paymentReport('r3'), status: 'confirmed', paymentId: 'pay3', decidedAt: '2026-11-05T10:00:00.000Z' },
        ]),
      },
    });
    bills.expectTranslated();
    answered(bills);
    for (const group of within(screen.getByRole('main')).queryAllByRole('button', { expanded: false })) await bills.user.click(group);
    await bills.expectTranslatedSoon();
  });

  it('Messages: a thread with a warning, a new enquiry with the safety advice, a maintenance request', async () => {
    const enquiry = f.makeThread({
      _id: 'th2',
      kind: 'enquiry',
      room: { _id: 'r9', roomNumber: '9', propertyId: 'p9', propertyTitle: 'Green Villa' },
      with: { _id: 'o9', username: 'arjun', fullName: 'Arjun Mehta' },
    });
    const api = {
      ...on('myThreads', {
        threads: [f.makeThread({ unread: 2, lastMessage: f.makeMessage({ text: 'Rent is due' }) }), enquiry],
        unread: 2,
      }),
      ...on('tenantRooms', [current]),
      ...on('myReports', []),
      ...on(
        'threadMessages',
        {
          thread: enquiry,
          messages: [
            f.makeMessage({ threadId: 'th2', text: 'Is the room still free?', mine: true, senderId: 'u-tenant' }),
            f.makeMessage({ threadId: 'th2', text: 'Send ₹5,000 token to arjun@okaxis to book it', warning: true, senderId: 'o9' }),
          ],
          hasEarlier: false,
        },
        { id: 'th2' },
      ),
      ...on('readThread', { unread: 0 }, { id: 'th2' }),
    };
    const thread = await renderPseudo('/TenantDashboard/Messages?thread=th2', { user: tenant, api });
    thread.expectTranslated();
    answered(thread);
    const fresh = await renderPseudo('/TenantDashboard/Messages?room=r7', { user: tenant, api });
    fresh.expectTranslated();
    await fresh.user.click(screen.getByRole('button', { name: xa('Send') }));
    await fresh.expectTranslatedSoon();
    const repair = await renderPseudo('/TenantDashboard/Messages?room=r3&mode=maintenance', { user: tenant, api });
    repair.expectTranslated();
  });

  it('Requests with an invitation and its lease terms, Owner details, Recent views, Profile', async () => {
    const invitation = makeRequest({ terms: { ...f.terms, startDate: null, rentDueDay: null }, depositWarning: true });
    const user = { ...tenant, incomingRequests: [invitation, makeRequest({ status: 'accepted' })] };
    const requests = await renderPseudo('/TenantDashboard/Requests', { user, api: {} });
    requests.expectTranslated();
    await requests.user.click(screen.getAllByRole('button', { name: new RegExp(xa('Reject').replace(/[⟦⟧]/g, '')) })[0] as HTMLElement);
    await requests.expectTranslatedSoon();
    await requests.user.keyboard('{Escape}');
    const details = await renderPseudo('/TenantDashboard/OwnerDetails', {
      user: tenant,
      api: {
        ...on('myReveals', [
          {
            _id: 'r9',
            owner: { _id: 'o9', username: 'arjun', fullName: 'Arjun Mehta', phoneNumber: '+919811122233', email: 'arjun@example.com' },
            property: { _id: 'p9', title: 'Green Villa', street: '4 Hill Road', city: 'Nagpur', state: 'Maharashtra', pincode: '440001' },
            room: {
              _id: 'r9',
              roomNumber: '9',
              roomType: '1bhk',
              tenantType: 'Bachelor',
              floor: 0,
              rentAmount: 7000,
              maxOccupancy: 1,
              isFurnitured: false,
              hasAttachedBath: true,
              description: 'Quiet room',
              images: [],
            },
            revealedAt: '2026-11-10T10:00:00.000Z',
          },
        ]),
      },
    });
    details.expectTranslated();
    answered(details);
    const recent = await renderPseudo('/TenantDashboard/Recent', {
      user: tenant,
      api: {
        ...on('recentViews', [
          {
            _id: 'p9',
            title: 'Green Villa',
            city: 'Nagpur',
            state: 'Maharashtra',
            propertyType: 'Villa',
            rentAmount: 7000,
            image: null,
            viewedAt: '2026-11-10T10:00:00.000Z',
          },
          {
            _id: 'p8',
            title: 'Sea View',
            city: 'Goa',
            state: 'Goa',
            propertyType: 'Apartment/Flat',
            rentAmount: null,
            image: null,
            viewedAt: '2026-11-01T10:00:00.000Z',
          },
        ]),
      },
    });
    recent.expectTranslated();
    answered(recent);
    const profile = await renderPseudo('/TenantDashboard/Profile', {
      user: { ...tenant, emailVerified: true, phoneVerified: true },
      api: { ...on('emailPrefs', { reminders: true, payments: true, messages: true, invitations: true, summaries: false }) },
    });
    profile.expectTranslated();
    answered(profile);
  });

  it('Search and a property from it', async () => {
    const property = makeProperty({ _id: 'p9', title: 'Green Villa', propertyType: 'Villa' });
    const search = await renderPseudo('/TenantDashboard/Search?city=Nagpur', {
      user: tenant,
      api: { 'GET /properties/fetch-all-properties': ok([property], { meta: { page: 1, limit: 12, total: 1 } }) },
    });
    search.expectTranslated();
    answered(search);
    const one = await renderPseudo('/TenantDashboard/Search/p9', {
      user: tenant,
      api: {
        ...on('property', property, { id: 'p9' }),
        ...on(
          'rooms',
          [makeRoom({ _id: 'r9', propertyId: 'p9', roomNumber: '9' }), makeRoom({ propertyId: 'p9', roomStatus: 'occupied' })],
          { propertyId: 'p9' },
        ),
        ...on('recordView', { _id: 'p9' }, { propertyId: 'p9' }),
        ...on('myReports', []),
      },
    });
    one.expectTranslated();
    answered(one);
  });

  it('an address that is not a page', async () => {
    const page = await renderPseudo('/TenantDashboard/no-such-page', { user: tenant });
    page.expectTranslated();
  });
});
