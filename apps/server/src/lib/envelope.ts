import type { Envelope } from '@kiraya/contract';

/** The success envelope of every answer. */
export const ok = <T>(data: T, message = 'Success', statusCode = 200): Envelope<T> => ({
  statusCode,
  data,
  message,
  success: true,
});
