import {
  type AppNotification,
  DEFAULT_LOCALE,
  type EmailCategory,
  type Locale,
  MSG,
  NOTIFICATIONS_LIST_MAX,
  type NotificationKind,
} from '@kiraya/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { type NotificationRow, notifications } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { type NotificationPayload, NOTIFICATION_TEXT_KIND, notificationWords } from '../../i18n/notifications.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { enqueue, enqueuePushes } from '../outbox/index.js';

type Deps = Pick<AppDeps, 'db'>;

/**
 * In-app notifications: what a user must not miss (a request received, accepted or rejected, bills
 * uploaded, a payment received, a new message). Written inside the transaction of the event they tell
 * of, and announced on the user's open pages when it commits (ADR 017). A notification is stored as its text
 * key and parameters, never as a sentence (issue 27): its words are written when it is read, in the reader's
 * language (src/i18n/notifications.ts), and so are its email and its pushes.
 */
export type NotifyInput = {
  userId: string;
  /** What it says: a text key and its parameters (typed per key). Its kind follows from the key. */
  note: NotificationPayload;
  /** The web app path the notification opens. */
  link: string;
  /**
   * False: no email for this notification, because the caller enqueues a fuller one for the same event
   * (a payment's receipt): one email per event.
   */
  email?: false;
};

/** Stores a notification for `userId` and tells their open pages, when `tx` commits. */
export async function notify(tx: Db, n: NotifyInput): Promise<string> {
  const id = newId();
  const kind = NOTIFICATION_TEXT_KIND[n.note.text];
  await tx.insert(notifications).values({ id, userId: n.userId, kind, params: n.note as Record<string, unknown>, link: n.link });
  await publishLive(tx, [n.userId], { kind: 'notification', id });
  // Its email and its pushes, in the same transaction, once per notification (issue 25, ADR 030; issue 27,
  // ADR 035). They carry the text key and parameters too: the worker writes them in the recipient's language.
  const kindCategory = EMAIL_CATEGORY_OF[kind];
  if (kindCategory) {
    // A security notice (the payout bank account changed) is always sent and carries no unsubscribe.
    const category = kindCategory === 'security' ? undefined : kindCategory;
    const isMessage = kind === 'message';
    const data = { notificationId: id, kind, note: n.note, link: n.link };
    // A message is sent only if still unread after 15 minutes, and a conversation at most once an hour.
    const timing = isMessage ? { notBefore: new Date(Date.now() + MESSAGE_EMAIL_DELAY_MS), throttleKey: `conversation:${n.link}` } : {};
    // No email when the caller enqueues a fuller one for the same event (a payment's receipt).
    if (n.email !== false)
      await enqueue(tx, { eventKey: `notification:${id}`, to: { userId: n.userId }, template: 'notification', data, category, ...timing });
    // Its push to each device the user switched push on for: the same events, the same category preferences,
    // the same wait for messages.
    await enqueuePushes(tx, { eventKey: `notification:${id}`, userId: n.userId, data, category, ...timing });
  }
  return id;
}

/** How long a message notification waits unread before it is emailed. */
export const MESSAGE_EMAIL_DELAY_MS = 15 * 60_000;

/**
 * The email category of each notification kind (issue 25). 'security': always sent, no unsubscribe (like the
 * password emails); null: in the app only (no email, no push).
 */
const EMAIL_CATEGORY_OF: Record<NotificationKind, EmailCategory | 'security' | null> = {
  requestReceived: 'invitations',
  requestAccepted: 'invitations',
  requestRejected: 'invitations',
  leaseChanged: 'invitations',
  billsUploaded: 'payments',
  billWaived: 'payments',
  creditRefunded: 'payments',
  paymentReceived: 'payments',
  paymentRecorded: 'payments',
  paymentReported: 'payments',
  paymentReportDecided: 'payments',
  paymentReversed: 'payments',
  leaseEnding: 'reminders',
  leaseRenewal: 'invitations',
  payoutAccount: 'security',
  message: 'messages',
  // Moderation (ADR 037): an owner is always told when a listing is hidden or shown again (no unsubscribe); a
  // reporter hears the outcome in the app only.
  listingHidden: 'security',
  listingRestored: 'security',
  reportResolved: null,
};

/** A notification as the API answers it, its words in `locale` (the reader's). */
export const toNotification = (r: NotificationRow, locale: Locale = DEFAULT_LOCALE): AppNotification => ({
  _id: r.id,
  kind: r.kind as NotificationKind,
  ...notificationWords(r, locale),
  link: r.link,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export async function unreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** GET /notifications: the caller's latest notifications, newest first, in their language, and how many are unread. */
export async function listNotifications(
  deps: Deps,
  userId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ items: AppNotification[]; unread: number }> {
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_MAX);
  return { items: rows.map((r) => toNotification(r, locale)), unread: await unreadNotifications(deps.db, userId) };
}

/** POST /notifications/read: marks one of the caller's notifications read (anyone else's is 404). */
export async function readNotification(deps: Deps, userId: string, id: string): Promise<{ unread: number }> {
  if (!isUuid(id)) throw notFound(MSG.notificationNotFound);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    if (!row) throw notFound(MSG.notificationNotFound);
    if (!row.readAt) {
      await tx.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
      // The user's other tabs drop the badge too.
      await publishLive(tx, [userId], { kind: 'notification', id });
    }
    return { unread: await unreadNotifications(tx, userId) };
  });
}

/** POST /notifications/read-all */
export async function readAllNotifications(deps: Deps, userId: string): Promise<{ unread: number }> {
  return inTransaction(deps.db, async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length) await publishLive(tx, [userId], { kind: 'notification' });
    return { unread: 0 };
  });
}
