import { MSG, verhoeffComplete } from '@kiraya/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderApp, tenant } from '../../../test/support';
import { SignUpWizard } from './SignUpWizard';

const AADHAAR = verhoeffComplete('23456789012');

const free = ok({ username: 'x', available: true, message: 'Username is available.' });
const contactsFree = ok({
  email: { available: true, message: MSG.emailAvailable },
  phoneNumber: { available: true, message: MSG.phoneAvailable },
});

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /users/check-username': free, 'POST /users/check-availability': contactsFree, ...routes });
  const onSignedUp = vi.fn();
  const user = userEvent.setup();
  renderApp(<SignUpWizard onSignedUp={onSignedUp} />);
  return { api, onSignedUp, user };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const alertText = () => screen.getByRole('alert').textContent;

type User = ReturnType<typeof userEvent.setup>;

/** Steps 1 to 3: the tenant role, a free username and a name, then the contact step's email and phone (Next pressed). */
async function fillToContact(user: User, { fullName = 'Asha Menon', email = 'asha@example.com', phone = '9876543210' } = {}) {
  await user.click(screen.getByLabelText(/Tenant/));
  await user.click(next());
  await user.type(screen.getByLabelText('Username'), 'new_tenant');
  await user.type(screen.getByLabelText('Full name'), fullName);
  await screen.findByText('Username is available.');
  await user.click(next());
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(next());
}

async function fillToStep5(user: User) {
  await fillToContact(user);
  await user.type(screen.getByLabelText('Aadhaar number'), AADHAAR);
  await user.type(screen.getByLabelText('Address'), '1 MG Road, Pune');
  await user.click(next());
  await user.type(screen.getByLabelText('Password'), 'secret12');
  await user.type(screen.getByLabelText('Confirm password'), 'secret12');
}

describe('SignUpWizard', { timeout: 20_000 }, () => {
  it('blocks Next on each step with that step’s message', async () => {
    const { user } = setup();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(next());
    expect(alertText()).toBe(MSG.roleRequired);
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/House Owner/));
    await user.click(next());
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    await user.click(next());
    expect(alertText()).toBe(MSG.allFieldsRequired);
    await user.type(screen.getByLabelText('Username'), 'owner_one');
    await user.click(next());
    expect(alertText()).toMatch(/Checking whether this username is free|Full name is required/);
    await screen.findByText('Username is available.');
    await user.click(next());
    expect(alertText()).toBe(MSG.fullNameRequired);
    await user.type(screen.getByLabelText('Full name'), 'Ab1');
    await user.click(next());
    expect(alertText()).toBe(MSG.fullNameFormat);
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Priya Raghavan');
    await user.click(next());

    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(next());
    expect(alertText()).toBe(MSG.emailFormat);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'p@example.com');
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(next());
    expect(alertText()).toBe(MSG.phoneFormat);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+91 9876543210');
    await user.click(next());

    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Aadhaar number'), '123456789012');
    await user.click(next());
    expect(alertText()).toBe(MSG.aadhaarChecksum);
    await user.clear(screen.getByLabelText('Aadhaar number'));
    await user.type(screen.getByLabelText('Aadhaar number'), AADHAAR);
    await user.click(next());
    expect(alertText()).toBe(MSG.addressRequired);
    await user.type(screen.getByLabelText('Address'), 'Somewhere 1');
    await user.click(next());

    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertText()).toBe(MSG.allFieldsRequired);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertText()).toBe(MSG.passwordFormat);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertText()).toBe(MSG.passwordsDoNotMatch);
  });

  it('keeps Back and Next within steps 1 to 5', async () => {
    const { user } = setup();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await fillToStep5(user);
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    for (const n of [4, 3, 2, 1]) {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByText(`Step ${n} of 5`)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    // Values survive going back.
    expect(screen.getByLabelText(/Tenant/)).toBeChecked();
  });

  it('blocks Next while the username is taken (B2)', async () => {
    const { user } = setup({
      'GET /users/check-username': ok({ username: 'priya', available: false, message: MSG.usernameTaken }),
    });
    await user.click(screen.getByLabelText(/Tenant/));
    await user.click(next());
    await user.type(screen.getByLabelText('Username'), 'priya');
    await user.type(screen.getByLabelText('Full name'), 'Priya Raghavan');
    await waitFor(() => expect(screen.getByText(MSG.usernameTaken)).toBeInTheDocument());
    await user.click(next());
    expect(alertText()).toBe(MSG.usernameTaken);
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('marks every wrong field of a step at once', async () => {
    const { user } = setup();
    await fillToContact(user, { email: 'not-an-email', phone: '12345' });
    expect(alertText()).toBe(MSG.emailFormat);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    // The summary says the first; the phone's own message is under the phone field.
    expect(screen.getByText(MSG.phoneFormat)).toBeInTheDocument();
  });

  it('says a taken email or phone at step 3, not after step 5', async () => {
    const { user, api } = setup({
      'POST /users/check-availability': ok({
        email: { available: true, message: MSG.emailAvailable },
        phoneNumber: { available: false, message: MSG.phoneTaken },
      }),
    });
    await fillToContact(user, { fullName: 'Om Rao', email: 'om@example.com' });
    await waitFor(() => expect(alertText()).toBe(MSG.phoneTaken));
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((c) => c.path === '/users/check-availability')?.body).toEqual({
      email: 'om@example.com',
      phoneNumber: '9876543210',
    });
  });

  it('explains why Aadhaar is asked for', async () => {
    const { user } = setup();
    await fillToStep5(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Aadhaar number')).toHaveAccessibleDescription(MSG.aadhaarWhy);
  });

  it('signs the new account in and goes to its dashboard', async () => {
    const { user, api, onSignedUp } = setup({
      'POST /users/register': ok({}, 'User registered successfully', 201),
      'POST /users/login': ok({ user: tenant, accessToken: 'a' }, MSG.loginSuccess),
    });
    await fillToStep5(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/TenantDashboard'));
    expect(api.calls.find((c) => c.path === '/users/login')?.body).toEqual({ email: 'asha@example.com', password: 'secret12' });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ role: 'tenant' });
    expect(onSignedUp).not.toHaveBeenCalled();
    expect(await screen.findByText(MSG.signupSuccess)).toBeInTheDocument();
  });

  it('submits the whole body on step 5 and, when sign-in then fails, opens sign-in with the email', async () => {
    const { user, api, onSignedUp } = setup({ 'POST /users/register': ok({}, 'User registered successfully', 201) });
    await fillToStep5(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('asha@example.com'));
    const post = api.calls.find((c) => c.path === '/users/register');
    expect(post?.body).toEqual({
      role: 'tenant',
      username: 'new_tenant',
      fullName: 'Asha Menon',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
      aadharCardNumber: AADHAAR,
      address: '1 MG Road, Pune',
      password: 'secret12',
      confirmPassword: 'secret12',
    });
    expect((await screen.findAllByText(MSG.signupSuccess)).length).toBeGreaterThan(0);
  });

  it('goes back to the step of the field a 409 names', async () => {
    const { user, onSignedUp } = setup({
      'POST /users/register': fail(409, MSG.emailTaken, [{ path: 'email', message: MSG.emailTaken }]),
    });
    await fillToStep5(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Step 3 of 5');
    expect(alertText()).toBe(MSG.emailTaken);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('shows "Signup failed. Please try again." when the server gives no message', async () => {
    const { user } = setup({ 'POST /users/register': { status: 500, body: null } });
    await fillToStep5(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertText()).toBe(MSG.signupFailed));
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
  });
});
