import { z } from 'zod';

/** Every answer: { statusCode, data, message, success }. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    statusCode: z.number().int(),
    data,
    message: z.string(),
    success: z.boolean(),
  });

export type Envelope<T> = { statusCode: number; data: T; message: string; success: boolean };

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The machine-readable reason of every error answer, and its HTTP status (ADR 009). Clients switch on
 * `code`, never on the message text. A failed validation is BAD_REQUEST: its `errors` name the fields.
 * ALREADY_PAID, BAD_SIGNATURE and AMOUNT_TOO_HIGH are declared for the billing and payment modules.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** A bill or order that is already settled. */
  ALREADY_PAID: 409,
  /** A payment callback whose signature does not verify. */
  BAD_SIGNATURE: 400,
  /** A payment larger than what is owed. */
  AMOUNT_TOO_HIGH: 400,
  /** Online payment is not set up on this server (production without gateway keys). */
  PAYMENTS_OFF: 503,
  /** Text messages are not set up on this server (production without an SMS provider): no phone codes. */
  SMS_OFF: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODES);

/** The code an HTTP status gets when nothing more specific is known (a framework or proxy error). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

/** Every error: { statusCode, code, message, success: false, errors: [{ path, message }] }. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  success: z.literal(false),
  errors: z.array(fieldErrorSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The one builder of error envelopes. The status follows the code unless the caller passes the exact
 * status it answers with (a 4xx the framework chose, say 405, that has no code of its own).
 */
export function errorEnvelope(
  code: ErrorCode,
  message: string,
  errors: FieldError[] = [],
  statusCode: number = ERROR_STATUS[code],
): ErrorEnvelope {
  return { statusCode, code, message, success: false, errors };
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A paginated list keeps `data` as the list and adds `meta` beside it (B1). */
export const pagedEnvelope = <T extends z.ZodTypeAny>(item: T) => envelope(z.array(item)).extend({ meta: pageMetaSchema });
