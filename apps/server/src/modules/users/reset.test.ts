import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, passwordResetTokens, refreshTokens } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { createOwner, createTenant } from '../../seed/factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { deliverDue, MAX_ATTEMPTS, unsealData, unsubscribeSignature } from '../outbox/index.js';
import { forgotPasswordsSettled, holdForgotPasswords, RESETS_PER_ACCOUNT_PER_HOUR } from './reset.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/users/${url}`, payload, headers });

/** The reset link of the latest reset email to `email`, from the development mailbox. */
async function linkFor(email: string): Promise<string> {
  await forgotPasswordsSettled();
  await deliverDue(ctx.deps);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
  expect(res.statusCode).toBe(200);
  const mail = (res.json().data as { to: string; subject: string; text: string }[]).find(
    (m) => m.to === email && m.subject === 'Reset your Kiraya password',
  );
  expect(mail).toBeDefined();
  const m = mail?.text.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/);
  expect(m).not.toBeNull();
  return m?.[1] as string;
}

const login = (email: string, password: string) => post('login', { email, password });

describe('password reset', () => {
  it('answers the same 200 for an unknown address and sends nothing', async () => {
    await forgotPasswordsSettled();
    const before = await ctx.deps.db.select().from(outboxMessages);
    const res = await post('forgot-password', { email: 'nobody-here@example.test' });
    const known = await createTenant(ctx.deps);
    const res2 = await post('forgot-password', { email: known.email });
    await forgotPasswordsSettled();
    expect(res.statusCode).toBe(200);
    expect(res2.statusCode).toBe(200);
    expect(res.json().message).toBe(res2.json().message);
    expect(res.json().data).toEqual(res2.json().data);
    const after = await ctx.deps.db.select().from(outboxMessages);
    expect(after.length - before.length).toBe(1);
  });

  it('answers before doing the work, so an unknown address answers as a known one (ADR 043)', async () => {
    await forgotPasswordsSettled();
    const known = await createTenant(ctx.deps);
    // The work is held back (as if slow): the answer does not wait for it.
    const release = holdForgotPasswords();
    const res = await post('forgot-password', { email: known.email });
    expect(res.statusCode).toBe(200);
    // Answered: the token and the email come after (queued), for a known address as for an unknown one.
    expect(await ctx.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, known._id))).toHaveLength(0);
    release();
    await forgotPasswordsSettled();
    expect(await ctx.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, known._id))).toHaveLength(1);
  });

  it('keeps no readable token in an unsent row, and none at all once it failed for good (ADR 043)', async () => {
    await forgotPasswordsSettled();
    const known = await createTenant(ctx.deps);
    await post('forgot-password', { email: known.email });
    await forgotPasswordsSettled();
    const row = async () =>
      (
        await ctx.deps.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.userId, known._id), eq(outboxMessages.template, 'passwordReset')))
      )[0];
    const pending = await row();
    expect(pending?.status).toBe('pending');
    expect(pending?.data.token).toBeUndefined();
    expect(typeof pending?.data.sealed).toBe('string');
    const token = unsealData(pending?.data, ctx.deps.crypto).token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(pending)).not.toContain(token);
    const down = { kind: 'smtp' as const, send: async () => Promise.reject(new Error('SMTP is down')) };
    let now = Date.now();
    for (let i = 0; i <= MAX_ATTEMPTS; i++) {
      now += 24 * 3_600_000;
      await deliverDue(ctx.deps, { transport: down, now: new Date(now) });
    }
    const failed = await row();
    expect(failed?.status).toBe('failed');
    expect(failed?.data).toEqual({});
  });

  it('resets with the emailed token: old sessions end, nobody is signed in, the token works once, a changed-password email', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    await post('forgot-password', { email: user.email });
    const token = await linkFor(user.email);
    // Only the hash is stored.
    const rows = await ctx.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const res = await post('reset-password', { token, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toHaveLength(0);
    const fams = await ctx.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id));
    expect(fams.every((f) => f.revokedAt !== null)).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/get-current-user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).not.toBe(200);
    expect((await login(user.email, 'NewPass123')).statusCode).toBe(200);

    const again = await post('reset-password', { token, password: 'Other1234', confirmPassword: 'Other1234' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('invalid or has expired');

    await deliverDue(ctx.deps);
    const box = (await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).json().data as { to: string; subject: string }[];
    expect(box.some((m) => m.to === user.email && m.subject === 'Your Kiraya password was changed')).toBe(true);
  });

  it('refuses a wrong token, an expired one, and the sign-up password rules', async () => {
    const user = await createOwner(ctx.deps);
    const wrong = await post('reset-password', { token: 'x'.repeat(43), password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(wrong.statusCode).toBe(400);
    await post('forgot-password', { email: user.email });
    const token = await linkFor(user.email);
    const weak = await post('reset-password', { token, password: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    const mismatch = await post('reset-password', { token, password: 'NewPass123', confirmPassword: 'NewPass124' });
    expect(mismatch.statusCode).toBe(400);
    await ctx.deps.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const expired = await post('reset-password', { token, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(expired.statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it(`sends an account at most ${RESETS_PER_ACCOUNT_PER_HOUR} reset emails an hour, still answering 200`, async () => {
    const user = await createTenant(ctx.deps);
    for (let i = 0; i < RESETS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      expect((await post('forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    await forgotPasswordsSettled();
    const rows = await ctx.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
    expect(rows).toHaveLength(RESETS_PER_ACCOUNT_PER_HOUR);
  });
});

describe('rate limits per network and per address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      rateLimits: { signupsPerHour: 1000, failedLoginsPerMinute: 1000, loginsPerIpPerMinute: 1000, resetsPer15Minutes: 3 },
    });
  });
  afterAll(async () => limited?.close());

  it('answers 429 after the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/users/forgot-password',
        payload: { email: `a${i}@example.test` },
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes.slice(3)).toEqual([429, 429]);
    // Per address, from other networks.
    const same: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/users/forgot-password',
        payload: { email: 'same@example.test' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      same.push(r.statusCode);
    }
    expect(same).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('email settings and unsubscribe', () => {
  it('reads and changes categories; a signed link turns off only its user and category, signed out', async () => {
    const { user, cookie } = await signedIn(ctx, 'tenant');
    const other = await createTenant(ctx.deps);
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/v1/users/email-settings', headers: { cookie } });
    // Every category on but the daily summary, which is off until switched on (ADR 036).
    expect((await get()).json().data).toEqual({ reminders: true, payments: true, messages: true, invitations: true, summaries: false });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/email-settings',
      headers: { cookie },
      payload: { summaries: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.summaries).toBe(true);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/email-settings',
      headers: { cookie },
      payload: { summaries: false },
    });
    expect(off.json().data.summaries).toBe(false);

    const sig = unsubscribeSignature(ctx.config, user._id, 'reminders');
    const unsub = (u: string, c: string, s: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/users/unsubscribe?u=${u}&c=${c}&s=${s}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // Forged, another user's, another category's.
    expect((await unsub(user._id, 'reminders', 'A'.repeat(43))).statusCode).toBe(400);
    expect((await unsub(other._id, 'reminders', sig)).statusCode).toBe(400);
    expect((await unsub(user._id, 'payments', sig)).statusCode).toBe(400);
    const ok = await unsub(user._id, 'reminders', sig);
    expect(ok.statusCode).toBe(200);
    expect((await get()).json().data).toEqual({ reminders: false, payments: true, messages: true, invitations: true, summaries: false });
  });

  it('keeps the development mailbox to development: 404 with SMTP configured or in production', async () => {
    const prod = await createTestContext({ isProduction: true });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    // SMTP and an SMS provider configured: nothing is kept for a mailbox.
    const smtp = await createTestContext({
      mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'x <x@x.test>', outboxIntervalMs: 0 },
      sms: { provider: 'msg91', msg91: { authKey: 'k'.repeat(10), templateId: 't', apiUrl: 'http://127.0.0.1:1/flow' } },
    });
    try {
      expect((await smtp.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
