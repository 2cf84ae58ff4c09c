import type { User } from '@kiraya/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, owner, renderAt } from '../../../test/support';
import type { QueueItem, TargetDetail } from '../api/admin';
import { AdminQueuePage } from './AdminQueuePage';
import { AdminTargetPage } from './AdminTargetPage';

// The moderators' dashboard in Hindi (issue 27): the queue's texts, the contract's reasons by value, plurals and a
// Hindi date; the target page's signals and the action dialog.
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
function Warm() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  await act(async () => {
    render(hindi(<Warm />));
    await import('@kiraya/contract/localize');
    await new Promise((r) => setTimeout(r, 0));
  });
  cleanup();
});
afterEach(() => localStorage.clear());

const admin: User = { ...owner, _id: 'u-admin', role: 'admin', username: 'moderator', fullName: 'Kiraya Moderator' };
const item = (over: Partial<QueueItem> = {}): QueueItem => ({
  targetType: 'property',
  targetId: 'p1',
  target: {
    title: 'Andheri West Sea Breeze Flats',
    city: 'Mumbai',
    propertyId: 'p1',
    ownerId: 'o1',
    ownerName: 'Ravi Kumar',
    exists: true,
  },
  reports: [
    {
      _id: 'rep1',
      reason: 'moneyBeforeVisit',
      details: 'Asked me to send a ₹5,000 token amount by UPI before I could see the flat.',
      reporterId: 'u-tenant',
      reporterName: 'Rahul Verma',
      status: 'open',
      createdAt: '2026-11-20T10:00:00.000Z',
      resolvedAt: null,
    },
    {
      _id: 'rep2',
      reason: 'broker',
      details: '',
      reporterId: 'u-t2',
      reporterName: 'Asha Verma',
      status: 'open',
      createdAt: '2026-11-21T10:00:00.000Z',
      resolvedAt: null,
    },
  ],
  reasonCounts: { broker: 1, moneyBeforeVisit: 1 },
  firstReportedAt: '2026-11-20T10:00:00.000Z',
  signals: {
    userId: 'o1',
    samePhone: [{ userId: 'o2', username: 'ravi2', fullName: 'Ravi K', role: 'owner', suspended: true }],
    sameAadhaar: [],
    recentListings: { properties: 6, cities: 3 },
    reusedPhotos: [],
    reports: { total: 4, byReason: { broker: 3, fakePhotos: 1 } },
  },
  ...over,
});

describe('moderation in Hindi', { timeout: 15_000 }, () => {
  it('the report queue: Hindi headings, reasons, plurals and a Hindi date', async () => {
    localStorage.setItem('user', JSON.stringify(admin));
    mockApi({
      'GET /users/get-current-user': ok(admin),
      'GET /admin/queue': ok([
        item(),
        item({
          targetType: 'user',
          targetId: 'u9',
          target: { title: 'Arjun Mehta', username: 'arjun', role: 'owner', exists: true, suspended: true },
          reports: [item().reports[0] as QueueItem['reports'][number]],
          reasonCounts: { abusive: 1 },
        }),
      ]),
    });
    renderAt(hindi(<AdminQueuePage />), { path: '/AdminDashboard', route: '/AdminDashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'मॉडरेशन' })).toBeInTheDocument();
    expect(screen.getByText('फ़ैसले का इंतज़ार कर रही शिकायतें, सबसे पुरानी पहले।')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'मॉडरेशन' })).toHaveTextContent('शिकायतों की सूचीऑडिट लॉग');
    expect(await screen.findByText('खुली शिकायतें: 2 लिस्टिंग या खाते')).toBeInTheDocument();
    const [first, second] = (await screen.findAllByRole('article')) as HTMLElement[];
    expect(first).toHaveTextContent('लिस्टिंग');
    expect(first).toHaveTextContent('मकान मालिक: Ravi Kumar · Mumbai');
    const reasons = within(first as HTMLElement).getByRole('list', { name: 'कारण के हिसाब से शिकायतें' });
    expect(within(reasons).getByText('कमरा दिखाने से पहले पैसे माँगे')).toBeInTheDocument();
    expect(within(reasons).getByText('ख़ुद को मकान मालिक बताने वाला ब्रोकर')).toBeInTheDocument();
    // 20 November 2026 in Hindi, Latin digits; "2 open reports" and "1 open report" in Hindi.
    expect(first).toHaveTextContent(/2 खुली शिकायतें · पहली शिकायत 20 नवंबर 2026, /);
    expect(second).toHaveTextContent('खाता');
    expect(second).toHaveTextContent('निलंबित');
    expect(second).toHaveTextContent('@arjun · मकान मालिक');
    expect(second).toHaveTextContent('1 खुली शिकायत ·');
    expect(within(second as HTMLElement).getByText('अपमानजनक संदेश')).toBeInTheDocument();
    expect(document.title).toBe('मॉडरेशन · Kiraya');
  });

  it('a reported listing: signals and the action dialog in Hindi', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(admin));
    mockApi({ 'GET /users/get-current-user': ok(admin), 'GET /admin/targets/property/p1': ok({ ...item(), audit: [] } as TargetDetail) });
    renderAt(hindi(<AdminTargetPage />), {
      path: '/AdminDashboard/Reports/:targetType/:targetId',
      route: '/AdminDashboard/Reports/property/p1',
    });
    expect(await screen.findByText('Kiraya को इस लिस्टिंग की शिकायत मिली है')).toBeInTheDocument();
    const reports = screen.getByRole('region', { name: 'शिकायतें (2)' });
    expect(reports).toHaveTextContent(/शिकायतकर्ता: Rahul Verma · 20 नवंबर 2026/);
    const signals = screen.getByRole('region', { name: 'संकेत' });
    expect(signals).toHaveTextContent('Ravi Kumar के बारे में।');
    expect(signals).toHaveTextContent('3 शहरों में 6 प्रॉपर्टी');
    expect(signals).toHaveTextContent('कुल 4 शिकायतें');
    expect(within(signals).getByText('निलंबित')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'लिस्टिंग छिपाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'लिस्टिंग छिपाएँ: Andheri West Sea Breeze Flats' });
    await user.click(within(dialog).getByRole('button', { name: 'लिस्टिंग छिपाएँ' }));
    expect(await within(dialog).findByText('कृपया इस कार्रवाई का कारण लिखें (3 से 1000 कैरेक्टर)।')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /कारण/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
  });
});
