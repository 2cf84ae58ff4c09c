import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isMultipartRequest, registerMultipart } from './multipart.js';

// @fastify/multipart's request hooks run for multipart requests only (issue 21, ADR 025): a cached read or a
// 401 pays for no 'close' listener and no async cleanup hook; an upload still gets both, and still parses.
describe('registerMultipart', () => {
  it('tells a multipart body by its media type, whatever its case or leading space', () => {
    const req = (ct?: string) => ({ headers: ct === undefined ? {} : { 'content-type': ct } }) as Parameters<typeof isMultipartRequest>[0];
    expect(isMultipartRequest(req('multipart/form-data; boundary=x'))).toBe(true);
    expect(isMultipartRequest(req(' Multipart/Form-Data; boundary=x'))).toBe(true);
    expect(isMultipartRequest(req('application/json'))).toBe(false);
    expect(isMultipartRequest(req('text/plain; multipart/form-data'))).toBe(false);
    expect(isMultipartRequest(req())).toBe(false);
  });

  it('adds its close listener to multipart requests only, and still parses their parts', async () => {
    const app = Fastify();
    await registerMultipart(app, { limits: { fileSize: 1000 } });
    const seen: Record<string, number> = {};
    app.post('/upload', async (req, reply) => {
      seen.multipart = reply.raw.listenerCount('close');
      const fields: string[] = [];
      for await (const part of req.parts()) if (part.type === 'field') fields.push(`${part.fieldname}=${String(part.value)}`);
      return { fields };
    });
    app.post('/json', async (_req, reply) => {
      seen.json = reply.raw.listenerCount('close');
      return { ok: true };
    });
    const boundary = 'kirayaboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const up = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.json()).toEqual({ fields: ['note=hello'] });
    const json = await app.inject({ method: 'POST', url: '/json', payload: { a: 1 } });
    expect(json.statusCode).toBe(200);
    expect(seen.multipart).toBe((seen.json ?? 0) + 1);
    // app.addHook is the app's own again once the plugin is registered.
    expect(app.addHook.name).toBe('addHook');
    await app.close();
  });
});
