import { LIMITS, MSG } from '@kiraya/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export type UploadedFile = { field: string; filename: string; data: Buffer };
/** Text fields by name; a repeated field keeps every value in order. */
export type FormFields = Record<string, string[]>;
export type MultipartForm = { fields: FormFields; files: UploadedFile[] };

/**
 * Reads a multipart form within the app's multipart limits (5 MB a file, 10 files): every file is read
 * into memory as it streams in, and a file over the limit or one file too many stops the upload with
 * the spec's message. A JSON (or empty) body is accepted too, as fields without files.
 */
export async function readForm(req: FastifyRequest): Promise<MultipartForm> {
  const fields: FormFields = {};
  const add = (k: string, v: string) => {
    const list = fields[k] ?? [];
    list.push(v);
    fields[k] = list;
  };
  if (!req.isMultipart()) {
    const body = req.body;
    if (body && typeof body === 'object') {
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        for (const item of Array.isArray(v) ? v : [v]) {
          if (item === null || item === undefined) continue;
          add(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
        }
      }
    }
    return { fields, files: [] };
  }
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input (no file chosen) arrives as a part with no name and no bytes.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        add(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', MSG.imageSize, [{ path: 'images', message: MSG.imageSize }]);
    if (code === 'FST_FILES_LIMIT') throw badRequest(MSG.imageTooMany, 'images');
    throw e;
  }
  if (files.length > LIMITS.imageMaxCount) throw badRequest(MSG.imageTooMany, 'images');
  return { fields, files };
}

/** One value per field (the last one sent), except the `lists` fields, which keep every value. */
export function formValues(fields: FormFields, lists: string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = lists.includes(k) ? v : (v[v.length - 1] ?? '');
  return out;
}

/** Ids given as a repeated field and/or comma-separated: "a,b" + "c" → [a, b, c]. */
export function idList(values: string[] | undefined): string[] {
  return [
    ...new Set(
      (values ?? [])
        .flatMap((v) => v.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
