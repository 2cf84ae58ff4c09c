import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp } from '../../../test/support';
import { AuthPage } from './AuthPage';
import { ForgotPasswordPage } from './PasswordResetPages';

// Signing in and resetting a password in Hindi (issue 27): the page's words and the contract's messages.
describe('auth in Hindi', { timeout: 15_000 }, () => {
  it('sign in: heading, fields, and the contract’s messages for an empty form', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp(<AuthPage />, { route: '/auth?why=phone', locale: 'hi-IN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeInTheDocument();
    expect(screen.getByText(/मकान मालिक का फ़ोन नंबर देखने के लिए/)).toBeInTheDocument();
    expect(screen.getByLabelText('पासवर्ड')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByText('ईमेल ज़रूरी है।')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'साइन अप' }));
    expect(await screen.findByText('चरण 1/5')).toBeInTheDocument();
    expect(screen.getByText('मकान मालिक')).toBeInTheDocument();
  });

  it('forgot password: the answer in Hindi', async () => {
    mockApi({ 'POST /users/forgot-password': ok({}, 'ok') });
    const user = userEvent.setup();
    renderApp(<ForgotPasswordPage />, { route: '/forgot-password', locale: 'hi-IN' });
    await user.type(await screen.findByLabelText('ईमेल'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await screen.findByText(/हमने उस पर पासवर्ड रीसेट करने का लिंक भेज दिया है/)).toHaveAttribute('role', 'status');
  });
});
