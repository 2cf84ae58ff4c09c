import { ERROR_STATUS, MSG } from '@kiraya/contract';
import type { ErrorCode, FieldError } from '@kiraya/contract';

export type { ErrorCode } from '@kiraya/contract';

/** The one place error codes become HTTP statuses (declared in the contract, ADR 009). */
export const STATUS: Record<ErrorCode, number> = ERROR_STATUS;

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

/**
 * Unique indexes (by constraint name, as in db/schema.ts) and the form field each one protects. A new
 * unique index that a person can hit gets a line here; any other is answered with a plain 409.
 */
export const UNIQUE_FIELDS: Record<string, { path: string; message: string }> = {
  users_username_lower_uq: { path: 'username', message: MSG.usernameTaken },
  users_email_uq: { path: 'email', message: MSG.emailTaken },
  users_phone_uq: { path: 'phoneNumber', message: MSG.phoneTaken },
  users_aadhaar_hash_uq: { path: 'aadharCardNumber', message: MSG.aadhaarTaken },
  rooms_property_number_uq: { path: 'roomNumber', message: MSG.roomNumberTaken },
  requests_pending_uq: { path: 'tenantId', message: MSG.requestAlreadyPending },
  tenancies_current_room_uq: { path: 'roomId', message: MSG.requestRoomTaken },
  lease_renewals_open_uq: { path: 'roomId', message: MSG.renewalOpenAlready },
  email_invitations_pending_uq: { path: 'email', message: MSG.emailInviteAlreadyPending },
  reports_open_uq: { path: 'targetId', message: MSG.reportDuplicate },
};

/** The PostgreSQL error inside a driver or Drizzle error (Drizzle wraps it in `cause`), if there is one. */
export function pgError(e: unknown): { code: string; constraint?: string } | null {
  let cur: unknown = e;
  for (let depth = 0; depth < 4 && cur !== null && typeof cur === 'object'; depth++) {
    const c = cur as { code?: unknown; constraint?: unknown; cause?: unknown; syscall?: unknown };
    // A SQLSTATE is five digits or capitals; a Node system error (EPIPE) has a syscall instead.
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code) && c.syscall === undefined) {
      return { code: c.code, ...(typeof c.constraint === 'string' ? { constraint: c.constraint } : {}) };
    }
    cur = c.cause;
  }
  return null;
}

/**
 * The one mapper of unique-index violations (SQLSTATE 23505) to 409s: a write that raced past the
 * service's own check gets the same answer, naming the same field. Anything else: null (rethrow it).
 */
export function uniqueViolation(e: unknown): AppError | null {
  const pg = pgError(e);
  if (pg?.code !== '23505') return null;
  const field = pg.constraint ? UNIQUE_FIELDS[pg.constraint] : undefined;
  return field ? conflict(field.message, field.path) : conflict(MSG.alreadyExists);
}

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
/**
 * SQLSTATE 55000 (object not in prerequisite state) refuses a connection when it comes as FATAL: the database
 * does not accept connections (`ALLOW_CONNECTIONS false`, a maintenance window) or is half dropped ("cannot
 * connect to invalid database"). As a plain ERROR inside a session (`currval` before `nextval`) it is a bug, a 500.
 * node-postgres reports only the server's localised severity; PostgreSQL's default messages say FATAL.
 */
const REFUSED_AT_CONNECT_SQLSTATES = new Set(['55000']);
const CONNECTION_ENDING_SEVERITIES = new Set(['FATAL', 'PANIC']);
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
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (
      typeof code === 'string' &&
      REFUSED_AT_CONNECT_SQLSTATES.has(code) &&
      typeof severity === 'string' &&
      CONNECTION_ENDING_SEVERITIES.has(severity)
    )
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    // Several addresses tried at once (localhost → ::1 and 127.0.0.1) fail as one AggregateError.
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}
