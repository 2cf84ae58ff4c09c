import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { BlobStore } from './lib/blob-store.js';
import type { FieldCrypto } from './lib/crypto.js';
import type { SessionRevocations } from './lib/sessions.js';
import type { TokenSigner } from './plugins/auth.js';

/**
 * What the app gives its modules: built once in app.ts, reached as `app.deps` in routes and passed to
 * services (each takes the `Pick` it needs). Modules import this file, never app.ts (ADR 009).
 */
export type AppDeps = {
  config: Config;
  db: Db;
  crypto: FieldCrypto;
  signer: TokenSigner;
  blobs: BlobStore;
  /** The shared Redis when REDIS_URL is set (ADR 018), else null: counters stay in memory. */
  redis: Redis | null;
  /** Ended sessions, known to every instance (lib/sessions.ts): the auth hook refuses their tokens. */
  sessions: SessionRevocations;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
