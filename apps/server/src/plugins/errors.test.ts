import { MSG, errorEnvelopeSchema } from '@kiraya/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors.js';
import { registerErrorHandler } from './errors.js';

let app: FastifyInstance;
const logged: unknown[] = [];

beforeAll(async () => {
  app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/validated',
    {
      schema: {
        body: z.object({
          name: z.string({ error: 'Name is required.' }).min(2, 'Name is too short.'),
          address: z.object({ city: z.string() }),
        }),
        querystring: z.object({ page: z.coerce.number().int().min(1, 'Page must be 1 or more.').default(1) }),
      },
    },
    async () => ({ ok: true }),
  );
  typed.get('/app-error/:kind', async (req) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === 'bad') throw badRequest('Pincode must be a 6-digit number.', 'pincode');
    if (kind === 'unauth') throw unauthorized();
    if (kind === 'forbidden') throw forbidden();
    if (kind === 'missing') throw notFound();
    if (kind === 'conflict') throw conflict(MSG.emailTaken, 'email');
    if (kind === 'paid') throw new AppError('ALREADY_PAID', 'This bill is already paid.');
    throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyLogins);
  });
  typed.get('/boom', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
  typed.get('/boom-string', async () => {
    throw 'a thrown string with secrets';
  });
  typed.get('/boom-null', async () => {
    throw null;
  });
  typed.get('/boom-status', async () => {
    throw Object.assign(new Error('upstream exploded at /srv/app/x.js:12'), { statusCode: 502 });
  });
  typed.get('/rate-limited', async () => {
    // @fastify/rate-limit throws the object its errorResponseBuilder returns.
    throw { statusCode: 429, message: MSG.tooManySignups };
  });
  typed.get('/teapot', async () => {
    throw Object.assign(new Error('Unsupported thing'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
  });
  typed.get('/gone', async () => {
    throw Object.assign(new Error('It went away.'), { statusCode: 410 });
  });
  typed.get('/unavailable', async () => {
    throw Object.assign(new Error('pool exhausted'), { statusCode: 503 });
  });
  typed.get(
    '/leaky',
    { schema: { response: { 200: z.object({ _id: z.string() }) } } },
    async () => ({ _id: 42 }) as unknown as { _id: string },
  );
  await app.ready();
});
afterAll(() => app.close());

const expectNoLeak = (body: string) => {
  for (const secret of ['ECONNREFUSED', 'hunter2', 'secrets', '/srv/app', 'stack', 'at ', 'Error:']) expect(body).not.toContain(secret);
};

describe('registerErrorHandler', () => {
  it.each([
    ['bad', 400, 'BAD_REQUEST', 'Pincode must be a 6-digit number.', [{ path: 'pincode', message: 'Pincode must be a 6-digit number.' }]],
    ['unauth', 401, 'UNAUTHORIZED', MSG.unauthorized, []],
    ['forbidden', 403, 'FORBIDDEN', MSG.forbidden, []],
    ['missing', 404, 'NOT_FOUND', MSG.notFound, []],
    ['conflict', 409, 'CONFLICT', MSG.emailTaken, [{ path: 'email', message: MSG.emailTaken }]],
    ['limit', 429, 'TOO_MANY_REQUESTS', MSG.tooManyLogins, []],
    ['paid', 409, 'ALREADY_PAID', 'This bill is already paid.', []],
  ])('answers an AppError (%s) with its status, its code and the error envelope', async (kind, status, code, message, errors) => {
    const res = await app.inject({ method: 'GET', url: `/app-error/${kind}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ statusCode: status, code, message, success: false, errors });
  });

  it('answers a zod validation failure with 400 and every field error, named as the form names it', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: 'a', address: {} } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', success: false, message: 'Name is too short.' });
    expect(body.errors).toEqual([
      { path: 'name', message: 'Name is too short.' },
      { path: 'address.city', message: expect.any(String) },
    ]);
  });

  it('uses the schema message for a wrong type', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: 12, address: { city: 'Pune' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Name is required.', errors: [{ path: 'name', message: 'Name is required.' }] });
  });

  it('validates the query string too', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated?page=0', payload: { name: 'ab', address: { city: 'Pune' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Page must be 1 or more.', errors: [{ path: 'page' }] });
  });

  it('answers a body that is not an object with a generic 400', async () => {
    for (const payload of ['[1,2]', '42', 'null']) {
      const res = await app.inject({ method: 'POST', url: '/validated', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.invalidInput, errors: [{ path: '', message: MSG.invalidInput }] });
    }
  });

  it('answers malformed and empty JSON with 400 and a readable message', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
      success: false,
      message: 'The request body is not valid JSON.',
    });
    const empty = await app.inject({ method: 'POST', url: '/validated', payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body is empty; send JSON.');
    const proto = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: '{"__proto__": {"x": 1}, "name": "ab"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers an unsupported content type with 415 and a readable message', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: 'name=x', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not supported here.' });
  });

  it('passes a rate-limit answer through as 429 with its message', async () => {
    const res = await app.inject({ method: 'GET', url: '/rate-limited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: MSG.tooManySignups,
      success: false,
      errors: [{ path: '', message: MSG.tooManySignups }],
    });
  });

  it.each(['/boom', '/boom-string', '/boom-null', '/boom-status'])('hides the internals of an unknown failure (%s)', async (url) => {
    logged.length = 0;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: MSG.internal, success: false, errors: [] });
    expectNoLeak(res.body);
    // …but the server log keeps them for whoever operates it.
    expect(logged.length).toBeGreaterThan(0);
  });

  it('answers 500 without the data when a response does not match its schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: MSG.internal, success: false, errors: [] });
    expect(res.body).not.toContain('42');
  });

  it('maps Fastify 4xx codes to readable messages', async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('This content type is not supported here.');
  });

  it('gives a framework 4xx without a code of its own the closest code and keeps its status', async () => {
    const res = await app.inject({ method: 'GET', url: '/gone' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ statusCode: 410, code: 'BAD_REQUEST', success: false, message: 'It went away.' });
  });

  it('answers a 503 from below with SERVICE_UNAVAILABLE and no details', async () => {
    const res = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: MSG.serviceUnavailable,
      success: false,
      errors: [],
    });
    expect(res.body).not.toContain('pool');
  });

  it('matches the contract schema on every error path', async () => {
    const urls = [
      '/app-error/bad',
      '/app-error/limit',
      '/boom',
      '/boom-null',
      '/leaky',
      '/teapot',
      '/rate-limited',
      '/gone',
      '/unavailable',
    ];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(errorEnvelopeSchema.safeParse(res.json()).success, url).toBe(true);
    }
    const invalid = await app.inject({ method: 'POST', url: '/validated', payload: {} });
    expect(errorEnvelopeSchema.parse(invalid.json()).code).toBe('BAD_REQUEST');
  });
});
