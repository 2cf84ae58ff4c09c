import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { DEFAULT_LOCALE, isLocale, LOCALE_PARAM, LOCALES, type Locale } from '@kiraya/contract/locales';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, LIMITS, MSG, errorEnvelope, isAppPage } from '@kiraya/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { type Config, secureTransport } from './config.js';
import type { Db } from './db/index.js';
import type { AppDeps } from './deps.js';
import { type BlobStore, LocalDiskBlobStore, PRIVATE_PREFIX, contentTypeOfKey } from './lib/blob-store.js';
import { createHash } from 'node:crypto';
import { FieldCrypto } from './lib/crypto.js';
import { SessionRevocations } from './lib/sessions.js';
import { TokenSigner, registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerPolicies } from './plugins/policy.js';
import { registerLocale } from './plugins/locale.js';
import { registerCrawlFiles } from './plugins/crawl.js';
import { registerRender } from './plugins/render.js';
import { LANGUAGE_VARY, registerPublicCache, registerPublicFastLane } from './plugins/public-cache.js';
import { registerMultipart } from './plugins/multipart.js';
import { registerSecurityHeaders } from './plugins/headers.js';
import { lazyChildLogger } from './plugins/lazy-logger.js';
import { usersRoutes } from './modules/users/index.js';
import { localitiesRoutes, propertiesRoutes } from './modules/properties/index.js';
import { roomsRoutes } from './modules/rooms/index.js';
import { contactsRoutes, viewsRoutes } from './modules/contacts/index.js';
import { tenancyRoutes, vacateRoom } from './modules/tenancy/index.js';
import { billsRoutes } from './modules/bills/index.js';
import { leasesRoutes } from './modules/leases/index.js';
import { depositsRoutes } from './modules/deposits/index.js';
import { payoutsRoutes } from './modules/payouts/index.js';
import { paymentCsp, paymentsRoutes } from './modules/payments/index.js';
import { documentsRoutes } from './modules/documents/index.js';
import { statisticsRoutes } from './modules/statistics/index.js';
import { liveHubFor, liveRoutes } from './modules/live/index.js';
import { messagesRoutes } from './modules/messages/index.js';
import { outboxRoutes, outboxStats, pushRoutes } from './modules/outbox/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { moderationRoutes } from './modules/moderation/index.js';

export type { AppDeps } from './deps.js';

export type BuildOptions = {
  config: Config;
  db: Db;
  blobs?: BlobStore;
  logger?: FastifyServerOptions['logger'];
  /**
   * Set by main.ts: the process has just started, so the first request of each route in its first minute is cold
   * (modules and the server renderer loaded on first use, caches empty) and is not reported as a slow request.
   */
  coldStart?: boolean;
};

/** Builds the whole app without listening: main.ts listens, tests call inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const t = config.timeouts;
  // Headers can only be waited for as long as the whole request may take.
  const headersMs = t.requestMs > 0 ? Math.min(t.headersMs, t.requestMs) : t.headersMs;
  const app = Fastify({
    logger: opts.logger ?? false,
    // A request's pino child is made only when the request logs something (plugins/lazy-logger.ts, ADR 025).
    childLoggerFactory: lazyChildLogger,
    // A client that stops sending (a Content-Length it never fills, headers it never ends) is cut off
    // instead of holding a socket until it gives up.
    requestTimeout: t.requestMs,
    connectionTimeout: t.connectionMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      requestTimeout: t.requestMs,
      headersTimeout: headersMs,
      // Node checks request and header deadlines on this interval (30 s by default, far coarser than they are).
      connectionsCheckingInterval: Math.max(50, Math.round(Math.min(headersMs, t.requestMs || headersMs) / 5)),
    },
    trustProxy:
      typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1_048_576,
    // Errors Fastify raises before routing (a URL that does not decode, a header it cannot read) get the
    // same error envelope as everything else.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const message = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MSG.badUrl : MSG.invalidInput;
      (reply as unknown as FastifyReply).status(status).send(errorEnvelope('BAD_REQUEST', message, [{ path: '', message }], status));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const publicOrigin = new URL(config.publicUrl).origin;
  // Front ends on other origins load images by URL: give them absolute ones. Without other origins,
  // relative URLs keep working under whatever host name the app is reached by.
  const crossOrigin = config.trustedOrigins.some((o) => o !== publicOrigin);
  const uploadsPrefix = `${crossOrigin ? config.publicUrl : ''}/uploads`;
  // Shared state for several instances (ADR 018): Redis for counters, an S3 bucket for uploads.
  // ioredis and the AWS SDK are loaded only when configured: the start path of a server without them (the default,
  // and every test) does not evaluate them (the start-up profile in docs/benchmarks/memory.md).
  const redisLib = config.redisUrl ? await import('./lib/redis.js') : null;
  const redis = redisLib && config.redisUrl ? redisLib.createRedis(config.redisUrl, app.log) : null;
  const ownBlobs = !opts.blobs && config.s3 ? new (await import('./lib/s3-blob-store.js')).S3BlobStore(config.s3, uploadsPrefix) : null;
  const deps: AppDeps = {
    config,
    db,
    crypto: new FieldCrypto(config.dataKey),
    signer: new TokenSigner(config),
    blobs: opts.blobs ?? ownBlobs ?? new LocalDiskBlobStore(join(config.dataDir, 'uploads'), uploadsPrefix),
    redis,
    sessions: new SessionRevocations(db, config.accessTokenTtlSeconds),
  };
  app.decorate('deps', deps);
  // Sessions ended by logout, a password change or refresh-token reuse, on any instance (issue 18).
  const stopSessions = await deps.sessions.start(app.log);
  app.addHook('onClose', async () => stopSessions());
  if (redisLib && redis) {
    if (!(await redisLib.redisReady(redis))) app.log.warn('Redis not reachable at start-up: rate limits are skipped until it is');
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  if (ownBlobs) app.addHook('onClose', async () => ownBlobs.close());

  registerErrorHandler(app);
  // Before every route: GET /metrics, and the one onResponse hook of the request metrics and slow-request log (ADR 026).
  const liveHub = liveHubFor(deps);
  registerMetrics(app, config, { liveConnections: () => liveHub.size }, opts.coldStart === true);
  registerJsonParser(app);
  // The payment provider's checkout script and frames are allowed only when that gateway is configured (ADR 019).
  const payCsp = paymentCsp(config);
  // helmet's headers, computed once at start-up (plugins/headers.ts, ADR 025).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', publicOrigin],
        scriptSrc: ["'self'", ...payCsp.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...payCsp.connectSrc],
        frameSrc: ["'self'", ...payCsp.frameSrc],
        upgradeInsecureRequests: secureTransport(config) ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: secureTransport(config),
  });
  // A public read the cache holds is answered here, before cookies, CORS, multipart and auth (ADR 025).
  registerPublicFastLane(app, db);
  await app.register(cookie);
  // Trusted front ends on other origins (TRUSTED_ORIGINS, PUBLIC_URL) may call the API with cookies;
  // any other origin gets no CORS headers at all (and 403 on state changes, from registerAuth).
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !!origin && config.trustedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis every instance counts against the same limit. Redis unreachable: the limit is skipped
    // (fail open, logged by createRedis) rather than refusing every request (ADR 018).
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      errorEnvelope('TOO_MANY_REQUESTS', MSG.tooManyRequests, [
        { path: '', message: `${MSG.tooManyRequests} Retry in ${Math.ceil(ctx.ttl / 1000)} s.` },
      ]),
  });
  await registerMultipart(app, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imageMaxCount, fields: 60, fieldSize: 100_000, parts: 80 },
  });
  registerAuth(app, config, deps.signer, deps.sessions);
  // The caller's language and the envelopes' texts in it (issue 27, ADR 039).
  registerLocale(app);
  registerPolicies(app, { prefix: API_BASE });
  await registerPublicCache(app, db);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kiraya API', version: '1.0.0', description: 'Broker-free rentals: owners, rooms, tenants, bills.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      // Operators see mail stuck or failed (issue 25, ADR 030).
      return { status: 'ready', details: { outbox: await outboxStats(db).catch(() => null) } };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(propertiesRoutes, { prefix: '/properties' });
      await api.register(localitiesRoutes);
      await api.register(roomsRoutes, { prefix: '/rooms' });
      await api.register(contactsRoutes, { prefix: '/contacts' });
      await api.register(viewsRoutes, { prefix: '/tenant' });
      await api.register(tenancyRoutes);
      await api.register(billsRoutes, { prefix: '/bills' });
      await api.register(leasesRoutes, { prefix: '/leases', vacateRoom });
      await api.register(depositsRoutes, { prefix: '/deposits' });
      await api.register(payoutsRoutes, { prefix: '/payouts' });
      await api.register(paymentsRoutes);
      await api.register(documentsRoutes, { prefix: '/documents' });
      await api.register(statisticsRoutes, { prefix: '/statistics' });
      await api.register(liveRoutes);
      await api.register(messagesRoutes, { prefix: '/messages' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(outboxRoutes, { prefix: '/dev' });
      await api.register(pushRoutes, { prefix: '/push' });
      await api.register(moderationRoutes);
    },
    { prefix: API_BASE },
  );

  if (deps.blobs instanceof LocalDiskBlobStore) {
    await app.register(fastifyStatic, {
      root: deps.blobs.root,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      // Private blobs (meter photos, ADR 016) are served only by their module after an access check.
      allowedPath: (pathName) => !pathName.startsWith('/private/'),
      // Images are public and named by unguessable keys: trusted front ends on other origins embed them.
      setHeaders(reply) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  if (!(deps.blobs instanceof LocalDiskBlobStore)) registerBlobRoute(app, deps.blobs);

  registerCrawlFiles(app, db, config);
  registerWeb(app, config);
  return app;
}

/**
 * /uploads/{key} for stores that are not a local folder (S3, ADR 018): the same URLs and cache headers as
 * the disk store's static files. Private keys are never served here, only by their module after an access check.
 */
function registerBlobRoute(app: FastifyInstance, blobs: BlobStore): void {
  const notFound = (reply: FastifyReply, path: string) => reply.status(404).send(errorEnvelope('NOT_FOUND', `No route for GET ${path}.`));
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//') || key.startsWith(PRIVATE_PREFIX)) {
      return notFound(reply, req.url.split('?')[0] ?? '/');
    }
    // A key names one content for ever: its hash is a strong validator.
    const etag = `"${createHash('sha1').update(key).digest('base64url')}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    const data = await blobs.get(key);
    if (!data)
      return notFound(reply.header('cache-control', 'no-cache').removeHeader('etag') as FastifyReply, req.url.split('?')[0] ?? '/');
    return reply.type(contentTypeOfKey(key)).send(data);
  });
}

/**
 * JSON bodies as Fastify parses them, except that an empty body is no body: fetch clients send
 * `Content-Type: application/json` on body-less POSTs (logout, refresh-token). Routes that need a body
 * still refuse the missing one through their schema.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parse(req, text, done);
  });
}

/** Security headers that apply to documents only; helmet sets them on every response. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Headers a hashed, immutable asset does without (registerWeb); Vary then names only Accept-Encoding. */
const ASSET_DROPPED_HEADERS = [
  'etag',
  'last-modified',
  'accept-ranges',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'vary',
];

/**
 * `/`, the landing page prerendered once per language (issue 27, ADR 039): `?lang=` names one (each language has
 * its own address for crawlers and hreflang), else the caller's language (cookie, Accept-Language). Kept in
 * memory with the site's address filled in, compressed once, with an ETag.
 */
function registerLanding(app: FastifyInstance, dist: string, base: string): void {
  type Page = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };
  const toPage = (html: string): Page => {
    const raw = Buffer.from(html);
    return {
      raw,
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    };
  };
  const pages = new Map<Locale, Page>();
  /** `/` answered in another language than its own (English) because the caller asked for it (see below). */
  const negotiated = new Map<Locale, Page>();
  for (const locale of LOCALES) {
    const file = join(dist, locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8').replaceAll('%KIRAYA_BASE%', base);
    pages.set(locale, toPage(html));
    if (locale !== DEFAULT_LOCALE) negotiated.set(locale, toPage(withoutAlternates(html)));
  }
  app.get('/', { schema: { hide: true } }, (req, reply) => {
    const param = (req.query as Record<string, unknown>)[LOCALE_PARAM];
    const explicit = isLocale(param);
    const locale = explicit ? param : req.locale;
    const page = (explicit ? undefined : negotiated.get(locale)) ?? pages.get(locale) ?? pages.get(DEFAULT_LOCALE);
    if (!page) return reply.status(404).send(errorEnvelope('NOT_FOUND', 'No route for GET /.'));
    reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    const vary = explicit ? 'Accept-Encoding' : `Accept-Encoding, ${LANGUAGE_VARY}`;
    const before = reply.getHeader('vary');
    reply.header('vary', before ? `${before}, ${vary}` : vary);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return reply.status(304).send();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.raw);
  });
}

/**
 * A page in another language than its address's own, because the caller's cookie or Accept-Language asked for it
 * (the Hindi landing page answered at `/`), keeps its canonical link (the address of that language,
 * `/?lang=hi-IN`) but loses its hreflang alternates: those name `/` as the English page, so with them the page
 * would say both "I am `/`, the English page" and "my canonical is the Hindi one", a conflict search engines (and
 * Lighthouse's canonical audit) reject. Crawlers send neither header and see the pages at their own addresses.
 */
export const withoutAlternates = (html: string): string =>
  html.replace(/\n?[ \t]*<link rel="alternate" hreflang="[^"]*" href="[^"]*" \/>/g, '');

/** The prerendered landing page's files (`index.html`, `index.hi-IN.html`): never served as they are. */
const LANDING_FILE = /^\/index(?:\.([a-z]{2}-[A-Z]{2}))?\.html$/;

/** Serves the built web app; deep links fall back to the app shell. */
function registerWeb(app: FastifyInstance, config: Config): void {
  const dist = config.webDist;
  const notFound = (method: string, path: string) => errorEnvelope('NOT_FOUND', `No route for ${method} ${path}.`);
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.setNotFoundHandler((req, reply) => reply.status(404).send(notFound(req.method, req.url.split('?')[0] ?? '/')));
    return;
  }
  const shell = existsSync(join(dist, 'app.html')) ? 'app.html' : 'index.html';
  // ssr.html (web build) loads the app after the rendered page; app.html loads it at once (dashboards).
  registerRender(app, app.deps.db, config, dist, existsSync(join(dist, 'ssr.html')) ? 'ssr.html' : shell);
  app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    // `/` is answered below, in the caller's language. Its files are templates (the site's address is filled in
    // there): asked for by name, they redirect to their address (the not-found handler below).
    index: false,
    allowedPath: (path) => !LANDING_FILE.test(path),
    setHeaders(reply, path) {
      if (path.includes(`${join(dist, 'assets')}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        // Headers that only mean something on a document (CSP, framing, opener…) are dropped from scripts,
        // styles and images: about 700 bytes on each of a page's dozen asset responses (issue 12).
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        // A hashed file never changes and is never revalidated (immutable): no validators. It is the site's own and
        // never read by another origin (trusted front ends call the API, ADR 018), so it answers the same to every
        // Origin: no CORS headers (a module script sends its Origin even to its own site). About 0.25 KB less on
        // each of a page's scripts, which Lighthouse counts in a page's JavaScript (ADR 039).
        for (const name of ASSET_DROPPED_HEADERS) reply.removeHeader(name);
      } else {
        reply.header('cache-control', 'no-cache');
        // The installable app (issue 27, ADR 035): the service worker controls the whole site, and its script is
        // always revalidated (no-cache above) so a new version is found on the next visit. Its CSP (the
        // document headers kept here) applies to the worker's own requests too.
        const file = path.replace(/\.(?:br|gz)$/, ''); // a precompressed copy stands for its file
        if (file === join(dist, 'sw.js')) reply.header('service-worker-allowed', '/');
        if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
      }
    },
  });
  registerLanding(app, dist, config.publicUrl);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const landing = LANDING_FILE.exec(path);
    if (landing && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.redirect(landing[1] && isLocale(landing[1]) ? `/?${LOCALE_PARAM}=${landing[1]}` : '/', 301);
    }
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/uploads/');
    if (wantsHtml && !/\.[a-z0-9]+$/i.test(path)) {
      // The app's own pages answer 200; any other address answers 404 with the shell, and the app says so.
      return reply
        .status(isAppPage(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile(shell, dist);
    }
    return reply.status(404).send(notFound(req.method, path));
  });
}
