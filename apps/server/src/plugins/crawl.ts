import type { FastifyInstance } from 'fastify';
import { asc, count } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { properties } from '../db/schema.js';
import { propertyListed } from '../lib/listing.js';
import { publicCacheFor, sendPublic } from './public-cache.js';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths crawlers are kept out of: the signed-in apps, the sign-in page and the API. */
export const CRAWL_DISALLOW = ['/OwnerDashboard', '/TenantDashboard', '/AdminDashboard', '/auth', '/api/'] as const;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...CRAWL_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

export function urlsetXml(publicUrl: string, entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(publicUrl + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(publicUrl: string, files: number): string {
  const items = Array.from({ length: files }, (_, i) => `<sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** A listing crawlers may see: not paused, archived (ADR 022), hidden nor of a suspended owner (ADR 037). */
const listed = propertyListed;

const publicCount = async (db: Db) => {
  const [r] = await db.select({ n: count() }).from(properties).where(listed);
  return Number(r?.n ?? 0);
};

/** One file's worth of public listings (paused ones are not listed), oldest first so files stay stable. */
const publicPage = (db: Db, page: number, per: number) =>
  db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(listed)
    .orderBy(asc(properties.createdAt), asc(properties.id))
    .limit(per)
    .offset((page - 1) * per);

const listingEntries = (rows: { id: string; updatedAt: Date }[]) =>
  rows.map((r) => ({ loc: `/properties/${encodeURIComponent(r.id)}`, lastmod: r.updatedAt }));

const XML = 'application/xml; charset=utf-8';

/**
 * /robots.txt and /sitemap.xml (with /sitemaps/{n}.xml past `perFile` listings). The sitemap is kept in the
 * public read cache (ADR 007), so every write that changes a listing drops it.
 */
export function registerCrawlFiles(app: FastifyInstance, db: Db, config: Config, perFile = SITEMAP_MAX_URLS): void {
  const cache = publicCacheFor(db);
  const base = config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) =>
    sendPublic(cache, req, reply, '/sitemap.xml', async () => {
      const total = await publicCount(db);
      if (total > perFile) return { body: sitemapIndexXml(base, Math.ceil(total / perFile)), type: XML };
      const pages = await publicPage(db, 1, perFile);
      return { body: urlsetXml(base, [{ loc: '/' }, { loc: '/properties' }, ...listingEntries(pages)]), type: XML };
    }),
  );
  app.get<{ Params: { n: string } }>('/sitemaps/:n', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([1-9][0-9]{0,6})\.xml$/.exec(req.params.n);
    const n = m ? Number(m[1]) : 0;
    const rows = n ? await publicPage(db, n, perFile) : [];
    if (rows.length === 0) return reply.callNotFound();
    return sendPublic(cache, req, reply, `/sitemaps/${n}.xml`, async () => ({
      body: urlsetXml(base, listingEntries(rows)),
      type: XML,
    }));
  });
}
