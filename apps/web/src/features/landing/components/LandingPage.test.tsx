import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/support';
import sharedEn from '../../../components/i18n/en-IN.json';
import sharedHi from '../../../components/i18n/hi-IN.json';
import en from '../i18n/en-IN.json';
import { OWNER_STEPS, TENANT_STEPS } from '../steps';
import { LandingPage } from './LandingPage';

// The catalogues compile at build time (scripts/icu-catalogs.mjs): a text with a placeholder is a function.
type Text = string | ((values: Record<string, string>) => string);
const words = en as unknown as Record<string, Text>;
const shared = sharedEn as unknown as Record<string, string>;
/** The guide's names (LandingPage's useGuideNames) in English. */
const names = new Proxy({} as Record<string, string>, {
  get: (_, k: string) => shared[k === 'getStarted' ? 'topbar.getStarted' : `name.${k.replace('_', '.')}`],
});
const fill = (text: Text | undefined) => (typeof text === 'function' ? text(names) : text);
const title = (who: string, n: number) => fill(words[`${who}.${n}.title`]);
const alt = (who: string, n: number) => fill(words[`${who}.${n}.alt`]);

describe('LandingPage', () => {
  it('has one h1, calls to action and the owner walkthrough of 15 steps', async () => {
    await renderApp(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Browse properties' })).toHaveAttribute('href', '/properties');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByRole('tab', { name: 'For house owners' })).toHaveAttribute('aria-selected', 'true');
  });

  it("names each button as the button itself says it, from the button's own catalogue key, in both languages", async () => {
    const user = userEvent.setup();
    for (const [locale, catalogue, tenantTab] of [
      ['en-IN', sharedEn, 'For tenants'],
      ['hi-IN', sharedHi, 'किरायेदारों के लिए'],
    ] as const) {
      const { unmount } = renderApp(<LandingPage />, { locale });
      const owner = await screen.findByRole('tabpanel');
      const name = (key: string) => (catalogue as unknown as Record<string, string>)[key] as string;
      expect(owner).toHaveTextContent(name('name.manage'));
      expect(owner).toHaveTextContent(name('name.addProperty'));
      expect(owner).toHaveTextContent(name('name.assignTenant'));
      await user.click(screen.getByRole('tab', { name: tenantTab }));
      const tenant = screen.getByRole('tabpanel');
      expect(tenant).toHaveTextContent(name('name.getPhone'));
      expect(tenant).toHaveTextContent(name('name.pay'));
      for (const panel of [owner, tenant]) expect(panel.textContent).not.toMatch(/\{\w+\}/);
      if (locale === 'hi-IN')
        // The Hindi guide named English buttons ("Manage दबाकर", "Get Phone Number"): no English button name is left.
        expect(tenant.textContent).not.toMatch(/Get Phone Number|Search Properties|Billings|Requests|My Rooms|\bPay\b|Messages/);
      unmount();
    }
  });

  it('switches to the 12 tenant steps by click and by arrow key', async () => {
    const user = userEvent.setup();
    await renderApp(<LandingPage />);
    await user.click(screen.getByRole('tab', { name: 'For tenants' }));
    expect(screen.getByRole('tab', { name: 'For tenants' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(12);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'For house owners' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(15);
  });

  it('shows every step its screenshot: sized, lazily loaded and responsive (B15)', async () => {
    const user = userEvent.setup();
    await renderApp(<LandingPage />);
    for (const [tab, steps, who] of [
      ['For house owners', OWNER_STEPS, 'owner'],
      ['For tenants', TENANT_STEPS, 'tenant'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
      expect(items).toHaveLength(steps.length);
      items.forEach((item, i) => {
        const shot = steps[i]?.screenshot;
        expect(shot, title(who, i + 1)).toBeDefined();
        const img = within(item).getByRole('img', { name: alt(who, i + 1) });
        expect(img).toHaveAttribute('src', shot?.src);
        expect(img).toHaveAttribute('width', String(shot?.width));
        expect(img).toHaveAttribute('height', String(shot?.height));
        expect(img).toHaveAttribute('loading', 'lazy');
        expect(img).toHaveAttribute('decoding', 'async');
        expect(img.getAttribute('srcset')).toContain('400w');
        expect(img.getAttribute('sizes')).toBeTruthy();
      });
    }
  });

  it('opens a screenshot large in a dialog on click; Escape closes it and gives focus back (issue 19)', async () => {
    const user = userEvent.setup();
    await renderApp(<LandingPage />);
    const first = OWNER_STEPS[0];
    const open = screen.getByRole('button', { name: `Enlarge screenshot of step 1: ${title('owner', 1)}` });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: `Step 1: ${title('owner', 1)}` });
    expect(within(dialog).getByRole('img', { name: alt('owner', 1) })).toHaveAttribute('src', first?.screenshot?.src);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
