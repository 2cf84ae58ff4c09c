import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp } from '../../../test/support';
import { AuthPage, signupPrefill } from './AuthPage';

describe('the sign-up link of an invitation by email (issue 25)', { timeout: 20_000 }, () => {
  it('opens on sign-up with the role Tenant and the address filled in', async () => {
    mockApi({ 'GET /users/check-username': ok({ username: 'x', available: true, message: 'Username is available.' }) });
    const user = userEvent.setup();
    renderApp(<AuthPage />, { route: '/auth?signup=1&role=tenant&email=neha%2Binvite%40example.com' });
    expect(await screen.findByText('Step 1 of 5', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Tenant/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Username'), 'neha_new');
    await user.type(screen.getByLabelText('Full name'), 'Neha Rao');
    await screen.findByText('Username is available.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Email')).toHaveValue('neha+invite@example.com');
  });

  it('takes only a real role and a plausible address from the link', () => {
    const p = (q: string) => signupPrefill(new URLSearchParams(q));
    expect(p('role=tenant&email=a@b.co')).toEqual({ role: 'tenant', email: 'a@b.co' });
    expect(p('role=admin&email=a b@c.co')).toEqual({});
    expect(p(`email=${'x'.repeat(300)}@e.co`)).toEqual({});
    expect(p('email=<script>@e.co')).toEqual({});
  });

  it('opens on sign-in without the link', async () => {
    renderApp(<AuthPage />, { route: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
