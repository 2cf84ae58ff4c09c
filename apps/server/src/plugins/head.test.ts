import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../seed/factories.js';
import { createProperty, createRoom } from '../seed/property-factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';

// HEAD is GET without the body (RFC 9110 9.3.2): the same status and headers, so a cache or a crawler that
// asks HEAD learns what GET would say (issue 21: HEAD of the public list answered no-store and no ETag).
// Walks every public GET: the public API reads (every one the policy table lists), the server-rendered
// pages, the crawl files, /healthz, the web app's files and an upload.

const webDist = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(join(webDist, '..', 'dist-render', 'entry-server.js')) && existsSync(join(webDist, 'app.html'));

/** Headers that legitimately differ from one answer to the next, whatever the method. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

/** Message framing: a HEAD answer carries GET's Content-Length or none (RFC 9110 8.6), and no chunked body. */
const FRAMING = new Set(['content-length', 'transfer-encoding']);

const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !PER_ANSWER.has(k) && !FRAMING.has(k)));

describe.skipIf(!built && process.env.KIRAYA_WEB_BUILT !== '1')('HEAD answers carry GET headers on every public route', () => {
  let ctx: TestContext;
  let id: string;
  let upload: string;
  beforeAll(async () => {
    ctx = await createTestContext({ webDist, publicUrl: 'https://kiraya.example' });
    const ownerId = (await createOwner(ctx.deps))._id;
    const property = await createProperty(ctx.deps, ownerId, { title: 'Head Check House', city: 'Pune' });
    id = property._id;
    await createRoom(ctx.deps, ownerId, id, { rentAmount: 9000 });
    upload = new URL(property.images[0]?.url ?? '', 'http://x').pathname;
  });
  afterAll(() => ctx?.close());

  it('answers HEAD with GET status and headers (Content-Length the same or absent) and no body', async () => {
    const asset = readdirSync(join(webDist, 'assets')).find((f) => f.endsWith('.js'));
    const paths: Record<string, string> = {
      [`GET ${API_BASE}/properties/fetch-all-properties`]: `${API_BASE}/properties/fetch-all-properties?city=Pune`,
      [`GET ${API_BASE}/properties/:id`]: `${API_BASE}/properties/${id}`,
      [`GET ${API_BASE}/rooms/:propertyId`]: `${API_BASE}/rooms/${id}`,
      [`GET ${API_BASE}/localities`]: `${API_BASE}/localities?q=Pu`,
      [`GET ${API_BASE}/users/check-username`]: `${API_BASE}/users/check-username?username=free_name_42`,
      // The development mailbox (issue 25): public where it exists at all (no SMTP, never in production).
      [`GET ${API_BASE}/dev/mailbox`]: `${API_BASE}/dev/mailbox`,
    };
    // Every public GET of the API is walked: a new one must be added above.
    const publicGets = ctx.app.policyTable.filter((r) => r.method === 'GET' && r.policy?.caller === 'public').map((r) => `GET ${r.url}`);
    expect(publicGets.sort()).toEqual(Object.keys(paths).sort());
    expect(upload).toMatch(/^\/uploads\//);

    const urls = [
      `${API_BASE}/properties/fetch-all-properties`,
      ...Object.values(paths),
      '/properties',
      '/properties?city=Pune&page=1',
      `/properties/${id}`,
      '/properties/no-such-listing',
      '/sitemap.xml',
      '/robots.txt',
      '/healthz',
      '/',
      '/favicon.svg',
      // The installable app (issue 27): the service worker, the manifest, the offline page, the start page.
      '/sw.js',
      '/manifest.webmanifest',
      '/offline.html',
      '/icons/maskable-512.png',
      '/start',
      `/assets/${asset}`,
      '/OwnerDashboard',
      '/no/such/page',
      upload,
    ];
    for (const url of urls) {
      for (const encoding of ['identity', 'gzip, deflate, br']) {
        const headers = { 'accept-encoding': encoding };
        await ctx.app.inject({ method: 'GET', url, headers }); // the first answer fills the cache
        const get = await ctx.app.inject({ method: 'GET', url, headers });
        const head = await ctx.app.inject({ method: 'HEAD', url, headers });
        const what = `HEAD ${url} (${encoding})`;
        expect(head.statusCode, what).toBe(get.statusCode);
        expect(comparable(head.headers), what).toEqual(comparable(get.headers));
        if (head.headers['content-length'] !== undefined) {
          expect(head.headers['content-length'], what).toBe(String(get.rawPayload.length));
        }
        expect(head.rawPayload.length, what).toBe(0);
        // A revalidation by HEAD gets the same 304 a GET gets.
        if (get.headers.etag) {
          const again = { ...headers, 'if-none-match': String(get.headers.etag) };
          const [g304, h304] = [
            await ctx.app.inject({ method: 'GET', url, headers: again }),
            await ctx.app.inject({ method: 'HEAD', url, headers: again }),
          ];
          expect(h304.statusCode, `${what} revalidated`).toBe(g304.statusCode);
          expect(comparable(h304.headers), `${what} revalidated`).toEqual(comparable(g304.headers));
        }
      }
    }
    const list = await ctx.app.inject({ method: 'HEAD', url: `${API_BASE}/properties/fetch-all-properties` });
    expect(list.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(list.headers.etag).toMatch(/^"/);
  });
});
