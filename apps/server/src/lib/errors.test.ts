import { MSG } from '@kiraya/contract';
import { describe, expect, it } from 'vitest';
import { AppError, STATUS, badRequest, conflict, forbidden, notFound, pgError, unauthorized, uniqueViolation } from './errors.js';
import { ok } from './envelope.js';

describe('AppError helpers', () => {
  it('map each code to its HTTP status', () => {
    expect(new AppError('PAYLOAD_TOO_LARGE', 'x').statusCode).toBe(413);
    for (const [code, status] of Object.entries(STATUS)) expect(new AppError(code as keyof typeof STATUS, 'm').statusCode).toBe(status);
  });

  it('carry the message and the field', () => {
    expect(badRequest('Bad pincode', 'pincode')).toMatchObject({
      statusCode: 400,
      message: 'Bad pincode',
      errors: [{ path: 'pincode', message: 'Bad pincode' }],
    });
    expect(conflict(MSG.emailTaken, 'email')).toMatchObject({ statusCode: 409, errors: [{ path: 'email', message: MSG.emailTaken }] });
    expect(unauthorized()).toMatchObject({ statusCode: 401, message: MSG.unauthorized });
    expect(forbidden()).toMatchObject({ statusCode: 403, message: MSG.forbidden });
    expect(notFound()).toMatchObject({ statusCode: 404, message: MSG.notFound });
    expect(unauthorized()).toBeInstanceOf(Error);
  });
});

describe('ok', () => {
  it('builds the success envelope', () => {
    expect(ok({ a: 1 })).toEqual({ statusCode: 200, data: { a: 1 }, message: 'Success', success: true });
    expect(ok([], 'Created', 201)).toEqual({ statusCode: 201, data: [], message: 'Created', success: true });
  });
});

describe('uniqueViolation (the one 23505 mapper)', () => {
  // How the drivers report it: PGlite and node-postgres errors carry code and constraint; Drizzle wraps them in `cause`.
  const pgErr = (constraint?: string, code = '23505') => Object.assign(new Error('duplicate key value'), { code, constraint });
  const drizzleErr = (cause: unknown) =>
    Object.assign(new Error('Failed query: insert …\nparams: a@b.c'), { query: 'insert …', params: ['a@b.c'], cause });

  it.each([
    ['users_username_lower_uq', 'username', MSG.usernameTaken],
    ['users_email_uq', 'email', MSG.emailTaken],
    ['users_phone_uq', 'phoneNumber', MSG.phoneTaken],
    ['users_aadhaar_hash_uq', 'aadharCardNumber', MSG.aadhaarTaken],
    ['rooms_property_number_uq', 'roomNumber', MSG.roomNumberTaken],
  ])('maps %s to a 409 naming %s, bare or wrapped', (constraint, path, message) => {
    for (const e of [pgErr(constraint), drizzleErr(pgErr(constraint))]) {
      const mapped = uniqueViolation(e);
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped).toMatchObject({ statusCode: 409, code: 'CONFLICT', message, errors: [{ path, message }] });
    }
  });

  it('answers an unknown unique index with a plain 409', () => {
    expect(uniqueViolation(drizzleErr(pgErr('something_uq')))).toMatchObject({
      statusCode: 409,
      message: MSG.alreadyExists,
      errors: [{ path: '' }],
    });
    expect(uniqueViolation(pgErr(undefined))).toMatchObject({ statusCode: 409 });
  });

  it('leaves every other failure alone', () => {
    for (const e of [pgErr('users_email_uq', '23503'), new Error('other'), null, undefined, 'x', 42, { code: 23505 }]) {
      expect(uniqueViolation(e)).toBeNull();
    }
    expect(uniqueViolation(Object.assign(new Error('EPIPE'), { code: 'EPIPE', syscall: 'write' }))).toBeNull();
  });

  it('finds the SQLSTATE through a chain of causes', () => {
    expect(pgError(drizzleErr(pgErr('users_email_uq')))).toEqual({ code: '23505', constraint: 'users_email_uq' });
    expect(pgError(new Error('plain'))).toBeNull();
  });
});
