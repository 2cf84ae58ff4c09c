import { type LiveEvent, liveEventSchema } from '@kiraya/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';

/**
 * Live events (ADR 017). A module that changes something a signed-in person may be looking at calls
 * `publishLive(tx, userIds, event)` inside its writing transaction: PostgreSQL sends the NOTIFY on
 * `kiraya_live` only when that transaction commits (never for a rolled-back write), to every server
 * instance listening on the database. Each instance hands the event to the open event streams of the
 * users it names (modules/live: routes.ts listens, hub.ts delivers); the page refetches what the event's
 * kind says changed.
 *
 * Payloads stay small (PostgreSQL caps them at 8000 bytes): user ids, a kind and a few ids, never content.
 */
export const LIVE_CHANNEL = 'kiraya_live';

/** What travels on the channel: the addressees and the event. */
export type LiveNotice = { u: string[]; e: LiveEvent };

const MAX_USERS_PER_NOTICE = 50;

/** Sends `event` to the open pages of `userIds` once the transaction `tx` commits. */
export async function publishLive(tx: Db, userIds: readonly (string | null | undefined)[], event: LiveEvent): Promise<void> {
  const ids = [...new Set(userIds.filter((u): u is string => !!u))];
  for (let i = 0; i < ids.length; i += MAX_USERS_PER_NOTICE) {
    const notice: LiveNotice = { u: ids.slice(i, i + MAX_USERS_PER_NOTICE), e: event };
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}

/** Reads a notice off the channel; anything malformed is dropped. */
export function parseNotice(payload: string): LiveNotice | null {
  try {
    const raw = JSON.parse(payload) as { u?: unknown; e?: unknown };
    if (!Array.isArray(raw.u) || !raw.u.every((x) => typeof x === 'string')) return null;
    const e = liveEventSchema.safeParse(raw.e);
    return e.success ? { u: raw.u as string[], e: e.data } : null;
  } catch {
    return null;
  }
}
