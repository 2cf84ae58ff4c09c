import type { EmailCategory, Locale } from '@kiraya/contract';
import type { Db } from '../../db/index.js';
import { outboxMessages } from '../../db/schema.js';
import type { FieldCrypto } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { SmsTemplateData, SmsTemplateName } from './sms.js';
import type { TemplateData, TemplateName } from './templates/index.js';

/**
 * The outbox (issue 25, ADR 030). `enqueue` writes a message in the caller's transaction: it is sent only if
 * the event commits, and once per (event key, channel, recipient) however often the event is raised.
 */
export type EnqueueInput<T extends TemplateName = TemplateName> = {
  /** What happened, unique per event: `bill:<id>`, `reset:<token id>`, `reminder:<group>:due-3`. */
  eventKey: string;
  /**
   * A user (the address and language are read when sending), or an address with no account to read them from:
   * then `locale` is the email's language (the inviter's for an invitation, the account's for a verification
   * link); en-IN when not given.
   */
  to: { userId: string } | { address: string; locale?: Locale };
  template: T;
  data: TemplateData[T];
  /** Preference category; omitted: a security email (always sent, no unsubscribe). */
  category?: EmailCategory;
  /** Not before this (a message email waits 15 minutes to see whether it was read). */
  notBefore?: Date;
  /** At most one sent per recipient and throttle key per hour. */
  throttleKey?: string;
  /** The data key (`deps.crypto`): needed when `data` holds a token (a reset or verification link), sealed with it. */
  crypto?: FieldCrypto;
};

/**
 * Fields of a message's data that open an account: a reset or verification link's token, a phone code (ADR 043).
 * They are stored sealed (AES-256-GCM under DATA_KEY, as Aadhaar numbers are), never readable in a pending or
 * failed row or in a backup, and opened only to render the message at the moment it is sent.
 */
const SECRET_FIELDS = ['token', 'code'] as const;

/** `data` without its secrets, sealed or not. */
export const scrubbed = (data: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((data ?? {}) as Record<string, unknown>).filter(
      ([k]) => k !== 'sealed' && !(SECRET_FIELDS as readonly string[]).includes(k),
    ),
  );

/** `data` with its secret fields sealed into one `sealed` field; `data` as it is when it holds none. */
export function sealData(data: Record<string, unknown>, crypto: FieldCrypto | undefined): Record<string, unknown> {
  const secrets = Object.fromEntries(SECRET_FIELDS.filter((k) => typeof data[k] === 'string').map((k) => [k, data[k]]));
  if (Object.keys(secrets).length === 0) return data;
  if (!crypto) throw new Error('outbox: a message carrying a token or a code needs the data key to seal it');
  const rest = Object.fromEntries(Object.entries(data).filter(([k]) => !(SECRET_FIELDS as readonly string[]).includes(k)));
  return { ...rest, sealed: crypto.encrypt(JSON.stringify(secrets)) };
}

/** The data a message is rendered from: its sealed fields opened (a row written before sealing is read as it is). */
export function unsealData(data: unknown, crypto: FieldCrypto): Record<string, unknown> {
  const d = (data ?? {}) as Record<string, unknown>;
  if (typeof d.sealed !== 'string') return d;
  const { sealed, ...rest } = d;
  return { ...rest, ...(JSON.parse(crypto.decrypt(sealed)) as Record<string, unknown>) };
}

/** Writes the message in `tx` (insert … on conflict do nothing); true when it was new. */
export async function enqueue<T extends TemplateName>(tx: Db, m: EnqueueInput<T>): Promise<boolean> {
  const userId = 'userId' in m.to ? m.to.userId : null;
  const address = 'address' in m.to ? m.to.address.toLowerCase() : null;
  const rows = await tx
    .insert(outboxMessages)
    .values({
      id: newId(),
      eventKey: m.eventKey,
      channel: 'email',
      recipient: userId ?? (address as string),
      userId,
      toAddress: address,
      locale: 'address' in m.to ? (m.to.locale ?? null) : null,
      template: m.template,
      data: sealData(m.data as Record<string, unknown>, m.crypto),
      category: m.category ?? null,
      throttleKey: m.throttleKey ?? null,
      ...(m.notBefore && { nextAttemptAt: m.notBefore }),
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * An SMS to a phone number (ADR 033), written in `tx` like an email: durable, once per (event key, 'sms', number).
 * `userId` ties it to the account (deleted with it); the number is the one given, not read again when sending.
 */
export async function enqueueSms<T extends SmsTemplateName>(
  tx: Db,
  m: { eventKey: string; userId: string; phone: string; template: T; data: SmsTemplateData[T]; crypto?: FieldCrypto },
): Promise<boolean> {
  const rows = await tx
    .insert(outboxMessages)
    .values({
      id: newId(),
      eventKey: m.eventKey,
      channel: 'sms',
      recipient: m.phone,
      userId: m.userId,
      toAddress: m.phone,
      template: m.template,
      data: sealData(m.data as Record<string, unknown>, m.crypto),
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}
