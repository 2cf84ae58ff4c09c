import type { User } from '@kiraya/contract';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { on } from './pseudoApi';
import { owner } from './support';

// The moderators' routes in the pseudo-locale (issue 27 item 4, ADR 039): the queue, a target with its signals
// (a phone and an Aadhaar shared with other accounts, photos reused from another listing) and the action dialog,
// the audit log, Profile.
const admin: User = { ...owner, _id: 'u-admin', role: 'admin', username: 'moderator', fullName: 'Kiraya Moderator' };
type Item = ResponseData<'adminQueue'>[number];
const linked = (id: string, fullName: string, suspended = false) => ({ userId: id, username: id, fullName, role: 'owner', suspended });
const item = (over: Partial<Item> = {}): Item => ({
  targetType: 'property',
  targetId: 'p1',
  target: {
    title: 'Sunny flat near the lake',
    city: 'Pune',
    propertyId: 'p1',
    ownerId: 'o1',
    ownerName: 'Ravi Kumar',
    images: ['/uploads/a.webp', '/uploads/b.webp'],
    hidden: false,
    hiddenReason: null,
    exists: true,
  },
  reports: [
    {
      _id: 'rep1',
      reason: 'broker',
      details: 'Said he is the owner; the building guard said otherwise.',
      reporterId: 'u-tenant',
      reporterName: 'Rahul Verma',
      status: 'open',
      createdAt: '2026-11-20T10:00:00.000Z',
      resolvedAt: null,
    },
    {
      _id: 'rep2',
      reason: 'moneyBeforeVisit',
      details: 'Asked for a ₹5,000 token by UPI before showing the flat.',
      reporterId: 'u7',
      reporterName: 'Karan Shah',
      status: 'dismissed',
      createdAt: '2026-11-18T10:00:00.000Z',
      resolvedAt: '2026-11-19T10:00:00.000Z',
    },
  ],
  reasonCounts: { broker: 2, moneyBeforeVisit: 1 },
  firstReportedAt: '2026-11-18T10:00:00.000Z',
  signals: {
    userId: 'o1',
    samePhone: [linked('o2', 'Ravi K'), linked('o3', 'R Kumar', true)],
    sameAadhaar: [linked('o2', 'Ravi K')],
    recentListings: { properties: 6, cities: 4 },
    reusedPhotos: [
      {
        imageUrl: '/uploads/a.webp',
        propertyId: 'p1',
        otherImageUrl: '/uploads/z.webp',
        otherPropertyId: 'p7',
        otherOwnerId: 'o7',
        otherOwnerName: 'Meena Iyer',
        distance: 3,
      },
    ],
    reports: { total: 3, byReason: { broker: 2, moneyBeforeVisit: 1 } },
  },
  ...over,
});
const audit: ResponseData<'adminAudit'> = [
  {
    _id: 'a1',
    adminId: 'u-admin',
    adminName: 'Kiraya Moderator',
    action: 'hide',
    targetType: 'property',
    targetId: 'p5',
    reason: 'Photos copied from another listing',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
  {
    _id: 'a2',
    adminId: 'u-admin',
    adminName: 'Kiraya Moderator',
    action: 'suspend',
    targetType: 'user',
    targetId: 'o9',
    reason: 'Broker with five accounts',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
];
type Page = Awaited<ReturnType<typeof renderPseudo>>;
const answered = (page: Page) => expect(page.unanswered(), 'calls the test does not answer').toEqual([]);

describe('moderators’ routes in the pseudo-locale', { timeout: 60_000 }, () => {
  it('the queue, full and empty', async () => {
    const account = item({
      targetType: 'user',
      targetId: 'u9',
      target: { title: 'Arjun Mehta', username: 'arjun', role: 'owner', exists: true, suspended: true },
      reasonCounts: { abusive: 1 },
    });
    const room = item({
      targetType: 'room',
      targetId: 'r4',
      target: { title: 'Room 4', propertyId: 'p1', ownerName: 'Ravi Kumar', exists: false },
    });
    const page = await renderPseudo('/AdminDashboard', { user: admin, api: { ...on('adminQueue', [item(), account, room]) } });
    page.expectTranslated();
    answered(page);
    const empty = await renderPseudo('/AdminDashboard', { user: admin, api: { ...on('adminQueue', []) } });
    empty.expectTranslated();
  });

  it('a target with its signals, and each action dialog with its reason left empty', async () => {
    const page = await renderPseudo('/AdminDashboard/Reports/property/p1', {
      user: admin,
      api: { ...on('adminTarget', { ...item(), audit }, { targetType: 'property', targetId: 'p1' }) },
    });
    page.expectTranslated();
    answered(page);
    const { user } = page;
    for (const action of ['Dismiss', 'Hide listing', 'Suspend owner']) {
      await user.click(screen.getByRole('button', { name: xa(action) }));
      await page.expectTranslatedSoon();
      const dialog = within(screen.getByRole('dialog'));
      await user.click(dialog.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit') as HTMLElement);
      await page.expectTranslatedSoon();
      await user.keyboard('{Escape}');
    }
    // A hidden listing: Restore.
    const hidden = item({ target: { ...item().target, hidden: true, hiddenReason: 'Photos copied from another listing' } });
    const restore = await renderPseudo('/AdminDashboard/Reports/property/p1', {
      user: admin,
      api: { ...on('adminTarget', { ...hidden, audit }, { targetType: 'property', targetId: 'p1' }) },
    });
    restore.expectTranslated();
    await restore.user.click(screen.getByRole('button', { name: xa('Restore') }));
    await restore.expectTranslatedSoon();
  });

  it('the audit log, and Profile', async () => {
    const page = await renderPseudo('/AdminDashboard/Audit', { user: admin, api: { ...on('adminAudit', audit) } });
    page.expectTranslated();
    answered(page);
    const profile = await renderPseudo('/AdminDashboard/Profile', { user: admin });
    profile.expectTranslated();
    answered(profile);
    const lost = await renderPseudo('/AdminDashboard/no-such-page', { user: admin });
    lost.expectTranslated();
  });
});
