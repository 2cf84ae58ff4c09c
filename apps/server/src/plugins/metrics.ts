import { createHash, timingSafeEqual } from 'node:crypto';
import { errorEnvelope } from '@kiraya/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Config } from '../config.js';
import {
  type AppMetrics,
  type HttpRequestMetrics,
  UNMATCHED_ROUTE,
  appMetrics,
  startProcessMetrics,
  trackSerialClient,
} from '../lib/metrics.js';
import { publicCacheFor } from './public-cache.js';

/**
 * GET /metrics and the slow-request log (ADR 026).
 *
 * One onResponse hook does both: it reads the route's pattern (never the URL), the status and
 * `reply.elapsedTime`, adds them to the app's request series (lib/metrics.ts, no allocation once a series
 * exists) and logs a request slower than SLOW_REQUEST_MS once at warn with its route pattern, method,
 * status and duration only. Without METRICS_TOKEN nothing is counted; with SLOW_REQUEST_MS=0 as well,
 * there is no hook at all.
 *
 * /metrics answers only `Authorization: Bearer $METRICS_TOKEN` (compared in constant time); anyone else,
 * or everyone when METRICS_TOKEN is unset, gets the API's 404 envelope, as for an address with no route.
 */
export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route streams (server-sent events): its duration is the stream's life, not a latency. */
    stream?: boolean;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the Authorization header carries the metrics token (constant time, whatever the lengths). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(token));
}

/** What a module tells the metrics at scrape time, passed in by app.ts: core does not import a module (ADR 047). */
export type ModuleGauges = {
  /** Live-event streams open on this instance (the live module's hub). */
  liveConnections: () => number;
};

/** Registers the hook and /metrics on the root instance, before any route (they all get the hook). */
export function registerMetrics(app: FastifyInstance, config: Config, gauges: ModuleGauges, coldStart = false): AppMetrics {
  const metrics = appMetrics(app.deps);
  const token = config.metricsToken;
  const slowMs = config.slowRequestMs;
  const http = token ? metrics.http : null;
  if (token) registerGauges(app, metrics, gauges);

  // Streams (the live events) are left out: their "duration" is how long a page stayed open.
  const streams = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.stream) streams.add(route.url);
  });

  const cold = coldStart ? { until: Date.now() + COLD_START_MS, seen: new Set<string>() } : undefined;
  if (http || slowMs > 0) app.addHook('onResponse', responseHook(http, slowMs, streams, cold));

  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(errorEnvelope('NOT_FOUND', `No route for ${req.method} ${METRICS_PATH}.`));
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) return notFound(req, reply);
    const body = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
  return metrics;
}

/** How long after a start the first request of a route counts as cold (see `responseHook`). */
export const COLD_START_MS = 60_000;

/** A started process's first minute: until when, and the routes that have answered since the start. */
export type ColdStart = { until: number; seen: Set<string> };

/**
 * The onResponse hook: the request's figures (when `http` is given) and the slow-request line. Reads the
 * route only when it counts or logs; allocates nothing once the request's series exists. With `cold` (main.ts),
 * the first request of each route within the first minute after the start is logged at debug, not warn: it
 * loads what the route needs for the first time, and a first start's log was full of these.
 */
export function responseHook(
  http: HttpRequestMetrics | null,
  slowMs: number,
  streams: ReadonlySet<string>,
  cold?: ColdStart,
): onResponseHookHandler {
  return (req, reply, done) => {
    const ms = reply.elapsedTime;
    const slow = slowMs > 0 && ms >= slowMs;
    const warming = cold !== undefined && Date.now() < cold.until;
    if (http !== null || slow || warming) {
      const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
      const first = warming && !cold.seen.has(`${req.method} ${route}`);
      if (warming) cold.seen.add(`${req.method} ${route}`);
      if (!streams.has(route)) {
        http?.observe(req.method, route, reply.statusCode, ms / 1000);
        if (slow && route !== METRICS_PATH) {
          if (first)
            req.log.debug({ route, method: req.method, status: reply.statusCode, ms: Math.round(ms) }, 'slow first request (cold start)');
          else logSlow(req, reply, route, ms);
        }
      }
    }
    done();
  };
}

/** The one line of a slow request: no URL, parameters, query, headers, body or caller. */
function logSlow(req: FastifyRequest, reply: FastifyReply, route: string, ms: number): void {
  req.log.warn({ route, method: req.method, status: reply.statusCode, ms: Math.round(ms) }, 'slow request');
}

/** Figures read at scrape time: the database pool, the public cache, the live streams; and the process's. */
function registerGauges(app: FastifyInstance, metrics: AppMetrics, gauges: ModuleGauges): void {
  startProcessMetrics();
  const { db } = app.deps;
  const client = (db as unknown as { $client?: unknown }).$client as Record<string, unknown> | undefined;
  const pool =
    client && typeof client.waitingCount === 'number'
      ? (client as unknown as { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } })
      : null;
  // PGlite: one statement at a time (in use 0 or 1, the rest wait).
  const serial = !pool && client ? trackSerialClient(client) : null;
  metrics.gauge({
    name: 'kiraya_db_pool_in_use',
    help: 'Database connections running a query or transaction (PGlite: 0 or 1).',
    collect() {
      this.set(pool ? pool.totalCount - pool.idleCount : Math.min(1, serial?.inFlight ?? 0));
    },
  });
  metrics.gauge({
    name: 'kiraya_db_pool_waiting',
    help: 'Queries waiting for a database connection (PGlite: waiting for the one).',
    collect() {
      this.set(pool ? pool.waitingCount : Math.max(0, (serial?.inFlight ?? 0) - 1));
    },
  });
  metrics.gauge({
    name: 'kiraya_db_pool_size',
    help: 'Database connections open (PGlite: 1) and the most the pool opens.',
    labelNames: ['bound'],
    collect() {
      this.set({ bound: 'open' }, pool ? pool.totalCount : 1);
      this.set({ bound: 'max' }, pool ? (pool.options.max ?? 10) : 1);
    },
  });
  const cache = publicCacheFor(db);
  let seenHits = cache.hits;
  let seenMisses = cache.misses;
  metrics.counter({
    name: 'kiraya_public_cache_requests_total',
    help: 'Public reads answered from the cache (hit) or made and stored (miss).',
    labelNames: ['result'],
    collect() {
      // The cache counts in plain integers on the request path; they are moved here at scrape time.
      this.inc({ result: 'hit' }, cache.hits - seenHits);
      this.inc({ result: 'miss' }, cache.misses - seenMisses);
      seenHits = cache.hits;
      seenMisses = cache.misses;
    },
  });
  metrics.gauge({
    name: 'kiraya_live_connections',
    help: 'Live-event streams (server-sent events) open on this instance.',
    collect() {
      this.set(gauges.liveConnections());
    },
  });
}
