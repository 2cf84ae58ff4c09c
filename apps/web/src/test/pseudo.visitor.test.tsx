import { MSG } from '@kiraya/contract/messages';
import { verhoeffComplete } from '@kiraya/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { fail, makeProperty, makeRoom, ok } from './support';

// Every visitor route in the pseudo-locale (issue 27 item 4, ADR 039): no text of these pages is hard-coded.
// Other areas add theirs in a file of their own (src/test/pseudo.<area>.test.tsx), as ADR 039 says.
const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', amenities: ['WiFi', 'Parking'] });
const rooms = [
  makeRoom({ propertyId: 'p1', roomNumber: '101', roomStatus: 'vacant' }),
  makeRoom({ propertyId: 'p1', roomNumber: '102', roomStatus: 'occupied' }),
];
const list = ok([property, makeProperty({ _id: 'p2', title: 'Green Villa', isFullyRented: true, vacantRoomCount: 0 })], {
  meta: { page: 1, limit: 12, total: 2 },
});

describe('visitor routes in the pseudo-locale', { timeout: 30_000 }, () => {
  it('/', async () => {
    const page = await renderPseudo('/');
    page.expectTranslated();
    // The mobile menu's texts too.
    await page.user.click(screen.getByRole('button', { name: xa('Open menu') }));
    await page.expectTranslatedSoon();
  });

  it('/properties, with its filters open, and an empty result', async () => {
    const page = await renderPseudo('/properties?city=Pune&amenities=WiFi', { api: { 'GET /properties/fetch-all-properties': list } });
    page.expectTranslated();
    const empty = await renderPseudo('/properties?city=Nowhere', {
      api: { 'GET /properties/fetch-all-properties': ok([], { meta: { page: 1, limit: 12, total: 0 } }) },
    });
    empty.expectTranslated();
  });

  it('a property page, and one that is gone', async () => {
    const page = await renderPseudo('/properties/p1', { api: { 'GET /properties/p1': ok(property), 'GET /rooms/p1': ok(rooms) } });
    page.expectTranslated();
    const gone = await renderPseudo('/properties/gone', {
      api: { 'GET /properties/gone': fail(404, MSG.propertyNotFound), 'GET /rooms/gone': fail(404, MSG.propertyNotFound) },
    });
    gone.expectTranslated();
  });

  it('/auth: sign in with its errors, and every step of signing up', async () => {
    const page = await renderPseudo('/auth?why=phone&next=%2Fproperties%2Fp1', {
      api: {
        'GET /users/check-username': ok({ username: 'new_tenant', available: true, message: 'Username is available.' }),
        'POST /users/check-availability': ok({
          email: { available: true, message: MSG.emailAvailable },
          phoneNumber: { available: true, message: MSG.phoneAvailable },
        }),
      },
    });
    page.expectTranslated();
    const { user } = page;
    const button = (name: string) => screen.getByRole('button', { name: xa(name) });
    // Sign in empty: the contract's messages at the fields.
    await user.click(button('Login'));
    await page.expectTranslatedSoon();
    // Sign up: each step tried empty first (its message), then filled.
    await user.click(button('Sign up'));
    await page.expectTranslatedSoon();
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    await user.click(screen.getByRole('radio', { name: new RegExp(xa('Tenant').replace(/[⟦⟧]/g, '.')) }));
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    await user.click(button('Next'));
    await user.type(screen.getByLabelText(xa('Username')), 'new_tenant');
    await user.type(screen.getByLabelText(xa('Full name')), 'Asha Menon');
    // The server's answer on the username (shown through useMsg) before Next.
    await screen.findByText(xa('Username is available.'), undefined, { timeout: 5000 });
    await page.expectTranslatedSoon();
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    await user.type(screen.getByLabelText(xa('Email')), 'asha@example.com');
    await user.type(screen.getByLabelText(xa('Phone number')), '9876543210');
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    await user.type(screen.getByLabelText(xa('Aadhaar number')), verhoeffComplete('23456789012'));
    await user.type(screen.getByLabelText(xa('Address')), '1 MG Road, Pune');
    await user.click(button('Next'));
    await page.expectTranslatedSoon();
    expect(screen.getByLabelText(xa('Confirm password'))).toBeInTheDocument();
    await user.click(button('Submit'));
    await page.expectTranslatedSoon();
  });

  it('/forgot-password and /reset-password', async () => {
    const forgot = await renderPseudo('/forgot-password');
    forgot.expectTranslated();
    await forgot.user.click(screen.getByRole('button', { name: xa('Send reset link') }));
    await forgot.expectTranslatedSoon();
    const reset = await renderPseudo('/reset-password?token=abc_DEF-123');
    reset.expectTranslated();
    const missing = await renderPseudo('/reset-password');
    missing.expectTranslated();
  });

  it('/verify-email: verified, used link, no token', async () => {
    const done = await renderPseudo('/verify-email?token=abc', {
      api: { 'POST /users/verify-email': ok({ email: 'asha@example.com' }, MSG.emailVerified) },
    });
    done.expectTranslated();
    const used = await renderPseudo('/verify-email?token=used', {
      api: { 'POST /users/verify-email': fail(400, MSG.verifyTokenInvalid, [{ path: 'token', message: MSG.verifyTokenInvalid }]) },
    });
    used.expectTranslated();
    const none = await renderPseudo('/verify-email');
    none.expectTranslated();
  });

  it('an unknown address', async () => {
    const page = await renderPseudo('/no-such-page');
    page.expectTranslated();
  });
});
