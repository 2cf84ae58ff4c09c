import { z } from 'zod';
import { ANY_BILL_TYPES } from './constants.js';
import { optionalTextField, textField } from './fields.js';
import { MSG } from './messages.js';
import { formatPaise, isFractionOfPaisa, tryRupeesToPaise } from './money.js';
import { requestPartySchema } from './tenancy.js';

/**
 * Payments (B10, B18; issue 10). The server decides money: an order's amount is checked against the
 * room's outstanding balance (at least ₹1, at most what is owed), verification uses the stored order,
 * and a payment is recorded once however often verify or the webhook arrive (unique gateway payment id).
 * Amounts are integer paise inside; the API takes and answers rupees, except the order's `amount`, which is
 * in paise as the provider's checkout wants it (spec 9: amount × 100).
 */
export const PAYMENT_GATEWAYS = ['sandbox', 'razorpay'] as const;
/** Online payment on this server: a real gateway, the sandbox (takes no money), or none. */
export const ONLINE_PAYMENTS = ['razorpay', 'sandbox', 'off'] as const;
export type OnlinePayments = (typeof ONLINE_PAYMENTS)[number];
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
export const PAYMENT_CURRENCY = 'INR';
/** Spec 9: the minimum payable amount, ₹1. */
export const MIN_PAYMENT_PAISE = 100;
/** Spec 9: order creation may take up to 60 s on the client. */
export const CREATE_ORDER_TIMEOUT_MS = 60_000;
/** Spec 7: the checkout's description. */
export const CHECKOUT_DESCRIPTION = 'Room Rent Payment';
/** HRA (B18): above this yearly rent the landlord's PAN must be on the receipt (₹1,00,000). */
export const HRA_PAN_THRESHOLD_PAISE = 10_000_000;
/** `superseded`: a newer order of the room replaced it (one open order per room, issue 19); a late capture is still recorded. */
export const ORDER_STATUSES = ['created', 'paid', 'failed', 'superseded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * How a payment reached the ledger: the browser's verify call, the provider's webhook, or a check of the
 * gateway; offline (issue 23): recorded by the owner, reported by the tenant and confirmed, or kept from the deposit.
 */
export const PAYMENT_SOURCES = ['verify', 'webhook', 'reconcile', 'recorded', 'reported', 'deposit'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const paymentIdField = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(100, `${name} is not valid.`);

/** A gateway identifier (order_…, pay_…) or an HMAC hex signature: short, printable ASCII only. */
const gatewayToken = (name: string, max = 128) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(max, `${name} is not valid.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} is not valid.`);

/**
 * The amount a tenant types, in rupees (number or text): more than 0 with at most two decimals. The
 * ₹1 minimum and the outstanding maximum are checked by the server against the room (AMOUNT_TOO_HIGH).
 */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], { error: MSG.paymentAmountInvalid })
  .superRefine((v, ctx) => {
    const p = tryRupeesToPaise(v);
    if (p !== null && p > 0) return;
    // "1.005" is told it has a fraction of a paisa, not that it is not a valid amount.
    ctx.addIssue({ code: 'custom', message: isFractionOfPaisa(v) ? MSG.paymentAmountDecimals : MSG.paymentAmountInvalid });
  })
  .transform((v) => tryRupeesToPaise(v) as number);

/** POST /bills/create-order: amount in rupees (spec 7 "amount (rounded)"), the room paid for. */
export const createOrderBodySchema = z.object({
  amount: paymentAmountSchema,
  roomId: paymentIdField('Room'),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/**
 * The Pay screen's form (ADR 008): create-order's body plus the two rules the server then checks against
 * the room (payments/orders.ts), with its messages: at least ₹1, at most `owedPaise`.
 */
export const payFormSchema = (owedPaise: number) =>
  createOrderBodySchema.superRefine(({ amount }, ctx) => {
    if (amount < MIN_PAYMENT_PAISE) ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.paymentMinimum });
    else if (amount > owedPaise) ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.paymentTooHigh(formatPaise(owedPaise)) });
  });

/** The order as the checkout needs it (spec 3 "Payment order response": id and currency). */
export const paymentOrderSchema = z.object({
  /** The gateway's order id (order_…): what the checkout and verify-payment carry. */
  id: z.string(),
  currency: z.literal(PAYMENT_CURRENCY),
  /** Paise, as the provider's checkout takes it (spec 9). */
  amount: z.number().int(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** The provider's public key id for the checkout (the sandbox's is `sandbox`). */
  key: z.string(),
  roomId: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/**
 * POST /bills/verify-payment. The spec's client also sends roomId, amount and tenantId: accepted and
 * ignored, the stored order decides (B10). Field names follow spec 7; Razorpay's own names are accepted too.
 */
export const verifyPaymentBodySchema = z
  .object({
    paymentId: gatewayToken('Payment id').optional(),
    orderId: gatewayToken('Order id').optional(),
    signature: gatewayToken('Signature', 256).optional(),
    razorpay_payment_id: gatewayToken('Payment id').optional(),
    razorpay_order_id: gatewayToken('Order id').optional(),
    razorpay_signature: gatewayToken('Signature', 256).optional(),
    roomId: z.string().max(100).nullish(),
    amount: z.union([z.number(), z.string()]).nullish(),
    tenantId: z.string().max(100).nullish(),
  })
  .transform((b, ctx) => {
    const paymentId = b.paymentId ?? b.razorpay_payment_id;
    const orderId = b.orderId ?? b.razorpay_order_id;
    const signature = b.signature ?? b.razorpay_signature;
    if (!paymentId || !orderId || !signature) {
      ctx.addIssue({ code: 'custom', path: [], message: MSG.paymentVerifyFailed });
      return z.NEVER;
    }
    return { paymentId, orderId, signature };
  });
export type VerifyPaymentBody = z.input<typeof verifyPaymentBodySchema>;

/** POST /payments/sandbox/pay: the sandbox checkout's outcome for an order (sandbox gateway only). */
export const sandboxPayBodySchema = z.object({
  orderId: gatewayToken('Order id'),
  outcome: z.enum(['success', 'failure']),
  method: z.enum(['card', 'upi']).default('upi'),
});
export type SandboxPayBody = z.input<typeof sandboxPayBodySchema>;
/** What a checkout hands back on success (Razorpay's handler response). */
export const checkoutResultSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** A bill a payment settled, and how much of it. */
export const paymentAllocationSchema = z.object({
  billId: z.string(),
  billType: z.enum(ANY_BILL_TYPES),
  billDate: z.string(),
  /** Rupees settled on this bill by this payment. */
  amount: z.number(),
});

/** One recorded payment (the ledger's row), as its payer and the room's owner see it. */
export const paymentSchema = z.object({
  _id: z.string(),
  /** Human receipt number, e.g. KR-2026-000042. */
  receiptNumber: z.string(),
  /** `gateway`: through the checkout; `offline` (issue 23): cash, UPI direct, bank transfer, cheque, the deposit. */
  kind: z.enum(['gateway', 'offline']),
  /** Null for an offline payment. */
  gateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  /** The gateway's order and payment ids (null for an offline payment). */
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** The gateway's method (card, upi, …) or the offline one (cash, upi, bank_transfer, cheque, deposit). */
  method: z.string().nullable(),
  /** What receipts print: "Card", "UPI (gateway)", "UPI direct", "Cash", … */
  methodLabel: z.string(),
  /** Offline: the UTR, cheque number or bank reference, and the owner's note. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Rupees. */
  amount: z.number(),
  currency: z.literal(PAYMENT_CURRENCY),
  /** ISO timestamp of capture (offline: the start of the day it was paid, in India). */
  paidAt: z.string(),
  /** YYYY-MM-DD the money was paid (India). */
  paidOn: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  roomId: z.string(),
  propertyId: z.string(),
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
  property: z.object({ _id: z.string(), title: z.string() }),
  tenantId: requestPartySchema,
  ownerId: requestPartySchema,
  /** What the payment settled (for a reversed one: what it had settled before the reversal undid it). */
  allocations: z.array(paymentAllocationSchema),
  /** Set when the owner reversed this offline payment: it no longer counts; the entry stays. */
  reversal: z.object({ reversedAt: z.string(), reason: z.string() }).nullable(),
  /** True while the owner may still reverse it (offline, not from the deposit, within 30 days, not reversed). */
  reversible: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

const partyContactSchema = z.object({ fullName: z.string(), email: z.string(), phoneNumber: z.string() });
const addressSchema = z.object({
  _id: z.string(),
  title: z.string(),
  street: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/** GET /payments/receipt/:id: a printable receipt for the payer and the room's owner. */
export const receiptSchema = paymentSchema.extend({
  payer: partyContactSchema,
  payee: partyContactSchema,
  address: addressSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A bill still owed, as the Pay screen lists it in the order a payment settles it. */
export const owedBillSchema = z.object({
  billId: z.string(),
  billType: z.enum(ANY_BILL_TYPES),
  /** YYYY-MM-DD: the bill group's date (older is settled first). */
  billDate: z.string(),
  /** Rupees: the bill, what is paid of it, what it still owes. */
  amount: z.number(),
  paidAmount: z.number(),
  owed: z.number(),
});
export type OwedBillView = z.infer<typeof owedBillSchema>;

/**
 * GET /payments/room/:id/summary: what the caller's room owes as the ledger sees it (issue 19) and whether
 * online payment is on (issue 18: 'sandbox' takes no money, 'off' takes none at all).
 */
export const paySummarySchema = z.object({
  roomId: z.string(),
  online: z.enum(ONLINE_PAYMENTS),
  /** Rupees: every bill of the current tenancy still owes this much. */
  balance: z.number(),
  /** Rupees: the smallest online payment (₹1, the gateway's minimum). A balance under it waits for the next bill or a waiver. */
  minimum: z.number(),
  /** Oldest first: the order in which a payment settles them. */
  owed: z.array(owedBillSchema),
  /** Rupees paid beyond what the bills took (issue 19): settles the next bills by itself, or the owner refunds it. */
  credit: z.number(),
  /**
   * The owner's UPI ID for paying them straight from a UPI app (issue 23), with the payee name and the
   * transaction note (room and month) the `upi://pay` link carries; null when the owner has none.
   */
  ownerUpi: z.object({ vpa: z.string(), payeeName: z.string(), note: z.string() }).nullable(),
  /**
   * UPI payments reported for this tenancy and not yet confirmed or rejected by the owner (ADR 042), rupees:
   * their sum, the latest payment date and how many; null when none. `balance` still counts them.
   */
  reported: z.object({ amount: z.number(), paidOn: z.string(), count: z.number().int() }).nullable().optional(),
  /** Rupees: the balance less the reported payments (never below 0), what is left to pay if they are confirmed. */
  balanceAfterReported: z.number().optional(),
});
export type PaySummary = z.infer<typeof paySummarySchema>;

/** POST /payments/refund-credit: the owner gives back a tenant's credit for a room, with its reference. */
export const refundCreditBodySchema = z.object({
  roomId: paymentIdField('Room'),
  amount: paymentAmountSchema,
  reference: textField({ label: 'Reference', max: 100, required: MSG.refundReferenceRequired }),
  note: optionalTextField({ label: 'Note', max: 500, multiline: true }),
});
export type RefundCreditBody = z.input<typeof refundCreditBodySchema>;

/** GET /payments/room/:id/credit: a room's credit for its tenancy (the current one, or the latest) and its refunds. */
export const roomCreditSchema = z.object({
  roomId: z.string(),
  tenancyId: z.string().nullable(),
  /** Rupees. */
  credit: z.number(),
  refunds: z.array(
    z.object({ _id: z.string(), amount: z.number(), reference: z.string(), note: z.string().nullable(), refundedOn: z.string() }),
  ),
});
export type RoomCredit = z.infer<typeof roomCreditSchema>;

/** GET /payments/mine (a tenant's payments made, an owner's received), optionally for one room. */
export const myPaymentsQuerySchema = z.object({ roomId: paymentIdField('Room').optional() });

/**
 * A rent receipt period (B18): a month `YYYY-MM`, or an Indian financial year `FY2026-27`
 * (1 April 2026 to 31 March 2027).
 */
export const rentPeriodSchema = z
  .string({ error: MSG.rentPeriodFormat })
  .trim()
  .regex(/^(\d{4}-(0[1-9]|1[0-2])|FY\d{4}-\d{2})$/, MSG.rentPeriodFormat)
  .refine((p) => !p.startsWith('FY') || (Number(p.slice(2, 6)) + 1) % 100 === Number(p.slice(7, 9)), MSG.rentPeriodFormat);

/** The first and last day (YYYY-MM-DD) of a rent period. */
export function rentPeriodRange(period: string): { from: string; to: string; label: string } {
  if (period.startsWith('FY')) {
    const y = Number(period.slice(2, 6));
    return { from: `${y}-04-01`, to: `${y + 1}-03-31`, label: `Financial year ${y}-${String((y + 1) % 100).padStart(2, '0')}` };
  }
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: 'long', timeZone: 'UTC' });
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}`, label: `${month} ${y}` };
}

/** GET /payments/rent-receipt?roomId&period[&tenantId]: tenantId only for the owner (default: the room's current tenant). */
export const rentReceiptQuerySchema = z.object({
  roomId: paymentIdField('Room'),
  period: rentPeriodSchema,
  tenantId: paymentIdField('Tenant').optional(),
});

/** A rent receipt for HRA (B18): rent paid for one room in one month or financial year. */
export const rentReceiptSchema = z.object({
  period: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  tenant: z.object({ fullName: z.string() }),
  owner: z.object({ fullName: z.string(), pan: z.string().nullable() }),
  /** True when the financial year's rent passes ₹1,00,000, so the owner's PAN must be printed. */
  panRequired: z.boolean(),
  address: addressSchema,
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
  /** Rent (Rent Bill) paid for the period: rent bills of the period's months, whenever paid; rupees. */
  rentPaid: z.number(),
  /** The payments that settled the period's rent, per payment and month of rent (YYYY-MM, `rentFor`). */
  payments: z.array(
    z.object({
      _id: z.string(),
      receiptNumber: z.string(),
      /** The gateway's payment id; null for an offline payment. */
      paymentId: z.string().nullable(),
      /** "Card", "UPI direct", "Cash", … (issue 23). */
      methodLabel: z.string(),
      paidAt: z.string(),
      rentFor: z.string(),
      amount: z.number(),
    }),
  ),
  issuedOn: z.string(),
  /**
   * Section 194-IB (issue 23): when the monthly rent is above ₹50,000, the tenant deducts tax at source
   * once a year (or at move-out) and needs the owner's PAN; null otherwise. Rupees; the rate in percent.
   */
  tds: z
    .object({ ratePercent: z.number(), tax: z.number(), monthlyRent: z.number(), yearRent: z.number(), financialYear: z.string() })
    .nullable(),
});
export type RentReceipt = z.infer<typeof rentReceiptSchema>;

/** Indian PAN: 5 letters, 4 digits, 1 letter (the owner's, printed on HRA receipts). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const panSchema = z
  .string({ error: MSG.panFormat })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => PAN_PATTERN.test(s), MSG.panFormat);

/**
 * The owner's PAN on PUT /users/update-account-details (owners only): a PAN, or '' / null to remove it;
 * left out, it is kept as it is.
 */
export const accountPanSchema = z
  .string({ error: MSG.panFormat })
  .max(30, MSG.panFormat)
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s === '' || PAN_PATTERN.test(s) || MASKED_PAN_PATTERN.test(s), MSG.panFormat)
  .nullish();

/** A PAN as every answer carries it (ADR 043): "XXXXXX234F", the last four kept; sent back unchanged, it means "keep mine". */
export const maskPan = (pan: string): string => `XXXXXX${pan.slice(-4)}`;
export const MASKED_PAN_PATTERN = /^X{6}[0-9]{3}[A-Z]$/;
