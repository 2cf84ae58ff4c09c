import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { API_BASE } from '@kiraya/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { listenOn } from '../lib/pg-listen.js';
import { ACCESS_COOKIE } from './auth.js';
import { visitorLocale } from './locale.js';
import { DEFAULT_LOCALE, type Locale } from '@kiraya/contract/locales';

/**
 * The public read cache (ADR 007). Visitors' GETs of the property list, a property page and a
 * property's rooms are answered from memory with an ETag (304 when unchanged) and a short shared
 * max-age. Every write through this server drops the cache before its answer is sent, and writes from
 * anywhere else (another instance, a script, a service called outside HTTP) drop it through the
 * `kiraya_public` notification that the database triggers send (migration 0003): PostgreSQL LISTEN on a
 * dedicated connection and on every pooled one, PGlite listen().
 * While the PostgreSQL listener is down nothing is cached, so a missed notification cannot serve stale data.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
export const NOTIFY_CHANNEL = 'kiraya_public';
const MAX_PAGES = 500; // about 15 MB of list pages at most
const MAX_COUNTS = 5000;

/** `raw`, `br`, `gzip`: the body's bytes, encoded once and sent as they are (a string is encoded on every send). */
/** `vary`: what else the answer depends on (its language: ADR 039), sent as `Vary` with every copy. */
type Entry = { body: string; etag: string; type: string; vary?: string; raw?: Buffer; br?: Buffer; gzip?: Buffer };

/** An answer in a language is kept apart from the same URL in another (ADR 039); English keeps the plain URL. */
export const localeKey = (url: string, locale: Locale): string => (locale === DEFAULT_LOCALE ? url : `${locale} ${url}`);
/** The public API's answers carry a message in the caller's language, resolved from these headers. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';

export class PublicCache {
  /** Bumped by every invalidation; a read stores its answer only if no write happened while it ran. */
  generation = 0;
  /** False while the cross-instance listener is down: then nothing is kept. */
  enabled = true;
  readonly pages = new Map<string, Entry>();
  readonly counts = new Map<string, number>();
  /** Reads answered from the cache and reads made and stored (GET /metrics reads them, ADR 026). */
  hits = 0;
  misses = 0;

  invalidate(): void {
    this.generation += 1;
    this.pages.clear();
    this.counts.clear();
  }

  storePage(key: string, generation: number, entry: Entry): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, entry);
  }

  /** The list's `total` for one filter, counted once per generation. */
  async count(key: string, run: () => Promise<number>): Promise<number> {
    const hit = this.counts.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const n = await run();
    if (this.enabled && generation === this.generation) {
      if (this.counts.size >= MAX_COUNTS) this.counts.delete(this.counts.keys().next().value as string);
      this.counts.set(key, n);
    }
    return n;
  }
}

const caches = new WeakMap<object, PublicCache>();

/** The cache of one database (one per app; tests run several apps in one process). */
export function publicCacheFor(db: Db): PublicCache {
  let c = caches.get(db);
  if (!c) {
    c = new PublicCache();
    caches.set(db, c);
  }
  return c;
}

const LIST = `${API_BASE}/properties/fetch-all-properties`;
const PROPERTY = new RegExp(`^${API_BASE}/properties/(?!fetch-)[^/?]+$`);
const ROOMS = new RegExp(`^${API_BASE}/rooms/[^/?]+$`);

/** The server-rendered listing pages (plugins/render.ts): the same HTML for everyone, kept under `ssr:<url>`. */
const RENDERED = /^\/properties(?:\/[^/?]+)?\/?$/;

/**
 * 'list' answers the same to everyone; 'page' (property, rooms) is cached only for visitors; 'rendered' is a
 * rendered listing page, stored by its route (plugins/render.ts) and answered from here once stored.
 */
function publicKind(url: string): 'list' | 'page' | 'rendered' | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === LIST) return 'list';
  if (q === -1 && (PROPERTY.test(path) || ROOMS.test(path))) return 'page';
  if (RENDERED.test(path)) return 'rendered';
  return null;
}

// Get Phone Number and a tenant's page views (B8) change nothing visitors see either: a tenant browsing
// listings must not empty the cache on every page.
const SESSION_WRITES = new RegExp(`^${API_BASE}/(users/(login|logout|refresh|register|signup)|contacts/reveal/|tenant/views/)`);

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function matches(req: FastifyRequest, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

declare module 'fastify' {
  interface FastifyRequest {
    publicCacheGeneration: number | null;
  }
}

/** Listens for `kiraya_public` on the app's database (lib/pg-listen.ts); returns a stop function. */
function listenForChanges(db: Db, cache: PublicCache, log: FastifyInstance['log']): Promise<() => Promise<void>> {
  return listenOn(db, {
    channel: NOTIFY_CHANNEL,
    // Every pooled connection listens too: a write by this process (HTTP or not) has emptied the cache by
    // the time its COMMIT resolves.
    pooled: true,
    log,
    onNotify: () => cache.invalidate(),
    onUp: () => {
      cache.invalidate();
      cache.enabled = true;
    },
    onDown: () => {
      cache.enabled = false;
      cache.invalidate();
    },
  });
}

/**
 * Answers a public, visitor-independent document (sitemap, rendered page) from the cache, or makes it with
 * `make` and keeps it until the next write: same ETag, 304 and Cache-Control as the public API reads.
 */
export async function sendPublic(
  cache: PublicCache,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  make: () => Promise<{ body: string; type: string; vary?: string }>,
): Promise<FastifyReply> {
  const hit = cache.pages.get(key);
  if (hit) {
    cache.hits++;
    return sendCached(req, reply, hit);
  }
  cache.misses++;
  const generation = cache.generation;
  const { body, type, vary } = await make();
  const entry = { body, type, etag: etagOf(body), ...(vary ? { vary } : {}) };
  cache.storePage(key, generation, entry);
  return sendCached(req, reply, entry);
}

function sendCached(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (entry.vary) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, ${entry.vary}` : entry.vary);
  }
  if (matches(req, entry.etag)) return reply.code(304).send();
  // A rendered page is 30 KB and more of HTML and state; compressed once per cached entry (ADR 015: on a
  // slow phone network the document's size is most of the time before the first paint).
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (entry.body.length > 1024 && /\b(br|gzip)\b/.test(accepts)) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (/\bbr\b/.test(accepts)) {
      entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
      return reply.type(entry.type).header('content-encoding', 'br').send(entry.br);
    }
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return reply.type(entry.type).header('content-encoding', 'gzip').send(entry.gzip);
  }
  entry.raw ??= Buffer.from(entry.body);
  return reply.type(entry.type).send(entry.raw);
}

/**
 * What the cache holds for this read: the entry, `'miss'` for a public read it does not hold yet (the route
 * makes it and stores it), or null for a read it never answers: not public, or a property or its rooms asked by
 * a signed-in caller (an owner may see what visitors do not). Rendered pages' misses are counted by the route.
 */
function cached(cache: PublicCache, url: string, signedIn: boolean, locale: Locale): Entry | 'miss' | null {
  const kind = publicKind(url);
  if (!kind || (kind === 'page' && signedIn)) return null;
  if (kind === 'rendered') {
    // `?lang=` names the page's language whoever asks (plugins/render.ts).
    const lang = /[?&]lang=(en-IN|hi-IN)(?:&|$)/.exec(url)?.[1] as Locale | undefined;
    return cache.pages.get(`ssr:${localeKey(url, lang ?? locale)}`) ?? null;
  }
  return cache.pages.get(localeKey(url, locale)) ?? 'miss';
}

/** The request may carry a caller: a Bearer header or the access cookie (whether valid is the auth hook's to say). */
const mayBeSignedIn = (req: FastifyRequest): boolean =>
  req.headers.authorization !== undefined || (req.headers.cookie?.includes(`${ACCESS_COOKIE}=`) ?? false);

/**
 * The fast lane (issue 21, ADR 025): a GET or HEAD the cache holds, from a page of this origin (no `Origin`
 * header) and, for a property or its rooms, without credentials, is answered by the root's second hook, right
 * after the security headers. Cookies, CORS, multipart, auth and the policies have nothing to do for it: CORS
 * would only add `Vary: Origin`, which is added here. Everything else (a cross-origin read, a signed-in
 * caller's property page) goes the whole way and may still be answered from the cache by the hook below.
 * `public-cache.test.ts` checks that both lanes answer the same headers and bytes.
 * Callback-style hooks: an async hook that returns the reply makes Fastify await the response's end
 * (stream.finished), a third of the hook's cost.
 */
export function registerPublicFastLane(app: FastifyInstance, db: Db): void {
  const cache = publicCacheFor(db);
  app.addHook('onRequest', (req, reply, done) => {
    const m = req.method;
    if ((m === 'GET' || m === 'HEAD') && req.headers.origin === undefined) {
      const entry = cached(cache, req.url, mayBeSignedIn(req), visitorLocale(req));
      if (entry !== null && entry !== 'miss') {
        cache.hits++;
        reply.header('vary', 'Origin');
        sendCached(req, reply, entry);
        return; // answered: the other hooks and the route do not run (Fastify stops at a sent reply)
      }
    }
    done();
  });
}

/** Registers the cache hooks on the root instance (after the auth hook, which sets req.auth). */
export async function registerPublicCache(app: FastifyInstance, db: Db): Promise<PublicCache> {
  const cache = publicCacheFor(db);
  const stop = await listenForChanges(db, cache, app.log);
  app.addHook('onClose', async () => stop());
  app.decorateRequest('publicCacheGeneration', null);

  app.addHook('onRequest', (req, reply, done) => {
    // HEAD is GET without the body (Fastify's exposeHeadRoutes strips it in the route's last onSend): the same
    // cached answer, the same ETag and Cache-Control.
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const entry = cached(cache, req.url, req.auth !== null, req.locale);
    if (entry === null) return done();
    if (entry === 'miss') {
      cache.misses++;
      req.publicCacheGeneration = cache.generation;
      return done();
    }
    cache.hits++;
    sendCached(req, reply, entry);
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const m = req.method;
    if (m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS') {
      // A write (even a refused one) drops the cache before its answer leaves, so the writer's next read
      // is fresh. Sign-in traffic changes nothing visitors see and would only empty the cache.
      if (!SESSION_WRITES.test(req.url)) cache.invalidate();
      return done(null, payload);
    }
    const generation = req.publicCacheGeneration;
    if (generation === null || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const etag = etagOf(payload);
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    cache.storePage(localeKey(req.url, req.locale), generation, { body: payload, etag, type, vary: LANGUAGE_VARY });
    reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, ${LANGUAGE_VARY}` : LANGUAGE_VARY);
    if (matches(req, etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
  return cache;
}
