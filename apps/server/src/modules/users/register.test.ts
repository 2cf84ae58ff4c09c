import { MSG, verhoeffComplete } from '@kiraya/contract';
import type { RegisterBody } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTenant, fakeAadhaar } from '../../seed/factories.js';
import { type TestContext, createTestContext } from '../../test/harness.js';
import { uniqueViolation } from '../../lib/errors.js';
import { REAL_LIMITS, call, expectError, okData, register, signupBody } from '../../test/support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /users/register', () => {
  it('creates the account and answers 201 with the user in the envelope', async () => {
    const aadhaar = fakeAadhaar();
    const body = signupBody({
      role: 'owner',
      username: 'Ravi.Kumar_1',
      fullName: '  Ravi   Kumar  ',
      email: 'Ravi.Kumar@Example.COM',
      phoneNumber: '+91 98450 12345',
      aadharCardNumber: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
    });
    const user = okData<Record<string, unknown>>(await register(ctx, body), 201, 'User registered successfully');
    expect(user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      role: 'owner',
      username: 'Ravi.Kumar_1',
      fullName: 'Ravi Kumar',
      email: 'ravi.kumar@example.com',
      phoneNumber: '+919845012345',
      // Masked in every answer, the holder's own too (ADR 043): in full only behind Profile's "Show".
      aadharCardNumber: `XXXX XXXX ${aadhaar.slice(-4)}`,
      address: body.address,
      // An owner sees their PAN (B18, ADR 019): none until they add it.
      pan: null,
      upiVpa: null,
      // The account works at once; its email waits for the link sign-up sent (ADR 033).
      emailVerified: false,
      pendingEmail: null,
      phoneVerified: false,
      incomingRequests: [],
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(user.createdAt as string))).toBe(false);
  });

  it('stores the Aadhaar number encrypted and the password as an argon2id hash', async () => {
    const body = signupBody();
    const user = okData<{ _id: string }>(await register(ctx, body), 201);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user._id));
    if (!row) throw new Error('row missing');
    const aadhaar = body.aadharCardNumber;
    expect(row.aadhaarCipher).not.toContain(aadhaar);
    expect(row.aadhaarCipher).not.toContain(aadhaar.slice(0, 8));
    expect(row.aadhaarCipher.startsWith('v1.')).toBe(true);
    expect(row.aadhaarHash).not.toContain(aadhaar);
    expect(row.aadhaarLast4).toBe(aadhaar.slice(-4));
    expect(ctx.deps.crypto.decrypt(row.aadhaarCipher)).toBe(aadhaar);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(body.password);
  });

  it('accepts an account of each role', async () => {
    for (const role of ['owner', 'tenant'] as const) {
      const user = okData<{ role: string }>(await register(ctx, signupBody({ role })), 201);
      expect(user.role).toBe(role);
    }
  });

  it('accepts names as people write them (B28)', async () => {
    for (const fullName of ['Om Rao', 'Ravi K', 'R. K. Laxman', "Anil D'Souza", 'राहुल शर्मा']) {
      const user = okData<{ fullName: string }>(await register(ctx, signupBody({ fullName })), 201);
      expect(user.fullName).toBe(fullName);
    }
  });
});

describe('POST /users/register validation (spec 5, B2, B9)', () => {
  const valid = verhoeffComplete('34567890123');
  const wrongCheck = `${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`;
  const cases: [string, Partial<Record<keyof RegisterBody, unknown>>, string, string][] = [
    ['no role', { role: '' }, 'role', 'Please select a role to proceed.'],
    ['an unknown role', { role: 'admin' }, 'role', MSG.roleRequired],
    ['no username', { username: '' }, 'username', 'Username is required.'],
    ['a blank username', { username: '   ' }, 'username', MSG.usernameRequired],
    ['a username with spaces', { username: 'ravi kumar' }, 'username', MSG.usernameFormat],
    ['a 2-character username', { username: 'rk' }, 'username', MSG.usernameFormat],
    ['no full name', { fullName: '' }, 'fullName', 'Full name is required.'],
    ['a full name of one letter', { fullName: 'R' }, 'fullName', MSG.fullNameFormat],
    ['a full name with digits', { fullName: 'Ravi Kumar 2' }, 'fullName', MSG.fullNameFormat],
    ['no email', { email: '' }, 'email', 'Please enter a valid email address.'],
    ['a filled-in invalid email', { email: 'ravi@kumar' }, 'email', MSG.emailFormat],
    ['no phone', { phoneNumber: '' }, 'phoneNumber', 'Please enter a valid phone number with country code or 10 digits.'],
    ['a 9-digit phone', { phoneNumber: '987654321' }, 'phoneNumber', MSG.phoneFormat],
    ['a 5-digit country code', { phoneNumber: '+12345 9876543210' }, 'phoneNumber', MSG.phoneFormat],
    ['letters in the phone', { phoneNumber: '98765abcde' }, 'phoneNumber', MSG.phoneFormat],
    ['no Aadhaar', { aadharCardNumber: '' }, 'aadharCardNumber', 'Aadhar number must be a valid 12-digit number.'],
    ['an 11-digit Aadhaar', { aadharCardNumber: valid.slice(0, 11) }, 'aadharCardNumber', MSG.aadhaarFormat],
    ['an Aadhaar starting with 1', { aadharCardNumber: verhoeffComplete('12345678901') }, 'aadharCardNumber', MSG.aadhaarChecksum],
    ['an Aadhaar with a wrong check digit', { aadharCardNumber: wrongCheck }, 'aadharCardNumber', MSG.aadhaarChecksum],
    ['no address', { address: '' }, 'address', 'Address is required.'],
    ['a short password', { password: 'ab12', confirmPassword: 'ab12' }, 'password', MSG.passwordFormat],
    ['a password without digits', { password: 'abcdefgh', confirmPassword: 'abcdefgh' }, 'password', MSG.passwordFormat],
    ['a password without letters', { password: '12345678', confirmPassword: '12345678' }, 'password', MSG.passwordFormat],
    ['a password of only symbols and digits', { password: '!!1234!!', confirmPassword: '!!1234!!' }, 'password', MSG.passwordFormat],
    ['one of the most common passwords', { password: 'Password@123', confirmPassword: 'Password@123' }, 'password', MSG.passwordTooCommon],
    ['a mismatched confirmation', { password: 'abc12345', confirmPassword: 'abc12346' }, 'confirmPassword', 'Passwords do not match.'],
    ['a number as username', { username: 12345 }, 'username', MSG.usernameRequired],
    ['a number as phone', { phoneNumber: 9876543210 }, 'phoneNumber', MSG.phoneFormat],
    ['an object as email', { email: { $ne: '' } }, 'email', MSG.emailFormat],
    ['an array as password', { password: ['abc123'], confirmPassword: 'abc123' }, 'password', MSG.passwordFormat],
    ['null as address', { address: null }, 'address', MSG.addressRequired],
  ];

  it.each(cases)('answers 400 for %s', async (_name, patch, path, message) => {
    const res = await register(ctx, { ...signupBody(), ...patch });
    expectError(res, 'BAD_REQUEST', message, path);
  });

  it('answers 400 for a missing field', async () => {
    const { aadharCardNumber: _, ...rest } = signupBody();
    expectError(await register(ctx, rest), 'BAD_REQUEST', MSG.aadhaarFormat, 'aadharCardNumber');
  });

  it('lists every invalid field', async () => {
    const res = await register(ctx, { ...signupBody(), username: '', email: 'x', address: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['username', 'email', 'address']));
  });

  it('answers 400 (never 500) for malformed JSON, an empty body, a non-object and a form post', async () => {
    const json = { 'content-type': 'application/json' };
    expectError(
      await call(ctx, '/register', { method: 'POST', payload: '{"role":"owner",', headers: json }),
      'BAD_REQUEST',
      'The request body is not valid JSON.',
    );
    expectError(
      await call(ctx, '/register', { method: 'POST', payload: '', headers: json }),
      'BAD_REQUEST',
      'The request body is empty; send JSON.',
    );
    expectError(await call(ctx, '/register', { method: 'POST', payload: '[]', headers: json }), 'BAD_REQUEST', MSG.invalidInput);
    expectError(await call(ctx, '/register', { method: 'POST', payload: '"owner"', headers: json }), 'BAD_REQUEST', MSG.invalidInput);
    expectError(await call(ctx, '/register', { method: 'POST' }), 'BAD_REQUEST', MSG.invalidInput);
    const form = await call(ctx, '/register', {
      method: 'POST',
      payload: 'role=owner',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ success: false, message: 'This content type is not supported here.' });
  });

  it('accepts a password with symbols, spaces or another script beside a letter and a number (B29)', async () => {
    for (const password of ['Meera@2026pass', 'मेरा घर 2026']) {
      const body = signupBody({ password, confirmPassword: password });
      okData(await register(ctx, body), 201, 'User registered successfully');
      const login = await call(ctx, '/login', { method: 'POST', payload: { email: body.email, password } });
      expect(login.statusCode).toBe(200);
    }
  });

  it('creates nothing when validation fails', async () => {
    const body = signupBody({ confirmPassword: 'different1' });
    await register(ctx, body);
    const rows = await ctx.deps.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /users/register uniqueness (B2): 409 naming the field', () => {
  let existing: Awaited<ReturnType<typeof createTenant>>;
  const aadhaar = verhoeffComplete('45678901234');
  beforeAll(async () => {
    existing = await createTenant(ctx.deps, {
      username: 'Meera_Nair',
      email: 'meera.nair@example.test',
      phoneNumber: '9123456780',
      aadharCardNumber: aadhaar,
    });
  });

  it('refuses a username taken in another case', async () => {
    const res = await register(ctx, signupBody({ username: 'meera_NAIR' }));
    expectError(res, 'CONFLICT', 'Username is already taken. Please choose another.', 'username');
  });

  it('refuses an email taken in another case', async () => {
    expectError(await register(ctx, signupBody({ email: 'Meera.Nair@EXAMPLE.test' })), 'CONFLICT', MSG.emailTaken, 'email');
  });

  it.each([
    '9123456780',
    '+919123456780',
    '+91 91234 56780',
    '091234-56780',
    '(+91) 9123456780',
  ])('refuses the same phone written as %s', async (phoneNumber) => {
    expectError(await register(ctx, signupBody({ phoneNumber })), 'CONFLICT', MSG.phoneTaken, 'phoneNumber');
  });

  it('accepts the same ten digits under another country code', async () => {
    okData(await register(ctx, signupBody({ phoneNumber: '+44 9123456780' })), 201);
  });

  it('refuses an Aadhaar number taken, also when typed with spaces', async () => {
    expectError(await register(ctx, signupBody({ aadharCardNumber: aadhaar })), 'CONFLICT', MSG.aadhaarTaken, 'aadharCardNumber');
    const spaced = `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`;
    expectError(await register(ctx, signupBody({ aadharCardNumber: spaced })), 'CONFLICT', MSG.aadhaarTaken, 'aadharCardNumber');
  });

  it('names the username first when several fields clash', async () => {
    const res = await register(ctx, signupBody({ username: existing.username, email: existing.email, aadharCardNumber: aadhaar }));
    expectError(res, 'CONFLICT', MSG.usernameTaken, 'username');
  });

  it('answers 409 for a race past the check (unique index), naming the field', async () => {
    const body = signupBody();
    const [a, b] = await Promise.all([register(ctx, body), register(ctx, { ...body, username: `${body.username}x` })]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().errors[0].path).toMatch(/^(email|phoneNumber|aadharCardNumber)$/);
  });
});

describe('GET /users/check-username', () => {
  beforeAll(async () => {
    await createTenant(ctx.deps, { username: 'Kavya.Rao' });
  });
  const check = (username?: string) => call(ctx, '/check-username', { query: username === undefined ? {} : { username } });

  it('says a free name is available', async () => {
    expect(okData(await check('kavya.rao2'), 200, 'Username is available.')).toEqual({
      username: 'kavya.rao2',
      available: true,
      message: 'Username is available.',
    });
  });

  it('says a taken name is taken, whatever its case', async () => {
    for (const u of ['Kavya.Rao', 'kavya.rao', 'KAVYA.RAO', '  kavya.rao ']) {
      expect(okData(await check(u), 200, MSG.usernameTaken)).toMatchObject({ available: false, username: u.trim() });
    }
  });

  it('answers the format and required messages without a lookup', async () => {
    expect(okData(await check('no spaces allowed'))).toMatchObject({ available: false, message: MSG.usernameFormat });
    expect(okData(await check(''))).toMatchObject({ available: false, message: MSG.usernameRequired });
    expect(okData(await check())).toMatchObject({ available: false, message: MSG.usernameRequired });
    expectError(await check('x'.repeat(61)), 'BAD_REQUEST', MSG.usernameFormat, 'username');
  });

  it('needs no sign-in', async () => {
    expect((await check('someone_new')).statusCode).toBe(200);
  });
});

describe('POST /users/check-availability (sign-up step 3)', () => {
  const check = (payload: unknown, remoteAddress?: string, c = ctx) =>
    c.app.inject({ method: 'POST', url: '/api/v1/users/check-availability', payload: payload as object, remoteAddress });
  beforeAll(async () => {
    await createTenant(ctx.deps, { email: 'meera.taken@example.com', phoneNumber: '+919812345670' });
  });

  it('says a taken email and a taken phone are taken, however they are written', async () => {
    const data = okData(await check({ email: ' Meera.Taken@Example.com ', phoneNumber: '098123 45670' }));
    expect(data).toEqual({
      email: { available: false, message: MSG.emailTaken },
      phoneNumber: { available: false, message: MSG.phoneTaken },
    });
  });

  it('says free ones are free, and answers only what was asked', async () => {
    expect(okData(await check({ email: 'nobody.yet@example.com' }))).toEqual({ email: { available: true, message: MSG.emailAvailable } });
    expect(okData(await check({ phoneNumber: '+91 9000011111' }))).toEqual({
      phoneNumber: { available: true, message: MSG.phoneAvailable },
    });
  });

  it('answers a malformed email or phone with 400 and its message, never a lookup', async () => {
    expectError(await check({ email: 'not-an-email' }), 'BAD_REQUEST', MSG.emailFormat, 'email');
    expectError(await check({ phoneNumber: '12345' }), 'BAD_REQUEST', MSG.phoneFormat, 'phoneNumber');
  });

  it('is limited per network like sign-up (20 an hour)', async () => {
    const limited = await createTestContext({ rateLimits: REAL_LIMITS });
    try {
      for (let i = 0; i < 20; i++) expect((await check({ email: `x${i}@example.com` }, undefined, limited)).statusCode).toBe(200);
      expectError(await check({ email: 'x21@example.com' }, undefined, limited), 'TOO_MANY_REQUESTS', MSG.tooManyAvailabilityChecks);
      expect((await check({ email: 'x21@example.com' }, '10.9.9.9', limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up rate limit (20 an hour per address)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: REAL_LIMITS });
  });
  afterAll(() => limited.close());

  it('answers the 21st sign-up from one address within an hour with 429', async () => {
    // Attempts count whether they succeed or not; two real accounts and 18 refused attempts.
    okData(await register(limited, signupBody()), 201);
    okData(await register(limited, signupBody()), 201);
    for (let i = 0; i < 18; i++) expect((await register(limited, { ...signupBody(), email: 'bad' })).statusCode).toBe(400);
    const res = await register(limited, signupBody());
    expectError(res, 'TOO_MANY_REQUESTS', 'Too many sign-ups from this network. Please try again in an hour.');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('still lets people from another address sign up', async () => {
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: signupBody(),
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('unique-index violations (a race past the check)', () => {
  it('are mapped to the 409 of the field whose index refused the row, on this database driver', async () => {
    const taken = await createTenant(ctx.deps);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, taken._id));
    if (!row) throw new Error('row missing');
    const fresh = await createTenant(ctx.deps);
    const [other] = await ctx.deps.db.select().from(users).where(eq(users.id, fresh._id));
    if (!other) throw new Error('row missing');
    const clashes: [Partial<typeof row>, string, string][] = [
      [{ username: row.username.toUpperCase() }, 'username', MSG.usernameTaken],
      [{ email: row.email }, 'email', MSG.emailTaken],
      [{ phoneNumber: row.phoneNumber }, 'phoneNumber', MSG.phoneTaken],
      [{ aadhaarHash: row.aadhaarHash }, 'aadharCardNumber', MSG.aadhaarTaken],
    ];
    for (const [patch, path, message] of clashes) {
      const err = await ctx.deps.db
        .update(users)
        .set(patch)
        .where(eq(users.id, other.id))
        .then(() => null)
        .catch((e: unknown) => e);
      expect(err, path).not.toBeNull();
      expect(uniqueViolation(err)).toMatchObject({ statusCode: 409, message, errors: [{ path, message }] });
    }
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });
});
