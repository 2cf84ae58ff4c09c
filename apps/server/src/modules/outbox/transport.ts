import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

export type OutgoingEmail = { from: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** Delivers one email; throws when it could not (the worker retries). */
export type MailTransport = { kind: 'smtp' | 'devMailbox'; send: (m: OutgoingEmail) => Promise<void> };

const cache = new WeakMap<object, MailTransport | null>();

/** Whether the development mailbox is on: no SMTP configured, and never in production. */
export const devMailboxOn = (config: Pick<Config, 'mail' | 'isProduction'>): boolean => !config.mail.smtpUrl && !config.isProduction;

export function smtpTransport(url: string): MailTransport {
  // nodemailer loads with the first email sent, not with the server (the memory goal, issue 21).
  let transporter: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    send: async (m) => {
      transporter ??= import('nodemailer').then((n) => n.default.createTransport(url));
      const t = await transporter;
      await t.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    },
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise the development mailbox (the message is only marked sent and kept with
 * its rendered content); in production without SMTP, null: nothing is sent.
 */
export function transportFor(config: Pick<Config, 'mail' | 'isProduction'>): MailTransport | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  const t = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl)
    : devMailboxOn(config)
      ? ({ kind: 'devMailbox', send: async () => {} } satisfies MailTransport)
      : null;
  cache.set(config, t);
  return t;
}
