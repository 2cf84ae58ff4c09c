import { MSG } from '@kiraya/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderApp, tenant } from '../../../test/support';
import { SignInForm } from './SignInForm';

async function signIn(email = 'priya@kiraya.demo', password = 'Kiraya123', route = '/auth') {
  const user = userEvent.setup();
  renderApp(<SignInForm />, { route });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const session = (user: typeof owner) => ok({ user, accessToken: 'a', refreshToken: 'r' }, MSG.loginSuccess);

describe('SignInForm', () => {
  it('uses an email input and asks for both fields', async () => {
    const api = mockApi({});
    await signIn('', '');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the contract's message under the field it is about and sends nothing", async () => {
    const api = mockApi({});
    await signIn(`${'a'.repeat(250)}@b.com`, 'Kiraya123');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MSG.emailFormat);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it('returns to the page the visitor was sent from (issue 19)', async () => {
    mockApi({ 'POST /users/login': session(tenant) });
    await signIn(undefined, undefined, `/auth?why=page&next=${encodeURIComponent('/TenantDashboard/Billings?x=1')}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard/Billings'));
  });

  it.each([
    '//evil.com',
    'https://evil.com/x',
    '/\\evil.com',
    '/\t/evil.com',
    'javascript:alert(1)',
    '/auth?next=/x',
  ])('ignores an unsafe return path %s and goes to the dashboard', async (next) => {
    mockApi({ 'POST /users/login': session(tenant) });
    await signIn(undefined, undefined, `/auth?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/TenantDashboard'));
  });

  it('stores the owner, toasts and goes to the owner dashboard', async () => {
    const api = mockApi({ 'POST /users/login': session(owner) });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/OwnerDashboard'));
    expect((await screen.findAllByText(MSG.loginSuccess)).length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ _id: owner._id, role: 'owner' });
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/users/login',
      body: { email: 'priya@kiraya.demo', password: 'Kiraya123' },
    });
  });

  it('sends a tenant to the tenant dashboard', async () => {
    mockApi({ 'POST /users/login': session(tenant) });
    await signIn('rahul@kiraya.demo');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard'));
  });

  it("takes a moderator to the moderators' dashboard (issue 26)", async () => {
    mockApi({ 'POST /users/login': session({ ...owner, role: 'admin' }) });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/AdminDashboard'));
  });

  it('refuses a role that is neither owner, tenant nor moderator', async () => {
    mockApi({ 'POST /users/login': session({ ...owner, role: 'superuser' as 'owner' }) });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidRole);
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it("shows a suspended account's refusal in the server's words (issue 26)", async () => {
    mockApi({ 'POST /users/login': fail(403, MSG.accountSuspended) });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.accountSuspended);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows the server message on failure', async () => {
    mockApi({ 'POST /users/login': fail(429, MSG.tooManyLogins) });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyLogins);
  });

  it('falls back to "Invalid user credentials" for a bare 401', async () => {
    mockApi({ 'POST /users/login': { status: 401, body: null } });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
  });

  it('falls back to "Login failed. Please try again." otherwise', async () => {
    mockApi({ 'POST /users/login': { status: 502, body: null } });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
  });
});
