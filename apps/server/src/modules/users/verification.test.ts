import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MSG,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_CODES_PER_15_MINUTES,
  PHONE_CODES_PER_DAY,
  VERIFY_EMAIL_HOURS,
  VERIFY_EMAILS_PER_HOUR,
} from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens, outboxMessages, phoneCodes, users } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { createOwner, createTenant } from '../../seed/factories.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, okData, signupBody } from '../../test/support.js';
import { loggerOptions } from '../../lib/logger.js';
import { deliverDue, msg91Transport, unsealData } from '../outbox/index.js';
import { confirmPhoneCode, hashPhoneCode, resendVerification, sendPhoneCode, verifyEmail } from './verification.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (url: string, payload?: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/users/${url}`, payload, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) =>
  okData<{ email: string; emailVerified: boolean; pendingEmail: string | null; phoneVerified: boolean; phoneNumber: string }>(
    await ctx.app.inject({ method: 'GET', url: '/api/v1/users/get-current-user', headers: { cookie } }),
  );
type Mail = { channel: 'email' | 'sms'; to: string; subject: string; text: string };
async function mailbox(): Promise<Mail[]> {
  await deliverDue(ctx.deps);
  return okData<Mail[]>(await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' }));
}
/** The token of the newest verification link sent to `email`. */
async function linkFor(email: string): Promise<string> {
  const mail = (await mailbox()).find(
    (m) => m.channel === 'email' && m.to === email && m.subject === 'Verify your email address for Kiraya',
  );
  const m = mail?.text.match(/http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no verification link for ${email}`);
  return m[1] as string;
}
/** The code of the newest SMS to `phone`. */
async function codeFor(phone: string): Promise<string> {
  const sms = (await mailbox()).find((m) => m.channel === 'sms' && m.to === phone);
  const m = sms?.text.match(/^(\d{6}) is your Kiraya verification code/);
  if (!m) throw new Error(`no SMS to ${phone}`);
  return m[1] as string;
}
const signIn = async (email: string, password: string) => {
  const res = await post('login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
};

describe('email verification', () => {
  it('sign-up sends a single-use link (only its hash kept); the account works at once and the link verifies it', async () => {
    const body = signupBody();
    okData(await post('register', body), 201);
    const cookie = await signIn(body.email.toLowerCase(), body.password);
    expect(await me(cookie)).toMatchObject({ emailVerified: false, pendingEmail: null });
    const token = await linkFor(body.email.toLowerCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    const rows = await ctx.deps.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, u?.id as string));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    // A security email: no unsubscribe header or category.
    const [queued] = await ctx.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.eventKey, `verify-email:${rows[0]?.id}`));
    expect(queued?.category).toBeNull();
    // The link's token is not readable in the unsent row (nor in a backup): sealed under DATA_KEY (ADR 043).
    expect(JSON.stringify(queued?.data)).not.toContain(token);
    expect(unsealData(queued?.data, ctx.deps.crypto).token).toBe(token);

    expect(okData(await post('verify-email', { token }), 200, MSG.emailVerified)).toEqual({ email: body.email.toLowerCase() });
    expect(await me(cookie)).toMatchObject({ emailVerified: true });
    // Used once.
    expectError(await post('verify-email', { token }), 'BAD_REQUEST', MSG.verifyTokenInvalid, 'token');
  });

  it('refuses a wrong, an empty and an expired link', async () => {
    expectError(await post('verify-email', { token: 'x'.repeat(43) }), 'BAD_REQUEST', MSG.verifyTokenInvalid, 'token');
    expectError(await post('verify-email', { token: '' }), 'BAD_REQUEST', MSG.verifyTokenRequired, 'token');
    const body = signupBody();
    okData(await post('register', body), 201);
    const token = await linkFor(body.email.toLowerCase());
    const later = new Date(Date.now() + VERIFY_EMAIL_HOURS * 3_600_000 + 1000);
    await expect(verifyEmail(ctx.deps, token, later)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MSG.verifyTokenInvalid });
    // Still good within its 48 hours.
    await expect(verifyEmail(ctx.deps, token, new Date(Date.now() + 47 * 3_600_000))).resolves.toMatchObject({
      email: body.email.toLowerCase(),
    });
  });

  it(`resends to the address waiting, at most ${VERIFY_EMAILS_PER_HOUR} links an hour (sign-up's own included); none once verified`, async () => {
    const body = signupBody();
    okData(await post('register', body), 201);
    const cookie = await signIn(body.email.toLowerCase(), body.password);
    for (let i = 1; i < VERIFY_EMAILS_PER_HOUR; i++) {
      okData(await post('resend-verification-email', {}, cookie), 200, MSG.verifyEmailSent(body.email.toLowerCase()));
    }
    expectError(await post('resend-verification-email', {}, cookie), 'TOO_MANY_REQUESTS', MSG.tooManyVerifyEmails);
    // An hour on, the count starts again (counted in the database, so it holds on every instance).
    const [u] = await ctx.deps.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    await expect(resendVerification(ctx.deps, u?.id as string, new Date(Date.now() + 3_600_000 + 1000))).resolves.toBe(
      body.email.toLowerCase(),
    );
    const { cookie: verified } = await signedIn(ctx, 'tenant');
    expectError(await post('resend-verification-email', {}, verified), 'BAD_REQUEST', MSG.emailAlreadyVerified);
  });

  it('a new email in Profile waits for its link to the new address, then replaces the old one, which is told', async () => {
    const { user, cookie } = await signedIn(ctx, 'owner');
    const profile = {
      fullName: user.fullName,
      phoneNumber: user.phoneNumber,
      aadharCardNumber: user.aadharCardNumber,
      address: user.address,
    };
    const next = `new.${user.email}`;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/update-account-details',
      headers: { cookie },
      payload: { ...profile, email: next },
    });
    expect(okData(updated)).toMatchObject({ email: user.email, pendingEmail: next, emailVerified: true });
    // The same pending address again sends no second link; the old address signs in until then.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/update-account-details',
      headers: { cookie },
      payload: { ...profile, email: next },
    });
    expect((await ctx.deps.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user._id))).length).toBe(1);
    const token = await linkFor(next);
    okData(await post('verify-email', { token }), 200, MSG.emailVerified);
    expect(await me(cookie)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    await signIn(next, user.password);
    const changed = (await mailbox()).find((m) => m.to === user.email && m.subject === 'Your Kiraya email address was changed');
    expect(changed?.text).toContain(next);
  });

  it('giving the current address again cancels a pending change; a link for an address no longer waited for is refused', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const profile = {
      fullName: user.fullName,
      phoneNumber: user.phoneNumber,
      aadharCardNumber: user.aadharCardNumber,
      address: user.address,
    };
    const put = (email: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/users/update-account-details', headers: { cookie }, payload: { ...profile, email } });
    okData(await put(`other.${user.email}`));
    const token = await linkFor(`other.${user.email}`);
    expect(okData(await put(user.email))).toMatchObject({ email: user.email, pendingEmail: null });
    expectError(await post('verify-email', { token }), 'BAD_REQUEST', MSG.verifyTokenInvalid, 'token');
    expect(await me(cookie)).toMatchObject({ email: user.email });
  });

  it('checks the new address is free again when the link is opened (taken meanwhile: 409, nothing changes)', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const profile = {
      fullName: user.fullName,
      phoneNumber: user.phoneNumber,
      aadharCardNumber: user.aadharCardNumber,
      address: user.address,
    };
    const wanted = `wanted.${user.email}`;
    okData(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update-account-details',
        headers: { cookie },
        payload: { ...profile, email: wanted },
      }),
    );
    const token = await linkFor(wanted);
    // Taken when asked for: refused at once.
    const other = await createTenant(ctx.deps);
    expectError(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update-account-details',
        headers: { cookie },
        payload: { ...profile, email: other.email },
      }),
      'CONFLICT',
      MSG.emailTaken,
      'email',
    );
    // Taken between asking and opening the link.
    await createTenant(ctx.deps, { email: wanted });
    expectError(await post('verify-email', { token }), 'CONFLICT', MSG.emailTaken, 'email');
    expect(await me(cookie)).toMatchObject({ email: user.email });
  });
});

describe('phone codes', () => {
  it('texts a 6-digit code through the outbox (the database keeps only its keyed hash) and the code verifies the phone', async () => {
    const { user, cookie } = await signedIn(ctx, 'owner');
    const sent = okData<{ maskedPhone: string; expiresAt: string }>(await post('phone/send-code', {}, cookie));
    expect(sent.maskedPhone).not.toContain(user.phoneNumber.slice(-10, -4));
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeGreaterThan((PHONE_CODE_MINUTES - 1) * 60_000);
    const code = await codeFor(user.phoneNumber);
    const [row] = await ctx.deps.db.select().from(phoneCodes).where(eq(phoneCodes.userId, user._id));
    if (!row) throw new Error('no code row');
    expect(row.codeHash).toBe(hashPhoneCode(ctx.deps.config, row.id, user.phoneNumber, code));
    expect(JSON.stringify(row)).not.toContain(code);
    const confirmed = okData<{ phoneVerified: boolean }>(await post('phone/confirm-code', { code }, cookie), 200, MSG.phoneVerified);
    expect(confirmed.phoneVerified).toBe(true);
    expectError(await post('phone/confirm-code', { code }, cookie), 'BAD_REQUEST', MSG.phoneAlreadyVerified);
    expectError(await post('phone/send-code', {}, cookie), 'BAD_REQUEST', MSG.phoneAlreadyVerified);
  });

  it(`gives ${PHONE_CODE_TRIES} tries; then even the right code is dead`, async () => {
    const { user, cookie } = await signedIn(ctx, 'owner');
    okData(await post('phone/send-code', {}, cookie));
    const code = await codeFor(user.phoneNumber);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let left = PHONE_CODE_TRIES - 1; left > 0; left--) {
      expectError(await post('phone/confirm-code', { code: wrong }, cookie), 'BAD_REQUEST', MSG.phoneCodeWrong(left), 'code');
    }
    expectError(await post('phone/confirm-code', { code: wrong }, cookie), 'BAD_REQUEST', MSG.phoneCodeExpired, 'code');
    expectError(await post('phone/confirm-code', { code }, cookie), 'BAD_REQUEST', MSG.phoneCodeExpired, 'code');
    expect(await me(cookie)).toMatchObject({ phoneVerified: false });
  });

  it('a code expires after 10 minutes; a new code replaces the one before; none asked for is said so', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    expectError(await post('phone/confirm-code', { code: '123456' }, cookie), 'BAD_REQUEST', MSG.phoneCodeNone, 'code');
    okData(await post('phone/send-code', {}, cookie));
    const first = await codeFor(user.phoneNumber);
    await expect(
      confirmPhoneCode(ctx.deps, user._id, first, new Date(Date.now() + PHONE_CODE_MINUTES * 60_000 + 1000)),
    ).rejects.toMatchObject({
      message: MSG.phoneCodeExpired,
    });
    okData(await post('phone/send-code', {}, cookie));
    const second = await codeFor(user.phoneNumber);
    if (first !== second)
      expectError(
        await post('phone/confirm-code', { code: first }, cookie),
        'BAD_REQUEST',
        MSG.phoneCodeWrong(PHONE_CODE_TRIES - 1),
        'code',
      );
    okData(await post('phone/confirm-code', { code: second }, cookie), 200, MSG.phoneVerified);
  });

  it(`is limited to ${PHONE_CODES_PER_15_MINUTES} codes per 15 minutes and ${PHONE_CODES_PER_DAY} a day, per account and per number`, async () => {
    const owner = await createOwner(ctx.deps);
    const t0 = Date.now();
    for (let i = 0; i < PHONE_CODES_PER_15_MINUTES; i++) await sendPhoneCode(ctx.deps, owner._id, new Date(t0 + i * 1000));
    await expect(sendPhoneCode(ctx.deps, owner._id, new Date(t0 + 5000))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: MSG.tooManyPhoneCodes,
    });
    // Each quarter of an hour allows three more, until ten in a day.
    let sent = PHONE_CODES_PER_15_MINUTES;
    for (let q = 1; sent < PHONE_CODES_PER_DAY; q++) {
      for (let i = 0; i < PHONE_CODES_PER_15_MINUTES && sent < PHONE_CODES_PER_DAY; i++, sent++) {
        await sendPhoneCode(ctx.deps, owner._id, new Date(t0 + q * 16 * 60_000 + i * 1000));
      }
    }
    await expect(sendPhoneCode(ctx.deps, owner._id, new Date(t0 + 5 * 3_600_000))).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await sendPhoneCode(ctx.deps, owner._id, new Date(t0 + 25 * 3_600_000));
    // Per number: another account given this number (after the first let it go) shares its count.
    const other = await createTenant(ctx.deps);
    const fresh = await createTenant(ctx.deps);
    const t1 = t0 + 26 * 3_600_000;
    await sendPhoneCode(ctx.deps, other._id, new Date(t1));
    await sendPhoneCode(ctx.deps, other._id, new Date(t1 + 1000));
    await ctx.deps.db.update(users).set({ phoneNumber: '+910000000001' }).where(eq(users.id, other._id));
    await ctx.deps.db.update(users).set({ phoneNumber: other.phoneNumber }).where(eq(users.id, fresh._id));
    await sendPhoneCode(ctx.deps, fresh._id, new Date(t1 + 2000));
    await expect(sendPhoneCode(ctx.deps, fresh._id, new Date(t1 + 3000))).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('changing the phone number in Profile clears its verification', async () => {
    const owner = await createOwner(ctx.deps, {}, { phone: true });
    const cookie = await signIn(owner.email, owner.password);
    expect(await me(cookie)).toMatchObject({ phoneVerified: true });
    const profile = { fullName: owner.fullName, email: owner.email, aadharCardNumber: owner.aadharCardNumber, address: owner.address };
    const put = (phoneNumber: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update-account-details',
        headers: { cookie },
        payload: { ...profile, phoneNumber },
      });
    // The same number (written differently) keeps it.
    expect(okData(await put(`+91 ${owner.phoneNumber.slice(3)}`))).toMatchObject({ phoneVerified: true });
    expect(okData(await put('9123456780'))).toMatchObject({ phoneVerified: false, phoneNumber: '+919123456780' });
  });

  it('never logs a code: not the request, not its answer, not a failed send', async () => {
    const lines: string[] = [];
    const logged = await createTestContext(
      {},
      { logger: { ...loggerOptions('debug'), stream: { write: (line: string) => void lines.push(line) } } },
    );
    try {
      const { user, cookie } = await signedIn(logged, 'owner');
      okData(await logged.app.inject({ method: 'POST', url: '/api/v1/users/phone/send-code', headers: { cookie } }));
      const [queued] = await logged.deps.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user._id));
      const code = unsealData(queued?.data, logged.deps.crypto).code as string;
      // A provider that refuses: the worker's record of the failure carries no code.
      const refusing = {
        kind: 'msg91' as const,
        send: async () => Promise.reject(new Error(`MSG91 answered 400: bad ${code.replace(/\d{4,}/g, '…')}`)),
      };
      await deliverDue(logged.deps, { sms: refusing, log: logged.app.log });
      okData(await logged.app.inject({ method: 'POST', url: '/api/v1/users/phone/confirm-code', headers: { cookie }, payload: { code } }));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      await logged.close();
    }
  });

  it('in production without an SMS provider a code cannot be sent: 503 SMS_OFF', async () => {
    const prod = await createTestContext({ isProduction: true });
    try {
      const { cookie } = await signedIn(prod, 'owner');
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/users/phone/send-code',
        headers: { cookie, origin: prod.deps.config.publicUrl },
      });
      expectError(res, 'SMS_OFF', MSG.smsOff);
    } finally {
      await prod.close();
    }
  });

  it("sends through MSG91's Flow API (template, number without +, the code as ##otp##) and keeps no code once sent", async () => {
    const got: { headers: IncomingMessage['headers']; body: unknown }[] = [];
    let answer = { status: 200, body: { type: 'success', message: '3763646c3058313233343536' } };
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        got.push({ headers: req.headers, body: JSON.parse(data) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5/flow`;
    const real = await createTestContext({ sms: { provider: 'msg91', msg91: { authKey: 'auth-key-123', templateId: 'tmpl-1', apiUrl } } });
    try {
      const { user, cookie } = await signedIn(real, 'owner');
      okData(await real.app.inject({ method: 'POST', url: '/api/v1/users/phone/send-code', headers: { cookie } }));
      const [queued] = await real.deps.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'sms'));
      const code = unsealData(queued?.data, real.deps.crypto).code as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(await deliverDue(real.deps)).toMatchObject({ sent: 1 });
      expect(got).toHaveLength(1);
      expect(got[0]?.headers.authkey).toBe('auth-key-123');
      expect(got[0]?.body).toEqual({
        template_id: 'tmpl-1',
        short_url: '0',
        recipients: [{ mobiles: user.phoneNumber.slice(1), otp: code }],
      });
      const [sent] = await real.deps.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.id, queued?.id as string));
      expect(sent?.status).toBe('sent');
      expect(JSON.stringify(sent)).not.toContain(code);
      // The development mailbox is off for SMS with a provider.
      const box = await real.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
      expect((box.json().data as Mail[]).some((m) => m.channel === 'sms')).toBe(false);
      okData(await real.app.inject({ method: 'POST', url: '/api/v1/users/phone/confirm-code', headers: { cookie }, payload: { code } }));
      // A refusal is an error the outbox retries, with no code in it.
      answer = { status: 401, body: { type: 'error', message: `Authentication failure for 123456` } };
      await expect(
        msg91Transport({ authKey: 'k', templateId: 't', apiUrl }).send({ to: '+919876543210', text: 'x', vars: { otp: '123456' } }),
      ).rejects.toThrow(/^MSG91 answered 401: Authentication failure for …$/);
    } finally {
      await real.close();
      server.close();
    }
  });
});

describe('verified owners on listings', () => {
  it('a listing says whether its owner verified phone and email (never the phone), and the public cache follows', async () => {
    const owner = await createOwner(ctx.deps);
    const property = await createProperty(ctx.deps, owner._id);
    const get = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/properties/${property._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(owner.phoneNumber);
      return res.json().data.owner as { verified: boolean };
    };
    const listed = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties?limit=50' });
      return (res.json().data as { _id: string; owner: { verified: boolean } }[]).find((p) => p._id === property._id)?.owner.verified;
    };
    expect(await get()).toEqual({ _id: owner._id, username: owner.username, verified: false });
    expect(await listed()).toBe(false);
    const cookie = await signIn(owner.email, owner.password);
    okData(await post('phone/send-code', {}, cookie));
    okData(await post('phone/confirm-code', { code: await codeFor(owner.phoneNumber) }, cookie));
    expect((await get()).verified).toBe(true);
    expect(await listed()).toBe(true);
    // A phone verified without the email is not enough; a direct change (another instance, a script) drops the cache too.
    await ctx.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner._id));
    await new Promise((r) => setTimeout(r, 50));
    expect((await get()).verified).toBe(false);
    // The server-rendered pages: plugins/render.test.ts.
  });
});
