import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LOCALE, type EmailCategory, type Locale } from '@kiraya/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { notifications, type OutboxRow, outboxMessages, users } from '../../db/schema.js';
import { FieldCrypto } from '../../lib/crypto.js';
import { rowsOf } from '../../lib/sql.js';
import { scrubbed, unsealData } from './queue.js';
import type { RenderedEmail, TemplateName } from './templates/index.js';
import { type PushFetch, type PushPayload, sendPush } from './push.js';
import { SUMMARY_REPLACES } from './summaries.js';
import { type MailTransport, devMailboxOn, transportFor } from './transport.js';
import { SMS_TEMPLATES, type SmsTemplateName, type SmsTransport, devSmsOn, smsTransportFor } from './sms.js';

type Deps = Pick<AppDeps, 'db' | 'config'>;

const cryptoFor = new WeakMap<object, FieldCrypto>();
/** The data key of this configuration (one FieldCrypto per config object). */
function outboxCrypto(config: Deps['config']): FieldCrypto {
  let c = cryptoFor.get(config);
  if (!c) {
    c = new FieldCrypto(config.dataKey);
    cryptoFor.set(config, c);
  }
  return c;
}

/** Attempts before a message ends `failed`; the waits between them double from BACKOFF_BASE_MS. */
export const MAX_ATTEMPTS = 6;
export const BACKOFF_BASE_MS = 30_000;
/** How long a claimed message is left to its worker before another may claim it again (a crash mid-send). */
export const LEASE_MS = 2 * 60_000;
/** Messages a round claims. */
const BATCH = 20;

export const backoffMs = (attempts: number): number => BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);

export type DeliveryResult = { sent: number; retried: number; failed: number; skipped: number };

type Log = { warn: (obj: object, msg: string) => void; error?: (obj: object, msg: string) => void };

export type DeliverOptions = {
  now?: Date;
  /** Overrides the configured transport (tests). */
  transport?: MailTransport;
  /** Overrides the configured SMS provider (tests). */
  sms?: SmsTransport;
  log?: Log;
  /** Tests: stop after sending, before marking sent (a worker killed mid-send). */
  crashAfterSend?: boolean;
  /** Overrides how a push is posted to its push service (tests). */
  pushFetch?: PushFetch;
};

/**
 * Claims due messages (pending and due, or `sending` whose lease ran out) with FOR UPDATE SKIP LOCKED, so
 * several workers share them without sending one twice, marks them `sending` with a lease, then delivers each.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit = BATCH,
  channels: readonly OutboxRow['channel'][] = ['email', 'sms', 'push'],
): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const lease = new Date(now.getTime() + LEASE_MS);
  const res = await db.execute(sql`
    update ${outboxMessages} set status = 'sending', lease_until = ${lease.toISOString()}, attempts = attempts + 1
    where id in (
      select id from ${outboxMessages}
      where ((status = 'pending' and next_attempt_at <= ${now.toISOString()})
         or (status = 'sending' and lease_until <= ${now.toISOString()}))
        and channel in (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )})
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
}

/** One round of the worker: claims what is due and delivers it. */
export async function deliverDue(deps: Deps, opts: DeliverOptions = {}): Promise<DeliveryResult> {
  const now = opts.now ?? new Date();
  const transport = opts.transport ?? transportFor(deps.config);
  const sms = opts.sms ?? smsTransportFor(deps.config);
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  // Each channel is delivered when its transport is configured; the others' messages wait in the outbox. Pushes
  // need none (without SMTP in production, pushes are still delivered while email waits).
  const channels = [...(transport ? (['email'] as const) : []), ...(sms ? (['sms'] as const) : []), 'push' as const];
  const claimed = await claimDue(deps.db, now, BATCH, channels);
  for (const row of claimed) {
    const mine = and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending'), eq(outboxMessages.attempts, row.attempts));
    let email: (RenderedEmail & { to: string }) | null = null;
    let push: PushPayload | null = null;
    let kind: MailTransport['kind'] | SmsTransport['kind'] = 'devMailbox';
    try {
      if (row.channel === 'sms' && sms) {
        // An SMS (ADR 033): its text is built here; MSG91 builds it again from its approved template and the variables.
        const make = SMS_TEMPLATES[row.template as SmsTemplateName] as
          | ((d: unknown) => ReturnType<(typeof SMS_TEMPLATES)['phoneCode']>)
          | undefined;
        if (!make) throw new Error(`unknown SMS template ${row.template}`);
        const m = make(unsealData(row.data, outboxCrypto(deps.config)));
        await sms.send({ to: row.recipient, text: m.text, vars: m.vars });
        email = { to: row.recipient, subject: m.subject, text: m.text, html: '' };
        kind = sms.kind;
      } else {
        const skip = await skipReason(deps, row, now);
        if (skip) {
          await deps.db.update(outboxMessages).set({ status: 'skipped', lastError: skip, leaseUntil: null }).where(mine);
          result.skipped++;
          continue;
        }
        if (row.channel === 'push') {
          const sent = await sendPush(deps, row, opts.pushFetch);
          if (sent.result === 'gone') {
            await deps.db
              .update(outboxMessages)
              .set({ status: 'skipped', lastError: 'the push subscription expired or was removed', leaseUntil: null })
              .where(mine);
            result.skipped++;
            continue;
          }
          push = sent.payload;
        } else {
          if (!transport) throw new Error(`no transport for ${row.channel}`);
          email = await compose(deps, row);
          await transport.send({ ...email, from: deps.config.mail.from });
          kind = transport.kind;
        }
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= MAX_ATTEMPTS;
      await deps.db
        .update(outboxMessages)
        .set(
          failed
            ? // A security message that failed for good keeps no link or code, not even sealed (nobody will send it).
              { status: 'failed', lastError: message.slice(0, 500), leaseUntil: null, ...(!row.category && { data: scrubbed(row.data) }) }
            : {
                status: 'pending',
                lastError: message.slice(0, 500),
                leaseUntil: null,
                nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
              },
        )
        .where(mine);
      if (failed) {
        result.failed++;
        opts.log?.warn(
          { outboxId: row.id, eventKey: row.eventKey, attempts: row.attempts, err: message },
          'outbox: message failed for good',
        );
      } else result.retried++;
      continue;
    }
    if (opts.crashAfterSend) continue;
    if (push) {
      await deps.db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, subject: push.title, text: push.body })
        .where(eq(outboxMessages.id, row.id));
      result.sent++;
      continue;
    }
    if (!email) continue;
    // A security email (or an SMS: a phone code) sent for real keeps no live link or code once sent; the development
    // mailbox shows it.
    const scrub = !row.category && kind !== 'devMailbox';
    await deps.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: new Date(),
        leaseUntil: null,
        subject: email.subject,
        text: scrub ? null : email.text,
        html: scrub ? null : email.html,
        ...(scrub && { data: {} }),
        toAddress: email.to,
      })
      .where(eq(outboxMessages.id, row.id));
    result.sent++;
  }
  return result;
}

/** Why a due message is not sent after all: its category switched off, a message read in time, the hourly cap. */
async function skipReason(deps: Deps, row: OutboxRow, now: Date): Promise<string | null> {
  if (row.userId && row.category) {
    const [u] = await deps.db.select({ prefs: users.emailPrefs, role: users.role }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (u && u.prefs[row.category] === false) return `category ${row.category} is off`;
    // An owner with the daily summary on hears of payments and requests in it, not one email each.
    if (
      row.channel === 'email' &&
      u?.role === 'owner' &&
      u.prefs.summaries === true &&
      SUMMARY_REPLACES.includes(row.category as EmailCategory)
    ) {
      return 'in the daily summary';
    }
  }
  const notificationId = (row.data as { notificationId?: string }).notificationId;
  if (row.template === 'notification' && (row.data as { kind?: string }).kind === 'message' && notificationId) {
    const [n] = await deps.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
      .limit(1);
    if (n?.readAt) return 'read in time';
  }
  if (row.throttleKey) {
    const [recent] = await deps.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, row.recipient),
          eq(outboxMessages.throttleKey, row.throttleKey),
          eq(outboxMessages.status, 'sent'),
          gt(outboxMessages.sentAt, new Date(now.getTime() - 3_600_000)),
        ),
      )
      .limit(1);
    if (recent) return 'one per hour';
  }
  return null;
}

/** The address, subject, text, HTML and headers of a claimed message. */
async function compose(deps: Deps, row: OutboxRow): Promise<RenderedEmail & { to: string }> {
  let to = row.toAddress ?? '';
  let name: string | null = null;
  // The recipient's language (issue 27): a user's stored one, read now like the address; an address's, as queued.
  let locale: Locale = row.locale ?? DEFAULT_LOCALE;
  if (row.userId) {
    const [u] = await deps.db
      .select({ email: users.email, fullName: users.fullName, locale: users.locale })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!u) throw new Error('the recipient no longer exists');
    to = u.email;
    name = u.fullName;
    locale = u.locale;
  }
  const unsubscribeUrl = row.userId && row.category ? unsubscribeLink(deps.config, row.userId, row.category as EmailCategory) : null;
  // The templates (React and its server renderer) load with the first email, not with the server: most starts
  // send none, and the memory goal (issue 21) counts every module a start loads.
  const { renderEmail } = await import('./templates/index.js');
  const email = await renderEmail(row.template as TemplateName, unsealData(row.data, outboxCrypto(deps.config)) as never, {
    publicUrl: deps.config.publicUrl,
    name,
    unsubscribeUrl,
    locale,
  });
  if (unsubscribeUrl) {
    const oneClick = `${deps.config.publicUrl}/api/v1/users/unsubscribe?${new URL(unsubscribeUrl).searchParams.toString()}`;
    email.headers = { ...email.headers, 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return { ...email, to };
}

/** HMAC-SHA256 of the user and category with a key derived from the server secret. */
export function unsubscribeSignature(config: Pick<AppDeps['config'], 'jwtSecret'>, userId: string, category: string): string {
  const key = createHmac('sha256', config.jwtSecret).update('kiraya:unsubscribe').digest();
  return createHmac('sha256', key).update(`${userId}:${category}`).digest('base64url');
}

export function verifyUnsubscribe(config: Pick<AppDeps['config'], 'jwtSecret'>, userId: string, category: string, sig: string): boolean {
  const want = Buffer.from(unsubscribeSignature(config, userId, category));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The page a person opens from an email to switch one category off (works signed out). */
export function unsubscribeLink(
  config: Pick<AppDeps['config'], 'jwtSecret' | 'publicUrl'>,
  userId: string,
  category: EmailCategory,
): string {
  const q = new URLSearchParams({ u: userId, c: category, s: unsubscribeSignature(config, userId, category) });
  return `${config.publicUrl}/unsubscribe?${q.toString()}`;
}

/** What operators watch (/readyz details, metrics): messages waiting, the oldest one's age, failed ones. */
export async function outboxStats(db: Db, now = new Date()): Promise<{ depth: number; oldestSeconds: number; failed: number }> {
  // Each count reads its partial index only (outbox_due_idx, outbox_failed_idx), never the sent messages.
  const res = await db.execute(sql`
    select (select count(*)::int from ${outboxMessages} where status in ('pending', 'sending')) as depth,
           (select coalesce(extract(epoch from (${now.toISOString()}::timestamptz - min(next_attempt_at))), 0)::float
              from ${outboxMessages} where status in ('pending', 'sending')) as oldest,
           (select count(*)::int from ${outboxMessages} where status = 'failed') as failed`);
  const r = rowsOf<{ depth?: number; oldest?: number; failed?: number }>(res)[0] ?? {};
  return { depth: Number(r.depth ?? 0), oldestSeconds: Math.max(0, Math.round(Number(r.oldest ?? 0))), failed: Number(r.failed ?? 0) };
}

/** Sent and skipped messages are kept this long (the development mailbox, operators' questions), then deleted. */
export const KEEP_SENT_DAYS = 30;

/** Deletes sent and skipped messages older than KEEP_SENT_DAYS (the worker, hourly); failed ones stay for operators. */
export async function pruneOutbox(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_SENT_DAYS * 86_400_000);
  const res = await db.execute(sql`
    delete from ${outboxMessages} where status in ('sent', 'skipped') and created_at < ${before.toISOString()} returning id`);
  return rowsOf(res).length;
}

/**
 * GET /dev/mailbox: the latest 50 emails and SMS delivered to the development mailbox (each channel only while
 * it has no real transport).
 */
export async function devMailbox(deps: Deps) {
  const channels = [...(devMailboxOn(deps.config) ? (['email'] as const) : []), ...(devSmsOn(deps.config) ? (['sms'] as const) : [])];
  if (channels.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.channel, channels), eq(outboxMessages.status, 'sent')))
    .orderBy(desc(outboxMessages.sentAt))
    .limit(50);
  return rows.map((r) => ({
    _id: r.id,
    channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const), // the query reads only these two
    to: r.toAddress ?? '',
    subject: r.subject ?? '',
    text: r.text ?? '',
    html: r.html ?? '',
    sentAt: (r.sentAt ?? r.createdAt).toISOString(),
  }));
}
