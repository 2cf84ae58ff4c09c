import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, codeForStatus, errorEnvelope, errorEnvelopeSchema } from './envelope.js';

describe('error codes', () => {
  it('declare a status for every code, including the money ones', () => {
    expect(ERROR_CODES).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'INTERNAL', 'SERVICE_UNAVAILABLE', 'ALREADY_PAID', 'BAD_SIGNATURE', 'AMOUNT_TOO_HIGH']),
    );
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('give each generic status its own code and round-trip through codeForStatus', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      const generic = codeForStatus(status);
      expect(ERROR_STATUS[generic]).toBe(status);
    }
    expect(codeForStatus(405)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
    expect(codeForStatus(503)).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('errorEnvelope', () => {
  it('builds the one error body, valid against the schema', () => {
    const body = errorEnvelope('CONFLICT', 'Taken.', [{ path: 'email', message: 'Taken.' }]);
    expect(body).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Taken.',
      success: false,
      errors: [{ path: 'email', message: 'Taken.' }],
    });
    expect(errorEnvelopeSchema.parse(body)).toEqual(body);
    expect(errorEnvelope('BAD_REQUEST', 'Method not allowed.', [], 405)).toMatchObject({
      statusCode: 405,
      code: 'BAD_REQUEST',
      errors: [],
    });
  });

  it('rejects a body without a known code', () => {
    expect(errorEnvelopeSchema.safeParse({ statusCode: 400, message: 'x', success: false, errors: [] }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ statusCode: 400, code: 'OOPS', message: 'x', success: false, errors: [] }).success).toBe(false);
  });
});
