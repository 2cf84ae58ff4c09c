import { SW_MESSAGES } from './pwaShared';

/**
 * The page's side of the installable app (issue 27, ADR 035), loaded after the page has loaded and the browser is
 * idle (main.tsx), so the landing page's first paint carries none of it. Registers /sw.js as a "prompt" update:
 * a new version installs in the background and waits; the page announces it ("A new version is ready. Reload")
 * and only the user's Reload lets it take over. It also hands the worker the app code this page loaded before the
 * worker was in control, so the page opens offline next time.
 *
 * Written against the browser's own API rather than workbox-window (vite-plugin-pwa's virtual:pwa-register): the
 * same few steps for a sixth of the bytes on the landing page, whose JavaScript budget is 90 KB.
 */
export async function registerPwa(): Promise<void> {
  const sw = navigator.serviceWorker;
  const reg = await sw.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  const announce = (waiting: ServiceWorker) => {
    // Only an update waits: a first install has no page it controls yet.
    if (sw.controller) void announceUpdate(waiting);
  };
  if (reg.waiting) announce(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed') announce(next);
    });
  });
  // An app left open for days still learns of a new version: check hourly.
  setInterval(() => void reg.update().catch(() => {}), 3_600_000);
  const ready = await sw.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
  ready.active?.postMessage({ type: 'CACHE_URLS', meta: 'workbox-window', payload: { urlsToCache: urls } });
}

/** The toast with a Reload action (sonner and the texts load only when there is a new version). */
async function announceUpdate(waiting: ServiceWorker): Promise<void> {
  const [{ toast }, { MSG }, { msgAsync }] = await Promise.all([import('sonner'), import('@kiraya/contract/messages'), import('./useMsg')]);
  // In the page's language (issue 27): the Hindi messages load now if the page has not loaded them yet.
  const [text, reload] = await Promise.all([msgAsync(MSG.newVersionReady), msgAsync(MSG.reload)]);
  toast(text, {
    id: 'new-version',
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: reload,
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
      },
    },
  });
}
