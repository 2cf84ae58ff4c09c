import { screen } from '@testing-library/react';
import { MSG } from '@kiraya/contract/messages';
import { describe, expect, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { on } from './pseudoApi';
import * as f from './pseudoFixtures';
import { makeProperty, ok, owner } from './support';

const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', roomCount: 3, vacantRoomCount: 1 });
const nothingWaiting = { reports: [], messages: [], overdue: [], deposits: [] };
type Page = Awaited<ReturnType<typeof renderPseudo>>;
const answered = (page: Page) => expect(page.unanswered(), 'calls the test does not answer').toEqual([]);

describe('owner routes in the pseudo-locale', { timeout: 60_000 }, () => {
  it('/OwnerDashboard', async () => {
    const page = await renderPseudo('/OwnerDashboard', {
      user: owner,
      api: {
        ...on('myProperties', [property]),
        ...on('ownerCollection', f.ownerCollection),
        ...on('whoAsked', f.whoAsked),
        ...on('ownerWaiting', nothingWaiting),
      },
    });
    page.expectTranslated();
    answered(page);
    // A new owner: the first steps.
    const first = await renderPseudo('/OwnerDashboard', {
      user: owner,
      api: { ...on('myProperties', []), ...on('whoAsked', []), ...on('ownerWaiting', nothingWaiting) },
    });
    first.expectTranslated();
    answered(first);
  });

  it('/OwnerDashboard/Profile: details, edit form and its errors, phone code, payout account form, password', async () => {
    const me = { ...owner, pan: null, upiVpa: 'priya@okhdfcbank', emailVerified: false, phoneVerified: false };
    const page = await renderPseudo('/OwnerDashboard/Profile', {
      user: me,
      api: {
        ...on('payoutAccount', f.payoutAccount),
        ...on('emailPrefs', { reminders: true, payments: true, messages: false, invitations: true, summaries: false }),
        ...on('sendPhoneCode', { maskedPhone: '••••7435', expiresAt: '2026-11-01T10:10:00.000Z' }, {}, MSG.phoneCodeSent('••••7435')),
      },
    });
    page.expectTranslated();
    answered(page);
    const { user } = page;
    const button = (name: string) => screen.getByRole('button', { name: xa(name) });
    await user.click(button('Edit'));
    await user.clear(screen.getByLabelText(xa('Full name'), { exact: false }));
    await user.click(button('Save'));
    await page.expectTranslatedSoon();
    expect(screen.getByText((text) => text.includes(xa(MSG.fullNameRequired)))).toBeInTheDocument();
    await user.click(button('Verify phone'));
    await page.expectTranslatedSoon();
    expect(screen.getByLabelText(xa('6-digit code'), { exact: false })).toBeInTheDocument();
    await user.click(button('Change bank account'));
    await user.click(button('Save payout account'));
    await page.expectTranslatedSoon();
    await user.click(button('Change password'));
    await page.expectTranslatedSoon();
  });

  it('/OwnerDashboard/Statistics and Billings', async () => {
    const page = await renderPseudo('/OwnerDashboard/Statistics', { user: owner, api: { ...on('ownerStatistics', f.ownerStatistics) } });
    page.expectTranslated();
    answered(page);
    const bills = await renderPseudo('/OwnerDashboard/Billings', {
      user: owner,
      api: { ...on('ownerBillings', f.ownerBillings), ...on('payouts', f.payouts), ...on('payoutAccount', f.payoutAccount) },
    });
    bills.expectTranslated();
    answered(bills);
    // Nothing yet: empty charts, no bills, no payouts.
    const zero = { billed: 0, collected: 0, outstanding: 0, overdue: 0, received: 0 };
    const none = await renderPseudo('/OwnerDashboard/Statistics', {
      user: owner,
      api: {
        ...on('ownerStatistics', {
          months: f.ownerStatistics.months.map((m) => ({ ...m, billed: 0, collected: 0, received: 0, occupiedRooms: 0 })),
          totals: zero,
          outstandingByProperty: [],
          outstandingByRoom: [],
          latestPayments: [],
          rooms: { total: 0, occupied: 0 },
          tds: [],
        }),
      },
    });
    none.expectTranslated();
    const noBills = await renderPseudo('/OwnerDashboard/Billings', {
      user: owner,
      api: {
        ...on('ownerBillings', {
          ...f.ownerBillings,
          bills: [],
          payments: [],
          paymentsTotal: 0,
          totals: { count: 0, amount: 0, paid: 0, outstanding: 0 },
        }),
        ...on('payouts', { feeBps: 0, payouts: [], months: [] }),
      },
    });
    noBills.expectTranslated();
  });

  it('/OwnerDashboard/Messages with a thread open, and without any', async () => {
    const thread = f.makeThread({ with: f.rahul, unread: 1, lastMessage: f.makeMessage({ text: 'The tap is leaking' }) });
    const page = await renderPseudo('/OwnerDashboard/Messages?thread=th1', {
      user: owner,
      api: {
        ...on('myThreads', { threads: [thread, f.makeThread({ _id: 'th2', kind: 'enquiry', with: f.asha })], unread: 1 }),
        ...on(
          'threadMessages',
          {
            thread,
            messages: [
              f.makeMessage({ text: 'The tap is leaking', maintenance: true, senderId: 'u-tenant' }),
              f.makeMessage({ text: 'I will send a plumber tomorrow.', mine: true, createdAt: '2026-11-02T09:00:00.000Z' }),
            ],
            hasEarlier: true,
          },
          { id: 'th1' },
        ),
        ...on('readThread', { unread: 0 }, { id: 'th1' }),
        ...on('myReports', []),
      },
    });
    page.expectTranslated();
    answered(page);
    const empty = await renderPseudo('/OwnerDashboard/Messages', { user: owner, api: { ...on('myThreads', { threads: [], unread: 0 }) } });
    empty.expectTranslated();
  });

  it('/OwnerDashboard/Properties', async () => {
    const page = await renderPseudo('/OwnerDashboard/Properties', { user: owner, api: { ...on('myProperties', [property]) } });
    page.expectTranslated();
    answered(page);
  });

  it('a receipt, a reversed one, rent receipts and the deposit statement', async () => {
    const page = await renderPseudo('/OwnerDashboard/Receipts/pay1', {
      user: owner,
      api: { ...on('receipt', f.receipt(), { id: 'pay1' }) },
    });
    page.expectTranslated();
    answered(page);
    const reversed = f.receipt({
      _id: 'pay3',
      kind: 'gateway',
      method: 'card',
      methodLabel: 'Card',
      reversal: { reversedAt: '2026-11-04T08:00:00.000Z', reason: 'Bounced' },
    });
    const gone = await renderPseudo('/OwnerDashboard/Receipts/pay3', { user: owner, api: { ...on('receipt', reversed, { id: 'pay3' }) } });
    gone.expectTranslated();
    const rent = await renderPseudo('/OwnerDashboard/RentReceipts?roomId=r1&period=2026-11', {
      user: owner,
      api: { ...on('rentReceipt', f.rentReceipt('2026-11')) },
    });
    rent.expectTranslated();
    answered(rent);
    const deposit = await renderPseudo('/OwnerDashboard/Deposit/r1', {
      user: owner,
      api: { ...on('deposit', f.settledDeposit('r1'), { roomId: 'r1' }) },
    });
    deposit.expectTranslated();
    answered(deposit);
  });

  it('the notification bell opened', async () => {
    const page = await renderPseudo('/OwnerDashboard/Properties', {
      user: owner,
      api: {
        ...on('myProperties', [property]),
        ...on('notifications', f.notifications),
        'GET /events': ok({ messages: 0, notifications: 1 }),
      },
    });
    await page.user.click(screen.getByRole('button', { name: new RegExp(xa('Notifications').replace(/[⟦⟧]/g, '')) }));
    await page.expectTranslatedSoon();
    answered(page);
  });

  it('an address that is not a page', async () => {
    const page = await renderPseudo('/OwnerDashboard/no-such-page', { user: owner });
    page.expectTranslated();
  });
});
