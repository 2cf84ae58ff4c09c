import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/support';
import { Route, Routes } from 'react-router-dom';
import { AuthPage } from '../features/auth/components/AuthPage';
import { TopBar } from './TopBar';

describe('TopBar mobile menu', () => {
  it('opens and closes with the button, reflecting aria-expanded', async () => {
    const user = userEvent.setup();
    renderApp(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    expect(panel).toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on navigation and the links lead to Properties and /auth', async () => {
    const user = userEvent.setup();
    renderApp(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const links = [...panel.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Properties', '/properties'],
      ['Get Started', '/auth'],
    ]);
    await user.click(links[1] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("opens sign-up like the hero's Get Started, from the bar and from the menu", async () => {
    const user = userEvent.setup();
    const ui = (
      <>
        <TopBar />
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="*" element={null} />
        </Routes>
      </>
    );
    const first = renderApp(ui);
    await user.click(screen.getAllByRole('link', { name: 'Get Started' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
    first.unmount();

    renderApp(ui);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls') ?? '');
    await user.click(within(panel as HTMLElement).getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});
