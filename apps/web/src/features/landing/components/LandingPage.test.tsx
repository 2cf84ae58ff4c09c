import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/support';
import { OWNER_STEPS, TENANT_STEPS } from '../steps';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it('has one h1, calls to action and the owner walkthrough of 15 steps', () => {
    renderApp(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Browse properties' })).toHaveAttribute('href', '/properties');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByRole('tab', { name: 'For house owners' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches to the 12 tenant steps by click and by arrow key', async () => {
    const user = userEvent.setup();
    renderApp(<LandingPage />);
    await user.click(screen.getByRole('tab', { name: 'For tenants' }));
    expect(screen.getByRole('tab', { name: 'For tenants' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(12);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'For house owners' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(15);
  });

  it('shows every step its screenshot: sized, lazily loaded and responsive (B15)', async () => {
    const user = userEvent.setup();
    renderApp(<LandingPage />);
    for (const [tab, steps] of [
      ['For house owners', OWNER_STEPS],
      ['For tenants', TENANT_STEPS],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: tab }));
      const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
      expect(items).toHaveLength(steps.length);
      items.forEach((item, i) => {
        const shot = steps[i]?.screenshot;
        expect(shot, steps[i]?.title).toBeDefined();
        const img = within(item).getByRole('img', { name: shot?.alt });
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
    renderApp(<LandingPage />);
    const first = OWNER_STEPS[0];
    const open = screen.getByRole('button', { name: `Enlarge screenshot of step 1: ${first?.title}` });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: `Step 1: ${first?.title}` });
    expect(within(dialog).getByRole('img', { name: first?.screenshot?.alt })).toHaveAttribute('src', first?.screenshot?.src);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
