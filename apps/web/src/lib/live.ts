/**
 * Live events (ADR 017): one EventSource per signed-in page on GET /events. Each event names a kind of
 * data that changed; the matching queries are invalidated and refetch. The server ends a stream when the
 * access token expires: the browser reconnects, is refused (401), and the hook refreshes the session and
 * opens a new stream, backing off while the server cannot be reached.
 */
import { API_BASE } from '@kiraya/contract/constants';
import type { LiveEvent, LiveEventKind } from '@kiraya/contract/chat';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, refreshSession } from './api';
import { queryKeys } from './queryKeys';

/** What each kind of event makes stale. */
export const LIVE_INVALIDATES: Record<LiveEventKind, readonly QueryKey[]> = {
  message: [queryKeys.messages.all, queryKeys.unread],
  read: [queryKeys.messages.all, queryKeys.unread],
  notification: [queryKeys.notifications.all, queryKeys.unread],
  bills: [queryKeys.bills.all, queryKeys.statistics.all, queryKeys.deposits.all],
  requests: [queryKeys.tenancy.all, queryKeys.users.me],
  tenancy: [
    queryKeys.tenancy.all,
    queryKeys.rooms.all,
    queryKeys.bills.all,
    queryKeys.messages.all,
    queryKeys.users.me,
    queryKeys.deposits.all,
  ],
  payments: [queryKeys.bills.all, queryKeys.payments.all, queryKeys.statistics.all, queryKeys.tenancy.all, queryKeys.deposits.all],
};

/** Everything an event could have changed: refetched when a stream (re)opens, as events may have been missed. */
const EVERYTHING: readonly QueryKey[] = [...new Set(Object.values(LIVE_INVALIDATES).flat())];

export function applyLiveEvent(qc: QueryClient, event: Pick<LiveEvent, 'kind'>): void {
  for (const queryKey of LIVE_INVALIDATES[event.kind] ?? []) void qc.invalidateQueries({ queryKey });
}

const MAX_BACKOFF_MS = 30_000;

/** Keeps one event stream open while mounted (the dashboard layout mounts it once). */
export function useLiveEvents(enabled = true): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    let opened = false;

    const connect = () => {
      if (stopped) return;
      es = new EventSource(`${API_BASE}/events`, { withCredentials: true });
      opened = false;
      es.addEventListener('ready', () => {
        opened = true;
        failures = 0;
        for (const queryKey of EVERYTHING) void qc.invalidateQueries({ queryKey });
      });
      es.addEventListener('live', (e) => {
        try {
          applyLiveEvent(qc, JSON.parse((e as MessageEvent<string>).data) as LiveEvent);
        } catch {
          // a malformed event changes nothing
        }
      });
      es.onerror = () => {
        // CONNECTING: the browser retries by itself (the server ended the stream). CLOSED: it was refused
        // (401 after the access token expired, or the server is down): refresh the session, then retry later.
        if (!es || es.readyState !== EventSource.CLOSED) return;
        es.close();
        es = null;
        failures = opened ? 1 : failures + 1;
        const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5)) * (0.75 + Math.random() / 2);
        timer = setTimeout(() => {
          void refreshSession().finally(connect);
        }, wait);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      es?.close();
    };
  }, [enabled, qc]);
}

/** The caller's unread messages and notifications (kept fresh by live events). */
export function useUnreadCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.unread,
    enabled,
    queryFn: ({ signal }) => api<ResponseData<'liveEvents'>>(pathTo('liveEvents'), { signal }),
    staleTime: 60_000,
  });
}
