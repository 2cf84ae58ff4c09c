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

/** Every error: { statusCode, message, success: false, errors: [{ path, message }] }. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  success: z.literal(false),
  errors: z.array(fieldErrorSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A paginated list keeps `data` as the list and adds `meta` beside it (B1). */
export const pagedEnvelope = <T extends z.ZodTypeAny>(item: T) => envelope(z.array(item)).extend({ meta: pageMetaSchema });
