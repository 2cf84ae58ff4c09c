import { LIVE_SSE_EVENT, type LiveEvent } from '@kiraya/contract';
import type { ServerResponse } from 'node:http';
import type { LiveNotice } from '../../lib/live.js';

/**
 * The open event streams of one server instance (ADR 017), by user. A notice from the `kiraya_live`
 * channel is written to the streams of the users it names, and to nobody else's.
 */
export type Stream = { userId: string; sessionId: string; res: ServerResponse; close: () => void };

export const LIVE_LIMITS = {
  /** Streams one user may hold open on one instance (tabs); opening one more closes their oldest. */
  maxStreamsPerUser: 5,
  /** A comment line this often keeps proxies and the server's idle-socket timeout from closing a quiet stream. */
  heartbeatMs: 15_000,
  /** What EventSource waits before reconnecting after the server ended a stream. */
  retryMs: 3_000,
};

export class LiveHub {
  readonly streams = new Map<string, Stream[]>();

  get size(): number {
    let n = 0;
    for (const list of this.streams.values()) n += list.length;
    return n;
  }

  add(stream: Stream): void {
    const list = this.streams.get(stream.userId) ?? [];
    list.push(stream);
    this.streams.set(stream.userId, list);
    while (list.length > LIVE_LIMITS.maxStreamsPerUser) list[0]?.close();
  }

  remove(stream: Stream): void {
    const list = this.streams.get(stream.userId);
    if (!list) return;
    const i = list.indexOf(stream);
    if (i !== -1) list.splice(i, 1);
    if (list.length === 0) this.streams.delete(stream.userId);
  }

  deliver(notice: LiveNotice | null): void {
    if (!notice) return;
    for (const userId of notice.u) for (const s of this.streams.get(userId) ?? []) send(s.res, LIVE_SSE_EVENT, notice.e);
  }

  /** Tells every stream to refetch everything (notices may have been missed while the listener was down). */
  resync(): void {
    for (const list of this.streams.values()) for (const s of list) send(s.res, 'ready', {});
  }

  /** Ends the streams opened under these sessions (logins that ended, issue 18). */
  closeSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const list of [...this.streams.values()]) for (const s of [...list]) if (ended.has(s.sessionId)) s.close();
  }

  closeAll(): void {
    for (const list of [...this.streams.values()]) for (const s of [...list]) s.close();
  }
}

export function send(res: ServerResponse, event: string, data: LiveEvent | Record<string, never>): void {
  if (res.writableEnded || res.destroyed) return;
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const hubs = new WeakMap<object, LiveHub>();

/** The hub of one app (keyed by its deps: tests run several apps, even on one database, in one process). */
export function liveHubFor(deps: object): LiveHub {
  let h = hubs.get(deps);
  if (!h) {
    h = new LiveHub();
    hubs.set(deps, h);
  }
  return h;
}
