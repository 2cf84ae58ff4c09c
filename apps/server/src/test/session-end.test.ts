import { API_BASE, MSG, documentSchema } from '@kiraya/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createOwner, createTenant } from '../seed/factories.js';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { TEST_ORIGIN, type SecondInstance, type TestContext, cookieHeader, createTestContext, secondInstance } from './harness.js';
import { openStream } from './sse-stream.js';
import { bearer, call, cookieOf, expectError, login, multipart, okData } from './support.js';

/**
 * A session ends everywhere at once (issue 18): after logout, a password change or a detected refresh-token
 * reuse, the session's access tokens are refused (Bearer and cookie, API calls and document files) and its
 * open event streams close, on this instance and on another one sharing the database.
 */

let ctx: TestContext;
let base: string;
/** A second instance on the same database (its own pool and listener on PostgreSQL). */
let second: FastifyInstance;
let instance: SecondInstance | undefined;
let roomId: string;
let documentId: string;
type Person = { email: string; password: string; _id: string };
let owner: Person;
let tenant: Person;

type Session = { accessToken: string; refreshToken: string; cookie: string };
async function signIn(who: { email: string; password: string }, app: FastifyInstance = ctx.app): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email: who.email, password: who.password } });
  const data = okData<{ accessToken: string }>(res);
  return { accessToken: data.accessToken, refreshToken: cookieOf(res, 'refreshToken')?.value as string, cookie: cookieHeader(res) };
}
const me = (headers: Record<string, string>, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'GET', url: `${API_BASE}/users/get-current-user`, headers });
const documentFile = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/documents/file/${documentId}`, headers });
const logout = (s: Session, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url: `${API_BASE}/users/logout`, headers: { cookie: s.cookie, origin: TEST_ORIGIN } });
const changePassword = (s: Session, body: object) =>
  call(ctx, '/change-password', { method: 'POST', headers: { cookie: s.cookie, origin: TEST_ORIGIN }, payload: body });

/** Every way the session's access token could still be used is refused with 401 and the error envelope. */
async function expectRefused(s: Session) {
  expectError(await me(bearer(s.accessToken)), 'UNAUTHORIZED', MSG.sessionExpired);
  expectError(await me({ cookie: `accessToken=${s.accessToken}` }), 'UNAUTHORIZED', MSG.sessionExpired);
  expectError(await documentFile(bearer(s.accessToken)), 'UNAUTHORIZED', MSG.sessionExpired);
  expectError(await documentFile({ cookie: `accessToken=${s.accessToken}` }), 'UNAUTHORIZED', MSG.sessionExpired);
}
async function expectWorking(s: Session) {
  expect((await me(bearer(s.accessToken))).statusCode).toBe(200);
  expect((await documentFile({ cookie: `accessToken=${s.accessToken}` })).statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  owner = await createOwner(ctx.deps);
  tenant = await createTenant(ctx.deps);
  const propertyId = (await createProperty(ctx.deps, owner._id))._id;
  roomId = (await createRoom(ctx.deps, owner._id, propertyId))._id;
  await occupyRoom(ctx.deps, roomId, tenant._id, '2026-01-01');
  const s = await signIn(tenant);
  const body = await multipart({}, [
    { field: 'document', data: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'lease.pdf', type: 'application/pdf' },
  ]);
  const up = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/documents/room/${roomId}`,
    headers: { ...body.headers, cookie: s.cookie },
    payload: body.payload,
  });
  documentId = documentSchema.parse(okData(up, 201))._id;

  instance = await secondInstance(ctx);
  second = instance.app;
});
afterAll(async () => {
  await instance?.close();
  await ctx.close();
});

describe('logout ends the session', () => {
  it('refuses the old access token (Bearer and cookie) on API calls and document files; another device keeps working', async () => {
    const phone = await signIn(tenant);
    const laptop = await signIn(tenant);
    await expectWorking(phone);
    okData(await logout(phone), 200, MSG.loggedOut);
    await expectRefused(phone);
    await expectWorking(laptop);
  });

  it('closes the session’s open event streams at once, and only those', async () => {
    const phone = await signIn(tenant);
    const laptop = await signIn(tenant);
    const phoneStream = await openStream(base, { cookie: phone.cookie });
    const laptopStream = await openStream(base, { bearer: laptop.accessToken });
    await phoneStream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    await laptopStream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    okData(await logout(phone));
    expect(await phoneStream.waitEnded()).toBe(true);
    expect(laptopStream.ended()).toBe(false);
    // The revoked token cannot open a new one either.
    expect((await openStream(base, { cookie: phone.cookie })).res.status).toBe(401);
    laptopStream.close();
  });

  it('is refused on another instance sharing the database, and on one started after the logout', async () => {
    const s = await signIn(tenant, second);
    expect((await me(bearer(s.accessToken), second)).statusCode).toBe(200);
    expect((await me(bearer(s.accessToken))).statusCode).toBe(200);
    okData(await logout(s, second));
    // The notice travels through the database (LISTEN/NOTIFY): a few milliseconds on PostgreSQL.
    const { sessionId } = (await ctx.deps.signer.verify(s.accessToken)) as { sessionId: string };
    for (let i = 0; i < 200 && !ctx.deps.sessions.has(sessionId); i++) await new Promise((r) => setTimeout(r, 5));
    expectError(await me(bearer(s.accessToken)), 'UNAUTHORIZED', MSG.sessionExpired);
    expectError(await me(bearer(s.accessToken), second), 'UNAUTHORIZED', MSG.sessionExpired);
    const third = await buildApp({ config: ctx.config, db: (instance as SecondInstance).db });
    try {
      await third.ready();
      expectError(await me(bearer(s.accessToken), third), 'UNAUTHORIZED', MSG.sessionExpired);
    } finally {
      await third.close();
    }
  });
});

describe('refresh-token reuse ends the session', () => {
  it('refuses the family’s access tokens and closes its streams', async () => {
    const grace = await createTestContext({ refreshReuseGraceMs: 0 });
    try {
      const user = await createTenant(grace.deps);
      const other = await signIn(user, grace.app);
      const s = await signIn(user, grace.app);
      const rotated = await grace.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/refresh-token`,
        headers: { cookie: `refreshToken=${s.refreshToken}` },
      });
      const fresh = okData<{ accessToken: string }>(rotated).accessToken;
      await grace.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(grace.app.server.address() as { port: number }).port}`;
      const stream = await openStream(url, { bearer: fresh });
      await stream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
      // The rotated token comes back: the thief and the owner both lose the login.
      const reuse = await grace.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/refresh-token`,
        headers: { cookie: `refreshToken=${s.refreshToken}` },
      });
      expectError(reuse, 'UNAUTHORIZED', MSG.sessionExpired);
      expect(await stream.waitEnded()).toBe(true);
      for (const token of [s.accessToken, fresh]) expectError(await me(bearer(token), grace.app), 'UNAUTHORIZED', MSG.sessionExpired);
      expect((await me(bearer(other.accessToken), grace.app)).statusCode).toBe(200);
    } finally {
      await grace.close();
    }
  });
});

describe('POST /users/change-password', () => {
  it('changes the password, keeps this session and ends every other one (tokens and streams)', async () => {
    const user = await createOwner(ctx.deps);
    const here = await signIn(user);
    const there = await signIn(user);
    const stream = await openStream(base, { cookie: there.cookie });
    await stream.waitFor((e) => e.some((x) => x.event === 'ready'), 'ready');
    const res = await changePassword(here, { currentPassword: user.password, newPassword: 'Newpass123', confirmPassword: 'Newpass123' });
    okData(res, 200, MSG.passwordChanged);
    expect(await stream.waitEnded()).toBe(true);
    expectError(await me(bearer(there.accessToken)), 'UNAUTHORIZED', MSG.sessionExpired);
    const refreshed = await call(ctx, '/refresh-token', { method: 'POST', headers: { cookie: `refreshToken=${there.refreshToken}` } });
    expectError(refreshed, 'UNAUTHORIZED', MSG.sessionExpired);
    // This session goes on, with its refresh token.
    expect((await me(bearer(here.accessToken))).statusCode).toBe(200);
    const rotated = await call(ctx, '/refresh-token', { method: 'POST', headers: { cookie: `refreshToken=${here.refreshToken}` } });
    expect(rotated.statusCode).toBe(200);
    expectError(await login(ctx, user.email, user.password), 'UNAUTHORIZED', MSG.invalidCredentials);
    okData(await login(ctx, user.email, 'Newpass123'));
  });

  it('refuses a wrong current password, a weak or mismatched new one, and a visitor', async () => {
    const user = await createTenant(ctx.deps);
    const s = await signIn(user);
    const ok = { currentPassword: user.password, newPassword: 'Other1234', confirmPassword: 'Other1234' };
    expectError(
      await changePassword(s, { ...ok, currentPassword: 'Wrong1234' }),
      'BAD_REQUEST',
      MSG.currentPasswordWrong,
      'currentPassword',
    );
    expectError(
      await changePassword(s, { ...ok, newPassword: 'short', confirmPassword: 'short' }),
      'BAD_REQUEST',
      MSG.passwordFormat,
      'newPassword',
    );
    expectError(
      await changePassword(s, { ...ok, confirmPassword: 'Other12345' }),
      'BAD_REQUEST',
      MSG.passwordsDoNotMatch,
      'confirmPassword',
    );
    expectError(await changePassword(s, { ...ok, currentPassword: '' }), 'BAD_REQUEST', MSG.passwordRequired, 'currentPassword');
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/change-password`,
      headers: { cookie: s.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"currentPassword":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, statusCode: 400 });
    const visitor = await call(ctx, '/change-password', { method: 'POST', headers: { origin: TEST_ORIGIN }, payload: ok });
    expectError(visitor, 'UNAUTHORIZED', MSG.unauthorized);
    // Nothing changed, and the session still works.
    okData(await login(ctx, user.email, user.password));
    expect((await me(bearer(s.accessToken))).statusCode).toBe(200);
  });

  it('limits guesses of the current password to 10 a minute per account, not per address', async () => {
    const [a, b] = [await createTenant(ctx.deps), await createTenant(ctx.deps)];
    const [sa, sb] = [await signIn(a), await signIn(b)];
    const wrong = { currentPassword: 'Wrong1234', newPassword: 'Other1234', confirmPassword: 'Other1234' };
    for (let i = 0; i < 10; i++) expect((await changePassword(sa, wrong)).statusCode).toBe(400);
    expectError(await changePassword(sa, { ...wrong, currentPassword: a.password }), 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
    expectError(await changePassword(sb, wrong), 'BAD_REQUEST', MSG.currentPasswordWrong, 'currentPassword');
  });
});
