import type { User } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderAt } from '../../../test/support';
import type { AuditEntry, QueueItem, TargetDetail } from '../api/admin';
import { AdminAuditPage } from './AdminAuditPage';
import { AdminQueuePage } from './AdminQueuePage';
import { AdminTargetPage } from './AdminTargetPage';

const admin: User = { ...owner, _id: 'u-admin', role: 'admin', username: 'moderator', fullName: 'Kiraya Moderator' };

const signals = (over: Partial<QueueItem['signals']> = {}): QueueItem['signals'] => ({
  userId: 'o1',
  samePhone: [],
  sameAadhaar: [],
  recentListings: { properties: 1, cities: 1 },
  reusedPhotos: [],
  reports: { total: 0, byReason: {} },
  ...over,
});
const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  targetType: 'property',
  targetId: 'p1',
  target: { title: 'Sunny flat near the lake', city: 'Pune', propertyId: 'p1', ownerId: 'o1', ownerName: 'Ravi Kumar', exists: true },
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
  ],
  reasonCounts: { broker: 2, moneyBeforeVisit: 1 },
  firstReportedAt: '2026-11-20T10:00:00.000Z',
  signals: signals(),
  ...over,
});
const detail = (over: Partial<TargetDetail> = {}): TargetDetail => ({ ...item(), audit: [], ...over });
const asAdmin = () => localStorage.setItem('user', JSON.stringify(admin));

describe('the report queue (issue 26 item 3)', { timeout: 15_000 }, () => {
  it('lists each target with its owner, reports by reason and when it was first reported, linking to it', async () => {
    asAdmin();
    mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/queue': ok([
        item(),
        item({
          targetType: 'user',
          targetId: 'u9',
          target: { title: 'Arjun Mehta', username: 'arjun', role: 'owner', exists: true, suspended: true },
          reasonCounts: { abusive: 1 },
        }),
      ]),
    });
    renderAt(<AdminQueuePage />, { path: '/AdminDashboard', route: '/AdminDashboard' });
    const first = (await screen.findAllByRole('article'))[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Sunny flat near the lake' })).toHaveAttribute(
      'href',
      '/AdminDashboard/Reports/property/p1',
    );
    expect(first).toHaveTextContent('Owner: Ravi Kumar · Pune');
    const reasons = within(first).getByRole('list', { name: 'Reports by reason' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Broker posing as owner2', 'Asked for money before a visit1']);
    expect(first).toHaveTextContent('1 open report · first reported 20 Nov 2026');
    const second = (await screen.findAllByRole('article'))[1] as HTMLElement;
    expect(second).toHaveTextContent('Account');
    expect(second).toHaveTextContent('Suspended');
    expect(second).toHaveTextContent('@arjun · owner');
  });

  it('says when nothing is waiting', async () => {
    asAdmin();
    mockApi({ 'GET /users/get-current-user': ok(admin), 'GET /admin/queue': ok([]) });
    renderAt(<AdminQueuePage />, { path: '/AdminDashboard', route: '/AdminDashboard' });
    expect(await screen.findByText('No open reports. New ones appear here.')).toBeVisible();
  });
});

describe('a reported target (issue 26 items 3 and 4)', { timeout: 15_000 }, () => {
  const route = '/AdminDashboard/Reports/property/p1';
  const path = '/AdminDashboard/Reports/:targetType/:targetId';

  it('shows the reports and the signals: shared phone and Aadhaar, recent listings, reused photos side by side', async () => {
    asAdmin();
    mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/targets/property/p1': ok(
        detail({
          signals: signals({
            samePhone: [{ userId: 'o2', username: 'ravi2', fullName: 'Ravi K', role: 'owner', suspended: false }],
            sameAadhaar: [{ userId: 'o3', username: 'rk_three', fullName: 'R Kumar', role: 'owner', suspended: true }],
            recentListings: { properties: 6, cities: 3 },
            reusedPhotos: [
              {
                imageUrl: '/uploads/mine.webp',
                propertyId: 'p1',
                otherImageUrl: '/uploads/theirs.webp',
                otherPropertyId: 'p7',
                otherOwnerId: 'o7',
                otherOwnerName: 'Meera Shah',
                distance: 2,
              },
            ],
            reports: { total: 4, byReason: { broker: 3, fakePhotos: 1 } },
          }),
        }),
      ),
    });
    renderAt(<AdminTargetPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny flat near the lake' })).toBeVisible();
    const reports = screen.getByRole('region', { name: 'Reports (1)' });
    expect(reports).toHaveTextContent('Broker posing as owner');
    expect(reports).toHaveTextContent('Said he is the owner; the building guard said otherwise.');
    expect(reports).toHaveTextContent('By Rahul Verma');
    const s = screen.getByRole('region', { name: 'Signals' });
    expect(within(s).getByRole('link', { name: 'Ravi K' })).toHaveAttribute('href', '/AdminDashboard/Reports/user/o2');
    expect(within(s).getByRole('link', { name: 'R Kumar' }).parentElement).toHaveTextContent('Suspended');
    expect(s).toHaveTextContent('6 properties in 3 cities');
    expect(within(s).getByRole('img', { name: 'As this owner posted it' })).toHaveAttribute('src', '/uploads/mine.webp');
    expect(within(s).getByRole('img', { name: 'As Meera Shah posted it' })).toHaveAttribute('src', '/uploads/theirs.webp');
    expect(within(s).getByRole('link', { name: "Meera Shah's listing" })).toHaveAttribute('href', '/properties/p7');
    expect(s).toHaveTextContent('4 reports in all');
  });

  it('asks for a reason before hiding the listing, and sends the action with it', async () => {
    const user = userEvent.setup();
    asAdmin();
    const api = mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/targets/property/p1': ok(detail()),
      'POST /admin/actions': ok({ auditId: 'a1' }, MSG.moderationDone('hide')),
    });
    renderAt(<AdminTargetPage />, { path, route });
    await user.click(await screen.findByRole('button', { name: 'Hide listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the listing: Sunny flat near the lake' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(await within(dialog).findByText(MSG.moderationReasonRequired)).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    expect(await within(dialog).findByText(MSG.moderationReasonRequired)).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Broker: two tenants were asked for a token amount.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'hide', targetType: 'property', targetId: 'p1', reason: 'Broker: two tenants were asked for a token amount.' },
    ]);
    // The target, the queue and the log are asked again.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/admin/targets/property/p1')).toHaveLength(2));
  });

  it("keeps the dialog open with the server's refusal; suspends the owner from a listing; offers Restore when hidden", async () => {
    const user = userEvent.setup();
    asAdmin();
    const api = mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/targets/property/p1': ok(
        detail({ target: { ...item().target, hidden: true, hiddenReason: 'Broker' }, reports: [], firstReportedAt: null }),
      ),
      'POST /admin/actions': fail(409, MSG.moderationAlreadySuspended),
    });
    renderAt(<AdminTargetPage />, { path, route });
    expect(await screen.findByText('Hidden')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Hide listing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suspend owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the account: Ravi Kumar' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Runs a broker business on three accounts.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.moderationAlreadySuspended);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'suspend', targetType: 'user', targetId: 'o1' });
  });
});

describe('the audit log (issue 26 item 3)', { timeout: 15_000 }, () => {
  const entry = (i: number): AuditEntry => ({
    _id: `a${i}`,
    adminId: 'u-admin',
    adminName: 'Kiraya Moderator',
    action: i % 2 ? 'hide' : 'dismiss',
    targetType: 'property',
    targetId: `p${i}`,
    reason: `Reason ${i}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - i * 60_000).toISOString(),
  });

  it('lists actions newest first and pages back with Show older', async () => {
    const user = userEvent.setup();
    asAdmin();
    const api = mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/audit': (_init, url) =>
        url.searchParams.get('before') ? ok([entry(50)]) : ok(Array.from({ length: 50 }, (_, i) => entry(i))),
    });
    renderAt(<AdminAuditPage />, { path: '/AdminDashboard/Audit', route: '/AdminDashboard/Audit' });
    const log = await screen.findByRole('list', { name: 'Moderator actions, newest first' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('Hide the listing');
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(51));
    const older = api.calls.filter((c) => c.path === '/admin/audit');
    expect(older).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
