import { z } from 'zod';
import { decimalField, isSingleLineText, optionalTextField, textField } from './fields.js';
import { MSG } from './messages.js';

/**
 * Reports, moderators and signals (issue 26, ADR 037). Anyone signed in reports a property, a room or a user;
 * moderators (the `admin` role, made only by `npm run admin`) work the queue of open reports grouped by what
 * they are about, act (dismiss, hide a listing, suspend an account, restore) with a reason, and every action
 * is a row of an append-only audit log. Signals help them judge; nothing is decided automatically.
 */

export const REPORT_TARGET_TYPES = ['property', 'room', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['broker', 'moneyBeforeVisit', 'fakePhotos', 'alreadyRented', 'wrongDetails', 'abusive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What the report form and the moderators' queue show for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  broker: 'Broker posing as owner',
  moneyBeforeVisit: 'Asked for money before a visit',
  fakePhotos: 'Fake or stolen photos',
  alreadyRented: 'Already rented',
  wrongDetails: 'Wrong price or details',
  abusive: 'Abusive messages',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest details of a report (required for `other`). */
export const REPORT_DETAILS_MAX = 1000;
/** Reports one account may send per hour (429 beyond), counted in the database: every instance sees the same count. */
export const REPORTS_PER_HOUR = 10;
/** GET /reports/mine answers at most this many, newest first. */
export const MY_REPORTS_MAX = 100;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss the reports',
  hide: 'Hide the listing',
  suspend: 'Suspend the account',
  restore: 'Restore',
};
export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 1000;
/** Audit entries one page answers: the default and the most. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;
/** Open-report targets the queue answers at once, oldest first. */
export const QUEUE_MAX = 100;

/** New accounts may list at most `properties` properties in their first `days` days (issue 26 item 4). */
export const NEW_ACCOUNT_LISTING_LIMIT = { properties: 5, days: 7 } as const;

/** What the signals look at: listings of the last `recentDays` days; photos within `photoDistance` bits of 64 (pHash). */
export const SIGNAL_WINDOWS = { recentDays: 30, photoDistance: 10 } as const;

/** Shown on the property page, in a new conversation and on a message that asks for money (issue 26 item 5). */
export const SAFETY_ADVICE = 'Never pay a deposit or token amount before you have seen the room and met the owner';

// ---------------------------------------------------------------------------------------------------------------
// Asking for money: UPI IDs, UPI and payment links, and "pay the token amount" in English and Hinglish.

/** Hosts of payment links and link shorteners that hide them. */
const PAYMENT_HOSTS = [
  'rzp.io',
  'razorpay.me',
  'pages.razorpay.com',
  'paytm.me',
  'p.paytm.me',
  'paytm.com',
  'phon.pe',
  'phonepe.com',
  'pay.google.com',
  'gpay.app.goo.gl',
  'g.co/pay',
  'bhimupi.org.in',
  'payu.in',
  'u.payu.in',
  'cashfree.com',
  'instamojo.com',
  'imjo.in',
  'bit.ly',
  'tinyurl.com',
  'cutt.ly',
];
const hostPattern = PAYMENT_HOSTS.map((h) => h.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
/** A payment host as a link: at a word start (or after ://), optionally www., then the host and a path, end or space. */
const PAYMENT_LINK_RE = new RegExp(`(?:^|[\\s/(<"'])(?:www\\.)?(?:${hostPattern})(?=$|[/?#\\s)>"'.,!])`, 'i');
const UPI_LINK_RE = /\bupi:\/\//i;
/**
 * A UPI ID (VPA): handle@psp, where the PSP part is letters and digits only (`name@okhdfcbank`, `98xxxxxx10@ybl`,
 * `shop@paytm`): not an email address, whose domain goes on with a dot and a top-level domain.
 */
const UPI_ID_RE = /(?:^|[^a-z0-9._@-])[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}(?![a-z0-9-]|\.[a-z0-9])/i;

/** Words of money asked for before anything is seen: the token, an advance, a deposit, a booking amount. */
const MONEY_WORDS = new Set(['token', 'advance', 'deposit', 'booking', 'bayana', 'bayaana', 'security', 'brokerage', 'commission']);
/** Words of paying and sending, in English and Hinglish (bhejo, de do, jama karo, transfer kar do). */
const ACTION_WORDS = new Set([
  'pay',
  'paying',
  'payment',
  'send',
  'sending',
  'transfer',
  'transferring',
  'bhejo',
  'bhej',
  'bhejiye',
  'bhejna',
  'bhejdo',
  'bhejdijiye',
  'dedo',
  'dijiye',
  'dena',
  'jama',
  'jamaa',
  'karwa',
  'karwao',
  'gpay',
  'googlepay',
  'phonepe',
  'paytm',
  'bhim',
  'upi',
  'neft',
  'imps',
]);
/** Two-word Hinglish actions read as one: "de do", "kar do", "bhej do". */
const JOINED = [
  [/\bde\s+do\b/g, 'dedo'],
  [/\bbhej\s+do\b/g, 'bhejdo'],
  [/\bbhej\s+dijiye\b/g, 'bhejdijiye'],
  [/\bgoogle\s+pay\b/g, 'googlepay'],
  [/\bphone\s*pe\b/g, 'phonepe'],
  [/\bg\s*pay\b/g, 'gpay'],
] as const;
const PAYMENT_APPS = new Set(['gpay', 'googlepay', 'phonepe', 'paytm', 'bhim', 'upi']);
/** An amount: ₹ or Rs with a number, or a number of three or more digits (5000, 5,000, 10k). */
const AMOUNT_RE = /(?:₹|\brs\.?|\binr)\s*\d|\b\d{1,3}(?:,\d{2,3})+\b|\b\d{3,}\b|\b\d+\s*k\b/i;
/** How many words apart a money word and an action word may be to count as one request. */
const NEAR = 3;

/**
 * Whether a message asks to be paid by UPI or through a payment link: a UPI ID or `upi://` link, a payment or
 * shortened link, a money word (token, advance, deposit, booking) within three words of a paying word (pay, send,
 * transfer, bhejo, de do, jama karo, GPay…), or a payment app named with an amount or a paying word. Used on an owner's
 * message to someone who never rented from them, which is then marked with SAFETY_ADVICE (a warning, never a block).
 */
export function asksForMoney(text: string): boolean {
  if (!text) return false;
  if (UPI_LINK_RE.test(text) || PAYMENT_LINK_RE.test(text) || UPI_ID_RE.test(text)) return true;
  let t = text.toLowerCase();
  for (const [re, word] of JOINED) t = t.replace(re, word);
  const words = t.split(/[^\p{L}\p{N}₹]+/u).filter(Boolean);
  const money: number[] = [];
  const actions: number[] = [];
  let app = false;
  let action = false;
  for (const [i, w] of words.entries()) {
    if (MONEY_WORDS.has(w)) money.push(i);
    if (ACTION_WORDS.has(w)) {
      actions.push(i);
      if (PAYMENT_APPS.has(w)) app = true;
      else action = true;
    }
  }
  if (money.some((m) => actions.some((a) => a !== m && Math.abs(a - m) <= NEAR))) return true;
  return app && (action || AMOUNT_RE.test(t));
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

export const reportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES, { error: MSG.reportTargetTypeInvalid });
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: MSG.reportReasonRequired });
const targetIdSchema = z
  .string({ error: MSG.reportTargetRequired })
  .trim()
  .min(1, MSG.reportTargetRequired)
  .max(100, MSG.reportTargetNotFound)
  .refine(isSingleLineText, MSG.reportTargetNotFound);

/** POST /reports: what is reported, why, and (required for `other`) the details, at most 1000 characters. */
export const createReportBodySchema = z
  .object({
    targetType: reportTargetTypeSchema,
    targetId: targetIdSchema,
    reason: reportReasonSchema,
    details: optionalTextField({ label: 'Details', max: REPORT_DETAILS_MAX, multiline: true }),
  })
  .refine((v) => v.reason !== 'other' || v.details.length > 0, { message: MSG.reportDetailsRequired, path: ['details'] });
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/** One of the caller's reports (POST /reports, GET /reports/mine): enough for a page to say "Reported". */
export const reportSchema = z.object({
  _id: z.string(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: reportReasonSchema,
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** POST /admin/actions: what to do, to what, and why (3 to 1000 characters, kept in the audit log). */
export const moderationActionBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: MSG.moderationActionInvalid }),
  targetType: reportTargetTypeSchema,
  targetId: targetIdSchema,
  reason: textField({
    label: 'Reason',
    max: MODERATION_REASON_MAX,
    multiline: true,
    required: MSG.moderationReasonRequired,
  }).refine((s) => s.length >= MODERATION_REASON_MIN, MSG.moderationReasonRequired),
});
export type ModerationActionBody = z.input<typeof moderationActionBodySchema>;
export const moderationActionResultSchema = z.object({ auditId: z.string() });

export const moderationTargetParamsSchema = z.object({ targetType: reportTargetTypeSchema, targetId: targetIdSchema });

/** GET /admin/audit?before=<ISO date-time>&limit=<1..100>: the page of entries older than `before`, newest first. */
export const auditQuerySchema = z.object({
  before: z
    .string({ error: MSG.moderationAuditBefore })
    .trim()
    .max(40, MSG.moderationAuditBefore)
    .refine((s) => s === '' || (/^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))), MSG.moderationAuditBefore)
    .optional()
    .transform((s) => (s ? new Date(s).toISOString() : undefined)),
  limit: decimalField({ message: MSG.moderationAuditLimit, min: 1, max: AUDIT_PAGE_MAX, scale: 0 }).transform(
    (n) => n ?? AUDIT_PAGE_DEFAULT,
  ),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One row of the append-only audit log: who did what to what, why and when. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  adminId: z.string(),
  adminName: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Another account sharing a phone number or an Aadhaar number (compared by keyed hash) with the one judged. */
export const linkedAccountSchema = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  role: z.string(),
  suspended: z.boolean(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** A photo of this owner's listings that is (nearly) the same as a photo of another owner's listing. */
export const reusedPhotoSchema = z.object({
  imageUrl: z.string(),
  /** The property this owner's photo belongs to (a room photo: its room's property). */
  propertyId: z.string(),
  otherImageUrl: z.string(),
  otherPropertyId: z.string(),
  otherOwnerId: z.string(),
  otherOwnerName: z.string(),
  /** Hamming distance of the two 64-bit perceptual hashes: 0 is the same picture. */
  distance: z.number().int(),
});
export type ReusedPhoto = z.infer<typeof reusedPhotoSchema>;

/** What moderators see about the account a target belongs to (for a listing: its owner). Never a phone or Aadhaar number. */
export const signalsSchema = z.object({
  userId: z.string(),
  samePhone: z.array(linkedAccountSchema),
  sameAadhaar: z.array(linkedAccountSchema),
  recentListings: z.object({ properties: z.number().int(), cities: z.number().int() }),
  reusedPhotos: z.array(reusedPhotoSchema),
  /** Reports against the account and its listings, every status: how many, and how many of each reason. */
  reports: z.object({ total: z.number().int(), byReason: z.record(z.string(), z.number().int()) }),
});
export type Signals = z.infer<typeof signalsSchema>;

/** The listing or account a queue item is about, as moderators see it. */
export const moderationTargetSchema = z.object({
  /** A property's title, a room's "Room 101 · <property title>", a user's full name. */
  title: z.string(),
  /** A user's username. */
  username: z.string().optional(),
  /** A user's role. */
  role: z.string().optional(),
  city: z.string().optional(),
  /** A room's property (a property's own id for a property). */
  propertyId: z.string().optional(),
  ownerId: z.string().optional(),
  ownerName: z.string().optional(),
  /** Thumbnails of a listing's photos (a room: its own, then its property's), at most 6. */
  images: z.array(z.string()).optional(),
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
  /** The account (a listing: its owner) is suspended. */
  suspended: z.boolean().optional(),
  /** False when the target no longer exists (a deleted listing); its reports can still be dismissed. */
  exists: z.boolean(),
});
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

export const queueReportSchema = z.object({
  _id: z.string(),
  reason: reportReasonSchema,
  details: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type QueueReport = z.infer<typeof queueReportSchema>;

/** One target of the queue: what it is, its open reports, how many of each reason, since when, and its signals. */
export const queueItemSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  target: moderationTargetSchema,
  reports: z.array(queueReportSchema),
  reasonCounts: z.record(z.string(), z.number().int()),
  /** The oldest open report; null when none is open (GET /admin/targets of a settled target). */
  firstReportedAt: z.string().nullable(),
  signals: signalsSchema,
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** GET /admin/targets/{type}/{id}: the same item with every report (open and closed) and the target's audit entries. */
export const moderationTargetDetailSchema = queueItemSchema.extend({ audit: z.array(auditEntrySchema) });
export type ModerationTargetDetail = z.infer<typeof moderationTargetDetailSchema>;
