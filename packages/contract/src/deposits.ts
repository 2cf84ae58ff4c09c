import { z } from 'zod';
import { isoDateSchema, optionalTextField, textField } from './fields.js';
import { MSG } from './messages.js';
import { formatPaise, tryRupeesToPaise } from './money.js';

/**
 * The security deposit, from move-in to refund (issue 22 item 4, ADR 029). The deposit the lease asks is billed
 * as a `Deposit` bill when the tenant accepts; what that bill has been paid is the deposit **held**. At vacate
 * the owner settles it once: deductions (each with a kind, a reason, an amount and optional photos) and the
 * refund, with held = Σ deductions + refund to the paisa. On the wire out money is integer paise (like the
 * lease terms); on the way in rupees (number or text, at most two decimals), turned into paise by the schema.
 */

export const DEDUCTION_KINDS = ['damage', 'cleaning', 'unpaid_bills', 'other'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
export const DEDUCTION_KIND_LABEL: Record<DeductionKind, string> = {
  damage: 'Damage',
  cleaning: 'Cleaning',
  unpaid_bills: 'Unpaid bills',
  other: 'Other',
};

export const REFUND_METHODS = ['cash', 'upi', 'bank_transfer', 'cheque'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABEL: Record<RefundMethod, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
};

export const DEPOSIT_LIMITS = { deductionsMax: 20, photosPerDeduction: 5, reasonMax: 500, referenceMax: 100, disputeMax: 1000 } as const;

/** Where a deposit stands: none asked, billed but not (fully) paid, held, or settled. */
export const DEPOSIT_STATUSES = ['none', 'unpaid', 'partly_paid', 'held', 'settled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const photoSchema = z.object({ _id: z.string(), url: z.string() });

export const depositDeductionSchema = z.object({
  _id: z.string(),
  kind: z.enum(DEDUCTION_KINDS),
  reason: z.string(),
  /** Paise. */
  amount: z.number().int(),
  photos: z.array(photoSchema),
  /** An unpaid-bills deduction: the payment "from security deposit" that settled the bills it nets (its receipt). */
  payment: z.object({ _id: z.string(), receiptNumber: z.string() }).nullable(),
  /** When the tenant disputed it (ISO instant), and their words; null when not disputed. */
  disputedAt: z.string().nullable(),
  disputeText: z.string().nullable(),
});
export type DepositDeduction = z.infer<typeof depositDeductionSchema>;

export const depositSettlementSchema = z.object({
  _id: z.string(),
  /** Paise: what was held, the deductions' sum and the refund; held = deductions + refund. */
  held: z.number().int(),
  deductionsTotal: z.number().int(),
  refund: z.number().int(),
  refundMethod: z.enum(REFUND_METHODS).nullable(),
  refundReference: z.string(),
  refundedOn: z.string().nullable(),
  settledAt: z.string(),
  deductions: z.array(depositDeductionSchema),
});
export type DepositSettlement = z.infer<typeof depositSettlementSchema>;

/** GET /deposits/room/:roomId: the deposit of the caller's tenancy of the room (the owner: the latest tenancy). */
export const depositSchema = z.object({
  tenancyId: z.string(),
  roomId: z.string(),
  roomNumber: z.string(),
  property: z.object({ _id: z.string(), title: z.string(), address: z.string() }),
  owner: z.object({ _id: z.string(), fullName: z.string() }),
  tenant: z.object({ _id: z.string(), fullName: z.string() }),
  moveInDate: z.string(),
  /** The move-out, ended (`moveOutDate`) or scheduled (`leavingOn`); null while none is recorded. */
  moveOutDate: z.string().nullable(),
  /** Paise: the deposit the lease asks, and what its Deposit bill has been paid (held until settled). */
  asked: z.number().int(),
  held: z.number().int(),
  billId: z.string().nullable(),
  /** Paise the tenancy owes on its other bills: what an unpaid-bills deduction may net, at most. */
  unpaidBills: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  /** The owner may settle now: a move-out is recorded, something is held and it is not settled. */
  canSettle: z.boolean(),
  /**
   * Before settling (ADR 041): the unpaid bills other than the deposit, oldest first, each named and with the
   * amount (paise) the deposit would net of it (up to what is held), proposed as editable "unpaid bills" deductions.
   */
  proposedDeductions: z
    .array(z.object({ billId: z.string(), billType: z.string(), billDate: z.string(), name: z.string(), amount: z.number().int() }))
    .optional(),
  settlement: depositSettlementSchema.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

// ---------------------------------------------------------------------------------------------
// Input

const paise = (message: string, min: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const p = tryRupeesToPaise(v);
    if (p === null || p < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return p;
  });

export const deductionInputSchema = z.object({
  kind: z.enum(DEDUCTION_KINDS, { error: MSG.depositDeductionKind }),
  reason: textField({ label: 'Reason', max: DEPOSIT_LIMITS.reasonMax, multiline: true, required: MSG.depositDeductionReason }),
  amount: paise(MSG.depositDeductionAmount, 1),
  photoIds: z
    .array(z.string().trim().min(1, MSG.depositPhotoInvalid).max(100, MSG.depositPhotoInvalid), { error: MSG.depositPhotoInvalid })
    .max(DEPOSIT_LIMITS.photosPerDeduction, MSG.depositPhotosMax)
    .optional()
    .default([]),
});
export type DeductionValues = z.output<typeof deductionInputSchema>;

/**
 * POST /deposits/settle/:roomId. The refund's method and date are required when something is refunded;
 * the server checks held = Σ deductions + refund (it alone knows what is held).
 */
export const settleDepositBodySchema = z
  .object({
    deductions: z
      .array(deductionInputSchema, { error: MSG.depositDeductionReason })
      .max(DEPOSIT_LIMITS.deductionsMax, MSG.depositDeductionsMax)
      .optional()
      .default([]),
    refund: z.object(
      {
        amount: paise(MSG.depositRefundAmount, 0),
        method: z.enum(REFUND_METHODS, { error: MSG.depositRefundMethod }).nullable().optional(),
        reference: optionalTextField({ label: 'Reference', max: DEPOSIT_LIMITS.referenceMax }),
        date: isoDateSchema(MSG.depositRefundDate).nullable().optional(),
      },
      { error: MSG.depositRefundAmount },
    ),
  })
  .superRefine((b, ctx) => {
    if (b.refund.amount > 0 && !b.refund.method)
      ctx.addIssue({ code: 'custom', path: ['refund', 'method'], message: MSG.depositRefundMethod });
    if (b.refund.amount > 0 && !b.refund.date) ctx.addIssue({ code: 'custom', path: ['refund', 'date'], message: MSG.depositRefundDate });
  });
export type SettleDepositBody = z.input<typeof settleDepositBodySchema>;
export type SettleDepositValues = z.output<typeof settleDepositBodySchema>;

/** Σ deductions + refund of a settle input, in paise (the form's live sum check and the server's). */
export const settlementTotal = (v: Pick<SettleDepositValues, 'deductions' | 'refund'>): number =>
  v.deductions.reduce((s, d) => s + d.amount, 0) + v.refund.amount;

/** The server's check, and the form's: the message when the sum is not what is held, else null. */
export function settlementMismatch(heldPaise: number, totalPaise: number): string | null {
  return heldPaise === totalPaise ? null : MSG.depositSumMismatch(formatPaise(heldPaise), formatPaise(totalPaise));
}

/** POST /deposits/dispute/:roomId: the tenant disputes one deduction, in their own words. */
export const disputeDeductionBodySchema = z.object({
  deductionId: z
    .string({ error: MSG.depositDeductionNotFound })
    .trim()
    .min(1, MSG.depositDeductionNotFound)
    .max(100, MSG.depositDeductionNotFound),
  text: textField({ label: 'Your reason', max: DEPOSIT_LIMITS.disputeMax, multiline: true, required: MSG.depositDisputeText }),
});
export type DisputeDeductionBody = z.input<typeof disputeDeductionBodySchema>;

export const depositRoomParamSchema = z.object({
  roomId: z.string({ error: 'roomId is required.' }).trim().min(1, 'roomId is required.').max(100, 'roomId is not valid.'),
});

export const depositPhotoUploadSchema = z.object({ _id: z.string(), url: z.string() });

/** The message a dispute posts in the room's conversation. */
export const disputeMessageText = (d: { kind: DeductionKind; reason: string; amountPaise: number }, words: string): string =>
  `I dispute the deposit deduction "${DEDUCTION_KIND_LABEL[d.kind]}: ${d.reason}" of ${formatPaise(d.amountPaise)}. ${words}`;
