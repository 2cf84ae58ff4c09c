import { MSG } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { createOwner, createTenant } from '../../seed/factories.js';
import { TEST_ORIGIN, type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { LoginThrottle, successorToken } from './service.js';
import { REAL_LIMITS, bearer, call, clearsCookie, cookieOf, expectError, login, okData, refreshCookie } from '../../test/support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Tokens = { accessToken: string; refreshToken: string };
const refresh = (c: TestContext, token?: string, headers: Record<string, string> = {}) =>
  call(c, '/refresh-token', { method: 'POST', headers: { ...(token ? refreshCookie(token) : {}), ...headers } });
const me = (c: TestContext, headers: Record<string, string>) => call(c, '/get-current-user', { headers });

/** The access token from the body and the refresh token from its httpOnly cookie (never in a body). */
async function loginTokens(c: TestContext, user: { email: string; password: string }): Promise<Tokens> {
  return tokensOf(await login(c, user.email, user.password));
}
function tokensOf(res: Awaited<ReturnType<typeof login>>): Tokens {
  const data = okData<{ accessToken: string; refreshToken?: string }>(res);
  expect(data.refreshToken).toBeUndefined();
  const refreshToken = cookieOf(res, 'refreshToken')?.value;
  if (!refreshToken) throw new Error(`no refreshToken cookie: ${res.body}`);
  return { accessToken: data.accessToken, refreshToken };
}

describe('POST /users/login', () => {
  it('signs in, answers the user and access token, and sets httpOnly SameSite=Lax cookies', async () => {
    const owner = await createOwner(ctx.deps);
    const res = await login(ctx, owner.email, owner.password);
    const data = okData<{ user: Record<string, unknown>; accessToken: string }>(res, 200, 'Signed in');
    expect(data.user).toMatchObject({ _id: owner._id, role: 'owner', email: owner.email, aadharCardNumber: owner.aadharCardNumber });
    expect(data.accessToken.split('.')).toHaveLength(3);
    // The 30-day refresh token travels only in its httpOnly cookie, never where a script could read it (B19).
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'user']);
    expect((cookieOf(res, 'refreshToken')?.value ?? '').length).toBeGreaterThanOrEqual(40);
    expect(res.body).not.toContain(cookieOf(res, 'refreshToken')?.value);

    const access = cookieOf(res, 'accessToken');
    const refreshC = cookieOf(res, 'refreshToken');
    for (const c of [access, refreshC]) {
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(c?.secure).toBeFalsy(); // Secure only in production
    }
    expect(access?.value).toBe(data.accessToken);
    expect(access?.maxAge).toBe(ctx.config.accessTokenTtlSeconds);
    expect(refreshC?.maxAge).toBe(ctx.config.refreshTokenTtlDays * 86_400);
    // The cookie alone is a session.
    expect(okData<{ _id: string }>(await me(ctx, { cookie: `accessToken=${access?.value}` }))._id).toBe(owner._id);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const tenant = await createTenant(ctx.deps);
    okData(await login(ctx, `  ${tenant.email.toUpperCase()} `, tenant.password));
  });

  it('answers 401 "Invalid user credentials" for a wrong password and for an unknown email alike', async () => {
    const tenant = await createTenant(ctx.deps);
    const wrong = await login(ctx, tenant.email, 'Wrong1234');
    const unknown = await login(ctx, 'nobody@example.test', 'Wrong1234');
    expectError(wrong, 'UNAUTHORIZED', 'Invalid user credentials');
    expectError(unknown, 'UNAUTHORIZED', 'Invalid user credentials');
    expect(unknown.body).toBe(wrong.body);
    expect(cookieOf(wrong, 'accessToken')).toBeUndefined();
  });

  it('treats the password as case-sensitive', async () => {
    const tenant = await createTenant(ctx.deps, { password: 'Secret123', confirmPassword: 'Secret123' });
    expectError(await login(ctx, tenant.email, 'secret123'), 'UNAUTHORIZED', MSG.invalidCredentials);
  });

  it('answers 400 for a missing email or password, wrong types and malformed JSON', async () => {
    expectError(await call(ctx, '/login', { method: 'POST', payload: { password: 'x' } }), 'BAD_REQUEST', 'Email is required.', 'email');
    expectError(
      await call(ctx, '/login', { method: 'POST', payload: { email: '', password: 'x' } }),
      'BAD_REQUEST',
      MSG.emailRequired,
      'email',
    );
    expectError(
      await call(ctx, '/login', { method: 'POST', payload: { email: 'a@b.co' } }),
      'BAD_REQUEST',
      'Password is required.',
      'password',
    );
    expectError(
      await call(ctx, '/login', { method: 'POST', payload: { email: { $gt: '' }, password: 'x' } }),
      'BAD_REQUEST',
      MSG.emailRequired,
      'email',
    );
    expectError(
      await call(ctx, '/login', { method: 'POST', payload: { email: 'a@b.co', password: 12345678 } }),
      'BAD_REQUEST',
      MSG.passwordRequired,
    );
    expectError(
      await call(ctx, '/login', { method: 'POST', payload: '{"email":', headers: { 'content-type': 'application/json' } }),
      'BAD_REQUEST',
      'The request body is not valid JSON.',
    );
    expectError(await call(ctx, '/login', { method: 'POST' }), 'BAD_REQUEST', MSG.invalidInput);
  });
});

const loginFrom = (c: TestContext, remoteAddress: string, email: string, password: string) =>
  c.app.inject({ method: 'POST', url: '/api/v1/users/login', remoteAddress, payload: { email, password } });

describe('failed-login limits (10 a minute per account and address, 50 per 15 minutes per account)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: REAL_LIMITS });
  });
  afterAll(() => limited.close());

  it('answers the 11th failed login from one address within a minute with 429, even with the right password', async () => {
    const victim = await createTenant(limited.deps);
    for (let i = 0; i < 10; i++) expectError(await login(limited, victim.email, `Wrong${i}abc`), 'UNAUTHORIZED', MSG.invalidCredentials);
    expectError(
      await login(limited, victim.email, 'Wrong10abc'),
      'TOO_MANY_REQUESTS',
      'Too many failed sign-in attempts for this account. Please wait a minute and try again.',
    );
    expectError(await login(limited, victim.email.toUpperCase(), victim.password), 'TOO_MANY_REQUESTS', MSG.tooManyLogins);
  });

  it('does not let a stranger lock the owner out: 10 failures from A leave B signing in', async () => {
    const victim = await createOwner(limited.deps);
    for (let i = 0; i < 10; i++)
      expectError(await loginFrom(limited, '203.0.113.7', victim.email, 'Wrong1234'), 'UNAUTHORIZED', MSG.invalidCredentials);
    expectError(await loginFrom(limited, '203.0.113.7', victim.email, victim.password), 'TOO_MANY_REQUESTS', MSG.tooManyLogins);
    okData(await loginFrom(limited, '198.51.100.20', victim.email, victim.password));
  });

  it('reads the client address through a trusted proxy (X-Forwarded-For)', async () => {
    const c = await createTestContext({ rateLimits: REAL_LIMITS, trustProxy: true });
    try {
      const victim = await createTenant(c.deps);
      const from = (ip: string, password: string) => login(c, victim.email, password, { 'x-forwarded-for': ip });
      for (let i = 0; i < 10; i++) expect((await from('203.0.113.8', 'Wrong1234')).statusCode).toBe(401);
      expect((await from('203.0.113.8', victim.password)).statusCode).toBe(429);
      okData(await from('198.51.100.21', victim.password));
    } finally {
      await c.close();
    }
  });

  it('still stops a distributed attack: 50 failures from many addresses lock the account for 15 minutes', async () => {
    const victim = await createTenant(limited.deps);
    for (let i = 0; i < 50; i++) {
      expectError(
        await loginFrom(limited, `10.0.${Math.floor(i / 5)}.${i % 5}`, victim.email, 'Wrong1234'),
        'UNAUTHORIZED',
        MSG.invalidCredentials,
      );
    }
    expectError(await loginFrom(limited, '10.9.9.9', victim.email, 'Wrong1234'), 'TOO_MANY_REQUESTS', MSG.tooManyLogins);
    expectError(await loginFrom(limited, '198.51.100.22', victim.email, victim.password), 'TOO_MANY_REQUESTS', MSG.tooManyLogins);
  });

  it('counts per account: another account still signs in', async () => {
    const other = await createTenant(limited.deps);
    okData(await login(limited, other.email, other.password));
  });

  it('limits unknown emails the same way (no account probing)', async () => {
    for (let i = 0; i < 10; i++) expect((await login(limited, 'ghost@example.test', 'Nope1234')).statusCode).toBe(401);
    expect((await login(limited, 'ghost@example.test', 'Nope1234')).statusCode).toBe(429);
  });

  it('clears the failure count of that address on a successful login', async () => {
    const user = await createOwner(limited.deps);
    for (let i = 0; i < 9; i++) expect((await login(limited, user.email, 'Wrong1234')).statusCode).toBe(401);
    okData(await login(limited, user.email, user.password));
    for (let i = 0; i < 10; i++) expect((await login(limited, user.email, 'Wrong1234')).statusCode).toBe(401);
    expect((await login(limited, user.email, 'Wrong1234')).statusCode).toBe(429);
  });
});

describe('LoginThrottle windows', () => {
  it('forgets the per-address count after a minute and the account-wide count after 15 minutes', async () => {
    let t = 0;
    const throttle = new LoginThrottle({ failedLoginsPerMinute: 2, failedLoginsPerAccountPer15Minutes: 3 }, () => t);
    await throttle.fail('a@b.co', '1.1.1.1');
    await throttle.fail('a@b.co', '1.1.1.1');
    await expect(throttle.check('a@b.co', '1.1.1.1')).rejects.toThrow(MSG.tooManyLogins);
    await throttle.check('a@b.co', '2.2.2.2');
    t = 60_000;
    await throttle.check('a@b.co', '1.1.1.1');
    await throttle.fail('a@b.co', '2.2.2.2');
    await expect(throttle.check('a@b.co', '3.3.3.3')).rejects.toThrow(MSG.tooManyLogins);
    t = 15 * 60_000;
    await throttle.check('a@b.co', '3.3.3.3');
  });
});

describe('login calls per address (120 a minute)', () => {
  it('answers 429 past the per-address limit', async () => {
    const c = await createTestContext({ rateLimits: { ...REAL_LIMITS, loginsPerIpPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await call(c, '/login', { method: 'POST', payload: { email: 'a@b.co' } })).statusCode).toBe(400);
      const res = await call(c, '/login', { method: 'POST', payload: { email: 'a@b.co' } });
      expectError(res, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    } finally {
      await c.close();
    }
  });
});

describe('POST /users/refresh-token', () => {
  it('rotates: new tokens and cookies; the old refresh token stops working', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const res = await refresh(ctx, t0.refreshToken);
    expect(Object.keys(okData(res, 200, 'Access token refreshed'))).toEqual(['accessToken']);
    const t1 = tokensOf(res);
    expect(res.body).not.toContain(t1.refreshToken);
    expect(t1.refreshToken).not.toBe(t0.refreshToken);
    expect(cookieOf(res, 'refreshToken')).toMatchObject({ value: t1.refreshToken, httpOnly: true, sameSite: 'Lax' });
    expect(cookieOf(res, 'accessToken')).toMatchObject({ value: t1.accessToken, httpOnly: true, sameSite: 'Lax' });
    okData(await me(ctx, bearer(t1.accessToken)));
    okData<Tokens>(await refresh(ctx, t1.refreshToken));
  });

  it('accepts the refresh token in the body for non-browser clients', async () => {
    const t0 = await loginTokens(ctx, await createOwner(ctx.deps));
    tokensOf(await call(ctx, '/refresh-token', { method: 'POST', payload: { refreshToken: t0.refreshToken } }));
  });

  it('answers 401 and clears the cookies without a token or with an unknown one', async () => {
    const none = await refresh(ctx);
    expectError(none, 'UNAUTHORIZED', MSG.sessionExpired);
    expect(clearsCookie(none, 'accessToken') && clearsCookie(none, 'refreshToken')).toBe(true);
    expectError(await refresh(ctx, 'not-a-real-token'), 'UNAUTHORIZED', MSG.sessionExpired);
    expectError(
      await call(ctx, '/refresh-token', { method: 'POST', payload: { refreshToken: 42 } }),
      'BAD_REQUEST',
      expect.any(String) as never,
    );
  });

  it('answers 401 for an expired refresh token', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    await ctx.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(t0.refreshToken)));
    expectError(await refresh(ctx, t0.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
  });

  it('stores refresh tokens hashed, never as given', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const rows = await ctx.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(t0.refreshToken)));
    expect(rows).toHaveLength(1);
    const all = await ctx.deps.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens);
    expect(all.some((r) => r.h === t0.refreshToken)).toBe(false);
  });

  it('within the grace window, answers a just-rotated token with the same successor (idempotent rotation)', async () => {
    expect(ctx.config.refreshReuseGraceMs).toBeGreaterThan(1000);
    const user = await createTenant(ctx.deps);
    const t0 = await loginTokens(ctx, user);
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    // A second tab, or a reload after the first answer was lost, presents t0 again: same refresh token back.
    const again = tokensOf(await refresh(ctx, t0.refreshToken));
    expect(again.refreshToken).toBe(t1.refreshToken);
    okData(await me(ctx, bearer(again.accessToken)));
    const rows = await ctx.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id));
    expect(rows).toHaveLength(2); // no second successor was issued
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    // The shared successor rotates on as usual.
    const t2 = tokensOf(await refresh(ctx, t1.refreshToken));
    expect(t2.refreshToken).not.toBe(t1.refreshToken);
    // And t0, still inside its window, now leads to the newest token of the family, not to the used t1.
    expect(tokensOf(await refresh(ctx, t0.refreshToken)).refreshToken).toBe(t2.refreshToken);
    okData(await refresh(ctx, t2.refreshToken));
  });

  it('answers parallel refreshes of one token all with the same successor, and keeps the login', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const answers = await Promise.all([1, 2, 3].map(() => refresh(ctx, t0.refreshToken)));
    const tokens = answers.map(tokensOf);
    expect(new Set(tokens.map((t) => t.refreshToken)).size).toBe(1);
    expect(tokens[0]?.refreshToken).not.toBe(t0.refreshToken);
    for (const t of tokens) okData(await me(ctx, bearer(t.accessToken)));
    tokensOf(await refresh(ctx, tokens[0]?.refreshToken));
  });

  it('derives successors from the server secret: another key gives other tokens', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    expect(t1.refreshToken).toBe(successorToken(ctx.config, t0.refreshToken));
    expect(successorToken({ jwtSecret: 'another-secret-another-secret-another' }, t0.refreshToken)).not.toBe(t1.refreshToken);
  });

  it('refuses a rotated token whose family was signed out, even inside the window', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    okData(await call(ctx, '/logout', { method: 'POST', headers: refreshCookie(t1.refreshToken) }));
    expectError(await refresh(ctx, t0.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
  });
});

describe('a signed-out login stays signed out', () => {
  it('refuses a token of the family that the revocation missed (a successor written by a refresh racing the logout)', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    // As if the logout's UPDATE ran on a snapshot taken before the refresh inserted t1's row.
    const [row] = await ctx.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(t1.refreshToken)));
    okData(await call(ctx, '/logout', { method: 'POST', headers: refreshCookie(t1.refreshToken) }));
    await ctx.deps.db
      .update(refreshTokens)
      .set({ revokedAt: null })
      .where(eq(refreshTokens.id, row?.id as string));
    expectError(await refresh(ctx, t1.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
  });
});

describe('refresh-token reuse detection (outside the grace window)', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ refreshReuseGraceMs: 0 });
  });
  afterAll(() => strict.close());

  it('revokes the whole family when a rotated token comes back, so the newest stops working too', async () => {
    const user = await createTenant(strict.deps);
    const t0 = await loginTokens(strict, user);
    const t1 = tokensOf(await refresh(strict, t0.refreshToken));
    const t2 = tokensOf(await refresh(strict, t1.refreshToken));

    const reuse = await refresh(strict, t0.refreshToken);
    expectError(reuse, 'UNAUTHORIZED', MSG.sessionExpired);
    expect(clearsCookie(reuse, 'refreshToken')).toBe(true);

    expectError(await refresh(strict, t2.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
    const family = await strict.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id));
    expect(family.length).toBe(3);
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('leaves the same user\u2019s other logins alone', async () => {
    const user = await createOwner(strict.deps);
    const laptop = await loginTokens(strict, user);
    const phone = await loginTokens(strict, user);
    okData<Tokens>(await refresh(strict, laptop.refreshToken));
    expectError(await refresh(strict, laptop.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
    okData<Tokens>(await refresh(strict, phone.refreshToken));
  });
});

describe('refresh-token reuse after the grace window (default window)', () => {
  it('revokes the family once the window has passed, although the same reuse inside it was answered', async () => {
    const user = await createTenant(ctx.deps);
    const t0 = await loginTokens(ctx, user);
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    expect(tokensOf(await refresh(ctx, t0.refreshToken)).refreshToken).toBe(t1.refreshToken);
    await ctx.deps.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - ctx.config.refreshReuseGraceMs - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(t0.refreshToken)));
    const late = await refresh(ctx, t0.refreshToken);
    expectError(late, 'UNAUTHORIZED', MSG.sessionExpired);
    expect(clearsCookie(late, 'refreshToken')).toBe(true);
    expectError(await refresh(ctx, t1.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
    const family = await ctx.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id));
    expect(family.every((r) => r.revokedAt !== null)).toBe(true);
  });
});

describe('Cache-Control on API answers', () => {
  it('marks every /api/v1 answer no-store (personal data), errors included', async () => {
    const { cookie } = await signedIn(ctx, 'owner');
    const tenant = await createTenant(ctx.deps);
    const answers = [
      await me(ctx, { cookie }),
      await login(ctx, tenant.email, tenant.password),
      await me(ctx, {}),
      await call(ctx, '/check-username', { query: { username: 'someone' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('POST /users/logout', () => {
  it('revokes the login and clears both cookies', async () => {
    const t0 = await loginTokens(ctx, await createTenant(ctx.deps));
    const res = await call(ctx, '/logout', { method: 'POST', headers: refreshCookie(t0.refreshToken) });
    expect(okData(res, 200, 'Logged out')).toEqual({});
    expect(clearsCookie(res, 'accessToken')).toBe(true);
    expect(clearsCookie(res, 'refreshToken')).toBe(true);
    expectError(await refresh(ctx, t0.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
  });

  it('revokes a token sent in the body, and rotated descendants of the login', async () => {
    const t0 = await loginTokens(ctx, await createOwner(ctx.deps));
    const t1 = tokensOf(await refresh(ctx, t0.refreshToken));
    okData(await call(ctx, '/logout', { method: 'POST', payload: { refreshToken: t0.refreshToken } }));
    expectError(await refresh(ctx, t1.refreshToken), 'UNAUTHORIZED', MSG.sessionExpired);
  });

  it('is harmless without a session', async () => {
    const res = await call(ctx, '/logout', { method: 'POST' });
    okData(res, 200, MSG.loggedOut);
    okData(await call(ctx, '/logout', { method: 'POST', headers: refreshCookie('unknown') }));
  });
});

describe('access tokens', () => {
  it('accepts an Authorization: Bearer header (any case of the scheme)', async () => {
    const { user, accessToken } = await signedIn(ctx, 'tenant');
    expect(okData<{ _id: string }>(await me(ctx, bearer(accessToken)))._id).toBe(user._id);
    expect(okData<{ _id: string }>(await me(ctx, { authorization: `bearer ${accessToken}` }))._id).toBe(user._id);
  });

  it('answers 401 "Please sign in to continue." without a token or with a garbage one', async () => {
    expectError(await me(ctx, {}), 'UNAUTHORIZED', 'Please sign in to continue.');
    expectError(await me(ctx, bearer('garbage')), 'UNAUTHORIZED', MSG.unauthorized);
    expectError(await me(ctx, { cookie: 'accessToken=garbage.token.here' }), 'UNAUTHORIZED', MSG.unauthorized);
  });

  it('answers 401 "Your session has expired..." for an expired token', async () => {
    const user = await createTenant(ctx.deps);
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'tenant', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    expectError(await me(ctx, bearer(expired)), 'UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    expectError(await me(ctx, { cookie: `accessToken=${expired}` }), 'UNAUTHORIZED', MSG.sessionExpired);
  });

  it('refuses tokens signed with another key, of another type, or with alg none', async () => {
    const user = await createTenant(ctx.deps);
    const other = await new SignJWT({ role: 'tenant', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expectError(await me(ctx, bearer(other)), 'UNAUTHORIZED', MSG.unauthorized);
    const wrongType = await new SignJWT({ role: 'tenant', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expectError(await me(ctx, bearer(wrongType)), 'UNAUTHORIZED', MSG.unauthorized);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none' })}.${b64({ sub: user._id, role: 'owner', typ: 'access', exp: 9_999_999_999 })}.`;
    expectError(await me(ctx, bearer(none)), 'UNAUTHORIZED', MSG.unauthorized);
  });

  it('answers 401 when the account behind a valid token no longer exists', async () => {
    const { user, accessToken } = await signedIn(ctx, 'tenant');
    await ctx.deps.db.delete(users).where(eq(users.id, user._id));
    expectError(await me(ctx, bearer(accessToken)), 'UNAUTHORIZED', MSG.sessionExpired);
  });
});

describe('Origin check on state-changing calls', () => {
  it('refuses a call from a foreign site with 403', async () => {
    const tenant = await createTenant(ctx.deps);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001', 'https://localhost:3000']) {
      const res = await login(ctx, tenant.email, tenant.password, { origin });
      expectError(res, 'FORBIDDEN', 'This request came from a site Kiraya does not trust.');
      expect(cookieOf(res, 'accessToken')).toBeUndefined();
    }
    const { cookie } = await signedIn(ctx, 'tenant');
    expectError(
      await call(ctx, '/logout', { method: 'POST', headers: { cookie, origin: 'https://evil.example' } }),
      'FORBIDDEN',
      MSG.foreignOrigin,
    );
    expectError(
      await call(ctx, '/register', { method: 'POST', payload: {}, headers: { origin: 'https://evil.example' } }),
      'FORBIDDEN',
      MSG.foreignOrigin,
    );
  });

  it('is not fooled by a forged X-Forwarded-Host (no trusted proxy outside production)', async () => {
    const tenant = await createTenant(ctx.deps);
    const res = await login(ctx, tenant.email, tenant.password, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expectError(res, 'FORBIDDEN', MSG.foreignOrigin);
  });

  it('lets same-origin, trusted-origin and origin-less calls through', async () => {
    const tenant = await createTenant(ctx.deps);
    okData(await login(ctx, tenant.email, tenant.password, { origin: TEST_ORIGIN }));
    okData(await login(ctx, tenant.email, tenant.password, { origin: 'http://kiraya.test:8080', host: 'kiraya.test:8080' }));
    okData(await login(ctx, tenant.email, tenant.password, { origin: 'http://localhost', host: 'localhost:80' }));
    okData(await login(ctx, tenant.email, tenant.password));
  });

  it('does not check reads', async () => {
    const { cookie } = await signedIn(ctx, 'owner');
    okData(await me(ctx, { cookie, origin: 'https://evil.example' }));
  });

  it('trusts the origins listed in TRUSTED_ORIGINS', async () => {
    const c = await createTestContext({ trustedOrigins: [TEST_ORIGIN, 'https://admin.kiraya.example'] });
    try {
      const tenant = await createTenant(c.deps);
      okData(await login(c, tenant.email, tenant.password, { origin: 'https://admin.kiraya.example' }));
      expectError(
        await login(c, tenant.email, tenant.password, { origin: 'https://other.kiraya.example' }),
        'FORBIDDEN',
        MSG.foreignOrigin,
      );
    } finally {
      await c.close();
    }
  });
});
