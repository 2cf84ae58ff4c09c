import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/support';
import en from '../i18n/en-IN.json';
import { OWNER_STEPS, TENANT_STEPS } from '../steps';
import { LandingPage } from './LandingPage';

const words = en as Record<string, string>;
const title = (who: string, n: number) => words[`${who}.${n}.title`];
const alt = (who: string, n: number) => words[`${who}.${n}.alt`];

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
