import { MSG } from '@kiraya/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp } from '../../../test/support';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordResetPages';

describe('password reset pages (issue 25)', { timeout: 15_000 }, () => {
  it('forgot password: sends the email and says the same thing whatever the answer', async () => {
    const api = mockApi({ 'POST /users/forgot-password': ok({}, MSG.forgotPasswordSent) });
    const user = userEvent.setup();
    renderApp(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MSG.forgotPasswordSent)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/users/forgot-password')?.body).toEqual({ email: 'someone@example.com' });
  });

  it('reset: checks the passwords with the contract, sends the token, then offers sign-in', async () => {
    const api = mockApi({ 'POST /users/reset-password': ok({}, MSG.passwordReset) });
    const user = userEvent.setup();
    renderApp(<ResetPasswordPage />, { route: '/reset-password?token=abcDEF123_-' });
    await user.type(screen.getByLabelText('New password'), 'newpass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass23');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/users/reset-password')).toBe(false);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass22');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MSG.passwordReset)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/users/reset-password')?.body).toEqual({
      token: 'abcDEF123_-',
      password: 'newpass22',
      confirmPassword: 'newpass22',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('reset: an invalid or expired link says so and offers a new one', async () => {
    mockApi({ 'POST /users/reset-password': fail(400, MSG.resetTokenInvalid, [{ path: 'token', message: MSG.resetTokenInvalid }]) });
    const user = userEvent.setup();
    renderApp(<ResetPasswordPage />, { route: '/reset-password?token=used' });
    await user.type(screen.getByLabelText('New password'), 'newpass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass22');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MSG.resetTokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('reset without a token asks for the link from the email', async () => {
    mockApi({});
    renderApp(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByText(MSG.resetTokenRequired)).toBeInTheDocument();
  });
});
