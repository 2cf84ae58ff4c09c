import { MSG } from '@kiraya/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderApp } from '../../../test/support';
import { ProfilePage } from './ProfilePage';

const signedIn = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
    'GET /users/get-current-user': ok(owner),
    ...extra,
  });

const open = async () => {
  const user = userEvent.setup();
  renderApp(<ProfilePage />, { route: '/OwnerDashboard/Profile', user: owner });
  await user.click(await screen.findByRole('button', { name: 'Change password' }));
  return user;
};

describe('Profile: change password', { timeout: 15_000 }, () => {
  it('checks the new password with the contract before sending anything', async () => {
    const api = signedIn();
    const user = await open();
    await user.type(screen.getByLabelText('Current password'), 'old-pass1');
    await user.type(screen.getByLabelText('New password'), 'newpass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass23');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/users/change-password')).toBe(false);
  });

  it('sends the three fields, says the other devices are signed out, and closes', async () => {
    const api = signedIn({ 'POST /users/change-password': ok({}, MSG.passwordChanged) });
    const user = await open();
    await user.type(screen.getByLabelText('Current password'), 'old-pass1');
    await user.type(screen.getByLabelText('New password'), 'newpass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/users/change-password')?.body).toEqual({
      currentPassword: 'old-pass1',
      newPassword: 'newpass22',
      confirmPassword: 'newpass22',
    });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('shows a wrong current password at its field and keeps the form open', async () => {
    signedIn({
      'POST /users/change-password': fail(400, MSG.currentPasswordWrong, [{ path: 'currentPassword', message: MSG.currentPasswordWrong }]),
    });
    const user = await open();
    await user.type(screen.getByLabelText('Current password'), 'wrong-pass1');
    await user.type(screen.getByLabelText('New password'), 'newpass22');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
