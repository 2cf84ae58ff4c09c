import { MSG } from '@kiraya/contract';
import type { FieldError } from '@kiraya/contract';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/** The one place error codes become HTTP statuses. */
export const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** A typed, expected failure: its message is shown to the person as it is. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

export const badRequest = (message: string, path = '') => new AppError('BAD_REQUEST', message, [{ path, message }]);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, path = '') => new AppError('CONFLICT', message, [{ path, message }]);
export const serviceUnavailable = (message: string = MSG.serviceUnavailable) =>
  new AppError('SERVICE_UNAVAILABLE', message, [{ path: '', message }]);

/** Socket-level failures reaching the database server. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATEs meaning "the server cannot serve this connection now": admin/crash shutdown, starting up, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports a dropped or unopenable connection with these messages and no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client has encountered a connection error',
];

/**
 * True when `err` (or an error it wraps, e.g. Drizzle's DrizzleQueryError) says the database cannot be
 * reached or dropped the connection: a temporary outage (503), not a bug (500).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    // Several addresses tried at once (localhost → ::1 and 127.0.0.1) fail as one AggregateError.
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
