import { useSyncExternalStore } from 'react';
import { API_CACHE, SW_MESSAGES } from './pwaShared';

/**
 * Whether the app is showing saved answers (issue 27, ADR 035): the service worker answers an API call from its
 * cache when the network fails and says when the server gave that answer; the API client reports it here, and
 * a fresh answer from the server clears it. Pages show "offline, as of …" while it is set.
 */
let asOf: Date | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** An answer came from the service worker's cache: the server gave it at `date`. */
export function markSaved(date: Date): void {
  // The oldest answer on screen is what the mark must own up to.
  if (asOf && asOf.getTime() <= date.getTime()) return;
  asOf = date;
  emit();
}

/** An answer came from the server: the screen is current again. */
export function markFresh(): void {
  if (!asOf) return;
  asOf = null;
  emit();
}

export const savedAsOf = (): Date | null => asOf;

/** True when the browser knows it has no connection. */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}

let snapshot: { offline: boolean; asOf: Date | null } = { offline: false, asOf: null };
function read() {
  const offline = browserOffline();
  if (snapshot.offline !== offline || snapshot.asOf !== asOf) snapshot = { offline, asOf };
  return snapshot;
}
const serverSnapshot = { offline: false, asOf: null };

/** The browser's connection and the time of the saved answers on screen (null: none). */
export const useOffline = (): { offline: boolean; asOf: Date | null } => useSyncExternalStore(subscribe, read, () => serverSnapshot);

/** Forgets every API answer kept for offline use (sign-in, sign-out: never show one user's data to the next). */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.clearApi });
}
