import { MSG, MoneyError, codeForStatus, errorEnvelope } from '@kiraya/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, pgError, serviceUnavailable } from '../lib/errors.js';

/** Fastify's own 4xx codes, answered with a message a person can act on. */
const FASTIFY_4XX: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is not valid.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send this form as multipart/form-data.',
  FST_REQ_FILE_TOO_LARGE: MSG.imageSize,
  FST_FILES_LIMIT: MSG.imageTooMany,
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: 'The form is not valid.',
};

/** The field a validation issue names, as the form calls it ("username", "address.city"); '' for the whole body. */
const fieldPath = (instancePath: string): string => instancePath.split('/').filter(Boolean).join('.');

/**
 * What the log keeps of an unexpected failure (ADR 009): the error's class, message and stack, and for
 * a database error its SQLSTATE, constraint and the SQL text. Never the query parameters, the request
 * body or the driver's `detail` (which repeats the clashing value): they carry passwords, Aadhaar
 * ciphertexts, emails and phone numbers.
 */
export function loggableError(thrown: unknown): Record<string, unknown> {
  if (thrown === null || typeof thrown !== 'object') return { type: typeof thrown };
  const e = thrown as { name?: unknown; message?: unknown; stack?: unknown; query?: unknown; cause?: unknown; code?: unknown };
  const out: Record<string, unknown> = { type: thrown.constructor?.name ?? 'Object' };
  if (typeof e.code === 'string') out.code = e.code;
  const pg = pgError(thrown);
  if (pg) {
    out.sqlState = pg.code;
    if (pg.constraint) out.constraint = pg.constraint;
  }
  if (typeof e.query === 'string') {
    // A DrizzleQueryError's message is "Failed query: <sql>\nparams: <values>": keep the SQL only.
    out.sql = e.query;
    out.message = 'Failed query';
  } else if (!pg && typeof e.message === 'string') {
    // A database message can quote a value ('invalid input syntax for type uuid: "…"'): SQLSTATE only.
    out.message = e.message;
  }
  if (typeof e.stack === 'string')
    out.stack = e.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n');
  if (e.cause && e.cause !== thrown && typeof e.cause === 'object') {
    const c = e.cause as { message?: unknown };
    out.cause = { type: e.cause.constructor?.name ?? 'Object', ...(pg ? {} : typeof c.message === 'string' ? { message: c.message } : {}) };
  }
  return out;
}

/** The one error handler: typed AppErrors and validation errors become 4xx envelopes; 5xx hides details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, req, reply) => {
    // Anything can be thrown (a string, null): only objects are read, the rest is an internal error.
    const err = (thrown !== null && typeof thrown === 'object' ? thrown : {}) as Partial<FastifyError>;
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorEnvelope(err.code, err.message, err.errors));
    }
    if (err instanceof MoneyError) {
      // An amount that is not whole paise (money.ts): the person's input, so a 400 with its message.
      return reply.status(400).send(errorEnvelope('BAD_REQUEST', err.message, [{ path: '', message: err.message }]));
    }
    if (isDatabaseUnavailable(thrown)) {
      // The database is restarting or unreachable: a temporary outage the client may retry, not a bug.
      req.log.warn({ err: loggableError(thrown) }, 'database unavailable');
      const e = serviceUnavailable();
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorEnvelope(e.code, e.message, e.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An empty JSON body parses as no body (see registerJsonParser): where one is required, say so.
      if (req.body === undefined && err.validationContext === 'body' && /^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        const message = FASTIFY_4XX.FST_ERR_CTP_EMPTY_JSON_BODY as string;
        return reply.status(400).send(errorEnvelope('BAD_REQUEST', message, [{ path: '', message }]));
      }
      const errors = err.validation.map((v) => {
        const path = fieldPath(v.instancePath);
        // A body that is not an object at all (missing, an array, a number) has no field to name.
        const message = !path && v.keyword === 'invalid_type' ? MSG.invalidInput : (v.message ?? MSG.invalidInput);
        return { path, message };
      });
      return reply.status(400).send(errorEnvelope('BAD_REQUEST', errors[0]?.message ?? MSG.invalidInput, errors));
    }
    const serialization = err as FastifyError;
    if ('method' in err && isResponseSerializationError(serialization)) {
      req.log.error(
        { err: loggableError(thrown), issues: serialization.cause.issues.map((i) => ({ path: i.path, code: i.code })) },
        'response did not match its schema',
      );
      return reply.status(500).send(errorEnvelope('INTERNAL', MSG.internal));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) {
      const message = err.message || MSG.tooManyRequests;
      return reply.status(429).send(errorEnvelope('TOO_MANY_REQUESTS', message, [{ path: '', message }]));
    }
    if (status >= 400 && status < 500) {
      const message =
        (err.code && FASTIFY_4XX[err.code]) ||
        (err.code === 'FST_ERR_VALIDATION' ? err.message : undefined) ||
        (status === 400 && err instanceof SyntaxError ? 'The request body is not valid JSON.' : undefined) ||
        err.message ||
        MSG.invalidInput;
      return reply.status(status).send(errorEnvelope(codeForStatus(status), message, [{ path: '', message }], status));
    }
    if (status === 503) {
      req.log.warn({ err: loggableError(thrown) }, 'service unavailable');
      return reply.status(503).send(errorEnvelope('SERVICE_UNAVAILABLE', MSG.serviceUnavailable));
    }
    req.log.error({ err: loggableError(thrown) }, 'unhandled error');
    return reply.status(500).send(errorEnvelope('INTERNAL', MSG.internal));
  });
}
