import { MSG } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createOwner, createTenant, fakeAadhaar } from '../../seed/factories.js';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { call, expectError, login, okData, signupBody } from '../../test/support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (cookie?: string) => call(ctx, '/get-current-user', { headers: cookie ? { cookie } : {} });
const update = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  call(ctx, '/update-account-details', { method: 'PUT', payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });

type Profile = { fullName: string; email: string; phoneNumber: string; aadharCardNumber: string; address: string; role?: string };
const profileOf = (u: Profile): Profile => ({
  fullName: u.fullName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  aadharCardNumber: u.aadharCardNumber,
  address: u.address,
});

describe('GET /users/get-current-user', () => {
  it('answers the signed-in user in the envelope, with incomingRequests and the Aadhaar masked (ADR 043)', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const data = okData<Record<string, unknown>>(await me(cookie), 200, 'Current user fetched');
    expect(data).toEqual({
      _id: user._id,
      role: 'tenant',
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      aadharCardNumber: user.aadharCardNumber,
      address: user.address,
      emailVerified: true,
      pendingEmail: null,
      phoneVerified: false,
      incomingRequests: [],
      createdAt: user.createdAt,
    });
  });

  it('answers 401 when logged out', async () => {
    expectError(await me(), 'UNAUTHORIZED', MSG.unauthorized);
  });
});

describe('PUT /users/update-account-details', () => {
  it('updates the profile and answers the new user with "Profile updated"', async () => {
    const { user, cookie } = await signedIn(ctx, 'owner');
    const aadhaar = fakeAadhaar();
    const next = {
      fullName: '  Sunita   Devi Rao ',
      email: 'Sunita.Rao@Example.test',
      phoneNumber: '+91 99887 76655',
      aadharCardNumber: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
      address: '4 Park Street, Kolkata',
      role: 'owner',
    };
    const data = okData<Record<string, unknown>>(await update(cookie, next), 200, 'Profile updated');
    expect(data).toMatchObject({
      _id: user._id,
      role: 'owner',
      username: user.username,
      fullName: 'Sunita Devi Rao',
      // A new email waits for its link (ADR 033; verification.test.ts follows it through).
      email: user.email,
      pendingEmail: 'sunita.rao@example.test',
      phoneNumber: '+919988776655',
      // Masked in every answer, the holder's own too (ADR 043).
      aadharCardNumber: `XXXX XXXX ${aadhaar.slice(-4)}`,
      address: '4 Park Street, Kolkata',
      incomingRequests: [],
    });
    expect(okData(await me(cookie))).toEqual(data);
    // Until the link is opened the old email signs in, the new one does not.
    okData(await login(ctx, user.email, user.password));
    expectError(await login(ctx, 'sunita.rao@example.test', user.password), 'UNAUTHORIZED', MSG.invalidCredentials);
  });

  it('re-encrypts a changed Aadhaar number and updates its lookup hash and last four digits', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const [before] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
    const aadhaar = fakeAadhaar();
    okData(await update(cookie, { ...profileOf(user), aadharCardNumber: aadhaar }));
    const [after] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
    if (!before || !after) throw new Error('row missing');
    expect(after.aadhaarCipher).not.toBe(before.aadhaarCipher);
    expect(after.aadhaarCipher).not.toContain(aadhaar);
    expect(ctx.deps.crypto.decrypt(after.aadhaarCipher)).toBe(aadhaar);
    expect(after.aadhaarHash).toBe(ctx.deps.crypto.lookupHash(aadhaar));
    expect(after.aadhaarLast4).toBe(aadhaar.slice(-4));
    // The old number is free again.
    okData(
      await call(ctx, '/register', {
        method: 'POST',
        payload: { ...signupBody(), aadharCardNumber: ctx.deps.crypto.decrypt(before.aadhaarCipher) },
      }),
      201,
    );
  });

  it('accepts the caller\u2019s own values unchanged (uniqueness is checked against others only)', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const own = profileOf(user);
    okData(await update(cookie, own));
    okData(await update(cookie, { ...own, email: user.email.toUpperCase(), phoneNumber: user.phoneNumber.replace('+91', '') }));
  });

  it('ignores a username in the body: usernames do not change here', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const data = okData<{ username: string }>(await update(cookie, { ...profileOf(user), username: 'hijack_name' }));
    expect(data.username).toBe(user.username);
  });

  describe('uniqueness against other accounts (409 naming the field)', () => {
    let other: Awaited<ReturnType<typeof createTenant>>;
    let session: Awaited<ReturnType<typeof signedIn>>;
    beforeAll(async () => {
      other = await createTenant(ctx.deps);
      session = await signedIn(ctx, 'tenant');
    });

    it('refuses another account\u2019s email in any case', async () => {
      const res = await update(session.cookie, { ...profileOf(session.user), email: other.email.toUpperCase() });
      expectError(res, 'CONFLICT', MSG.emailTaken, 'email');
    });

    it('refuses another account\u2019s phone in another format', async () => {
      const local = other.phoneNumber.replace(/^\+91/, '');
      const spaced = `+91 ${local.slice(0, 5)} ${local.slice(5)}`;
      expectError(
        await update(session.cookie, { ...profileOf(session.user), phoneNumber: spaced }),
        'CONFLICT',
        MSG.phoneTaken,
        'phoneNumber',
      );
    });

    it('refuses another account\u2019s Aadhaar, typed with spaces', async () => {
      // Answers mask it (ADR 043): the other account's number as stored.
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, other._id));
      const a = ctx.deps.crypto.decrypt(row?.aadhaarCipher ?? '');
      const res = await update(session.cookie, {
        ...profileOf(session.user),
        aadharCardNumber: `${a.slice(0, 4)} ${a.slice(4, 8)} ${a.slice(8)}`,
      });
      expectError(res, 'CONFLICT', MSG.aadhaarTaken, 'aadharCardNumber');
    });

    it('leaves the profile unchanged after a refusal', async () => {
      expect(okData<Profile>(await me(session.cookie)).email).toBe(session.user.email);
    });
  });

  it('refuses a role change with 400 "Your role cannot be changed."', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    expectError(await update(cookie, { ...profileOf(user), role: 'owner' }), 'BAD_REQUEST', 'Your role cannot be changed.', 'role');
    expectError(await update(cookie, { ...profileOf(user), role: 'admin' }), 'BAD_REQUEST', MSG.roleCannotChange, 'role');
    expectError(await update(cookie, { ...profileOf(user), role: 1 }), 'BAD_REQUEST', MSG.roleCannotChange, 'role');
    expect(okData<{ role: string }>(await me(cookie)).role).toBe('tenant');
    okData(await update(cookie, { ...profileOf(user), role: 'tenant' }));
    okData(await update(cookie, { ...profileOf(user), role: '' }));
  });

  describe('validation', () => {
    let session: Awaited<ReturnType<typeof signedIn>>;
    beforeAll(async () => {
      session = await signedIn(ctx, 'owner');
    });
    const cases: [string, Partial<Record<keyof Profile, unknown>>, string, string][] = [
      ['no full name', { fullName: '' }, 'fullName', MSG.fullNameRequired],
      ['a one-letter full name', { fullName: 'R' }, 'fullName', MSG.fullNameFormat],
      ['an invalid email', { email: 'sunita@' }, 'email', MSG.emailFormat],
      ['an invalid phone', { phoneNumber: '12345' }, 'phoneNumber', MSG.phoneFormat],
      ['an invalid Aadhaar', { aadharCardNumber: '123456789012' }, 'aadharCardNumber', MSG.aadhaarChecksum],
      ['no address', { address: ' ' }, 'address', MSG.addressRequired],
      ['a number as full name', { fullName: 42 }, 'fullName', MSG.fullNameRequired],
      ['null as email', { email: null }, 'email', MSG.emailFormat],
    ];
    it.each(cases)('answers 400 for %s', async (_n, patch, path, message) => {
      expectError(await update(session.cookie, { ...profileOf(session.user), ...patch }), 'BAD_REQUEST', message, path);
    });

    it('answers 400 for malformed JSON and a missing body', async () => {
      expectError(
        await update(session.cookie, '{"fullName":', { 'content-type': 'application/json' }),
        'BAD_REQUEST',
        'The request body is not valid JSON.',
      );
      expectError(await update(session.cookie, undefined), 'BAD_REQUEST', MSG.invalidInput);
    });
  });

  it('answers 401 when logged out and 403 from a foreign origin', async () => {
    const owner = await createOwner(ctx.deps);
    expectError(await update(undefined, profileOf(owner)), 'UNAUTHORIZED', MSG.unauthorized);
    const { user, cookie } = await signedIn(ctx, 'owner');
    expectError(await update(cookie, profileOf(user), { origin: 'https://evil.example' }), 'FORBIDDEN', MSG.foreignOrigin);
  });
});
