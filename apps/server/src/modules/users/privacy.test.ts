import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.js';
import { createOwner, fakeAadhaar } from '../../seed/factories.js';
import { MSG } from '@kiraya/contract';
import { type TestContext, TEST_ORIGIN, cookieHeader, createTestContext, signedIn } from '../../test/harness.js';
import { toUser } from './service.js';
import { call, okData, register, signupBody } from '../../test/support.js';

/** B9 and the architecture's promise: no answer carries a secret, and an Aadhaar number goes only to its holder. */

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'confirmPassword',
  'tokenHash',
  'aadhaarCipher',
  'aadhaarHash',
  'aadhaarLast4',
  'familyId',
];

function keysOf(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('answers of the /users endpoints', () => {
  const answers: { name: string; res: LightMyRequestResponse; to: 'holder' | 'other' | 'anyone' }[] = [];
  let holder: ReturnType<typeof signupBody>;
  let secrets: string[] = [];

  beforeAll(async () => {
    holder = signupBody({ password: 'Hunter2secret', confirmPassword: 'Hunter2secret' });
    const hold = (name: string, res: LightMyRequestResponse, to: 'holder' | 'other' | 'anyone') => {
      answers.push({ name, res, to });
      return res;
    };

    const reg = hold('register', await register(ctx, holder), 'holder');
    const holderId = (reg.json().data as { _id: string })._id;
    const log = hold(
      'login',
      await call(ctx, '/login', { method: 'POST', payload: { email: holder.email, password: holder.password } }),
      'holder',
    );
    const cookie = cookieHeader(log);
    hold('get-current-user', await call(ctx, '/get-current-user', { headers: { cookie } }), 'holder');
    const { role: _r, username: _u, password: _p, confirmPassword: _c, ...profile } = holder;
    hold(
      'update-account-details',
      await call(ctx, '/update-account-details', { method: 'PUT', payload: profile, headers: { cookie } }),
      'holder',
    );
    const ref = hold('refresh-token', await call(ctx, '/refresh-token', { method: 'POST', headers: { cookie } }), 'holder');

    // Another person, an owner, looks the holder up.
    const owner = await createOwner(ctx.deps);
    const ownerLogin = await call(ctx, '/login', { method: 'POST', payload: { email: owner.email, password: owner.password } });
    const ownerCookie = cookieHeader(ownerLogin);
    for (const query of [holder.username, holder.email, holder.phoneNumber]) {
      const res = hold(`search ${query}`, await call(ctx, '/search', { query: { query }, headers: { cookie: ownerCookie } }), 'other');
      expect(okData<{ _id: string }[]>(res).map((h) => h._id)).toEqual([holderId]);
    }
    hold('check-username', await call(ctx, '/check-username', { query: { username: holder.username } }), 'anyone');
    // Failures too: a duplicate sign-up, a wrong password, a bad refresh.
    hold('register 409', await register(ctx, signupBody({ email: holder.email })), 'other');
    hold('login 401', await call(ctx, '/login', { method: 'POST', payload: { email: holder.email, password: 'Wrong1234' } }), 'anyone');
    hold('refresh 401', await call(ctx, '/refresh-token', { method: 'POST', headers: { cookie: 'refreshToken=nope' } }), 'anyone');
    hold('logout', await call(ctx, '/logout', { method: 'POST', headers: { cookie: cookieHeader(ref) } }), 'holder');

    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, holderId));
    const tokens = await ctx.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, holderId));
    if (!row) throw new Error('row missing');
    secrets = [holder.password, row.passwordHash, row.aadhaarCipher, row.aadhaarHash, ...tokens.map((t) => t.tokenHash)];
  });

  it('were all collected', () => {
    expect(answers.length).toBeGreaterThanOrEqual(12);
    expect(answers.every((a) => a.res.statusCode < 500)).toBe(true);
  });

  it('carry none of the secret fields', () => {
    for (const { name, res } of answers) {
      const keys = keysOf(res.json());
      for (const k of SECRET_KEYS) expect(keys.has(k), `${name} has ${k}`).toBe(false);
    }
  });

  it('never contain the password, its hash, the Aadhaar ciphertext or hash, or a stored token hash', () => {
    for (const { name, res } of answers) for (const s of secrets) expect(res.body.includes(s), `${name} leaks a secret`).toBe(false);
  });

  it('never show the full Aadhaar number, to its holder neither: masked as XXXX XXXX 1234 (ADR 043)', () => {
    const full = holder.aadharCardNumber;
    for (const { name, res } of answers) expect(res.body.includes(full), `${name} shows the Aadhaar in full`).toBe(false);
    const holderViews = answers.filter((a) => a.to === 'holder' && a.res.json().data?.aadharCardNumber !== undefined);
    expect(holderViews.length).toBeGreaterThan(0);
    for (const { res } of holderViews) expect(res.json().data.aadharCardNumber).toBe(`XXXX XXXX ${full.slice(-4)}`);
  });
});

describe('toUser', () => {
  it('masks the Aadhaar number for every viewer, its holder too, as XXXX XXXX 1234 (ADR 043)', async () => {
    const aadhaar = fakeAadhaar();
    const owner = await createOwner(ctx.deps, { aadharCardNumber: aadhaar });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, owner._id));
    if (!row) throw new Error('row missing');
    const masked = `XXXX XXXX ${aadhaar.slice(-4)}`;
    expect(toUser(ctx.deps, row, owner._id).aadharCardNumber).toBe(masked);
    expect(toUser(ctx.deps, row, 'someone-else').aadharCardNumber).toBe(masked);
    expect(toUser(ctx.deps, row, null).aadharCardNumber).toBe(masked);
    const seen = JSON.stringify(toUser(ctx.deps, row, null));
    expect(seen).not.toContain(aadhaar);
    for (const k of SECRET_KEYS) expect(keysOf(toUser(ctx.deps, row, owner._id)).has(k)).toBe(false);
  });
});

describe('storage', () => {
  it('keeps the Aadhaar encrypted (fresh IV each time) and the password as argon2id', async () => {
    const aadhaar = fakeAadhaar();
    const owner = await createOwner(ctx.deps, { aadharCardNumber: aadhaar });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, owner._id));
    if (!row) throw new Error('row missing');
    expect(row.aadhaarCipher).not.toMatch(/\d{12}/);
    expect(row.aadhaarCipher).not.toContain(aadhaar);
    // argon2id; its production cost is pinned in lib/passwords.test.ts (this process hashes cheaply, ADR 040).
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
    // Same number, same key: the ciphertext differs (random IV), the lookup hash does not.
    expect(ctx.deps.crypto.encrypt(aadhaar)).not.toBe(row.aadhaarCipher);
    expect(ctx.deps.crypto.lookupHash(aadhaar)).toBe(row.aadhaarHash);
  });

  it('refuses a ciphertext that was tampered with', () => {
    const c = ctx.deps.crypto.encrypt('234567890124');
    const parts = c.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => ctx.deps.crypto.decrypt(tampered)).toThrow();
    expect(() => ctx.deps.crypto.decrypt('plain-text')).toThrow('Unknown ciphertext format');
  });
});

it('keeps the sign-up password out of the database in any readable form', async () => {
  const body = signupBody({ password: 'Visible123', confirmPassword: 'Visible123' });
  const user = okData<{ _id: string }>(await register(ctx, body), 201);
  const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
  expect(JSON.stringify(row)).not.toContain('Visible123');
});

describe('PAN and Aadhaar in full only behind the password (ADR 043)', () => {
  it('masks the owner PAN in get-current-user, keeps it when sent back masked, and shows both numbers after the password', async () => {
    const { user, cookie } = await signedIn(ctx, 'owner');
    const [stored] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
    const aadhaar = ctx.deps.crypto.decrypt(stored?.aadhaarCipher ?? '');
    expect(user.aadharCardNumber).toBe(`XXXX XXXX ${aadhaar.slice(-4)}`);
    const headers = { cookie, origin: TEST_ORIGIN };
    const me = async () => (await call(ctx, '/get-current-user', { headers: { cookie } })).json().data;
    const profile = { ...(await me()), pan: 'ABCDE1234F' };
    const {
      _id,
      role: _r,
      username: _u,
      incomingRequests: _i,
      createdAt: _c,
      emailVerified: _e,
      pendingEmail: _p,
      phoneVerified: _v,
      ...body
    } = profile;
    expect((await call(ctx, '/update-account-details', { method: 'PUT', headers, payload: body })).statusCode).toBe(200);
    const now = await me();
    expect(now.pan).toBe('XXXXXX234F');
    expect(now.aadharCardNumber).toBe(`XXXX XXXX ${aadhaar.slice(-4)}`);
    expect(JSON.stringify(now)).not.toContain('ABCDE1234F');
    // Profile sends the masked values back unchanged: the stored numbers stay.
    const again = { ...body, pan: now.pan, aadharCardNumber: now.aadharCardNumber };
    expect((await call(ctx, '/update-account-details', { method: 'PUT', headers, payload: again })).statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
    expect(row && ctx.deps.crypto.decrypt(row.panCipher ?? '')).toBe('ABCDE1234F');
    expect(row && ctx.deps.crypto.decrypt(row.aadhaarCipher)).toBe(aadhaar);
    // A masked number that is not theirs is refused.
    const wrong = await call(ctx, '/update-account-details', {
      method: 'PUT',
      headers,
      payload: { ...again, aadharCardNumber: 'XXXX XXXX 0000' },
    });
    expect(wrong.statusCode).toBe(400);
    // "Show": the password again, then both in full.
    const bad = await call(ctx, '/reveal-identity', { method: 'POST', headers, payload: { currentPassword: 'Wrong1234' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.currentPasswordWrong);
    const shown = await call(ctx, '/reveal-identity', { method: 'POST', headers, payload: { currentPassword: user.password } });
    expect(shown.json()).toMatchObject({
      statusCode: 200,
      data: { aadharCardNumber: aadhaar, pan: 'ABCDE1234F' },
      message: MSG.identityRevealed,
    });
  });
});
