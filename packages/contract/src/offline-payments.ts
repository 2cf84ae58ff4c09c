import { z } from 'zod';
import { isoDateSchema, optionalTextField, textField } from './fields.js';
import { MSG } from './messages.js';
import { paiseToRupees } from './money.js';
import { paymentAmountSchema, paymentIdField } from './payments.js';

/**
 * Rent paid outside the gateway (issue 23): the owner records money received in cash, by UPI straight to
 * their UPI ID, by bank transfer or cheque; the tenant reports a direct UPI payment with its UTR and the
 * owner confirms it. Every such entry goes through the same ledger as gateway payments (integer paise,
 * oldest bill first, a receipt number from the same sequence). `deposit` is money kept from the tenant's
 * security deposit at settlement: offline too, recorded by the deposit settlement, never by hand.
 */

/** A ledger row came through a gateway's checkout, or was entered by the owner (recorded, confirmed, kept from the deposit). */
export const PAYMENT_KINDS = ['gateway', 'offline'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** What the owner can record by hand (and a tenant report is always `upi`). */
export const RECORDABLE_METHODS = ['cash', 'upi', 'bank_transfer', 'cheque'] as const;
export type RecordableMethod = (typeof RECORDABLE_METHODS)[number];
/** Every offline method in the ledger: the recordable ones and money kept from the security deposit. */
export const OFFLINE_METHODS = [...RECORDABLE_METHODS, 'deposit'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
/** How an offline entry reached the ledger: recorded by the owner, reported by the tenant and confirmed, kept from the deposit. */
export const OFFLINE_SOURCES = ['recorded', 'reported', 'deposit'] as const;
export type OfflineSource = (typeof OFFLINE_SOURCES)[number];

/** One name per way of paying, whatever the kind: what receipts, lists, statistics and CSV exports print. */
export const PAYMENT_METHOD_LABELS = {
  card: 'Card',
  upi_gateway: 'UPI (gateway)',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  online: 'Online',
  upi_direct: 'UPI direct',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  deposit: 'From security deposit',
} as const;
export type PaymentMethodKey = keyof typeof PAYMENT_METHOD_LABELS;

/** The method of a ledger row as one key: a gateway's `upi` is "UPI (gateway)", an offline `upi` is "UPI direct". */
export function paymentMethodKey(kind: string | null | undefined, method: string | null | undefined): PaymentMethodKey {
  if (kind === 'offline') {
    if (method === 'upi') return 'upi_direct';
    if (method === 'cash' || method === 'bank_transfer' || method === 'cheque' || method === 'deposit') return method;
    return 'cash';
  }
  if (method === 'upi') return 'upi_gateway';
  if (method === 'card' || method === 'netbanking' || method === 'wallet') return method;
  return 'online';
}

export const paymentMethodLabel = (kind: string | null | undefined, method: string | null | undefined): string =>
  PAYMENT_METHOD_LABELS[paymentMethodKey(kind, method)];

/** The recordable methods with their labels, in the order the Record payment form lists them. */
export const RECORDABLE_METHOD_OPTIONS: readonly { value: RecordableMethod; label: string }[] = [
  { value: 'cash', label: PAYMENT_METHOD_LABELS.cash },
  { value: 'upi', label: PAYMENT_METHOD_LABELS.upi_direct },
  { value: 'bank_transfer', label: PAYMENT_METHOD_LABELS.bank_transfer },
  { value: 'cheque', label: PAYMENT_METHOD_LABELS.cheque },
];

/** A UPI transaction's UTR (the reference a UPI app shows): 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;
export const isUtr = (s: string): boolean => UTR_PATTERN.test(s.trim());

/** How long after recording an owner may reverse an offline payment (issue 23: 30 days). */
export const REVERSAL_WINDOW_DAYS = 30;

/**
 * A reference as compared (duplicates are per owner): spaces removed, upper-case, so "Book 12 / 034" and
 * "BOOK12/034" are one reference. The database compares the same way (payments/offline.ts, `referenceKey`).
 */
export const normaliseReference = (s: string): string => s.trim().replace(/\s+/g, '').toUpperCase();
/** A reference as stored and shown: what was typed, trimmed, each run of spaces made one ("Book 12 / 034"). */
export const tidyReference = (s: string): string => s.trim().replace(/\s+/g, ' ');

const referenceField = optionalTextField({ label: 'Reference', max: 64 }).transform((s) => tidyReference(s));
const noteField = optionalTextField({ label: 'Note', max: 500, multiline: true });
const paidOnField = isoDateSchema(MSG.paidOnInvalid);

/** POST /payments/record: the owner records money received for a room. */
export const recordPaymentBodySchema = z
  .object({
    roomId: paymentIdField('Room'),
    amount: paymentAmountSchema,
    method: z.enum(RECORDABLE_METHODS, { error: MSG.offlineMethodInvalid }),
    paidOn: paidOnField,
    reference: referenceField,
    note: noteField,
  })
  .superRefine((b, ctx) => {
    if (b.method === 'upi' && !isUtr(normaliseReference(b.reference)))
      ctx.addIssue({ code: 'custom', path: ['reference'], message: MSG.utrInvalid });
    if (b.method === 'cheque' && b.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: MSG.chequeNumberRequired });
  });
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

/** POST /payments/report: the tenant reports a UPI payment made straight to the owner, with its UTR. */
export const reportPaymentBodySchema = z.object({
  roomId: paymentIdField('Room'),
  amount: paymentAmountSchema,
  reference: z
    .string({ error: MSG.utrInvalid })
    .max(64, MSG.utrInvalid)
    .transform((s) => tidyReference(s))
    .refine((s) => isUtr(normaliseReference(s)), MSG.utrInvalid),
  paidOn: paidOnField,
  note: noteField,
});
export type ReportPaymentBody = z.input<typeof reportPaymentBodySchema>;

/** A reason the owner gives when rejecting a report or reversing a payment. */
export const reasonBodySchema = z.object({
  reason: textField({ label: 'Reason', max: 500, multiline: true, required: MSG.reasonRequired }),
});
export type ReasonBody = z.input<typeof reasonBodySchema>;

export const PAYMENT_REPORT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type PaymentReportStatus = (typeof PAYMENT_REPORT_STATUSES)[number];

/** A tenant's report of a direct UPI payment, as both sides see it. */
export const paymentReportSchema = z.object({
  _id: z.string(),
  status: z.enum(PAYMENT_REPORT_STATUSES),
  /** Rupees. */
  amount: z.number(),
  reference: z.string(),
  paidOn: z.string(),
  note: z.string().nullable(),
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
  property: z.object({ _id: z.string(), title: z.string() }),
  tenant: z.object({ _id: z.string(), fullName: z.string() }),
  reportedAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The ledger payment a confirmation made. */
  paymentId: z.string().nullable(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** GET /payments/upi-reports[?roomId&status]: the caller's reports (tenant) or the reports on their rooms (owner). */
export const paymentReportsQuerySchema = z.object({
  roomId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(PAYMENT_REPORT_STATUSES, { error: MSG.reportStatusInvalid }).optional(),
});

// ---------------------------------------------------------------------------------------------
// UPI straight to the owner: their UPI ID (VPA) and the `upi://pay` link (NPCI's UPI linking specification).

/** A UPI ID: a handle (letters, digits, . _ -) then @ and the provider (letters, digits, . -), e.g. name@okhdfcbank. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
export const isVpa = (s: string): boolean => VPA_PATTERN.test(s.trim());

/** The owner's UPI ID on PUT /users/update-account-details: a VPA (stored lower-case), '' / null to remove it; left out, kept. */
export const accountVpaSchema = z
  .string({ error: MSG.vpaFormat })
  .max(300, MSG.vpaFormat)
  .trim()
  .transform((s) => s.toLowerCase())
  .refine((s) => s === '' || isVpa(s), MSG.vpaFormat)
  .nullish();

/** Percent-encodes a UPI link parameter (RFC 3986 unreserved characters stay; spaces are %20). */
const encodeUpi = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `upi://pay` link a UPI app opens (NPCI UPI linking specification): payee address `pa`, payee name
 * `pn`, amount `am` in rupees with two decimals, currency `cu` INR and a transaction note `tn`. Null
 * without a valid VPA or a positive whole-paise amount.
 */
export function upiPayLink(p: { vpa: string | null | undefined; payeeName: string; amountPaise: number; note: string }): string | null {
  const vpa = p.vpa?.trim();
  if (!vpa || !isVpa(vpa)) return null;
  if (!Number.isSafeInteger(p.amountPaise) || p.amountPaise <= 0) return null;
  const am = paiseToRupees(p.amountPaise).toFixed(2);
  const params = [
    ['pa', vpa],
    ['pn', p.payeeName.trim().slice(0, 99)],
    ['am', am],
    ['cu', 'INR'],
    ['tn', p.note.trim().slice(0, 80)],
  ].filter(([, v]) => v !== '');
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeUpi(v as string)}`).join('&')}`;
}

// ---------------------------------------------------------------------------------------------
// TDS on rent (Income Tax Act, section 194-IB): a tenant who is not liable to a tax audit and pays more
// than ₹50,000 of rent a month deducts tax at source once a year (or in the month the tenancy ends) and
// needs the landlord's PAN. Rate: 5% from 1 June 2017; 2% from 1 October 2024 (Finance (No. 2) Act, 2024).

/** Monthly rent above which 194-IB applies (₹50,000). */
export const TDS_194IB_THRESHOLD_PAISE = 5_000_000;
/** The rate in basis points from each date (YYYY-MM-DD), oldest first. */
export const TDS_194IB_RATES: readonly { from: string; rateBp: number }[] = [
  { from: '2017-06-01', rateBp: 500 },
  { from: '2024-10-01', rateBp: 200 },
];

/** The 194-IB rate (basis points) in force on a day, or null before the section applied. */
export function tds194IbRateBp(on: string): number | null {
  let rate: number | null = null;
  for (const r of TDS_194IB_RATES) if (on >= r.from) rate = r.rateBp;
  return rate;
}

/**
 * What section 194-IB asks of a tenancy for a year: null when its monthly rent is not above ₹50,000;
 * else the rate in force on `on` (the deduction's day: the year's last month, or move-out) and the tax on
 * the year's rent, rounded to the rupee as TDS is (section 288B).
 */
export function tds194Ib(p: { monthlyRentPaise: number; yearRentPaise: number; on: string }): { rateBp: number; taxPaise: number } | null {
  if (p.monthlyRentPaise <= TDS_194IB_THRESHOLD_PAISE) return null;
  const rateBp = tds194IbRateBp(p.on);
  if (rateBp === null) return null;
  const tax = (p.yearRentPaise * rateBp) / 10_000;
  return { rateBp, taxPaise: Math.round(tax / 100) * 100 };
}
