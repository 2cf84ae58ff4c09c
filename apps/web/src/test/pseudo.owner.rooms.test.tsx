import { screen, within } from '@testing-library/react';
import { MSG } from '@kiraya/contract/messages';
import { describe, expect, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { on } from './pseudoApi';
import * as f from './pseudoFixtures';
import { makeOccupiedRoom, makeProperty, makeRequest, makeRoom, owner } from './support';

// The owner's rooms page in the pseudo-locale (issue 27 item 4, ADR 039): a let room's card on every tab, a vacant
// room's invitations, and the dialogs (add, edit, assign with lease terms and invite by email, vacate, upload
// bills, record a payment, settle the deposit…).
const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', roomCount: 2, vacantRoomCount: 1 });
const let101 = makeOccupiedRoom({ _id: 'r1', propertyId: 'p1', roomNumber: '101', rentAmount: 8500 });
const vacant102 = makeRoom({ _id: 'r2', propertyId: 'p1', roomNumber: '102', roomStatus: 'vacant', floor: 0 });
const invite = makeRequest();
const lease = f.makeLease('r1', {
  // Inside the renewal window: Renew and Let it end are offered; a change of terms applies from next month.
  termEndsOn: f.daysFromToday(25),
  upcoming: { from: f.daysFromToday(40).slice(0, 7).concat('-01'), terms: { ...f.terms, rent: 900_000 } },
});

const api = {
  ...on('property', property, { id: 'p1' }),
  ...on('rooms', [let101, vacant102], { propertyId: 'p1' }),
  ...on('myReports', []),
  ...on('lease', lease, { roomId: 'r1' }),
  ...on('myThreads', { threads: [f.makeThread({ with: f.asha, tenant: f.asha })], unread: 0 }),
  ...on('roomThreads', [f.makeThread({ with: f.asha, tenant: f.asha, unread: 1 })], { roomId: 'r1' }),
  ...on(
    'threadMessages',
    {
      thread: f.makeThread({ with: f.asha, tenant: f.asha }),
      messages: [f.makeMessage({ text: 'The fan is broken', maintenance: true, senderId: 't1' })],
      hasEarlier: false,
    },
    { id: 'th1' },
  ),
  ...on('readThread', { unread: 0 }, { id: 'th1' }),
  ...on('fetchBills', f.billGroups('r1'), { propertyId: 'p1' }),
  ...on('lastReadings', f.lastReadings, { roomId: 'r1' }),
  ...on('deposit', f.makeDeposit('r1', { moveOutDate: f.daysFromToday(25) }), { roomId: 'r1' }),
  ...on('myPayments', f.payments),
  ...on('paymentReports', [f.paymentReport('r1')]),
  ...on(
    'roomCredit',
    {
      roomId: 'r1',
      tenancyId: 'ten-r1',
      credit: 500,
      refunds: [{ _id: 'rf1', amount: 300, reference: 'UPI 123', note: 'Returned the extra', refundedOn: '2026-10-20' }],
    },
    { id: 'r1' },
  ),
  ...on('roomDocuments', f.documents('r1'), { roomId: 'r1' }),
  ...on('roomRequests', [invite, makeRequest({ status: 'rejected', tenantId: { _id: 'u7', username: 'karan', fullName: 'Karan Shah' } })], {
    id: 'r2',
  }),
  ...on(
    'roomEmailInvites',
    [
      {
        _id: 'ei1',
        roomId: 'r2',
        email: 'neha@example.com',
        status: 'pending',
        createdAt: '2026-11-01T10:00:00.000Z',
        expiresAt: f.daysFromToday(10),
      },
      {
        _id: 'ei2',
        roomId: 'r2',
        email: 'old@example.com',
        status: 'expired',
        createdAt: '2026-10-01T10:00:00.000Z',
        expiresAt: '2026-10-15T10:00:00.000Z',
      },
    ],
    { roomId: 'r2' },
  ),
  ...on('searchTenants', []),
  ...on(
    'inviteByEmail',
    {
      via: 'email',
      invite: {
        _id: 'ei3',
        roomId: 'r2',
        email: 'neha.new@example.com',
        status: 'pending',
        createdAt: '2026-11-20T10:00:00.000Z',
        expiresAt: f.daysFromToday(14),
      },
      request: null,
    },
    {},
    MSG.emailInviteSent('neha.new@example.com'),
  ),
  ...on('withdrawRequest', { ...invite, status: 'withdrawn' }, { id: invite._id }),
};

/** A name matching these texts in order, as the pseudo-locale writes them (values such as "101" stay as they are). */
const xaRe = (...parts: string[]) =>
  new RegExp(
    parts
      .map((p) =>
        xa(p)
          .replace(/[⟦⟧]/g, '')
          .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      )
      .join('.*'),
  );
const openDialog = () => document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
const panel = () => within(document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]') as HTMLElement);

describe('the rooms page in the pseudo-locale', { timeout: 60_000 }, () => {
  /** The page with room 101's card open, and helpers to open, check and close its dialogs. */
  async function letRoom() {
    // File sizes ("240 KB", "up to 10 MB"): the units read the same in Hindi.
    const page = await renderPseudo('/OwnerDashboard/rooms/p1', { user: owner, api, allow: ['KB', 'MB'] });
    page.expectTranslated();
    const { user } = page;
    const button = (name: string) => screen.getByRole('button', { name: xa(name) });
    /** Opens a dialog with `name`, checks it (after `inside`), and closes it. */
    const dialog = async (name: string, inside?: () => Promise<void>) => {
      await user.click(button(name));
      await page.expectTranslatedSoon();
      expect(openDialog(), `no dialog after ${name}`).not.toBeNull();
      if (inside) {
        await inside();
        await page.expectTranslatedSoon();
      }
      await user.keyboard('{Escape}');
      await page.expectTranslatedSoon();
    };
    const submit = (name: string) => async () => user.click(within(openDialog() as HTMLElement).getByRole('button', { name: xa(name) }));
    await user.click(screen.getByRole('button', { name: xaRe('Room', '101') }));
    await page.expectTranslatedSoon();
    return { page, user, dialog, submit };
  }

  it('a let room: its tenant and lease with their dialogs, its documents and messages', async () => {
    const { page, user, dialog } = await letRoom();
    // Tenant Details: the lease panel with its end, a change ahead, and its dialogs.
    await dialog('Edit terms');
    await dialog('Renew');
    await dialog('Let it end');
    await dialog('Vacate');
    await dialog('Edit room');
    for (const tab of ['Documents', 'Messages']) {
      await user.click(screen.getByRole('tab', { name: xa(tab) }));
      await page.expectTranslatedSoon();
    }
    expect(page.unanswered()).toEqual([]);
  });

  it("a let room's billing: bills, deposit, payments, reports, credit, and their dialogs", async () => {
    const { page, user, dialog, submit } = await letRoom();
    await user.click(screen.getByRole('tab', { name: xa('Billing Details') }));
    await page.expectTranslatedSoon();
    for (const group of panel().getAllByRole('button', { expanded: false })) await user.click(group);
    await page.expectTranslatedSoon();
    await dialog('Upload Bill', async () => {
      // An electricity bill asks for the meter readings (the last one filled in); sent empty, the errors show.
      await user.selectOptions(screen.getByLabelText(xa('Bill Type'), { exact: false }), xa('Electricity Bill'));
      await page.expectTranslatedSoon();
      await submit('Upload Bills')();
    });
    await dialog('Record payment', submit('Record payment'));
    await dialog('Settle deposit', async () => {
      await user.click(screen.getByRole('button', { name: xa('Add deduction') }));
      await submit('Settle deposit')();
    });
    await dialog('Refund credit', submit('Record refund'));
    await user.click(screen.getAllByRole('button', { name: xaRe('Reverse') })[0] as HTMLElement);
    await page.expectTranslatedSoon();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: xaRe('Reject') }));
    await page.expectTranslatedSoon();
    await user.keyboard('{Escape}');
    expect(page.unanswered()).toEqual([]);
  });

  it('a vacant room: its invitations, Assign Tenant with lease terms and an invitation by email, Add Room, Delete', async () => {
    const page = await renderPseudo('/OwnerDashboard/rooms/p1', { user: owner, api });
    const { user } = page;
    await user.click(screen.getByRole('button', { name: xaRe('Room', '102') }));
    await page.expectTranslatedSoon();
    page.expectTranslated();
    await user.click(screen.getByRole('button', { name: xa('Assign Tenant') }));
    await page.expectTranslatedSoon();
    // Someone not on Kiraya found by their email and invited; then the lease terms refused (no rent).
    const assign = within(openDialog() as HTMLElement);
    await user.type(assign.getByLabelText(xa('Find a tenant'), { exact: false }), 'neha.new@example.com');
    await user.click(await assign.findByRole('button', { name: xa('Invite by email') }, { timeout: 3000 }));
    await page.expectTranslatedSoon();
    await user.clear(assign.getByLabelText(xa('Monthly rent (₹)'), { exact: false }));
    await user.type(assign.getByLabelText(xa('Monthly rent (₹)'), { exact: false }), '0');
    await user.click(assign.getByRole('button', { name: xa('Invite by email') }));
    await page.expectTranslatedSoon();
    expect(page.calls.filter((c) => c.path === '/tenancy/invite-by-email')).toHaveLength(1);
    await user.keyboard('{Escape}');
    // Withdrawn at once: its toast.
    await user.click(screen.getByRole('button', { name: new RegExp(`${xaRe('Withdraw').source}.*rahul`) }));
    await page.expectTranslatedSoon();
    await user.click(screen.getByRole('button', { name: xa('Delete room') }));
    await page.expectTranslatedSoon();
    await user.keyboard('{Escape}');
    // Add Room: Next on an empty step shows what is missing.
    await user.click(screen.getByRole('button', { name: xa('Add new room') }));
    await page.expectTranslatedSoon();
    await user.click(within(openDialog() as HTMLElement).getByRole('button', { name: xa('Next') }));
    await page.expectTranslatedSoon();
    expect(page.unanswered()).toEqual([]);
  });
});
