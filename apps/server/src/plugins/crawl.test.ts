import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../db/schema.js';
import { pauseProperty } from '../modules/properties/index.js';
import { createProperty } from '../seed/property-factories.js';
import { createOwner } from '../seed/factories.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { registerCrawlFiles, robotsTxt } from './crawl.js';

let ctx: TestContext;
let ownerId: string;
const ids: string[] = [];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const listingIds = (xml: string) => locs(xml).flatMap((l) => (/\/properties\/([^/]+)$/.exec(l ?? '') ?? []).slice(1));

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://kiraya.example' });
  const owner = await createOwner(ctx.deps);
  ownerId = owner._id;
  for (const title of ['Alpha House', 'Beta Flat', 'Gamma Villa', 'Delta Studio']) {
    ids.push((await createProperty(ctx.deps, ownerId, { title }))._id);
  }
  await pauseProperty(ctx.deps, ownerId, ids[3] as string, { isPaused: true });
});
afterAll(() => ctx.close());

describe('/robots.txt', () => {
  it('keeps the dashboards, sign-in and the API out and points at the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const p of ['/OwnerDashboard', '/TenantDashboard', '/AdminDashboard', '/auth', '/api/'])
      expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).toContain('Sitemap: https://kiraya.example/sitemap.xml');
    expect(res.body).toBe(robotsTxt('https://kiraya.example'));
  });
});

describe('/sitemap.xml', () => {
  it('lists exactly the public (non-paused) listings with their lastmod', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(listingIds(res.body).sort()).toEqual(ids.slice(0, 3).sort());
    expect(locs(res.body)).toContain('https://kiraya.example/properties');
    const [row] = await ctx.deps.db
      .select()
      .from(properties)
      .where(eq(properties.id, ids[0] as string));
    expect(res.body).toContain(`<loc>https://kiraya.example/properties/${ids[0]}</loc><lastmod>${row?.updatedAt.toISOString()}</lastmod>`);
  });

  it('carries an ETag (304 on revalidation) and changes after a write', async () => {
    const first = await ctx.app.inject('/sitemap.xml');
    expect(first.headers['cache-control']).toMatch(/stale-while-revalidate/);
    const etag = String(first.headers.etag);
    expect((await ctx.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await pauseProperty(ctx.deps, ownerId, ids[2] as string, { isPaused: true });
    const after = await ctx.app.inject('/sitemap.xml');
    expect(after.headers.etag).not.toBe(etag);
    expect(listingIds(after.body).sort()).toEqual(ids.slice(0, 2).sort());
    await pauseProperty(ctx.deps, ownerId, ids[2] as string, { isPaused: false });
  });

  it('becomes an index of numbered files past the per-file limit', async () => {
    const app = Fastify();
    registerCrawlFiles(app, ctx.deps.db, ctx.config, 2);
    const index = await app.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex');
    expect(locs(index.body)).toEqual(['https://kiraya.example/sitemaps/1.xml', 'https://kiraya.example/sitemaps/2.xml']);
    const one = await app.inject('/sitemaps/1.xml');
    const two = await app.inject('/sitemaps/2.xml');
    expect([...listingIds(one.body), ...listingIds(two.body)].sort()).toEqual(ids.slice(0, 3).sort());
    expect(listingIds(one.body)).toHaveLength(2);
    for (const bad of ['/sitemaps/3.xml', '/sitemaps/0.xml', '/sitemaps/x.xml']) expect((await app.inject(bad)).statusCode).toBe(404);
    await app.close();
  });
});
