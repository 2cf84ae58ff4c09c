import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp } from '../../../test/support';
import { VerifyEmailPage } from './VerifyEmailPage';

// /verify-email in Hindi (issue 27).
describe('verification in Hindi', { timeout: 15_000 }, () => {
  it('says the address is verified, in Hindi', async () => {
    mockApi({ 'POST /users/verify-email': ok({ email: 'asha@example.com' }, 'ok') });
    renderApp(<VerifyEmailPage />, { route: '/verify-email?token=abc', locale: 'hi-IN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना ईमेल सत्यापित करें' })).toBeInTheDocument();
    expect(await screen.findByText('आपका ईमेल पता सत्यापित हो गया है। (asha@example.com)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'साइन इन करें' })).toBeInTheDocument();
  });
});
