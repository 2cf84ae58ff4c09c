import { REPORT_REASONS } from '@kiraya/contract/moderation';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, renderAt, tenant } from '../../../test/support';
import hi from '../i18n/hi-IN.json';
import { ReportButton } from './ReportButton';

// Reporting in Hindi (issue 27): the button, the dialog, the contract's reasons shown by value, the schema's
// messages and the server's answer in Hindi.
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
    await import('./ReportDialog');
    await new Promise((r) => setTimeout(r, 0));
  });
  cleanup();
});
afterEach(() => localStorage.clear());

describe('Report in Hindi', { timeout: 15_000 }, () => {
  it('a tenant reports a listing: Hindi button, reasons, validation and "reported"', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(tenant));
    let mine: unknown[] = [];
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /reports/mine': () => ok(mine),
      'POST /reports': () => {
        mine = [
          { _id: 'rep1', targetType: 'property', targetId: 'p1', reason: 'other', status: 'open', createdAt: '2026-11-20T10:00:00.000Z' },
        ];
        return ok(mine[0], 'धन्यवाद।', 201);
      },
    });
    renderAt(hindi(<ReportButton targetType="property" targetId="p1" ownerId="o1" />), {
      path: '/properties/:id',
      route: '/properties/p1',
    });
    await user.click(await screen.findByRole('button', { name: 'इस लिस्टिंग की शिकायत करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'इस लिस्टिंग की शिकायत करें' });
    expect(dialog).toHaveTextContent('Kiraya के मॉडरेटर हर शिकायत देखते हैं।');
    expect(within(dialog).getByRole('group', { name: /क्या गड़बड़ है\?/ })).toBeInTheDocument();
    for (const r of REPORT_REASONS) expect(within(dialog).getByRole('radio', { name: hi[`reason.${r}`] })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'शिकायत भेजें' }));
    expect(await within(dialog).findByText('कृपया बताएँ कि आप इसकी शिकायत क्यों कर रहे हैं।')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'अन्य' }));
    await user.click(within(dialog).getByRole('button', { name: 'शिकायत भेजें' }));
    expect(await within(dialog).findByText('कृपया बताएँ कि क्या गड़बड़ है ("अन्य" चुनने पर यह ज़रूरी है)।')).toBeVisible();
    const details = within(dialog).getByRole('textbox', { name: /ब्योरा/ });
    await user.type(details, 'कमरा दिखाने से पहले ₹5,000 टोकन माँगा।');
    await user.click(within(dialog).getByRole('button', { name: 'शिकायत भेजें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'शिकायत दर्ज' })).toHaveAttribute('aria-disabled', 'true');
  });
});
