import { DEFAULT_LOCALE, type EmailCategory, MSG, type PushSubscribeBody } from '@kiraya/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { type OutboxRow, outboxMessages, pushSubscriptions, users } from '../../db/schema.js';
import { type NotificationPayload, notificationWords } from '../../i18n/notifications.js';
import type { Config } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import { assertPublicHost } from '../../lib/public-address.js';
import { newId } from '../../lib/ids.js';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/**
 * Web Push as a channel of the outbox (issue 27, ADR 035). A notification enqueues one 'push' message per
 * subscription of its user, next to its email, in the event's transaction; the worker encrypts it to the
 * browser's keys (RFC 8291, aes128gcm) and signs it with the VAPID key (RFC 8292), both by `web-push`, and
 * posts it to the subscription's push service. 404 or 410 from there: the subscription expired, it is removed.
 */

/** The push services of the browsers people use: a subscription must point at one of them (ADR 043). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/**
 * Whether the server may post to `endpoint`, in every mode (ADR 043): an https URL of a known push service
 * (the server must not be made to post to any address a caller names), or the one origin PUSH_SERVICE_ORIGIN
 * adds (a test's stand-in). Where its name resolves is checked again just before each post (`sendPush`).
 */
export function pushEndpointAllowed(endpoint: string, config: Pick<Config, 'pushServiceOrigin'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.pushServiceOrigin && url.origin === config.pushServiceOrigin) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** A user keeps at most this many devices subscribed; the oldest is dropped when one more subscribes. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** POST /push/subscribe: this browser gets the caller's pushes (a device that was someone else's is handed over). */
export async function subscribePush(deps: Deps, userId: string, body: PushSubscribeBody): Promise<{ subscribed: boolean }> {
  if (!pushEndpointAllowed(body.endpoint, deps.config)) throw badRequest(MSG.pushEndpointInvalid, 'endpoint');
  const p256dh = body.keys.p256dh.replace(/=+$/, '');
  const auth = body.keys.auth.replace(/=+$/, '');
  if (Buffer.from(p256dh, 'base64url').length !== 65 || Buffer.from(auth, 'base64url').length !== 16)
    throw badRequest(MSG.pushKeysInvalid, 'keys');
  await deps.db
    .insert(pushSubscriptions)
    .values({ id: newId(), userId, endpoint: body.endpoint, p256dh, auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } });
  const mine = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  const extra = mine.slice(0, Math.max(0, mine.length - MAX_PUSH_SUBSCRIPTIONS)).map((r) => r.id);
  if (extra.length) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  return { subscribed: true };
}

/** POST /push/unsubscribe: this browser no longer gets the caller's pushes (another user's subscription is left alone). */
export async function unsubscribePush(deps: Deps, userId: string, endpoint: string): Promise<{ removed: boolean }> {
  const gone = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return { removed: gone.length > 0 };
}

/**
 * A notification's push: its text key and parameters, written in the user's language when sent (issue 27);
 * `title` and `body` are the English of a push queued before notifications kept parameters.
 */
export type PushNotification = {
  notificationId: string;
  kind: string;
  link: string;
  note?: NotificationPayload;
  title?: string;
  body?: string;
};

/**
 * Enqueues the push of a notification to every device of its user, in `tx` (once per notification and device:
 * the outbox's unique key). `category` as for its email: the same preferences decide whether it is sent.
 */
export async function enqueuePushes(
  tx: Db,
  m: { eventKey: string; userId: string; data: PushNotification; category?: EmailCategory; notBefore?: Date; throttleKey?: string },
): Promise<number> {
  const subs = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId));
  if (subs.length === 0) return 0;
  const rows = await tx
    .insert(outboxMessages)
    .values(
      subs.map((s) => ({
        id: newId(),
        eventKey: m.eventKey,
        channel: 'push' as const,
        recipient: s.id,
        userId: m.userId,
        template: 'notification',
        data: m.data as Record<string, unknown>,
        category: m.category ?? null,
        throttleKey: m.throttleKey ?? null,
        ...(m.notBefore && { nextAttemptAt: m.notBefore }),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** What the service worker shows: the notification's title and text, and the page a click opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** Sends one HTTP request (the push service's); tests pass their own. */
export type PushFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer },
) => Promise<{ status: number }>;

// No redirect is followed: a push service answers, it does not send the server elsewhere.
const defaultFetch: PushFetch = (url, init) => fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });

/** Seconds a push service keeps an undelivered push (a phone that is off): a day. */
const PUSH_TTL_SECONDS = 86_400;

/**
 * Delivers one claimed 'push' row: 'sent'; 'gone' when the subscription was removed or the push service
 * answered 404/410 (the subscription is deleted); throws on any other failure (the worker retries).
 */
export async function sendPush(
  deps: Deps,
  row: OutboxRow,
  send: PushFetch = defaultFetch,
  resolveCheck: (hostname: string) => Promise<void> = assertPublicHost,
): Promise<{ result: 'sent' | 'gone'; payload: PushPayload }> {
  const d = row.data as Partial<PushNotification>;
  // The words in the user's stored language, read now (a language switched since the event counts).
  const [owner] = row.userId ? await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, row.userId)).limit(1) : [];
  const words = notificationWords({ params: d.note, title: d.title, body: d.body }, owner?.locale ?? DEFAULT_LOCALE);
  const payload: PushPayload = {
    title: words.title || 'Kiraya',
    body: words.body,
    url: d.link?.startsWith('/') ? d.link : '/',
    tag: d.notificationId ?? row.eventKey,
  };
  const [sub] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.recipient)).limit(1);
  if (!sub) return { result: 'gone', payload };
  // A subscription saved under older rules, or a name that now points inside the network, is never called.
  if (!pushEndpointAllowed(sub.endpoint, deps.config)) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return { result: 'gone', payload };
  }
  const endpoint = new URL(sub.endpoint);
  if (endpoint.origin !== deps.config.pushServiceOrigin) await resolveCheck(endpoint.hostname);
  // web-push (encryption and VAPID) loads with the first push, not with the server (the memory goal, issue 21).
  const webPush = (await import('web-push')).default;
  const { subject, publicKey, privateKey } = deps.config.push;
  // web-push builds the request (RFC 8291 body, RFC 8292 Authorization); it is sent here with fetch, which
  // keeps the timeout and works with any push service URL (web-push's own sender speaks https only).
  const req = webPush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    { vapidDetails: { subject, publicKey, privateKey }, TTL: PUSH_TTL_SECONDS, urgency: 'normal' },
  );
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const res = await send(req.endpoint, { method: req.method, headers, body: req.body as Buffer });
  if (res.status === 404 || res.status === 410) {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return { result: 'gone', payload };
  }
  if (res.status < 200 || res.status >= 300) throw new Error(`push service answered ${res.status}`);
  await deps.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, sub.id));
  return { result: 'sent', payload };
}
