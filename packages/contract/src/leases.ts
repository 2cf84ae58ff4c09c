import { z } from 'zod';
import { isoDateSchema } from './fields.js';
import { MSG } from './messages.js';
import { tryRupeesToPaise } from './money.js';

/**
 * Lease terms (issue 22, ADR 028): what an owner offers on Assign Tenant, what the tenant reads before
 * accepting and what the rent cycle bills from. On the wire **out** money is integer paise (`rent`,
 * `securityDeposit`, a flat late fee's `amount`) and percents are numbers with up to two decimals; on the
 * way **in** money is rupees (number or text, at most two decimals, as every form sends it) turned into paise
 * by the schema, and percents the same way into hundredths of a percent.
 */

export const LEASE_BOUNDS = {
  rentDueDay: { min: 1, max: 28 },
  termMonths: { min: 1, max: 120, default: 11 },
  /** Yearly increment, percent. */
  incrementPercent: { min: 0, max: 50, default: 0 },
  noticeMonths: { min: 0, max: 12, default: 1 },
  /** The deposit may be 0 to 10 months' rent; above 2 months (the Model Tenancy Act's cap for homes) the owner is warned. */
  depositMaxMonths: 10,
  depositWarnMonths: 2,
  /** A percent late fee: more than 0, at most this percent of the overdue rent. */
  lateFeePercentMax: 25,
  graceDays: { min: 0, max: 60, default: 0 },
} as const;

/** The fields of the terms a client sends (Assign Tenant's `terms`, the edit's body). */
export const LEASE_TERM_FIELDS = [
  'rent',
  'securityDeposit',
  'rentDueDay',
  'startDate',
  'termMonths',
  'incrementPercent',
  'noticeMonths',
  'lateFee',
] as const;

export const LATE_FEE_KINDS = ['flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** A late fee as stored and sent: a flat amount (paise) or a percent of the overdue rent, after `graceDays`. */
export const lateFeeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), amount: z.number().int(), graceDays: z.number().int() }),
  z.object({ kind: z.literal('percent'), percent: z.number(), graceDays: z.number().int() }),
]);
export type LateFee = z.infer<typeof lateFeeSchema>;

/** Lease terms as the API answers them: money in integer paise. */
export const leaseTermsSchema = z.object({
  /** Monthly rent, paise. */
  rent: z.number().int(),
  /** Security deposit, paise. */
  securityDeposit: z.number().int(),
  /** Day of the month rent is due (1-28). */
  rentDueDay: z.number().int(),
  /** YYYY-MM-DD. On a request: null means "the day the tenant accepts". */
  startDate: z.string(),
  termMonths: z.number().int(),
  /** Yearly increment in percent (7.5 = 7.5 %), applied from each anniversary of the start date. */
  incrementPercent: z.number(),
  noticeMonths: z.number().int(),
  lateFee: lateFeeSchema.nullable(),
});
export type LeaseTerms = z.infer<typeof leaseTermsSchema>;
/** The terms of an invitation: the start date may be open (the day the tenant accepts), and then the due day too (the start's day). */
export const requestTermsSchema = leaseTermsSchema.extend({ startDate: z.string().nullable(), rentDueDay: z.number().int().nullable() });
export type RequestTerms = z.infer<typeof requestTermsSchema>;

export const RENEWAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

/** A renewal the owner proposed (issue 22 item 5): the next term, from the day after the current term ends. */
export const leaseRenewalSchema = z.object({
  _id: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  /** The new terms (money in paise); `startDate` is the day after the current term ends. */
  terms: leaseTermsSchema,
  /** The new term's last day. */
  endsOn: z.string(),
  /** Once accepted: the first rent period (YYYY-MM-01) billed at the new terms. */
  effectiveFrom: z.string().nullable(),
  proposedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type LeaseRenewal = z.infer<typeof leaseRenewalSchema>;

/** A tenancy's lease as both sides see it: the terms now, any change that applies later, automatic rent. */
export const leaseSchema = z.object({
  tenancyId: z.string(),
  roomId: z.string(),
  terms: leaseTermsSchema,
  /** The first rent period (YYYY-MM-01) the current terms apply to. */
  termsFrom: z.string(),
  /** A change the owner made that applies from a later period, or null. */
  upcoming: z.object({ from: z.string(), terms: leaseTermsSchema }).nullable(),
  /** The rent cycle raises this tenancy's Rent Bills (and late fees). */
  autoRent: z.boolean(),
  /** The last day of the term (start + termMonths − 1 day); a renewal once accepted moves it to the new term's end. */
  termEndsOn: z.string(),
  /** The monthly rent in force today (paise): the terms' rent with any yearly increment already applied. */
  rentInForce: z.number().int(),
  /** The recorded move-out date (a notice given, or "let the lease end"), or null. */
  leavingOn: z.string().nullable(),
  /** The term ended and no move-out is recorded: the lease runs on month to month (ADR 041) until renewed or ended. */
  monthToMonth: z.boolean().optional(),
  /** The latest renewal proposed for this tenancy (open, accepted, declined or withdrawn), or null. */
  renewal: leaseRenewalSchema.nullable(),
});
export type Lease = z.infer<typeof leaseSchema>;

/** A lease's first Rent Bill is due no sooner than this many days after the start (or the grace days, if longer); ADR 041. */
export const FIRST_BILL_MIN_DAYS = 5;

/**
 * The earliest move-out a notice given on `today` allows (ADR 041): `noticeMonths` months later, clamped to the
 * month's last day. Vacate defaults to it; an earlier date needs a reason.
 */
export function noticeEndOf(today: string, noticeMonths: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + noticeMonths + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + noticeMonths, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The owner sees Renew / Let it end from this many days before the term's end. */
export const RENEWAL_WINDOW_DAYS = 60;
/** Owner and tenant are told this many days before the term ends. */
export const LEASE_END_NOTICE_DAYS = 30;

/** The last day of a term of `termMonths` from `startDate` (a start on the 31st into a shorter month ends on its last day − 0). */
export function termEndOf(startDate: string, termMonths: number): string {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1 + termMonths, d));
  // A start on the 31st into a shorter month ends on that month's last day.
  if (dt.getUTCDate() !== d) dt.setUTCDate(0);
  else dt.setUTCDate(dt.getUTCDate() - 1);
  return dt.toISOString().slice(0, 10);
}

/** The day after `iso` (YYYY-MM-DD). */
export const dayAfter = (iso: string): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * A renewal's default rent: the monthly rent in force with one yearly increment applied, rounded half up to
 * the whole rupee (₹12,345.67 at 5 % → ₹12,962.95 → ₹12,963). Paise in, paise out (a multiple of 100).
 */
export function renewalRentPaise(rentPaise: number, incrementBp: number): number {
  if (!Number.isSafeInteger(rentPaise) || rentPaise < 0 || !Number.isSafeInteger(incrementBp) || incrementBp < 0)
    throw new RangeError('renewalRentPaise: whole, non-negative paise and basis points');
  // rent × (10 000 + bp) / 10 000 paise, / 100 to rupees, half up: exact in BigInt.
  const n = BigInt(rentPaise) * BigInt(10_000 + incrementBp);
  const d = 1_000_000n;
  return Number(((n * 2n + d) / (d * 2n)) * 100n);
}

// ---------------------------------------------------------------------------------------------
// Input

/** Lease terms as the schema gives them to the server: paise, hundredths of a percent. Absent = not given. */
export type LeaseTermsValues = {
  rentPaise?: number;
  depositPaise?: number;
  rentDueDay?: number;
  startDate?: string;
  termMonths?: number;
  /** Hundredths of a percent (750 = 7.5 %). */
  incrementBp?: number;
  noticeMonths?: number;
  lateFee?: LateFeeValues | null;
};
export type LateFeeValues =
  | { kind: 'flat'; amountPaise: number; graceDays: number }
  | { kind: 'percent'; percentBp: number; graceDays: number };

const decimal = z.union([z.number(), z.string()]);
/** Rupees in, paise out; `min` paise. */
const money = (message: string, min: number) =>
  decimal.transform((v, ctx) => {
    const p = tryRupeesToPaise(v);
    if (p === null || p < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return p;
  });
/** A percent with up to two decimals in, hundredths of a percent out, within [min, max] percent. */
const percent = (message: string, min: number, max: number, exclusiveMin = false) =>
  decimal.transform((v, ctx) => {
    const h = tryRupeesToPaise(v);
    if (h === null || h < min * 100 || h > max * 100 || (exclusiveMin && h === min * 100)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return h;
  });
const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

const B = LEASE_BOUNDS;
const graceDaysInput = wholeNumber(MSG.leaseGraceDays, B.graceDays.min, B.graceDays.max).default(B.graceDays.default);

export const lateFeeInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('flat'), amount: money(MSG.leaseLateFeeAmount, 1), graceDays: graceDaysInput }),
      z.object({
        kind: z.literal('percent'),
        percent: percent(MSG.leaseLateFeePercent, 0, B.lateFeePercentMax, true),
        graceDays: graceDaysInput,
      }),
    ],
    { error: MSG.leaseLateFeeKind },
  )
  .transform(
    (f): LateFeeValues =>
      f.kind === 'flat'
        ? { kind: 'flat', amountPaise: f.amount, graceDays: f.graceDays }
        : { kind: 'percent', percentBp: f.percent, graceDays: f.graceDays },
  );

const termsShape = {
  rent: money(MSG.leaseRent, 100).optional(),
  securityDeposit: money(MSG.leaseDeposit, 0).optional(),
  rentDueDay: wholeNumber(MSG.leaseRentDueDay, B.rentDueDay.min, B.rentDueDay.max).optional(),
  startDate: isoDateSchema(MSG.leaseStartDate).optional(),
  termMonths: wholeNumber(MSG.leaseTermMonths, B.termMonths.min, B.termMonths.max).optional(),
  incrementPercent: percent(MSG.leaseIncrement, B.incrementPercent.min, B.incrementPercent.max).optional(),
  noticeMonths: wholeNumber(MSG.leaseNoticeMonths, B.noticeMonths.min, B.noticeMonths.max).optional(),
  lateFee: lateFeeInputSchema.nullish(),
};

const toValues = (t: {
  rent?: number;
  securityDeposit?: number;
  rentDueDay?: number;
  startDate?: string;
  termMonths?: number;
  incrementPercent?: number;
  noticeMonths?: number;
  lateFee?: LateFeeValues | null;
}): LeaseTermsValues => {
  const v: LeaseTermsValues = {};
  if (t.rent !== undefined) v.rentPaise = t.rent;
  if (t.securityDeposit !== undefined) v.depositPaise = t.securityDeposit;
  if (t.rentDueDay !== undefined) v.rentDueDay = t.rentDueDay;
  if (t.startDate !== undefined) v.startDate = t.startDate;
  if (t.termMonths !== undefined) v.termMonths = t.termMonths;
  if (t.incrementPercent !== undefined) v.incrementBp = t.incrementPercent;
  if (t.noticeMonths !== undefined) v.noticeMonths = t.noticeMonths;
  if (t.lateFee !== undefined) v.lateFee = t.lateFee;
  return v;
};

const termsError = (iss: { code?: string }) => (iss.code === 'unrecognized_keys' ? MSG.leaseTermsUnknownField : MSG.leaseTermsInvalid);

/** Cross-field rules that need the rent (the deposit cap, a flat late fee at most one month's rent). */
export function termsProblems(t: {
  rentPaise: number;
  depositPaise: number;
  lateFee: LateFeeValues | null;
}): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (t.depositPaise > t.rentPaise * B.depositMaxMonths) out.push({ path: 'securityDeposit', message: MSG.leaseDepositTooHigh });
  if (t.lateFee?.kind === 'flat' && t.lateFee.amountPaise > t.rentPaise)
    out.push({ path: 'lateFee.amount', message: MSG.leaseLateFeeTooHigh });
  return out;
}

/** Whether to warn the owner about the deposit (more than 2 months' rent): a warning, never a refusal. */
export const depositNeedsWarning = (rentPaise: number, depositPaise: number): boolean => depositPaise > rentPaise * B.depositWarnMonths;

/**
 * The terms on Assign Tenant (POST /requests/send `terms`): every field optional. The server fills what is
 * absent: rent from the room, deposit 0, start date the day the tenant accepts, due day the start's day
 * (at most 28), term 11 months, increment 0, notice 1 month, no late fee.
 */
export const leaseTermsInputSchema = z
  .object(termsShape, { error: termsError })
  .strict()
  .superRefine((t, ctx) => {
    if (t.rent === undefined) return;
    for (const p of termsProblems({ rentPaise: t.rent, depositPaise: t.securityDeposit ?? 0, lateFee: t.lateFee ?? null }))
      ctx.addIssue({ code: 'custom', path: p.path.split('.'), message: p.message });
  })
  .transform(toValues);
export type LeaseTermsInput = z.input<typeof leaseTermsInputSchema>;

/**
 * PUT /leases/terms/:roomId: the owner changes a current tenancy's terms (any subset; not the start
 * date). They apply from the next rent period the cycle has not raised yet.
 */
export const editLeaseTermsBodySchema = z
  .object({ ...termsShape, startDate: z.undefined({ error: MSG.leaseStartDateFixed }).optional() }, { error: termsError })
  .strict()
  .superRefine((t, ctx) => {
    if (Object.values(t).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: [], message: MSG.leaseNothingToChange });
  })
  .transform(toValues);
export type EditLeaseTermsBody = z.input<typeof editLeaseTermsBodySchema>;

/**
 * POST /leases/renewal/:roomId: the owner proposes the next term. Every field optional: the term defaults to the
 * current one's months, the rent to `renewalRentPaise` (the rent in force with the yearly increment, to the
 * rupee), the rest to the current terms. The due day and start date are not chosen (the start is the day after
 * the current term ends).
 */
export const proposeRenewalBodySchema = z
  .object(
    {
      termMonths: termsShape.termMonths,
      rent: termsShape.rent,
      incrementPercent: termsShape.incrementPercent,
      noticeMonths: termsShape.noticeMonths,
      lateFee: termsShape.lateFee,
      securityDeposit: termsShape.securityDeposit,
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? MSG.leaseTermsUnknownField : MSG.renewalBodyInvalid) },
  )
  .strict()
  .superRefine((t, ctx) => {
    if (t.rent === undefined) return;
    for (const p of termsProblems({ rentPaise: t.rent, depositPaise: t.securityDeposit ?? 0, lateFee: t.lateFee ?? null }))
      ctx.addIssue({ code: 'custom', path: p.path.split('.'), message: p.message });
  })
  .transform(toValues);
export type ProposeRenewalBody = z.input<typeof proposeRenewalBodySchema>;

/** PUT /leases/auto-rent/:roomId */
export const autoRentBodySchema = z.object({ enabled: z.boolean({ error: MSG.autoRentFlag }) });
export type AutoRentBody = z.input<typeof autoRentBodySchema>;

export const leaseRoomParamSchema = z.object({
  roomId: z.string({ error: 'roomId is required.' }).trim().min(1, 'roomId is required.').max(100, 'roomId is not valid.'),
});
export const lateFeeParamSchema = z.object({
  billId: z.string({ error: 'billId is required.' }).trim().min(1, 'billId is required.').max(100, 'billId is not valid.'),
});

// ---------------------------------------------------------------------------------------------
// What a tenant owes (GET /tenant/room-details)

/** The next payment falling due: its due date and amount (paise), or null. */
export const nextDueSchema = z.object({ date: z.string(), amount: z.number().int() }).nullable();
export type NextDue = z.infer<typeof nextDueSchema>;

/** Hundredths of a percent → the percent number the API sends (750 → 7.5). */
export const bpToPercent = (bp: number): number => bp / 100;
/** A percent as the API sends it (7.5) → hundredths of a percent (750), exact for at most two decimals. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
