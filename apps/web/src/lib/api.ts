import { API_BASE, REQUEST_TIMEOUT_MS } from '@kiraya/contract/constants';
import type { Envelope, ErrorCode, ErrorEnvelope, FieldError } from '@kiraya/contract/envelope';
import { MSG } from '@kiraya/contract/messages';
import { browserOffline, markFresh, markSaved } from './offline';
import { OFFLINE_HEADER } from './pwaShared';
import { pseudo } from './i18n';
import { signedOut } from './signedOut';
import { msgNow } from './useMsg';

/**
 * The client's own failures (no answer came), in the document's language (issue 27, ADR 039). Not MSG texts: the
 * server never sends them, and a page that failed to reach it may have no catalogue to load either.
 */
const CLIENT_TEXT = {
  timeout: {
    'en-IN': 'The server took too long to answer. Please try again.',
    'hi-IN': 'सर्वर ने जवाब देने में बहुत देर लगाई। कृपया फिर से कोशिश करें।',
  },
  unreachable: {
    'en-IN': 'Cannot reach Kiraya. Check your connection and try again.',
    'hi-IN': 'Kiraya से जुड़ नहीं पा रहे। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  },
} as const;
const clientText = (key: keyof typeof CLIENT_TEXT): string => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  const text = CLIENT_TEXT[key];
  return lang === 'hi-IN' ? text['hi-IN'] : lang === 'en-XA' ? pseudo(text['en-IN']) : text['en-IN'];
};

/** A write refused at once because the browser is offline (issue 27): in either language. */
export const isOfflineRefusal = (e: unknown): boolean =>
  e instanceof ApiError && e.status === 0 && (e.message === MSG.offlineWrite || e.message === msgNow(MSG.offlineWrite));

/**
 * An API failure with the server's message (or a friendly fallback), its field errors and its
 * machine-readable code (absent when the server was not reached or answered something else).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  /** Internal: set on the retry after a refresh. */
  retried?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the Idempotency-Key of a creating form). */
  headers?: Record<string, string>;
};

export { setSignedOutHandler } from './signedOut';

/**
 * Counts the refreshes this tab knows of, its own and other tabs' (told over a BroadcastChannel). A call
 * refused with 401 remembers the count it was sent under: when it has moved on, the session was refreshed
 * meanwhile and the call is simply retried with the new cookie instead of refreshing again.
 */
let refreshes = 0;
const CHANNEL = 'kiraya-session';
const LOCK = 'kiraya-session-refresh';
// Browser tabs only: under Node (the build's prerender) an open channel would keep the process alive.
const channel = typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
channel?.addEventListener('message', (e: MessageEvent) => {
  if ((e.data as { type?: string } | null)?.type === 'refreshed') refreshes++;
});

/** Runs `fn` holding the app-wide refresh lock (Web Locks: one holder across all tabs of the site). */
function withRefreshLock(fn: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock's promise settles with the callback's own result (a boolean), once the callback's promise does.
  return locks ? (locks.request(LOCK, fn) as Promise<unknown> as Promise<boolean>) : fn();
}

let refreshing: Promise<boolean> | null = null;
/**
 * Refreshes the session: parallel callers in this tab share one call, and tabs take turns (Web Locks), so
 * a tab that waited while another refreshed uses the cookie that one received instead of rotating again.
 * `seen` is the refresh count the refused request was sent under.
 */
export function refreshSession(seen: number = refreshes): Promise<boolean> {
  if (seen !== refreshes) return Promise.resolve(true);
  refreshing ??= withRefreshLock(async () => {
    if (seen !== refreshes) return true; // another tab refreshed while this one waited for the lock
    const ok = await fetch(`${API_BASE}/users/refresh-token`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      // The lock is held until this settles: never let a hung call keep every tab waiting.
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      refreshes++;
      channel?.postMessage({ type: 'refreshed' });
    }
    return ok;
  }).finally(() => {
    // Calls whose 401 arrives after this settles compare their count and refresh again only if needed.
    refreshing = null;
  });
  return refreshing;
}

export function buildUrl(path: string, query?: Options['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

/** The full envelope of a call (for lists that carry `meta`). */
export async function apiEnvelope<T, E extends object = object>(path: string, opts: Options = {}): Promise<Envelope<T> & E> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort());
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const sentUnder = refreshes;
  const writes = (opts.method ?? 'GET') !== 'GET';
  // Nothing that writes pretends to work offline (issue 27): refused at once, with a message that says so.
  if (writes && browserOffline()) {
    clearTimeout(timer);
    throw new ApiError(0, msgNow(MSG.offlineWrite));
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: opts.body !== undefined && !isForm ? { 'content-type': 'application/json', ...opts.headers } : opts.headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (e) {
    const aborted = (e as Error).name === 'AbortError';
    throw new ApiError(
      0,
      aborted ? clientText('timeout') : writes && browserOffline() ? msgNow(MSG.offlineWrite) : clientText('unreachable'),
    );
  } finally {
    clearTimeout(timer);
  }
  // The service worker answered from its cache (the network failed): say since when the screen is not current.
  const savedAt = res.headers.get(OFFLINE_HEADER);
  if (savedAt) markSaved(new Date(Number.isNaN(Date.parse(savedAt)) ? Date.now() : Date.parse(savedAt)));
  else if (!writes) markFresh();
  const isAuthCall = path.startsWith('/users/login') || path.startsWith('/users/refresh-token') || path.startsWith('/users/register');
  if (res.status === 401 && !opts.retried && !isAuthCall) {
    await refreshSession(sentUnder);
    // Retried even when this tab's refresh was refused: a parallel refresh (another tab, or a request that
    // raced this one) may explain the refusal and have left fresh cookies. Only a second 401 signs out.
    try {
      return await apiEnvelope<T, E>(path, { ...opts, retried: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) signedOut();
      throw e;
    }
  }
  const json = (await res.json().catch(() => null)) as (Envelope<T> & E) | ErrorEnvelope | null;
  if (!res.ok || !json || json.success === false) {
    const err = json as ErrorEnvelope | null;
    throw new ApiError(res.status, err?.message || msgNow(MSG.unexpected), err?.errors ?? [], err?.code);
  }
  return json as Envelope<T> & E;
}

/** Calls the API and unwraps `data`. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  return (await apiEnvelope<T>(path, opts)).data;
}

/** An error's text for the user: the server's (already in the caller's language), the client's, or `fallback`. */
export const errorMessage = (e: unknown, fallback?: string): string =>
  e instanceof ApiError ? e.message : e instanceof Error && e.message ? e.message : (fallback ?? msgNow(MSG.unexpected));
