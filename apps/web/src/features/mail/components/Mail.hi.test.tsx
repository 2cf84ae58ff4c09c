import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { fail, mockApi, ok, renderAt } from '../../../test/support';
import { DevMailboxPage } from './DevMailboxPage';
import { UnsubscribePage } from './UnsubscribePage';

// The mail pages in Hindi (issue 27): the category by its constant, Hindi dates with Latin digits.
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

const link = '/unsubscribe?u=6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b&c=reminders&s=abcdefghijklmnopqrstuvwxyz';

describe('Mail pages in Hindi', () => {
  it('Unsubscribe names the category in Hindi and asks before switching it off', async () => {
    const user = userEvent.setup();
    const { fetchMock } = mockApi({ 'POST /users/unsubscribe': ok({ category: 'reminders' }) });
    renderAt(hindi(<UnsubscribePage />), { path: '/unsubscribe', route: link });
    expect(await screen.findByRole('heading', { level: 1, name: 'ईमेल बंद करें' })).toBeInTheDocument();
    expect(screen.getByText('“किराए के रिमाइंडर” वाले ईमेल बंद करें? बाकी ईमेल पहले की तरह आते रहेंगे।')).toBeInTheDocument();
    expect(document.title).toBe('ईमेल बंद करें · Kiraya');
    await user.click(screen.getByRole('button', { name: 'ईमेल बंद करें' }));
    expect(await screen.findByText(/किराए के रिमाइंडर/, { selector: 'p[role=status]' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('the development mailbox lists emails and text messages with Hindi dates', async () => {
    mockApi({
      'GET /dev/mailbox': ok([
        {
          _id: 'm1',
          channel: 'email',
          to: 'rahul@kiraya.demo',
          subject: 'किराया रसीद',
          text: 'नमस्ते',
          html: '<p>नमस्ते</p>',
          sentAt: '2026-11-01T06:30:00.000Z',
        },
        { _id: 'm2', channel: 'sms', to: '+919812017435', subject: 'OTP', text: '123456', html: '', sentAt: '2026-11-02T06:30:00.000Z' },
      ]),
    });
    renderAt(hindi(<DevMailboxPage />));
    expect(await screen.findByRole('heading', { level: 1, name: 'डेवलपमेंट मेलबॉक्स' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'ईमेल' })).toBeInTheDocument();
    expect(screen.getAllByText(/^rahul@kiraya\.demo को · 1 नवंबर 2026 को 12:00 बजे$/).length).toBeGreaterThan(0);
    expect(screen.getByText(/^\+919812017435 को SMS · 2 नवंबर 2026/)).toBeInTheDocument();
    expect(screen.getByTitle('ईमेल: किराया रसीद')).toBeInTheDocument();
    expect(screen.getByText('सादा टेक्स्ट')).toBeInTheDocument();
  });

  it('the development mailbox says so when the server sends real email', async () => {
    mockApi({ 'GET /dev/mailbox': fail(404, 'Not found') });
    renderAt(hindi(<DevMailboxPage />));
    expect(await screen.findByRole('alert')).toHaveTextContent('यहाँ कोई डेवलपमेंट मेलबॉक्स नहीं है');
  });
});
