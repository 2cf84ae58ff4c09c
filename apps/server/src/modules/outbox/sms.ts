import { PHONE_CODE_MINUTES } from '@kiraya/contract';
import type { Config } from '../../config.js';

/**
 * Text messages (issue 26, ADR 033): one provider adapter per SMS gateway, chosen by configuration. MSG91 (an
 * Indian provider; DLT rules make every SMS a pre-approved template with variables) when SMS_PROVIDER=msg91;
 * otherwise, never in production, the development mailbox shows the SMS beside the emails.
 */
export type OutgoingSms = {
  /** +{country code}{number}, as users.phone_number holds it. */
  to: string;
  /** The whole text (the development mailbox shows it; MSG91 builds it from its template and `vars`). */
  text: string;
  /** The template's variables (MSG91's ##name## placeholders). */
  vars: Record<string, string>;
};
export type SmsTransport = { kind: 'msg91' | 'devMailbox'; send: (m: OutgoingSms) => Promise<void> };

/** Every SMS Kiraya sends: its data and its text. */
export type SmsTemplateData = { phoneCode: { code: string } };
export type SmsTemplateName = keyof SmsTemplateData;

export const SMS_TEMPLATES: {
  [K in SmsTemplateName]: (d: SmsTemplateData[K]) => { subject: string; text: string; vars: Record<string, string> };
} = {
  phoneCode: (d) => ({
    subject: 'Kiraya verification code (SMS)',
    text: `${d.code} is your Kiraya verification code. It works for ${PHONE_CODE_MINUTES} minutes. Never share it: Kiraya never asks for it.`,
    vars: { otp: d.code },
  }),
};

/** MSG91 answers errors in words; a code is never put in an error we keep or log (the variables may be echoed). */
const scrubDigits = (s: string) => s.replace(/\d{4,}/g, '…');

/**
 * MSG91's Flow API (POST https://control.msg91.com/api/v5/flow, header `authkey`): the DLT template's id and one
 * recipient (`mobiles` in international form without the +) with the template's variables. It answers
 * `{ "type": "success", "message": <request id> }`, or `{ "type": "error", "message": … }` (also with a 4xx).
 */
export function msg91Transport(c: { authKey: string; templateId: string; apiUrl: string }, fetchFn: typeof fetch = fetch): SmsTransport {
  return {
    kind: 'msg91',
    send: async (m) => {
      const res = await fetchFn(c.apiUrl, {
        method: 'POST',
        headers: { authkey: c.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ template_id: c.templateId, short_url: '0', recipients: [{ mobiles: m.to.replace(/^\+/, ''), ...m.vars }] }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => null)) as { type?: string; message?: unknown } | null;
      if (!res.ok || body?.type !== 'success') {
        throw new Error(`MSG91 answered ${res.status}: ${scrubDigits(String(body?.message ?? 'no JSON')).slice(0, 200)}`);
      }
    },
  };
}

const cache = new WeakMap<object, SmsTransport | null>();

/** Whether SMS go to the development mailbox: no provider configured, never in production. */
export const devSmsOn = (config: Pick<Config, 'sms' | 'isProduction'>): boolean =>
  config.sms.provider === 'devMailbox' && !config.isProduction;

/** The configured SMS provider; null in production without one (phone codes answer 503 SMS_OFF). */
export function smsTransportFor(config: Pick<Config, 'sms' | 'isProduction'>): SmsTransport | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  const s = config.sms;
  const t =
    s.provider === 'msg91'
      ? msg91Transport(s.msg91)
      : devSmsOn(config)
        ? ({ kind: 'devMailbox', send: async () => {} } satisfies SmsTransport)
        : null;
  cache.set(config, t);
  return t;
}
