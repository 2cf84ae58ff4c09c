import type { APIRequestContext } from '@playwright/test';
import { formatRent, formatRupees } from '@kiraya/contract/money';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * Server rendering of the public listings (ADR 015). The HTML checks fetch the page without a browser, so
 * nothing in them comes from a script; the browser checks load each public page and watch for hydration
 * warnings and for a second fetch of the data the page was rendered with.
 */
type Listing = { _id: string; title: string; rentAmount: number | null; images: { url: string; thumbnailUrl: string }[] };
type RoomView = { rentAmount: number };

const LIST_API = '/api/v1/properties/fetch-all-properties';
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function publicListings(request: APIRequestContext, query = ''): Promise<Listing[]> {
  const res = await request.get(`${LIST_API}${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

test('the /properties?city=Pune HTML holds the Pune listings: title, rent and first image, before any script', async ({ request }) => {
  const items = await publicListings(request, '?city=Pune');
  expect(items.length).toBeGreaterThan(0);
  const res = await request.get('/properties?city=Pune');
  expect(res.status()).toBe(200);
  expect(res.headers().etag).toBeTruthy();
  expect(res.headers()['cache-control']).toContain('stale-while-revalidate');
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  for (const p of items) {
    expect(root).toContain(text(p.title));
    if (p.rentAmount !== null) expect(root).toContain(formatRupees(p.rentAmount));
    const img = p.images[0];
    if (img) expect(root).toContain(attr(img.thumbnailUrl));
  }
  expect(html).toContain('<link rel="canonical" href="');
  expect(html).toMatch(/<script id="kiraya-state" type="application\/json">/);
  // Revalidation answers 304 without a body.
  const again = await request.get('/properties?city=Pune', { headers: { 'if-none-match': res.headers().etag as string } });
  expect(again.status()).toBe(304);
});

test('a property page carries its rooms, title, rent, first photo and JSON-LD with the lowest rent in INR', async ({
  request,
  baseURL,
}) => {
  const [p] = await publicListings(request, '?city=Pune');
  if (!p) throw new Error('no demo listing in Pune');
  const rooms: RoomView[] = (await (await request.get(`/api/v1/rooms/${p._id}`)).json()).data;
  const lowest = Math.min(...rooms.map((r) => r.rentAmount));
  const res = await request.get(`/properties/${p._id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  expect(title).toContain(text(p.title));
  expect(title).toContain(formatRupees(lowest));
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/properties/${p._id}" />`);
  const first = p.images[0]?.url as string;
  const photo = first.startsWith('http') ? first : `${baseURL}${first}`;
  expect(html).toContain(`<meta property="og:image" content="${attr(photo)}" />`);
  expect(html).toContain(`<meta name="twitter:image" content="${attr(photo)}" />`);
  expect(html).toContain(`<meta property="og:title" content="${attr(title.replace(/&amp;/g, '&'))}" />`);
  // The rooms are in the page itself, with their rent.
  const root = html.slice(html.indexOf('<div id="root">'));
  for (const r of rooms) expect(root).toContain(formatRent(r.rentAmount));
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
  expect(['Accommodation', 'Apartment']).toContain(ld['@type']);
  expect(ld.name).toBe(p.title);
  expect(ld.address['@type']).toBe('PostalAddress');
  expect(ld.offers).toMatchObject({ '@type': 'Offer', price: lowest, priceCurrency: 'INR' });
  expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
});

test('a paused listing answers 404 with noindex and leaves the sitemap; resumed, it is back', async ({ playwright, baseURL }) => {
  const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL as string } });
  try {
    expect((await owner.post('/api/v1/users/login', { data: { email: DEMO.owner, password: DEMO_PASSWORD } })).ok()).toBe(true);
    const mine: Listing[] = (await (await owner.get('/api/v1/properties/fetch-properties')).json()).data;
    const p = mine[0] as Listing;
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(`/properties/${p._id}`)).status()).toBe(200);
    expect(await (await visitor.get('/sitemap.xml')).text()).toContain(`/properties/${p._id}</loc>`);
    expect((await owner.patch(`/api/v1/properties/pause-property/${p._id}`, { data: { isPaused: true } })).ok()).toBe(true);
    try {
      const gone = await visitor.get(`/properties/${p._id}`);
      expect(gone.status()).toBe(404);
      const html = await gone.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain(text(p.title));
      expect(await (await visitor.get('/sitemap.xml')).text()).not.toContain(`/properties/${p._id}</loc>`);
    } finally {
      expect((await owner.patch(`/api/v1/properties/pause-property/${p._id}`, { data: { isPaused: false } })).ok()).toBe(true);
    }
    expect((await visitor.get(`/properties/${p._id}`)).status()).toBe(200);
    const deleted = await visitor.get('/properties/01a00000-0000-7000-8000-000000000000');
    expect(deleted.status()).toBe(404);
    expect(await deleted.text()).toContain('<meta name="robots" content="noindex" />');
    await visitor.dispose();
  } finally {
    await owner.dispose();
  }
});

test('`$` patterns in the query stay text: the page keeps its size and the server keeps serving (issue 18)', async ({ request }) => {
  const normal = (await (await request.get('/properties?city=Nowhere')).text()).length;
  const patterns = ['$`', "$'", '$&', '$$', '$1'];
  const pages = await Promise.all(
    patterns.map((p) => request.get(`/properties?city=${encodeURIComponent(p.repeat(40))}`, { headers: { accept: 'text/html' } })),
  );
  for (const res of pages) {
    expect(res.status()).toBe(200);
    // The query shows at most a few times (title, canonical, state): a few KB more, never megabytes.
    expect((await res.text()).length).toBeLessThan(normal + 20_000);
  }
  expect((await request.get('/healthz')).status()).toBe(200);
});

test('robots.txt keeps the dashboards and the API out and points at the sitemap', async ({ request, baseURL }) => {
  const body = await (await request.get('/robots.txt')).text();
  for (const p of ['/OwnerDashboard', '/TenantDashboard', '/auth', '/api/']) expect(body).toContain(`Disallow: ${p}`);
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('each public page hydrates without a warning and without fetching its data again', async ({ page, request }) => {
  const [p] = await publicListings(request, '?city=Pune');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' || /hydrat/i.test(m.text())) warnings.push(m.text());
  });
  page.on('pageerror', (e) => warnings.push(e.message));
  const dataRequests: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === LIST_API || u.pathname.startsWith('/api/v1/rooms/') || /^\/api\/v1\/properties\/[^/]+$/.test(u.pathname))
      dataRequests.push(u.pathname + u.search);
  });
  // Each in both languages (issue 27): the Hindi pages hydrate against their Hindi HTML as cleanly.
  const paths = ['/', '/properties', '/properties?city=Pune&sort=rent_asc', `/properties/${p?._id}`];
  for (const path of [...paths, ...paths.map((x) => `${x}${x.includes('?') ? '&' : '?'}lang=hi-IN`)]) {
    warnings.length = 0;
    dataRequests.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Hydrated: React has attached to the server's HTML (the page answers clicks), and nothing was fetched again.
    await expect(page.locator('main')).toBeVisible();
    expect(warnings, `console on ${path}`).toEqual([]);
    expect(dataRequests, `data requests on ${path}`).toEqual([]);
  }
});
