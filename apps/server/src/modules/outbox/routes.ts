import { MSG } from '@kiraya/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config as AppConfig } from '../../config.js';
import { contractRoutes } from '../../lib/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { caller } from '../../plugins/auth.js';
import { subscribePush, unsubscribePush } from './push.js';
import { appMetrics } from '../../lib/metrics.js';
import { devMailbox, outboxStats } from './service.js';
import { startOutbox } from './worker.js';
import { devMailboxOn } from './transport.js';
import { devSmsOn } from './sms.js';

/** Whether the development mailbox answers at all (ADR 043): a channel without a provider, and not turned off. */
export const devMailboxReadable = (config: AppConfig): boolean => config.devMailbox !== 'off' && (devMailboxOn(config) || devSmsOn(config));

/** Headers a proxy adds: a request carrying any of them came through one, whatever its socket says. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/** A request from this machine: a loopback socket (not `req.ip`, which TRUST_PROXY may take from a header) and no proxy's headers. */
export function fromThisMachine(req: FastifyRequest): boolean {
  const a = (req.raw.socket?.remoteAddress ?? '').toLowerCase();
  const loopback = a === '::1' || /^(::ffff:)?127\./.test(a);
  return loopback && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}

/** The outbox worker (issue 25, ADR 030) and the development mailbox, mounted at /dev. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Every instance runs the worker once the server listens (as the rent cycle); an app only injected into
  // (tests, commands) never starts it: tests call deliverDue themselves.
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = startOutbox(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  const metrics = appMetrics(deps);
  let last: { at: number; stats: Promise<Awaited<ReturnType<typeof outboxStats>>> } | null = null;
  const stats = () => {
    if (!last || Date.now() - last.at > 1000)
      last = { at: Date.now(), stats: outboxStats(deps.db).catch(() => ({ depth: 0, oldestSeconds: 0, failed: 0 })) };
    return last.stats;
  };
  metrics.gauge({
    name: 'kiraya_outbox_depth',
    help: 'Outbox messages waiting to be sent',
    async collect() {
      this.set((await stats()).depth);
    },
  });
  metrics.gauge({
    name: 'kiraya_outbox_oldest_seconds',
    help: 'Age of the oldest outbox message waiting',
    async collect() {
      this.set((await stats()).oldestSeconds);
    },
  });
  metrics.gauge({
    name: 'kiraya_outbox_failed',
    help: 'Outbox messages that failed for good',
    async collect() {
      this.set((await stats()).failed);
    },
  });

  const endpoint = contractRoutes(app, '/dev', ['dev']);
  endpoint(
    'devMailbox',
    {
      policy: { caller: 'public' },
      summary: 'Development only (no SMTP_URL or no SMS_PROVIDER, not production): the latest 50 emails and SMS, as sent',
      message: MSG.devMailboxFetched,
    },
    async (req) => {
      // Every reset link and phone code is in it: outside production only, and only to this machine (ADR 043).
      if (!devMailboxReadable(deps.config) || !fromThisMachine(req)) throw notFound();
      return devMailbox(deps);
    },
  );
};

/** Web Push (issue 27, ADR 035), mounted at /push: the server's public key, and this browser on or off. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/push', ['push']);
  endpoint(
    'pushKey',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: "The server's VAPID public key, which a browser subscribes with",
      message: MSG.pushKeyFetched,
    },
    async () => ({ publicKey: deps.config.push.publicKey }),
  );
  endpoint(
    'pushSubscribe',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: "Send your notifications to this browser's push subscription",
      message: MSG.pushSubscribed,
    },
    async (req) => subscribePush(deps, caller(req).userId, req.body),
  );
  endpoint(
    'pushUnsubscribe',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Stop sending your notifications to this browser',
      message: MSG.pushUnsubscribed,
    },
    async (req) => unsubscribePush(deps, caller(req).userId, req.body.endpoint),
  );
};
