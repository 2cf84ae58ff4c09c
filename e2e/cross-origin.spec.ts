import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * A front end served from another origin (a second localhost port, listed in TRUSTED_ORIGINS by
 * e2e/fixtures.ts) uses the API with fetch and credentials: 'include'. Another, untrusted origin
 * gets no CORS headers.
 */

/** The port of the front end this worker's server trusts (fixtures.ts, `kiraya.frontPort`). */
let FRONT_PORT = 0;
const stamp = Date.now().toString(36);

/** The whole front end: a page whose script calls the app's API cross-origin, with cookies. */
const page = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Other front end</title></head>
<body><main><h1>Other front end</h1><ul id="list"></ul></main>
<script>
  const API = ${JSON.stringify(api)};
  async function call(path, init = {}) {
    const res = await fetch(API + path, {
      credentials: 'include',
      ...init,
      // Sent on every call, body or not, as fetch-based clients do: GETs are preflighted, and
      // logout arrives with an empty JSON body.
      headers: { 'content-type': 'application/json' },
    });
    return { status: res.status, body: await res.json() };
  }
  window.kiraya = {
    login: (email, password) => call('/api/v1/users/login', { method: 'POST', body: JSON.stringify({ email, password }) }),
    me: () => call('/api/v1/users/get-current-user'),
    logout: () => call('/api/v1/users/logout', { method: 'POST' }),
    async list(city) {
      const r = await call('/api/v1/properties/fetch-all-properties?city=' + encodeURIComponent(city));
      const list = document.getElementById('list');
      for (const p of r.body.data ?? []) {
        const li = document.createElement('li');
        li.textContent = p.title;
        for (const i of p.images) {
          const img = document.createElement('img');
          img.src = i.thumbnailUrl;
          img.alt = p.title;
          li.append(img);
        }
        list.append(li);
      }
      return r;
    },
  };
</script></body></html>`;

function serve(port: number, html: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let trusted: Server;
let untrusted: Server;
const CITY = `Ujjain${stamp}`;

test.beforeAll(async ({ baseURL, request, kiraya }) => {
  const api = baseURL as string;
  FRONT_PORT = kiraya.frontPort;
  trusted = await serve(FRONT_PORT, page(api));
  untrusted = await serve(0, page(api));

  // A listing with an image, added by a demo owner through the API of the app's own origin.
  const login = await request.post('/api/v1/users/login', {
    data: { email: DEMO.owner, password: DEMO_PASSWORD },
    headers: { origin: api },
  });
  expect(login.ok()).toBeTruthy();
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/properties/add-new-property', {
    headers: { origin: api },
    multipart: {
      title: `Cross Origin House ${stamp}`,
      description: 'A listing shown by a front end that lives on another origin.',
      street: '4 Mahakal Marg',
      city: CITY,
      state: 'Madhya Pradesh',
      pincode: '456001',
      landmark: 'Near the clock tower',
      amenities: 'WiFi, Parking',
      propertyType: 'Apartment/Flat',
      propertyImages: { name: 'front.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/v1/users/logout', { headers: { origin: api } });
});

test.afterAll(async () => {
  await new Promise((r) => trusted?.close(r));
  await new Promise((r) => untrusted?.close(r));
});

test('a trusted front end on another origin signs in, lists properties with images, and logs out', async ({ page: tab, baseURL }) => {
  const front = `http://localhost:${FRONT_PORT}`;
  expect(new URL(front).origin).not.toBe(new URL(baseURL as string).origin);
  await tab.goto(`${front}/`);

  const login = await tab.evaluate(
    ([e, p]) => (window as never as { kiraya: { login: (e: string, p: string) => Promise<{ status: number }> } }).kiraya.login(e, p),
    [DEMO.tenant, DEMO_PASSWORD] as const,
  );
  expect(login.status).toBe(200);

  // The session cookie set by the cross-origin login is sent back on the next call.
  const me = await tab.evaluate(() =>
    (window as never as { kiraya: { me: () => Promise<{ status: number; body: { data: { email: string } } }> } }).kiraya.me(),
  );
  expect(me.status).toBe(200);
  expect(me.body.data.email).toBe(DEMO.tenant);

  const list = await tab.evaluate(
    (city) => (window as never as { kiraya: { list: (c: string) => Promise<{ status: number }> } }).kiraya.list(city),
    CITY,
  );
  expect(list.status).toBe(200);
  const img = tab.getByRole('img', { name: `Cross Origin House ${stamp}` });
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute('src', new RegExp(`^${baseURL}/uploads/`));
  // Loaded, not blocked (Cross-Origin-Resource-Policy allows it).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

  const out = await tab.evaluate(() => (window as never as { kiraya: { logout: () => Promise<{ status: number }> } }).kiraya.logout());
  expect(out.status).toBe(200);
  const after = await tab.evaluate(() => (window as never as { kiraya: { me: () => Promise<{ status: number }> } }).kiraya.me());
  expect(after.status).toBe(401);
});

test('an untrusted origin gets no CORS headers, so its script cannot read the API', async ({ page: tab, request, baseURL }) => {
  const other = `http://localhost:${(untrusted.address() as AddressInfo).port}`;
  const preflight = await request.fetch(`${baseURL}/api/v1/users/login`, {
    method: 'OPTIONS',
    headers: { origin: other, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  expect(Object.keys(preflight.headers()).filter((h) => h.startsWith('access-control-'))).toEqual([]);

  await tab.goto(`${other}/`);
  const outcome = await tab.evaluate(() =>
    (window as never as { kiraya: { me: () => Promise<unknown> } }).kiraya.me().then(
      () => 'read',
      (e: Error) => e.name,
    ),
  );
  expect(outcome).toBe('TypeError');
});
