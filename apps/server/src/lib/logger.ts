import type { FastifyServerOptions } from 'fastify';

/** Request and body fields that are personal or secret: they never reach a log line (ADR 009). */
export const PERSONAL_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'accessToken',
  'refreshToken',
  'aadharCardNumber',
  'aadhaarCipher',
  'aadhaarHash',
  'passwordHash',
  'email',
  'phoneNumber',
  'fullName',
  'address',
] as const;

/** pino redaction paths: credentials in headers anywhere a request is logged, and the personal fields at any of the usual depths. */
export const REDACT_PATHS: string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  ...PERSONAL_FIELDS.flatMap((f) => [f, `*.${f}`, `req.body.${f}`, `*.body.${f}`, `*.*.${f}`]),
];

type LoggedRequest = { method?: string; url?: string; ip?: string; routeOptions?: { url?: string } };

/**
 * A request as the log shows it: method, path without the query string (a tenant search carries an
 * email or a phone number there), the route pattern and the client address. No headers, no body.
 */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.split('?')[0] : undefined,
    ...(req.routeOptions?.url ? { route: req.routeOptions.url } : {}),
    remoteAddress: req.ip,
  };
}

/** The server's pino options: main.ts and any test that wants the real log use these. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  } satisfies FastifyServerOptions['logger'];
}
