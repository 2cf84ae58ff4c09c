import { FORM_LISTS, LIMITS, MSG } from '@kiraya/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.js';
import { nameUpload, type UploadKind, uploadBudget } from './uploads.js';

/** Text fields by name; a repeated field keeps every value in order. A Map: no inherited keys (`toString`, `__proto__`). */
export type FormFields = Map<string, string[]>;
export type UploadedFile = { field: string; filename: string; data: Buffer };
export type MultipartForm = { fields: FormFields; files: UploadedFile[] };

/** Known multipart failures with their own message; anything else the parser throws is "could not be read". */
const KNOWN: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', MSG.imageSize, [{ path: 'images', message: MSG.imageSize }]),
  FST_FILES_LIMIT: () => badRequest(MSG.imageTooMany, 'images'),
  FST_PARTS_LIMIT: () => badRequest('The form has too many parts.'),
  FST_FIELDS_LIMIT: () => badRequest('The form has too many fields.'),
};

export const unreadable = (path = '') => badRequest(MSG.uploadUnreadable, path);

/**
 * Reads a multipart form within the app's multipart limits (5 MB a file, 10 files), every file into
 * memory as it streams in (nothing is stored until the whole request has been read, so a cut-off upload
 * leaves nothing behind). A malformed body (no closing boundary, a wrong or missing boundary, garbage)
 * is a 400 "The upload could not be read.". A JSON (or empty) body is accepted too, as fields without
 * files: only flat values (text, numbers, booleans, lists of those) are form fields; a nested object is
 * refused, so no depth is ever walked.
 */
/** Per-route overrides of the app's multipart limits (documents take one file of up to 10 MB). */
export type FormLimits = { fileSize: number; files: number; tooLarge: string; tooMany: string; path: string };

export async function readForm(req: FastifyRequest, limits?: FormLimits): Promise<MultipartForm> {
  const fields: FormFields = new Map();
  const add = (k: string, v: string) => {
    const list = fields.get(k);
    if (list) list.push(v);
    else fields.set(k, [v]);
  };
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === undefined || body === null) return { fields, files: [] };
    if (typeof body !== 'object' || Array.isArray(body)) throw unreadable();
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) {
        if (item === null || item === undefined) continue;
        if (typeof item === 'object') throw unreadable(k);
        add(k, String(item));
      }
    }
    return { fields, files: [] };
  }
  const files: UploadedFile[] = [];
  try {
    const parts = limits ? req.parts({ limits: { fileSize: limits.fileSize, files: limits.files } }) : req.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input (no file chosen) arrives as a part with no name and no bytes.
        if (data.length === 0 && !part.filename) continue;
        nameUpload(data, part.filename);
        files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string } | null)?.code;
    if (limits && code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLarge, [{ path: limits.path, message: limits.tooLarge }]);
    if (limits && code === 'FST_FILES_LIMIT') throw badRequest(limits.tooMany, limits.path);
    throw (code && KNOWN[code]?.()) || unreadable();
  }
  if (files.length > LIMITS.imageMaxCount) throw badRequest(MSG.imageTooMany, 'images');
  return { fields, files };
}

/** One value per field (the last one sent), except the `lists` fields, which keep every value. Null prototype. */
export function formValues(fields: FormFields, lists: readonly string[] = FORM_LISTS): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of fields) out[k] = lists.includes(k) ? v : (v[v.length - 1] ?? '');
  return out;
}

/** Validates input with a contract schema: 400 with the first problem as the message and every one listed by path. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const errors = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('BAD_REQUEST', errors[0]?.message ?? MSG.invalidInput, errors);
}

export type UploadForm<S extends z.ZodType, F extends string> = {
  fields: z.output<S>;
  files: Record<F, Buffer[]>;
  /** The same files with the names their senders gave them (untrusted: sanitise before showing). */
  named: Record<F, UploadedFile[]>;
};

/**
 * A multipart (or JSON) form as a route reads it: the text fields validated with a contract `schema`
 * (400 with field paths and the contract's messages), and the files of each named field, by field.
 * Files in fields not named are dropped. Images count against the caller's upload budget (429), taken
 * only once the form was read and its fields are valid.
 */
export async function readUpload<S extends z.ZodType, F extends string>(
  req: FastifyRequest,
  schema: S,
  fileFields: Record<F, UploadKind>,
  limits?: FormLimits,
): Promise<UploadForm<S, F>> {
  const form = await readForm(req, limits);
  const byField = Object.create(null) as Record<F, Buffer[]>;
  const named = Object.create(null) as Record<F, UploadedFile[]>;
  for (const name of Object.keys(fileFields) as F[]) {
    byField[name] = [];
    named[name] = [];
  }
  for (const f of form.files) {
    if (!Object.hasOwn(fileFields, f.field)) continue;
    byField[f.field as F].push(f.data);
    named[f.field as F].push(f);
  }
  const fields = validate(schema, formValues(form.fields));
  const userId = req.auth?.userId;
  if (userId) {
    let images = 0;
    for (const name of Object.keys(fileFields) as F[]) if (fileFields[name].rateLimited) images += byField[name].length;
    uploadBudget(req.server.deps).charge(userId, images);
  }
  return { fields, files: byField, named };
}
