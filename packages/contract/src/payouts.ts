import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';
import { panSchema } from './payments.js';

/**
 * Payouts through Razorpay Route (issue 24, ADR 031): the owner's bank account for payouts (a Route linked
 * account), and each online payment's way to it (held, transferred, settled, failed). Money is paise.
 */

/** Linked account states, as Razorpay reports them (the sandbox walks the same ones). */
export const LINKED_ACCOUNT_STATES = ['created', 'under_review', 'activated', 'needs_clarification'] as const;
export type LinkedAccountState = (typeof LINKED_ACCOUNT_STATES)[number];
export const LINKED_ACCOUNT_STATE_LABELS: Record<LinkedAccountState, string> = {
  created: 'Created',
  under_review: 'Under review',
  activated: 'Activated',
  needs_clarification: 'Needs clarification',
};

/**
 * A payment's payout state. held: waiting for the owner's activated account; processing: Kiraya is asking
 * Razorpay for the transfer (a claim, so it is asked once); transferred: in the owner's linked account;
 * settled: paid out to the owner's bank (with the settlement's date and UTR); failed: with the reason.
 */
export const PAYOUT_STATES = ['held', 'processing', 'transferred', 'settled', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  held: 'Held',
  processing: 'Transferring',
  transferred: 'Transferred',
  settled: 'Settled',
  failed: 'Failed',
};

/** The platform fee's largest rate: 10000 basis points is 100 %. */
export const MAX_FEE_BPS = 10_000;

/**
 * Kiraya's platform fee on a payment of `amountPaise` at `bps` basis points (1 bp = 0.01 %), in whole paise.
 * The fee is rounded DOWN: the owner never gets less than their exact share (a fraction of a paisa goes to
 * the owner, never to Kiraya). The net is what reaches the owner's bank: amount - fee.
 */
export function platformFee(amountPaise: number, bps: number): { feePaise: number; netPaise: number } {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('amountPaise must be a whole number of paise, 0 or more');
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BPS) throw new RangeError(`bps must be a whole number from 0 to ${MAX_FEE_BPS}`);
  // amount × bps stays an exact integer below 2^53 for any amount up to ~9 × 10^11 paise (₹900 crore).
  const feePaise = Math.floor((amountPaise * bps) / MAX_FEE_BPS);
  return { feePaise, netPaise: amountPaise - feePaise };
}

/** A fee rate as people read it: 250 bps is "2.5%", 0 is "0%". */
export function feePercentLabel(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}

/** IFSC: 4 letters (the bank), a 0, then 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

const accountNumberSchema = z
  .string({ error: MSG.payoutAccountNumber })
  .max(40, MSG.payoutAccountNumber)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => ACCOUNT_NUMBER_PATTERN.test(s), MSG.payoutAccountNumber);

/** PUT /payouts/account: the bank account (number twice), IFSC, PAN, and the password again. */
export const payoutDetailsBodySchema = z
  .object({
    holderName: textField({ label: 'Account holder name', max: 120, required: MSG.payoutHolderRequired }),
    accountNumber: accountNumberSchema,
    confirmAccountNumber: z.string({ error: MSG.payoutAccountNumbersDiffer }).max(40, MSG.payoutAccountNumbersDiffer),
    ifsc: z
      .string({ error: MSG.payoutIfsc })
      .max(20, MSG.payoutIfsc)
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => IFSC_PATTERN.test(s), MSG.payoutIfsc),
    pan: z.preprocess((v) => (v === '' || v === null ? undefined : v), panSchema.optional()),
    currentPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.currentPasswordWrong),
  })
  .strict()
  .refine((v) => v.accountNumber === v.confirmAccountNumber.replace(/[\s-]/g, ''), {
    message: MSG.payoutAccountNumbersDiffer,
    path: ['confirmAccountNumber'],
  });
export type PayoutDetailsBody = z.input<typeof payoutDetailsBodySchema>;

/** ••••4321: how an account number is shown, everywhere, to everyone (its owner too). */
export const maskAccountNumber = (last4: string): string => `••••${last4}`;

/** The owner's payout account as the owner sees it: masked, never the number. */
export const payoutAccountSchema = z.object({
  holderName: z.string(),
  accountNumberMasked: z.string(),
  ifsc: z.string(),
  status: z.enum(LINKED_ACCOUNT_STATES),
  /** Razorpay's reason when it needs clarification. */
  statusReason: z.string().nullable(),
  gateway: z.string(),
  checkedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** One online payment's way to the owner's bank (amount, fee, net in rupees, from the server's paise). */
export const payoutSchema = z.object({
  paymentId: z.string(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  roomNumber: z.string(),
  propertyName: z.string(),
  tenantName: z.string(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  state: z.enum(PAYOUT_STATES),
  transferId: z.string().nullable(),
  settledOn: z.string().nullable(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * A month's totals (month of payment, India, YYYY-MM), rupees: gross, fee, net; of the net, what was transferred
 * to the owner's account (transferred or settled since) and what has reached the bank (settled): ADR 042, the
 * header says both, as each row says its state.
 */
export const payoutMonthSchema = z.object({
  month: z.string(),
  count: z.number(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  transferred: z.number().optional(),
  settled: z.number(),
});
export type PayoutMonth = z.infer<typeof payoutMonthSchema>;

export const payoutsSchema = z.object({
  feeBps: z.number(),
  payouts: z.array(payoutSchema),
  months: z.array(payoutMonthSchema),
});
export type Payouts = z.infer<typeof payoutsSchema>;
