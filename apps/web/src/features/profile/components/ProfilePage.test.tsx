import { MSG } from '@kiraya/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderApp, tenant } from '../../../test/support';
import { ProfilePage } from './ProfilePage';

const signedIn = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
    'GET /users/get-current-user': ok(owner),
    ...extra,
  });

const show = () => renderApp(<ProfilePage />, { route: '/OwnerDashboard/Profile', user: owner });

describe('ProfilePage', { timeout: 15_000 }, () => {
  it('shows the account read-only, with the full Aadhaar for its holder', async () => {
    signedIn();
    show();
    expect(await screen.findByText(owner.address)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText(owner.aadharCardNumber)).toBeInTheDocument();
    expect(screen.getByText('House Owner')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("a moderator's account shows no placeholder phone or Aadhaar, no Edit and no email or push settings (issue 26)", async () => {
    const admin = {
      ...owner,
      _id: 'u-admin',
      role: 'admin' as const,
      fullName: 'Kiraya moderator',
      phoneNumber: '+00123456789',
      aadharCardNumber: '',
    };
    signedIn({ 'GET /users/get-current-user': ok(admin) });
    renderApp(<ProfilePage />, { route: '/AdminDashboard/Profile', user: admin });
    expect(await screen.findByText('Kiraya moderator', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Moderator', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText('Phone number')).not.toBeInTheDocument();
    expect(screen.queryByText('Aadhaar number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Email settings/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('a new email waits for its link: Profile says so, keeps it in the form, and tells the saver where the link went (ADR 033)', async () => {
    const pending = { ...owner, emailVerified: true, pendingEmail: null as string | null, phoneVerified: false };
    const api = signedIn({
      'GET /users/get-current-user': ok(pending),
      'PUT /users/update-account-details': ok({ ...pending, pendingEmail: 'priya.new@example.com' }, MSG.profileUpdated),
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByText(`${owner.email} (verified)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'priya.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(MSG.emailChangePending('priya.new@example.com'))).not.toHaveLength(0);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ email: 'priya.new@example.com' });
    // The old address is still the account's until the link is opened.
    expect(screen.getByText(`${owner.email} (verified)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Email')).toHaveValue('priya.new@example.com');
  });

  it('Cancel restores the saved values', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByText(owner.fullName).length).toBeGreaterThan(0);
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Full name')).toHaveValue(owner.fullName);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('validates with the contract schema before saving', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.emailFormat)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Save sends the changes, toasts "Profile updated" and returns to view', async () => {
    const api = signedIn({
      'PUT /users/update-account-details': (init) => ok({ ...owner, ...JSON.parse(String(init?.body)) }, MSG.profileUpdated),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), '22 Park Street, Kolkata');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    expect(await screen.findByText('22 Park Street, Kolkata')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ address: '22 Park Street, Kolkata', role: 'owner', email: owner.email });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').address).toBe('22 Park Street, Kolkata');
  });

  it('shows the server’s message on the field it names and stays in edit mode', async () => {
    signedIn({ 'PUT /users/update-account-details': fail(409, MSG.phoneTaken, [{ path: 'phoneNumber', message: MSG.phoneTaken }]) });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(MSG.phoneTaken)).toHaveLength(2); // under the field and as a toast
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('falls back to "Failed to update profile"', async () => {
    signedIn({ 'PUT /users/update-account-details': { status: 500, body: null } });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profileUpdateFailed)).toBeInTheDocument();
  });

  it("lets an owner add a PAN for rent receipts (upper-cased, checked with the contract's rule)", async () => {
    const api = signedIn({
      'PUT /users/update-account-details': (init) => ok({ ...owner, ...JSON.parse(String(init?.body)) }, MSG.profileUpdated),
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('Not added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const pan = screen.getByLabelText('PAN');
    expect(pan).toHaveAccessibleDescription(/rent receipts/);
    await user.type(pan, 'ABC12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.panFormat)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(pan);
    await user.type(pan, 'abcde1234f');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('ABCDE1234F')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ pan: 'ABCDE1234F' });
  });

  it('asks a tenant for no PAN', async () => {
    const api = mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': ok(tenant),
      'PUT /users/update-account-details': (init) => ok({ ...tenant, ...JSON.parse(String(init?.body)) }, MSG.profileUpdated),
    });
    const user = userEvent.setup();
    renderApp(<ProfilePage />, { route: '/TenantDashboard/Profile', user: tenant });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('PAN')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('pan');
  });

  it('says "Failed to load user" when the profile cannot load', async () => {
    mockApi({
      'POST /users/refresh-token': ok({ accessToken: 'a', refreshToken: 'r' }),
      'GET /users/get-current-user': (_init, _url) => ({ status: 500, body: null }),
    });
    renderApp(<ProfilePage />, { route: '/OwnerDashboard/Profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.profileLoadFailed);
  });

  it('Logout clears the session, toasts and goes to /', async () => {
    const api = signedIn({ 'POST /users/logout': ok({}, MSG.loggedOut) });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(MSG.loggedOut)).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(api.calls.some((c) => c.path === '/users/logout')).toBe(true);
  });

  it('says "Logout failed" and keeps the session when logout fails', async () => {
    signedIn({ 'POST /users/logout': { status: 500, body: null } });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(MSG.logoutFailed)).toBeInTheDocument();
    expect(localStorage.getItem('user')).not.toBeNull();
  });
});
