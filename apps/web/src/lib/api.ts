import { API_BASE, REQUEST_TIMEOUT_MS } from '@kiraya/contract/constants';
import type { Envelope, ErrorEnvelope, FieldError } from '@kiraya/contract/envelope';
import { MSG } from '@kiraya/contract/messages';

/** An API failure with the server's message (or a friendly fallback) and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  timeoutMs?: number;
  /** Internal: set on the retry after a refresh. */
  retried?: boolean;
  signal?: AbortSignal;
};

let onSignedOut: () => void = () => {};
/** The session registers what to do when a refresh fails (clear the user, go to sign-in). */
export const setSignedOutHandler = (fn: () => void): void => {
  onSignedOut = fn;
};

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time: parallel 401s share it. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${API_BASE}/users/refresh-token`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      // Calls whose 401 arrives after this settles refresh again, with the rotated cookie.
      refreshing = null;
    });
  return refreshing;
}

function buildUrl(path: string, query?: Options['query']): string {
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
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (e) {
    const aborted = (e as Error).name === 'AbortError';
    throw new ApiError(
      0,
      aborted ? 'The server took too long to answer. Please try again.' : 'Cannot reach Kiraya. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
  }
  const isAuthCall = path.startsWith('/users/login') || path.startsWith('/users/refresh-token') || path.startsWith('/users/register');
  if (res.status === 401 && !opts.retried && !isAuthCall) {
    if (await refreshSession()) return apiEnvelope<T, E>(path, { ...opts, retried: true });
    onSignedOut();
  }
  const json = (await res.json().catch(() => null)) as (Envelope<T> & E) | ErrorEnvelope | null;
  if (!res.ok || !json || json.success === false) {
    const err = json as ErrorEnvelope | null;
    throw new ApiError(res.status, err?.message || MSG.unexpected, err?.errors ?? []);
  }
  return json as Envelope<T> & E;
}

/** Calls the API and unwraps `data`. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  return (await apiEnvelope<T>(path, opts)).data;
}

export const errorMessage = (e: unknown, fallback: string = MSG.unexpected): string =>
  e instanceof ApiError ? e.message : e instanceof Error && e.message ? e.message : fallback;
