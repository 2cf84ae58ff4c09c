import { MSG } from '@kiraya/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OwnerVerification } from '../../../components/OwnerVerification';
import { fail, mockApi, ok, owner, renderApp, tenant } from '../../../test/support';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import { VerifyEmailPage } from './VerifyEmailPage';
import { VerifyPhoneSection } from './VerifyPhoneSection';

const unverified = { ...tenant, emailVerified: false, pendingEmail: null, phoneVerified: false };

describe('email verification banner (issue 25 item 4)', { timeout: 15_000 }, () => {
  it('asks an unverified user to verify and resends the link, saying where it went', async () => {
    const api = mockApi({
      'GET /users/get-current-user': ok(unverified),
      'POST /users/resend-verification-email': ok({}, MSG.verifyEmailSent(unverified.email)),
    });
    const user = userEvent.setup();
    renderApp(<VerifyEmailBanner />, { route: '/TenantDashboard', user: unverified });
    expect(await screen.findByText(MSG.verifyEmailBanner(unverified.email))).toBeVisible();
    await user.click(screen.getByRole('button', { name: MSG.verifyEmailResend }));
    expect(await screen.findByText(MSG.verifyEmailSent(unverified.email))).toBeVisible();
    expect(api.calls.filter((c) => c.path === '/users/resend-verification-email')).toHaveLength(1);
  });

  it("shows the server's refusal (too many links) and nothing at all once verified", async () => {
    mockApi({
      'GET /users/get-current-user': ok(unverified),
      'POST /users/resend-verification-email': fail(429, MSG.tooManyVerifyEmails),
    });
    const user = userEvent.setup();
    const { unmount } = renderApp(<VerifyEmailBanner />, { route: '/TenantDashboard', user: unverified });
    await user.click(await screen.findByRole('button', { name: MSG.verifyEmailResend }));
    expect(await screen.findByText(MSG.tooManyVerifyEmails)).toBeVisible();
    unmount();
    const verified = { ...unverified, emailVerified: true };
    mockApi({ 'GET /users/get-current-user': ok(verified) });
    renderApp(<VerifyEmailBanner />, { route: '/TenantDashboard', user: verified });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull());
  });
});

describe('/verify-email', { timeout: 15_000 }, () => {
  it('verifies with the token of the link, once', async () => {
    const api = mockApi({ 'POST /users/verify-email': ok({ email: 'asha@example.com' }, MSG.emailVerified) });
    renderApp(<VerifyEmailPage />, { route: '/verify-email?token=abc_DEF-123' });
    expect(await screen.findByText(`${MSG.emailVerified} (asha@example.com)`)).toBeVisible();
    expect(api.calls.filter((c) => c.path === '/users/verify-email').map((c) => c.body)).toEqual([{ token: 'abc_DEF-123' }]);
  });

  it('says so when the link is used or expired, and when it has no token', async () => {
    mockApi({ 'POST /users/verify-email': fail(400, MSG.verifyTokenInvalid, [{ path: 'token', message: MSG.verifyTokenInvalid }]) });
    const { unmount } = renderApp(<VerifyEmailPage />, { route: '/verify-email?token=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.verifyTokenInvalid);
    unmount();
    renderApp(<VerifyEmailPage />, { route: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.verifyTokenRequired);
  });
});

describe('Profile: verify phone (issue 26 item 2)', { timeout: 15_000 }, () => {
  const me = { ...owner, emailVerified: true, pendingEmail: null, phoneVerified: false };

  it('sends a code, checks its form, shows a wrong code at the field, and verifies with the right one', async () => {
    const api = mockApi({
      'GET /users/get-current-user': ok(me),
      'POST /users/phone/send-code': ok(
        { maskedPhone: '+91 ******7435', expiresAt: '2026-11-25T06:10:00.000Z' },
        MSG.phoneCodeSent('+91 ******7435'),
      ),
      'POST /users/phone/confirm-code': (init) =>
        JSON.parse(String(init?.body)).code === '482913'
          ? ok({ ...me, phoneVerified: true }, MSG.phoneVerified)
          : fail(400, MSG.phoneCodeWrong(4), [{ path: 'code', message: MSG.phoneCodeWrong(4) }]),
    });
    const user = userEvent.setup();
    renderApp(<VerifyPhoneSection />, { route: '/OwnerDashboard/Profile', user: me });
    expect(await screen.findByText(MSG.verifyPhoneIntro)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    const field = await screen.findByLabelText(/6-digit code/);
    expect(screen.getByText(MSG.phoneCodeSent('+91 ******7435'))).toBeVisible();
    // The contract's rule, before any call.
    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.phoneCodeFormat)).toBeVisible();
    expect(api.calls.some((c) => c.path === '/users/phone/confirm-code')).toBe(false);
    await user.clear(field);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.phoneCodeWrong(4))).toBeVisible();
    await user.clear(field);
    await user.type(field, '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The section says so with the number (a toast says so too).
    await waitFor(() => expect(screen.queryByLabelText(/6-digit code/)).toBeNull());
    expect(screen.getByRole('region', { name: 'Phone verification' })).toHaveTextContent(`${MSG.phoneVerified} (`);
  });

  it('says when text messages are off (503) and shows a verified phone as verified', async () => {
    mockApi({ 'GET /users/get-current-user': ok(me), 'POST /users/phone/send-code': fail(503, MSG.smsOff) });
    const user = userEvent.setup();
    const { unmount } = renderApp(<VerifyPhoneSection />, { route: '/OwnerDashboard/Profile', user: me });
    await user.click(await screen.findByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText(MSG.smsOff)).toBeVisible();
    unmount();
    const done = { ...me, phoneVerified: true };
    mockApi({ 'GET /users/get-current-user': ok(done) });
    renderApp(<VerifyPhoneSection />, { route: '/OwnerDashboard/Profile', user: done });
    expect(await screen.findByText(/Your phone number is verified/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });
});

describe('the owner badge', () => {
  it('says "Verified owner" or "Owner not verified yet", and nothing when the answer does not say', () => {
    const { rerender, container } = render(<OwnerVerification verified />);
    expect(screen.getByText(MSG.verifiedOwner)).toHaveAttribute('title', MSG.verifiedOwnerHint);
    rerender(<OwnerVerification verified={false} />);
    expect(screen.getByText(MSG.ownerNotVerified)).toBeVisible();
    rerender(<OwnerVerification verified={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
