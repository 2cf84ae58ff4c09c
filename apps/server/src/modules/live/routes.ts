import { endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { LIVE_CHANNEL, parseNotice } from '../../lib/live.js';
import { listenOn } from '../../lib/pg-listen.js';
import { ACCESS_COOKIE, caller } from '../../plugins/auth.js';
import { unreadMessages } from '../messages/index.js';
import { unreadNotifications } from '../notifications/index.js';
import { LIVE_LIMITS, type Stream, liveHubFor, send } from './hub.js';

/**
 * GET /events (ADR 017): the caller's live events as server-sent events. Only events addressed to the
 * caller reach their stream. The stream ends when the access token expires: EventSource reconnects, gets
 * 401, and the page refreshes the session and opens a new stream. A client that does not ask for
 * `text/event-stream` gets the unread counts instead (a polling fallback).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const hub = liveHubFor(deps);
  const stop = await listenOn(deps.db, {
    channel: LIVE_CHANNEL,
    log: app.log,
    onNotify: (payload) => hub.deliver(parseNotice(payload)),
    // Events sent while the listener was down were missed: every open page refetches.
    onUp: () => hub.resync(),
  });
  // A login that ended (logout, password change, refresh-token reuse; on any instance) loses its streams at once.
  const unsubscribe = deps.sessions.onEnded((ids) => hub.closeSessions(ids));
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.closeAll();
  });
  app.addHook('onClose', async () => stop());

  app.get(
    e.liveEvents.path,
    {
      config: { policy: { caller: 'signedIn', object: 'self' }, stream: true },
      schema: {
        tags: ['live'],
        summary: 'Your live events (text/event-stream); without that Accept header, your unread counts',
        response: { 200: e.liveEvents.response, ...errors },
      },
    },
    async (req, reply) => {
      const me = caller(req);
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
        const [messages, notifications] = await Promise.all([unreadMessages(deps.db, me.userId), unreadNotifications(deps.db, me.userId)]);
        return ok({ messages, notifications }, 'Unread counts');
      }
      const header = req.headers.authorization;
      const token = (header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined) ?? req.cookies[ACCESS_COOKIE];
      let expiresInMs = 15 * 60_000;
      try {
        const exp = token ? decodeJwt(token).exp : undefined;
        if (exp) expiresInMs = Math.max(0, exp * 1000 - Date.now());
      } catch {
        // verified by the auth hook already; keep the default
      }

      reply.hijack();
      const res = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      // CORS and security headers set by the hooks so far (trusted cross-origin front ends read the stream too).
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${LIVE_LIMITS.retryMs}\n\n`);
      req.socket.setTimeout(0);
      req.socket.setNoDelay(true);

      let closed = false;
      const heartbeat = setInterval(() => {
        if (!res.writableEnded) res.write(': ping\n\n');
      }, LIVE_LIMITS.heartbeatMs);
      const expiry = setTimeout(() => stream.close(), Math.min(expiresInMs + 1000, 2 ** 31 - 1));
      const stream: Stream = {
        userId: me.userId,
        sessionId: me.sessionId,
        res,
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          clearTimeout(expiry);
          hub.remove(stream);
          if (!res.writableEnded) res.end();
        },
      };
      req.raw.on('close', stream.close);
      res.on('close', stream.close);
      res.on('error', stream.close);
      hub.add(stream);
      // Ended while this stream was being set up: the notice has gone by already.
      if (deps.sessions.has(me.sessionId)) return stream.close();
      send(res, 'ready', {});
    },
  );
};
