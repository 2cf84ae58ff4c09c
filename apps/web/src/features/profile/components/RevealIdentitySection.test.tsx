import { MSG } from '@kiraya/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderApp } from '../../../test/support';
import { ProfilePage } from './ProfilePage';

const masked = { ...owner, aadharCardNumber: 'XXXX XXXX 9012', pan: 'XXXXXX234F' };

describe('Profile: Aadhaar and PAN in full behind the password (ADR 043)', { timeout: 15_000 }, () => {
  it('shows the masked numbers, and the full ones only after the password, until Hide', async () => {
    const api = mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': ok(masked),
      'POST /users/reveal-identity': ok({ aadharCardNumber: '234567890123', pan: 'ABCDE1234F' }, MSG.identityRevealed),
    });
    const user = userEvent.setup();
    renderApp(<ProfilePage />, { route: '/OwnerDashboard/Profile', user: masked });
    await user.click(await screen.findByRole('button', { name: 'Show in full' }));
    await user.type(screen.getByLabelText('Your password'), 'Kiraya123');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('2345 6789 0123')).toBeInTheDocument();
    expect(screen.getByText('ABCDE1234F')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/users/reveal-identity')?.body).toEqual({ currentPassword: 'Kiraya123' });
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('ABCDE1234F')).not.toBeInTheDocument();
  });

  it('says a wrong password at its field', async () => {
    mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': ok(masked),
      'POST /users/reveal-identity': fail(400, MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]),
    });
    const user = userEvent.setup();
    renderApp(<ProfilePage />, { route: '/OwnerDashboard/Profile', user: masked });
    await user.click(await screen.findByRole('button', { name: 'Show in full' }));
    await user.type(screen.getByLabelText('Your password'), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
  });
});
