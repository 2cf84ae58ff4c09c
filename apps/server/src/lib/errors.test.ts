import { MSG } from '@kiraya/contract';
import { describe, expect, it } from 'vitest';
import { AppError, STATUS, badRequest, conflict, forbidden, notFound, unauthorized } from './errors.js';
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
