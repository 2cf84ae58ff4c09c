import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, LIVE_INVALIDATES, useLiveEvents } from './live';
import { queryKeys } from './queryKeys';

/** A stand-in EventSource the test drives. */
class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
}

function Probe() {
  useLiveEvents(true);
  return null;
}

beforeEach(() => {
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live events (ADR 017)', () => {
  it('each kind invalidates its queries', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    applyLiveEvent(qc, { kind: 'message' });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([queryKeys.messages.all, queryKeys.unread]);
    spy.mockClear();
    applyLiveEvent(qc, { kind: 'bills' });
    // A bill changes what the deposit holds (the Deposit bill is one).
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([queryKeys.bills.all, queryKeys.statistics.all, queryKeys.deposits.all]);
    spy.mockClear();
    // A payment changes the bills' status, the payments lists, the statistics, My Rooms' Last Payment and the deposit held.
    applyLiveEvent(qc, { kind: 'payments' });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([
      queryKeys.bills.all,
      queryKeys.payments.all,
      queryKeys.statistics.all,
      queryKeys.tenancy.all,
      queryKeys.deposits.all,
    ]);
    expect(LIVE_INVALIDATES.notification).toContainEqual(queryKeys.notifications.all);
  });

  it('opens one stream with credentials, applies its events, and after a refusal refreshes the session and reconnects', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={qc}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(FakeSource.all).toHaveLength(1);
    const first = FakeSource.all[0] as FakeSource;
    expect(first.url).toBe('/api/v1/events');
    expect(first.init).toEqual({ withCredentials: true });
    first.emit('live', { kind: 'notification', id: 'n1' });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toContainEqual(queryKeys.notifications.all);
    // The server refused the reconnect (expired access token): the browser gives up (CLOSED).
    first.readyState = FakeSource.CLOSED;
    first.onerror?.();
    expect(first.closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/users/refresh-token', expect.objectContaining({ method: 'POST' }));
    expect(FakeSource.all).toHaveLength(2);
    view.unmount();
    expect(FakeSource.all[1]?.closed).toBe(true);
  });
});
