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
  | 'TOO_MANY_REQUESTS';

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
