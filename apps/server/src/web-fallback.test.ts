import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

// A built web app of two shells (no server-render bundle): what the not-found handler serves (issue 19).
let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kiraya-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html><link rel="canonical" href="%KIRAYA_BASE%/" /><body>landing</body></html>');
  writeFileSync(
    join(dist, 'index.hi-IN.html'),
    [
      '<html lang="hi-IN"><head>',
      '    <link rel="alternate" hreflang="en-IN" href="%KIRAYA_BASE%/" />',
      '    <link rel="alternate" hreflang="hi-IN" href="%KIRAYA_BASE%/?lang=hi-IN" />',
      '    <link rel="alternate" hreflang="x-default" href="%KIRAYA_BASE%/" />',
      '    <link rel="canonical" href="%KIRAYA_BASE%/?lang=hi-IN" />',
      '</head></html>',
    ].join('\n'),
  );
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(readFileSync(join(dist, 'index.html'))));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), `export const x = 1; // ${'y'.repeat(2000)}`);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(readFileSync(join(dist, 'assets', 'index-AbC123.js'))));
  writeFileSync(join(dist, 'app.html'), '<html><body><div id="root"></div>app shell</body></html>');
  // The installable app's files (issue 27), as the web build writes them (sw.js also precompressed).
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`);
  writeFileSync(join(dist, 'sw.js.gz'), gzipSync(readFileSync(join(dist, 'sw.js'))));
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Kiraya', start_url: '/start' }));
  ctx = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('addresses that are not API calls', () => {
  it('answers the app shell with 200 for deep links of real pages', async () => {
    for (const url of [
      '/auth',
      '/auth?next=%2FTenantDashboard',
      '/TenantDashboard/Billings',
      '/tenantdashboard/billings/',
      '/OwnerDashboard/rooms/abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('app shell');
    }
  });

  it('answers 404 with the app shell for an unknown address, so the app shows its not-found page', async () => {
    for (const url of ['/no-such-page', '/TenantDashboard/Nope', '/OwnerDashboard/rooms', '/properties/a/b']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('app shell');
    }
  });

  it('keeps the JSON 404 for unknown API calls and missing files', async () => {
    const api = await get('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves a hashed script immutable, the same to every origin, without validators or document headers (ADR 039)', async () => {
    // A module script sends its Origin even to its own site; a trusted front end's origin gets the same answer.
    const origins = [new URL(ctx.config.publicUrl).origin, ...ctx.config.trustedOrigins, undefined];
    for (const origin of origins) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.app.inject({
          method,
          url: '/assets/index-AbC123.js',
          headers: { 'accept-encoding': 'br', ...(origin ? { origin } : {}) },
        });
        const what = `${method} from ${origin ?? 'no origin'}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-encoding'], what).toBe('br');
        expect(res.headers.vary, what).toBe('accept-encoding');
        expect(res.headers['x-content-type-options'], what).toBe('nosniff');
        for (const gone of [
          'etag',
          'last-modified',
          'accept-ranges',
          'content-security-policy',
          'x-frame-options',
          'access-control-allow-origin',
          'access-control-allow-credentials',
        ])
          expect(res.headers[gone], `${what}: ${gone}`).toBeUndefined();
        if (method === 'GET') expect(brotliDecompressSync(res.rawPayload).toString()).toContain('export const x = 1;');
      }
    }
  });

  it('serves /sw.js always revalidated, allowed the whole site, with the CSP (plain and precompressed), and /start as an app page', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const sw = await ctx.app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(sw.statusCode, encoding).toBe(200);
      expect(sw.headers['cache-control'], encoding).toBe('no-cache');
      expect(sw.headers['service-worker-allowed'], encoding).toBe('/');
      expect(sw.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
      expect(sw.headers['content-security-policy'], encoding).toContain("default-src 'self'");
    }
    const start = await get('/start');
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('app shell');
  });

  it('serves the manifest as application/manifest+json, revalidated', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Kiraya', start_url: '/start' });
    expect((await get('/icons-none.webmanifest')).statusCode).toBe(404);
  });

  it('never serves the landing page templates by name: /index.html redirects to its address, filled in (issue 27)', async () => {
    for (const [url, to] of [
      ['/index.html', '/'],
      ['/index.hi-IN.html', '/?lang=hi-IN'],
    ]) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location).toBe(to);
        expect(res.body).not.toContain('%KIRAYA_BASE%');
      }
    }
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('%KIRAYA_BASE%');
    expect(page.body).toMatch(/<link rel="canonical" href="http[^"]+\/" \/>/);
  });

  it('answers / in Hindi for a Hindi caller without hreflang alternates, which would call / the Hindi page (issue 27)', async () => {
    const hi = await get('/?lang=hi-IN');
    expect(hi.body).toMatch(/<link rel="alternate" hreflang="en-IN" href="http[^"]+\/" \/>/);
    expect(hi.body).toMatch(/<link rel="alternate" hreflang="hi-IN" href="http[^"]+\/\?lang=hi-IN" \/>/);
    for (const headers of [{ 'accept-language': 'hi-IN,hi;q=0.9' }, { cookie: 'kiraya_lang=hi-IN' }]) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { ...headers, 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers.vary).toMatch(/Accept-Language, Cookie/);
        expect(res.headers.etag).not.toBe(hi.headers.etag);
        const body = encoding === 'identity' ? res.body : brotliDecompressSync(res.rawPayload).toString();
        expect(body).toContain('<html lang="hi-IN">');
        expect(body).toMatch(/<link rel="canonical" href="http[^"]+\/\?lang=hi-IN" \/>/);
        expect(body).not.toContain('hreflang');
      }
    }
  });
});
