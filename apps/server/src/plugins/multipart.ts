import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A multipart body (the upload routes); the media type is case-insensitive and may follow white space. */
export const isMultipartRequest = (req: FastifyRequest): boolean => /^\s*multipart\//i.test(req.headers['content-type'] ?? '');

type AsyncHook = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * @fastify/multipart with its two request hooks kept to multipart requests (issue 21, ADR 025). The plugin
 * adds, to every request of the app, an async onRequest hook (a 'close' listener on the response) and an async
 * onResponse hook (removing temporary upload files): two promises and a listener on every cached read and
 * every 401, for files only a multipart request can have. Its hooks are registered through a wrapper that
 * skips them for any other request; the content-type parser and the request decorations are the plugin's own.
 */
export async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const addHook = app.addHook;
  const patched = function (this: FastifyInstance, name: string, fn: unknown) {
    if ((name === 'onRequest' || name === 'onResponse') && typeof fn === 'function') {
      const hook = fn as AsyncHook;
      const guarded = function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
        if (!isMultipartRequest(req)) return done();
        Promise.resolve(hook.call(this, req, reply)).then(() => done(), done);
      };
      return (addHook as (n: string, f: unknown) => FastifyInstance).call(this, name, guarded);
    }
    return (addHook as (n: string, f: unknown) => FastifyInstance).call(this, name, fn);
  };
  app.addHook = patched as typeof app.addHook;
  try {
    await app.register(multipart, options);
  } finally {
    app.addHook = addHook;
  }
}
