import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, LIMITS, MSG } from '@kiraya/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { type BlobStore, LocalDiskBlobStore } from './lib/blob-store.js';
import { FieldCrypto } from './lib/crypto.js';
import { TokenSigner, registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerPublicCache } from './plugins/public-cache.js';
import { usersRoutes } from './modules/users/routes.js';
import { propertiesRoutes } from './modules/properties/routes.js';
import { roomsRoutes } from './modules/rooms/routes.js';

export type AppDeps = {
  config: Config;
  db: Db;
  crypto: FieldCrypto;
  signer: TokenSigner;
  blobs: BlobStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildOptions = {
  config: Config;
  db: Db;
  blobs?: BlobStore;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole app without listening: main.ts listens, tests call inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy:
      typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = {
    config,
    db,
    crypto: new FieldCrypto(config.dataKey),
    signer: new TokenSigner(config),
    blobs: opts.blobs ?? new LocalDiskBlobStore(join(config.dataDir, 'uploads')),
  };
  app.decorate('deps', deps);

  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: MSG.tooManyRequests,
      success: false,
      errors: [{ path: '', message: `${MSG.tooManyRequests} Retry in ${Math.ceil(ctx.ttl / 1000)} s.` }],
    }),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imageMaxCount, fields: 60, fieldSize: 100_000, parts: 80 },
  });
  registerAuth(app, config, deps.signer);
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
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(propertiesRoutes, { prefix: '/properties' });
      await api.register(roomsRoutes, { prefix: '/rooms' });
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
    });
  }

  registerWeb(app, config);
  return app;
}

/** Serves the built web app; deep links fall back to the app shell. */
function registerWeb(app: FastifyInstance, config: Config): void {
  const dist = config.webDist;
  const notFound = (method: string, path: string) => ({
    statusCode: 404,
    message: `No route for ${method} ${path}.`,
    success: false,
    errors: [],
  });
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.setNotFoundHandler((req, reply) => reply.status(404).send(notFound(req.method, req.url.split('?')[0] ?? '/')));
    return;
  }
  const shell = existsSync(join(dist, 'app.html')) ? 'app.html' : 'index.html';
  app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: ['index.html'],
    setHeaders(reply, path) {
      if (path.includes(`${join(dist, 'assets')}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/uploads/');
    if (wantsHtml && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile(shell, dist);
    }
    return reply.status(404).send(notFound(req.method, path));
  });
}
