import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema, passwordSchema } from './users.js';

/** Email categories a user can switch off (issue 25); security emails (reset, password changed) have none. */
export const EMAIL_CATEGORIES = ['reminders', 'payments', 'messages', 'invitations', 'summaries'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
/**
 * The categories Profile offers. The daily summary (owners) is off unless switched on; while on, the owner's
 * payment and request emails come in it instead of one each (ADR 036).
 */
export const EMAIL_CATEGORIES_OFFERED: readonly EmailCategory[] = EMAIL_CATEGORIES;
/** What Profile offers a role: the daily summary is for owners (it sums up their rooms). */
export const emailCategoriesOffered = (role: string): readonly EmailCategory[] =>
  role === 'owner' ? EMAIL_CATEGORIES_OFFERED : EMAIL_CATEGORIES_OFFERED.filter((c) => c !== 'summaries');
/** Categories whose absence means off (the others are on unless switched off). */
export const EMAIL_CATEGORIES_OFF_BY_DEFAULT: readonly EmailCategory[] = ['summaries'];

export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; hint: string }> = {
  reminders: { label: 'Rent reminders', hint: 'Rent due in 3 days, due today, overdue' },
  payments: { label: 'Payments and bills', hint: 'New bills, payments received, receipts' },
  messages: { label: 'Messages', hint: 'A new message you have not read within 15 minutes' },
  invitations: { label: 'Requests and invitations', hint: 'Invitations, accepted or rejected requests, lease changes' },
  summaries: { label: 'Daily summary', hint: 'One email each morning about yesterday, instead of one per payment or request' },
};

/** Every category on or off; absent = on, but for EMAIL_CATEGORIES_OFF_BY_DEFAULT. */
export const emailPrefsSchema = z.object(
  Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, z.boolean({ error: `${c} must be true or false.` })])) as Record<
    EmailCategory,
    z.ZodBoolean
  >,
);
export type EmailPrefs = z.infer<typeof emailPrefsSchema>;
/** PUT email settings: any of the categories. */
export const emailPrefsBodySchema = emailPrefsSchema.partial().strict();

/** How long a reset link works. */
export const RESET_TOKEN_MINUTES = 30;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

const tokenSchema = z.string({ error: MSG.resetTokenRequired }).trim().min(1, MSG.resetTokenRequired).max(200, MSG.resetTokenInvalid);

export const resetPasswordBodySchema = z
  .object({
    token: tokenSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** One-click unsubscribe (RFC 8058): the user, the category and the server's HMAC of both. */
export const unsubscribeQuerySchema = z.object({
  u: z.string({ error: MSG.unsubscribeInvalid }).uuid(MSG.unsubscribeInvalid),
  c: z.enum(EMAIL_CATEGORIES, { error: MSG.unsubscribeInvalid }),
  s: z.string({ error: MSG.unsubscribeInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, MSG.unsubscribeInvalid),
});

/**
 * A browser's push subscription (PushSubscription.toJSON()): the push service's address for it and the keys the
 * payload is encrypted to (RFC 8291): p256dh an uncompressed P-256 point (65 bytes), auth a 16-byte secret.
 */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).max(1000, MSG.pushEndpointInvalid).url(MSG.pushEndpointInvalid),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: z.string({ error: MSG.pushKeysInvalid }).regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, MSG.pushKeysInvalid),
      auth: z.string({ error: MSG.pushKeysInvalid }).regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, MSG.pushKeysInvalid),
    },
    { error: MSG.pushKeysInvalid },
  ),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBodySchema>;
export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).max(1000, MSG.pushEndpointInvalid).url(MSG.pushEndpointInvalid),
});
/** The server's VAPID public key (base64url), what a browser subscribes with (applicationServerKey). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** A message of the development mailbox (no SMTP configured). */
export const devMailSchema = z.object({
  _id: z.string(),
  /** 'sms': a text message of the development SMS provider (ADR 033), `to` is the phone number. */
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
