import type { AppNotification } from '@kiraya/contract/chat';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { mockApi, ok, owner, renderAt } from '../../../test/support';
import { NotificationBell } from './NotificationBell';

// The bell in Hindi (issue 27): its own texts and relative times through the catalogue's ICU plurals. The
// notifications' titles and bodies come from the server, already in the reader's language: shown as given.
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
beforeAll(() => preloadLocale('hi-IN'));
afterEach(() => localStorage.clear());

const minutes = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const note = (over: Partial<AppNotification> = {}): AppNotification => ({
  _id: 'n1',
  kind: 'paymentReceived',
  title: 'Rahul Verma ने ₹9,500.00 का भुगतान किया',
  body: 'Lotus Homes, कमरा 101',
  link: '/OwnerDashboard/Billings',
  read: false,
  createdAt: minutes(0),
  ...over,
});

describe('NotificationBell in Hindi', () => {
  it('says the count, "just now", minutes, hours, yesterday and an older date in Hindi', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(owner));
    mockApi({
      'GET /notifications/list': ok({
        items: [
          note(),
          note({ _id: 'n2', createdAt: minutes(5), read: true }),
          note({ _id: 'n3', createdAt: minutes(60), read: true }),
          note({ _id: 'n4', createdAt: minutes(3 * 60), read: true }),
          note({ _id: 'n5', createdAt: minutes(26 * 60), read: true }),
          note({ _id: 'n6', createdAt: minutes(3 * 24 * 60), read: true }),
          note({ _id: 'n7', createdAt: '2026-11-01T06:30:00.000Z', read: true }),
        ],
        unread: 1,
      }),
    });
    renderAt(hindi(<NotificationBell />), { path: '/OwnerDashboard', route: '/OwnerDashboard' });
    const bell = await screen.findByRole('button', { name: 'सूचनाएँ (1 बिना पढ़ी)' });
    expect(bell).toHaveAttribute('title', 'सूचनाएँ (Alt+T)');
    await user.click(bell);
    expect(await screen.findByRole('menuitem', { name: 'सभी को पढ़ा हुआ मानें' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem', { name: /Rahul Verma ने ₹9,500.00 का भुगतान किया/ })).toHaveLength(7);
    expect(screen.getByText('बिना पढ़ी:')).toBeInTheDocument();
    for (const text of ['अभी-अभी', '5 मिनट पहले', '1 घंटा पहले', '3 घंटे पहले', 'कल', '3 दिन पहले', '1 नवंबर 2026'])
      expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /notifications/list': ok({ items: [], unread: 0 }) });
    renderAt(hindi(<NotificationBell />));
    await user.click(await screen.findByRole('button', { name: 'सूचनाएँ' }));
    expect(await screen.findByText('अभी कोई सूचना नहीं है')).toBeInTheDocument();
  });
});
