import type { TestContext } from './harness.js';

export type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  for (const f of files)
    fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.filename ?? 'photo.jpg');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

/** Sends a multipart request as the given cookie (or as a visitor without one). */
export async function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const body = await multipart(fields, files);
  return ctx.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}
