/// <reference lib="webworker" />
/**
 * Kiraya's service worker (issue 27, ADR 035), built by vite-plugin-pwa (injectManifest) with Workbox and served
 * at /sw.js. It keeps:
 * - the app shell precached (app.html, the entry and React chunks, the stylesheet, the offline page, the icons);
 *   the app's other chunks (hashed, immutable) cached as they are loaded, so the pages visited open offline;
 * - the API network-first: GET answers are kept (Cache Storage 'kiraya-api') and served only when the network
 *   fails, marked with `x-kiraya-offline` and their original Date, so the app can say "offline, as of …";
 *   nothing but GET is ever cached or answered from a cache; sign-in and sign-out empty the API cache;
 * - navigations network-first: offline, an app page gets the app shell and any other page its last copy or
 *   the offline page;
 * - Web Push: shows the notification and opens (or focuses) its page on click.
 * A new version waits until the page asks it to take over ("A new version is ready. Reload").
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { API_CACHE, OFFLINE_HEADER, SW_MESSAGES } from '../lib/pwaShared';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const API = '/api/v1/';
/** The app shell's revision, written by scripts/prerender.mjs once app.html exists (a hash of its bytes). */
const APP_SHELL = { url: '/app.html', revision: '__APP_SHELL_REVISION__' };

precacheAndRoute([...self.__WB_MANIFEST, APP_SHELL]);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.clearApi) event.waitUntil(caches.delete(API_CACHE));
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// The app's code: hashed names that never change, cached as loaded (the pages visited then open offline).
registerRoute(
  ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'kiraya-assets', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 86_400 })] }),
);

// Signing in or out: the answers cached for the previous user must never be shown to the next one.
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/api\/v1\/users\/(login|logout|register)$/.test(url.pathname),
  async ({ request }) => {
    await caches.delete(API_CACHE);
    const res = await fetch(request);
    await caches.delete(API_CACHE);
    return res;
  },
  'POST',
);

// The API: network first; the last good answer when the network fails. Live events (a stream) and the
// development mailbox are never cached; nothing but GET reaches this route (Workbox routes GET by default).
const EXCLUDED = /^\/api\/v1\/(events|dev\/)/;
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith(API) && !EXCLUDED.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400 }),
      {
        // Only a good answer is kept (not a refusal, not a redirect).
        cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === 'basic' ? response : null),
        // An answer from the cache says so, with when the server gave it (its Date header).
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_HEADER, headers.get('date') ?? new Date().toUTCString());
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);
// (Those excluded are not routed at all: the browser fetches them itself, so the live stream never runs through
// a worker that may be stopped while idle.)

// Public pages (the landing page, listings): their last copy offline. They hold nobody's private data.
const PUBLIC_PAGE = /^\/($|properties(\/|$))/;
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && PUBLIC_PAGE.test(url.pathname),
  new NetworkFirst({
    cacheName: 'kiraya-pages',
    plugins: [
      {
        // Asked of the server every time (revalidated with its ETag), as the browser does for a navigation of its
        // own: the worker's fetch would otherwise take the HTTP cache's copy within stale-while-revalidate, and an
        // owner who just changed a listing would see it as it was. Workbox ignores fetchOptions for a navigation,
        // so the request is made anew; a redirect goes back to the browser as it is (manual), like a navigation's.
        requestWillFetch: async ({ request }) =>
          new Request(request.url, { headers: request.headers, credentials: 'include', cache: 'no-cache', redirect: 'manual' }),
      },
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * 86_400 }),
    ],
  }),
);
// The app's other pages: from the network; offline, the precached shell (the app then reads the API cache).
registerRoute(({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !PUBLIC_PAGE.test(url.pathname), new NetworkOnly());

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate') return Response.error();
  if (!PUBLIC_PAGE.test(url.pathname) && !url.pathname.startsWith('/api/')) {
    const shell = await matchPrecache('/app.html');
    if (shell) return shell;
  }
  return (await matchPrecache('/offline.html')) ?? Response.error();
});

// Web Push (ADR 035): the server's outbox sends { title, body, url, tag }.
type PushMessage = { title?: string; body?: string; url?: string; tag?: string };
self.addEventListener('push', (event) => {
  let data: PushMessage = {};
  try {
    data = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const url = data.url?.startsWith('/') ? data.url : '/start';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Kiraya', {
      body: data.body ?? '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/start';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
