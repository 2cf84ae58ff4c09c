import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { LocaleRoot } from '../../../lib/locale';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, owner, renderApp } from '../../../test/support';
import { ProfilePage } from './ProfilePage';

// Profile in Hindi (issue 27): the account, its sections, the email categories by their constant, and the
// language switch, which stores the choice on the account.
const hindi = (ui: ReactNode) => (
  <LocaleRoot initial="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleRoot>
);
function Warm() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  await act(async () => {
    render(
      <LocaleProvider value="hi-IN">
        <Suspense fallback={null}>
          <Warm />
        </Suspense>
      </LocaleProvider>,
    );
    await import('@kiraya/contract/localize');
    await new Promise((r) => setTimeout(r, 0));
  });
  cleanup();
});

describe('ProfilePage in Hindi', { timeout: 15_000 }, () => {
  it('shows the account, password, email and push sections in Hindi; the switch changes to English and stores it', async () => {
    const user = userEvent.setup();
    const me = { ...owner, emailVerified: true, upiVpa: '' };
    const { calls } = mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': ok(me),
      'GET /users/email-settings': ok({ reminders: true, payments: true, messages: true, invitations: true, summaries: false }),
      'PATCH /users/locale': ok({ locale: 'en-IN' }),
    });
    renderApp(hindi(<ProfilePage />), { route: '/OwnerDashboard/Profile', user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeInTheDocument();
    expect(await screen.findByText(`${owner.email} (पुष्टि हो चुकी है)`)).toBeInTheDocument();
    expect(screen.getByText('मकान मालिक')).toBeInTheDocument();
    expect(screen.getByText('अभी नहीं जोड़ी गई')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'बदलें' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'पासवर्ड' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पासवर्ड बदलें' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /किराए के रिमाइंडर/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /रोज़ का सारांश/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /इस डिवाइस पर पुश सूचनाएँ/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'साइन आउट' })).toBeInTheDocument();

    const language = screen.getByRole('region', { name: 'भाषा' });
    expect(within(language).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(language).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Rent reminders/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH' && c.path === '/users/locale')?.body).toEqual({ locale: 'en-IN' }));
    expect(document.cookie).toContain('kiraya_lang=en-IN');
  });

  it('edits in Hindi: labels, hints and the Role', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': ok(owner),
      'GET /users/email-settings': ok({ reminders: true, payments: true, messages: true, invitations: true, summaries: false }),
    });
    renderApp(hindi(<ProfilePage />), { route: '/OwnerDashboard/Profile', user: owner });
    await user.click(await screen.findByRole('button', { name: 'बदलें' }));
    expect(screen.getByRole('form', { name: 'प्रोफ़ाइल बदलें' })).toBeInTheDocument();
    expect(screen.getByLabelText('पूरा नाम')).toHaveValue(owner.fullName);
    expect(screen.getByLabelText('UPI आईडी')).toHaveAttribute('placeholder', 'naam@okhdfcbank');
    expect(screen.getByLabelText('आप हैं')).toHaveValue('मकान मालिक');
    expect(screen.getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
  });
});
