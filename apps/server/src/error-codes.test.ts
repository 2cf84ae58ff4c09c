import { type ErrorEnvelope, MSG, errorEnvelopeSchema } from '@kiraya/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, userInput } from './seed/factories.js';
import { TEST_ORIGIN, type TestContext, createTestContext } from './test/harness.js';

// Every error the real app answers, whichever part builds it, is the contract's envelope with a code (ADR 009).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: { signupsPerHour: 1, failedLoginsPerMinute: 100, loginsPerIpPerMinute: 1 } });
});
afterAll(() => ctx.close());

const envelopeOf = (res: LightMyRequestResponse, status: number): ErrorEnvelope => {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = errorEnvelopeSchema.safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  return parsed.data as ErrorEnvelope;
};

describe('error codes on the real app', () => {
  it('an unknown API route: NOT_FOUND (the not-found handler)', async () => {
    const body = envelopeOf(await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }), 404);
    expect(body).toMatchObject({ code: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here.' });
  });

  it('a request without a session: UNAUTHORIZED', async () => {
    expect(envelopeOf(await ctx.app.inject({ method: 'GET', url: '/api/v1/users/get-current-user' }), 401).code).toBe('UNAUTHORIZED');
  });

  it('a schema validation failure: BAD_REQUEST with the fields', async () => {
    const body = envelopeOf(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {}, headers: { origin: TEST_ORIGIN } }),
      400,
    );
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('a rupee amount that is not whole paise: BAD_REQUEST, not a 500', async () => {
    const body = envelopeOf(await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties?minRent=100.555' }), 400);
    expect(body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Minimum rent must be a number of rupees from 0 to 1,00,00,000, with at most two decimals.',
    });
    const huge = envelopeOf(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/properties/fetch-all-properties?minRent=0&maxRent=99999999999' }),
      400,
    );
    expect(huge.code).toBe('BAD_REQUEST');
  });

  it('a taken email: CONFLICT', async () => {
    const taken = await createTenant(ctx.deps);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      headers: { origin: TEST_ORIGIN },
      payload: { ...userInput('tenant'), email: taken.email },
    });
    expect(envelopeOf(res, 409)).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'email', message: MSG.emailTaken }] });
  });

  it('the per-route limit (users routes) and the global limit builder (app.ts): TOO_MANY_REQUESTS', async () => {
    const signup = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        headers: { origin: TEST_ORIGIN },
        payload: {},
        remoteAddress: '10.9.9.9',
      });
    await signup();
    expect(envelopeOf(await signup(), 429)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManySignups });

    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'nobody@example.test', password: 'Wrong123' },
        remoteAddress: '10.8.8.8',
      });
    await login();
    expect(envelopeOf(await login(), 429)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
  });
});
