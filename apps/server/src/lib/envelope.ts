import { errorEnvelopeSchema } from '@kiraya/contract';
import type { Envelope } from '@kiraya/contract';

/** The success envelope of every answer. */
export const ok = <T>(data: T, message = 'Success', statusCode = 200): Envelope<T> => ({
  statusCode,
  data,
  message,
  success: true,
});

/** The error answers every route may give, for the OpenAPI description and the serializer. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
} as const;
