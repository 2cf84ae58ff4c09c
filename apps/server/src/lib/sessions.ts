import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { refreshTokens } from '../db/schema.js';
import { listenOn } from './pg-listen.js';

/**
 * Ended sessions (issue 18). A session is one login: the family of its refresh tokens, whose id every
 * access token carries as `sid`. Logout, a password change and refresh-token reuse set the family's
 * `revoked_at` and, in the same transaction, NOTIFY `kiraya_sessions` with the family ids; every instance
 * listening on the database adds them to an in-process set that the auth hook reads on each request (no
 * database round trip), and closes the sessions' live streams. The set is loaded from `revoked_at` at start
 * and again whenever the listener reconnects (notifications may have been missed); while the listener is
 * down, each request with a token asks the database instead. An entry is dropped once the longest access
 * token it could cover has expired: tokens are only issued while the family is not revoked.
 */
export const SESSIONS_CHANNEL = 'kiraya_sessions';

/** Clock skew between instances and a refresh racing the revocation, on top of the access token's life. */
const SLACK_MS = 60_000;
/** Family ids per NOTIFY (a payload is capped at 8000 bytes; a uuid with quotes and comma is 39). */
const IDS_PER_NOTICE = 100;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tells every instance, once `tx` commits, that these sessions ended. */
export async function notifySessionsEnded(tx: Db, sessionIds: readonly string[]): Promise<void> {
  const ids = [...new Set(sessionIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_NOTICE) {
    await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(ids.slice(i, i + IDS_PER_NOTICE))})`);
  }
}

export function parseSessionIds(payload: string): string[] {
  try {
    const raw: unknown = JSON.parse(payload);
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string' && UUID_RE.test(x)) : [];
  } catch {
    return [];
  }
}

type Log = { warn: (obj: object, msg: string) => void };

export class SessionRevocations {
  /** Session id → when its entry may be dropped (ms since the epoch). */
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(ids: string[]) => void>();
  /** The set is complete: loaded, and the listener is up. Until then `isRevoked` asks the database. */
  private current = false;
  private lastSweep = 0;
  private readonly keepMs: number;

  constructor(
    private readonly db: Db,
    accessTokenTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.keepMs = accessTokenTtlSeconds * 1000 + SLACK_MS;
  }

  /** Loads the recent revocations and listens for new ones; returns a stop function. */
  async start(log: Log): Promise<() => Promise<void>> {
    let generation = 0;
    let loading: Promise<void> | undefined;
    const stop = await listenOn(this.db, {
      channel: SESSIONS_CHANNEL,
      log,
      onNotify: (payload) => this.ended(parseSessionIds(payload)),
      // Listening again: what was revoked meanwhile is read from the database (the notices were missed).
      onUp: () => {
        const g = ++generation;
        loading = this.load().then(
          () => {
            if (g === generation) this.current = true;
          },
          (err) => log.warn({ err }, 'ended sessions could not be loaded; each request asks the database'),
        );
      },
      onDown: () => {
        generation++;
        this.current = false;
      },
    });
    await loading;
    return stop;
  }

  /** Sessions ended (by this instance after its commit, or by any instance through the channel). */
  ended(ids: readonly string[], at = this.now()): void {
    if (ids.length === 0) return;
    const until = at + this.keepMs;
    for (const id of ids) if ((this.revoked.get(id) ?? 0) < until) this.revoked.set(id, until);
    this.sweep();
    for (const l of this.listeners) l([...ids]);
  }

  /** Calls `listener` with the ids of sessions that ended; returns an unsubscribe function. */
  onEnded(listener: (ids: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the session was revoked: from memory when the set is current, else from the database. */
  isRevoked(sessionId: string): boolean | Promise<boolean> {
    const until = this.revoked.get(sessionId);
    if (until !== undefined) {
      if (until > this.now()) return true;
      this.revoked.delete(sessionId);
    }
    return this.current ? false : this.revokedInDb(sessionId);
  }

  /** In memory only (live streams re-check after they registered). */
  has(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > this.now();
  }

  get size(): number {
    return this.revoked.size;
  }

  private async revokedInDb(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ at: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    if (row?.at) this.ended([sessionId], row.at.getTime());
    return !!row;
  }

  private async load(): Promise<void> {
    const since = new Date(this.now() - this.keepMs);
    const rows = await this.db
      .select({ id: refreshTokens.familyId, at: sql<Date>`max(${refreshTokens.revokedAt})`.mapWith(refreshTokens.revokedAt) })
      .from(refreshTokens)
      .where(gt(refreshTokens.revokedAt, since))
      .groupBy(refreshTokens.familyId);
    for (const r of rows) {
      const until = r.at.getTime() + this.keepMs;
      if ((this.revoked.get(r.id) ?? 0) < until) this.revoked.set(r.id, until);
    }
    this.sweep(true);
  }

  private sweep(force = false): void {
    const now = this.now();
    if (!force && now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
  }
}
