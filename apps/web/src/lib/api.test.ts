import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@kiraya/contract/messages';
import { ApiError, api, apiEnvelope, errorMessage, setSignedOutHandler } from './api';
import { markFresh, savedAsOf } from './offline';
import { OFFLINE_HEADER } from './pwaShared';

type Answer = { status: number; body?: unknown };
const json = ({ status, body }: Answer) =>
  new Response(body === undefined ? 'not json' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (data: unknown, extra: object = {}) => ({ statusCode: 200, data, message: 'ok', success: true, ...extra });

/** fetch stub answering from a queue per path; records each call's path and method. */
function stubFetch(answers: Record<string, Answer[]>) {
  const calls: { path: string; method: string; init?: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ path: url.pathname + url.search, method: init?.method ?? 'GET', init });
    const queue = answers[url.pathname];
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    return json(next ?? { status: 404, body: { statusCode: 404, message: 'No route', success: false, errors: [] } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A one-holder-at-a-time stand-in for navigator.locks (jsdom has none). */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let granted = 0;
  const locks = {
    request: <T>(_name: string, fn: () => Promise<T>): Promise<T> => {
      waiting++;
      const run = tail.then(() => {
        waiting--;
        granted++;
        return fn();
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return {
    locks,
    waiting: () => waiting,
    granted: () => granted,
    restore: () => Reflect.deleteProperty(navigator, 'locks'),
  };
}

afterEach(() => {
  setSignedOutHandler(() => {});
  vi.useRealTimers();
});

describe('api client', () => {
  it('unwraps the envelope, sends JSON with credentials and drops empty query values', async () => {
    const calls = stubFetch({ '/api/v1/things': [{ status: 200, body: envelope([1, 2]) }] });
    await expect(
      api('/things', { method: 'POST', body: { a: 1 }, query: { q: 'x y', page: 2, empty: '', none: undefined } }),
    ).resolves.toEqual([1, 2]);
    expect(calls[0]?.path).toBe('/api/v1/things?q=x+y&page=2');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.init?.body).toBe('{"a":1}');
    expect(calls[0]?.init?.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('keeps meta on the full envelope', async () => {
    stubFetch({ '/api/v1/list': [{ status: 200, body: envelope([], { meta: { page: 1, limit: 12, total: 0 } }) }] });
    const env = await apiEnvelope<unknown[], { meta: { total: number } }>('/list');
    expect(env.meta.total).toBe(0);
  });

  it('sends FormData as it is (the browser sets the multipart boundary)', async () => {
    const calls = stubFetch({ '/api/v1/upload': [{ status: 201, body: envelope({}) }] });
    const form = new FormData();
    form.append('title', 'x');
    await api('/upload', { method: 'POST', body: form });
    expect(calls[0]?.init?.body).toBe(form);
    expect(calls[0]?.init?.headers).toBeUndefined();
  });

  it("throws the server's message, field errors and error code", async () => {
    stubFetch({
      '/api/v1/users/register': [
        {
          status: 409,
          body: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'An account with this email already exists.',
            success: false,
            errors: [{ path: 'email', message: 'x' }],
          },
        },
      ],
    });
    const err = (await api('/users/register', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(err.message).toBe('An account with this email already exists.');
    expect(err.errors).toEqual([{ path: 'email', message: 'x' }]);
    expect(err.code).toBe('CONFLICT');
  });

  it('falls back to a friendly message when the answer is not JSON', async () => {
    stubFetch({ '/api/v1/broken': [{ status: 502 }] });
    await expect(api('/broken')).rejects.toThrow('An unexpected error occurred.');
  });

  it('refreshes once on a 401 and retries the call', async () => {
    const calls = stubFetch({
      '/api/v1/users/get-current-user': [
        { status: 401, body: { statusCode: 401, message: 'expired', success: false, errors: [] } },
        { status: 200, body: envelope({ _id: 'u1' }) },
      ],
      '/api/v1/users/refresh-token': [{ status: 200, body: envelope({ accessToken: 'a', refreshToken: 'r' }) }],
    });
    await expect(api('/users/get-current-user')).resolves.toEqual({ _id: 'u1' });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v1/users/get-current-user',
      '/api/v1/users/refresh-token',
      '/api/v1/users/get-current-user',
    ]);
  });

  it('parallel 401s share one refresh', async () => {
    const calls = stubFetch({
      '/api/v1/a': [
        { status: 401, body: { statusCode: 401, message: 'x', success: false, errors: [] } },
        { status: 200, body: envelope('a') },
      ],
      '/api/v1/b': [
        { status: 401, body: { statusCode: 401, message: 'x', success: false, errors: [] } },
        { status: 200, body: envelope('b') },
      ],
      '/api/v1/users/refresh-token': [{ status: 200, body: envelope({}) }],
    });
    await expect(Promise.all([api('/a'), api('/b')])).resolves.toEqual(['a', 'b']);
    expect(calls.filter((c) => c.path.endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('signs out when the refresh fails and the call is refused again, and never refreshes for the sign-in call itself', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    const calls = stubFetch({
      '/api/v1/users/get-current-user': [
        { status: 401, body: { statusCode: 401, message: 'Your session has expired.', success: false, errors: [] } },
      ],
      '/api/v1/users/refresh-token': [{ status: 401, body: { statusCode: 401, message: 'no', success: false, errors: [] } }],
      '/api/v1/users/login': [{ status: 401, body: { statusCode: 401, message: 'Invalid user credentials', success: false, errors: [] } }],
    });
    await expect(api('/users/get-current-user')).rejects.toThrow('Your session has expired.');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v1/users/get-current-user',
      '/api/v1/users/refresh-token',
      '/api/v1/users/get-current-user',
    ]);
    await expect(api('/users/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid user credentials');
    expect(calls.filter((c) => c.path.endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('does not sign out when a parallel refresh explains the refusal: the call is retried once and succeeds', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    stubFetch({
      '/api/v1/things': [
        { status: 401, body: { statusCode: 401, message: 'expired', success: false, errors: [] } },
        { status: 200, body: envelope('fresh cookie from the other tab') },
      ],
      '/api/v1/users/refresh-token': [{ status: 401, body: { statusCode: 401, message: 'no', success: false, errors: [] } }],
    });
    await expect(api('/things')).resolves.toBe('fresh cookie from the other tab');
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('does not refresh again for a call refused under a session that was refreshed meanwhile', async () => {
    const slow = deferred<Response>();
    const paths: string[] = [];
    let slowCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        paths.push(path);
        if (path === '/api/v1/slow') return slowCalls++ === 0 ? slow.promise : json({ status: 200, body: envelope('slow') });
        if (path === '/api/v1/users/refresh-token') return json({ status: 200, body: envelope({}) });
        if (paths.filter((p) => p === path).length === 1)
          return json({ status: 401, body: { statusCode: 401, message: 'x', success: false, errors: [] } });
        return json({ status: 200, body: envelope('fast') });
      }),
    );
    const slowCall = api('/slow');
    await expect(api('/fast')).resolves.toBe('fast'); // 401, refresh, retry
    slow.resolve(json({ status: 401, body: { statusCode: 401, message: 'x', success: false, errors: [] } }));
    await expect(slowCall).resolves.toBe('slow');
    expect(paths.filter((p) => p.endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('takes turns with other tabs (Web Locks) and uses the refresh another tab made while it waited', async () => {
    const lock = fakeLocks();
    const otherTab = new BroadcastChannel('kiraya-session');
    const calls = stubFetch({
      '/api/v1/things': [
        { status: 401, body: { statusCode: 401, message: 'expired', success: false, errors: [] } },
        { status: 200, body: envelope('ok') },
      ],
      '/api/v1/users/refresh-token': [{ status: 200, body: envelope({}) }],
    });
    try {
      // The other tab holds the lock and is refreshing.
      const release = deferred<void>();
      const held = lock.locks.request('kiraya-session-refresh', () => release.promise);
      const call = api('/things');
      await vi.waitFor(() => expect(lock.waiting()).toBe(1));
      otherTab.postMessage({ type: 'refreshed' });
      await new Promise((r) => setTimeout(r, 20));
      release.resolve();
      await held;
      await expect(call).resolves.toBe('ok');
      expect(calls.map((c) => c.path)).toEqual(['/api/v1/things', '/api/v1/things']);
    } finally {
      otherTab.close();
      lock.restore();
    }
  });

  it('refreshes itself under the lock when no other tab did', async () => {
    const lock = fakeLocks();
    const calls = stubFetch({
      '/api/v1/things': [
        { status: 401, body: { statusCode: 401, message: 'expired', success: false, errors: [] } },
        { status: 200, body: envelope('ok') },
      ],
      '/api/v1/users/refresh-token': [{ status: 200, body: envelope({}) }],
    });
    try {
      await expect(api('/things')).resolves.toBe('ok');
      expect(lock.granted()).toBe(1);
      expect(calls.map((c) => c.path)).toEqual(['/api/v1/things', '/api/v1/users/refresh-token', '/api/v1/things']);
    } finally {
      lock.restore();
    }
  });

  it('gives up after the timeout with a clear message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
          }),
      ),
    );
    await expect(api('/slow', { timeoutMs: 20 })).rejects.toThrow('The server took too long to answer. Please try again.');
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = (await api('/x').catch((e) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(errorMessage(err)).toBe('Cannot reach Kiraya. Check your connection and try again.');
  });

  it('errorMessage prefers the error text and falls back', () => {
    expect(errorMessage(new ApiError(400, 'Bad'))).toBe('Bad');
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('?', 'Fallback')).toBe('Fallback');
  });
});

describe('offline (issue 27)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    markFresh();
  });

  it('refuses a write at once while the browser is offline, with the offline message, and never sends it', async () => {
    const calls = stubFetch({ '/api/v1/users/email-settings': [{ status: 200, body: envelope({}) }] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const err: unknown = await api('/users/email-settings', { method: 'PUT', body: { payments: false } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(MSG.offlineWrite);
    expect(calls).toHaveLength(0);
  });

  it("notes the time of an answer the service worker took from its cache, and forgets it on the server's next answer", async () => {
    const savedAt = 'Tue, 24 Nov 2026 04:30:00 GMT';
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response(JSON.stringify(envelope([])), { status: 200, headers: { [OFFLINE_HEADER]: savedAt } }))
        .mockResolvedValueOnce(new Response(JSON.stringify(envelope([])), { status: 200 })),
    );
    await api('/tenant/room-details');
    expect(savedAsOf()?.toISOString()).toBe(new Date(savedAt).toISOString());
    await api('/tenant/room-details');
    expect(savedAsOf()).toBeNull();
  });
});
