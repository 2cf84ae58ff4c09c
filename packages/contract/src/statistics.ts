import { z } from 'zod';
import { ANY_BILL_TYPES } from './constants.js';
import { BILL_STATUSES } from './bills.js';
import { MSG } from './messages.js';
import { THREAD_KINDS } from './chat.js';
import { paymentReportSchema } from './offline-payments.js';

/**
 * Statistics and billings (B6; ADR 020): computed by the server from bills, tenancies and payments, in
 * India's calendar. Money is integer paise inside and rupees (two decimals) in these answers.
 */

/** How many months the charts cover, ending with the current month (India). */
export const STATISTICS_MONTHS = 12;

const money = z.number();
const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

/** `YYYY-MM` query value. */
export const monthQuerySchema = z
  .string({ error: MSG.monthFormat })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.monthFormat);

const idFilter = z.string().trim().min(1).max(100).optional();

export const ownerMonthSchema = z.object({
  month: monthSchema,
  /** Bills dated in the month. */
  billed: money,
  /** How much of the month's bills has been paid so far. */
  collected: money,
  /** Payments received in the month (by payment date) for rent and bills: a security deposit paid is counted apart. */
  received: money,
  occupiedRooms: z.number().int(),
  totalRooms: z.number().int(),
});
export type OwnerMonth = z.infer<typeof ownerMonthSchema>;

const placeSchema = z.object({
  property: z.object({ _id: z.string(), title: z.string() }),
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
});

export const receivedPaymentSchema = placeSchema.extend({
  _id: z.string(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  amount: money,
  method: z.string().nullable(),
  /** "Card", "UPI (gateway)", "UPI direct", "Cash", … (issue 23). */
  methodLabel: z.string(),
  /** True when the owner reversed it (issue 23): listed, but not counted. */
  reversed: z.boolean(),
  tenant: z.object({ _id: z.string(), fullName: z.string() }),
});
export type ReceivedPayment = z.infer<typeof receivedPaymentSchema>;

/**
 * Section 194-IB on the statistics pages (issue 23): one entry per tenant and room whose monthly rent (the
 * largest Rent Bill) in the current financial year is above TDS_194IB_THRESHOLD_PAISE. The tenant deducts
 * `tax` (the rate in force on `deductOn`, on the rent paid for the year's months so far, the figure the
 * yearly rent receipt uses) once a year, or in the month the tenancy ends, and needs the owner's PAN.
 * `ownerHasPan` says whether the owner has given one; the PAN itself is not here.
 */
export const tdsNoticeSchema = placeSchema.extend({
  tenant: z.object({ _id: z.string(), fullName: z.string() }),
  /** The rent receipt period (FY2026-27) and its label ("Financial year 2026-27"). */
  period: z.string(),
  financialYear: z.string(),
  ratePercent: z.number(),
  monthlyRent: money,
  yearRent: money,
  tax: money,
  /** The day the tax is deducted: the financial year's last day, or the move-out day when the tenancy ended in it. */
  deductOn: z.string(),
  ownerHasPan: z.boolean(),
});
export type TdsNotice = z.infer<typeof tdsNoticeSchema>;

export const ownerStatisticsSchema = z.object({
  months: z.array(ownerMonthSchema),
  /**
   * The 12 months up to this one (ADR 042: the figures and the charts count the same bills and payments):
   * billed and collected by bill date (deposits apart), received by payment date for rent and bills, and the
   * security deposits received in them, kept apart (held for the tenants, not income).
   */
  totals: z.object({
    billed: money,
    collected: money,
    outstanding: money,
    overdue: money,
    received: money,
    depositReceived: money.optional(),
  }),
  outstandingByProperty: z.array(z.object({ _id: z.string(), title: z.string(), outstanding: money, overdue: money })),
  outstandingByRoom: z.array(placeSchema.extend({ outstanding: money, overdue: money })),
  latestPayments: z.array(receivedPaymentSchema),
  rooms: z.object({ total: z.number().int(), occupied: z.number().int() }),
  /** Tenants who must deduct TDS on rent this financial year (section 194-IB). */
  tds: z.array(tdsNoticeSchema),
});
export type OwnerStatistics = z.infer<typeof ownerStatisticsSchema>;

/**
 * The owner home's "This month's collection" (issue 22): per room, what was billed this month (India's
 * calendar, by bill date), what was collected this month (by payment date, for bills of any month, deposits
 * apart: the Statistics' "Received" of the month, ADR 042), what this month's bills still owe (pending), and
 * what the room owes past its due dates from any month (overdue). Rooms with a tenant, or with bills this month or overdue;
 * overdue rooms first.
 */
export const collectionRoomSchema = placeSchema.extend({
  tenant: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  billed: money,
  collected: money,
  pending: money,
  overdue: money,
});
export type CollectionRoom = z.infer<typeof collectionRoomSchema>;

/**
 * GET /statistics/owner/waiting: everything waiting for the owner, for the owner home (ADR 042), each with
 * what to do about it: UPI payments tenants reported (confirm or reject), messages and enquiries not read
 * yet (answer), rooms with rent past its due date (collect or record), and tenancies that ended with a
 * deposit still held (settle). Oldest first within each list.
 */
export const ownerWaitingSchema = z.object({
  reports: z.array(paymentReportSchema),
  messages: z.array(
    z.object({
      threadId: z.string(),
      kind: z.enum(THREAD_KINDS),
      from: z.string(),
      room: z.object({ _id: z.string(), roomNumber: z.string(), propertyId: z.string(), propertyTitle: z.string() }),
      unread: z.number().int(),
    }),
  ),
  overdue: z.array(
    placeSchema.extend({
      tenant: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
      /** Rupees owed past their due dates. */
      overdue: money,
      /** The oldest due date passed (YYYY-MM-DD). */
      since: z.string(),
    }),
  ),
  deposits: z.array(
    placeSchema.extend({
      tenant: z.object({ _id: z.string(), fullName: z.string() }),
      /** The move-out date (YYYY-MM-DD). */
      movedOutOn: z.string(),
      /** Rupees of deposit paid and not settled yet. */
      held: money,
    }),
  ),
});
export type OwnerWaiting = z.infer<typeof ownerWaitingSchema>;

export const ownerCollectionSchema = z.object({
  month: monthSchema,
  totals: z.object({ billed: money, collected: money, pending: money, overdue: money }),
  rooms: z.array(collectionRoomSchema),
});
export type OwnerCollection = z.infer<typeof ownerCollectionSchema>;

export const BILL_STATUS_FILTERS = [...BILL_STATUSES, 'overdue'] as const;
export type BillStatusFilter = (typeof BILL_STATUS_FILTERS)[number];

/** GET /statistics/owner/billings filters (all optional). */
export const ownerBillingsQuerySchema = z.object({
  propertyId: idFilter,
  roomId: idFilter,
  status: z.enum(BILL_STATUS_FILTERS, { error: 'Choose a listed status.' }).optional(),
  month: monthQuerySchema.optional(),
  /** The page of bills (BILLINGS_PAGE_SIZE a page, newest first); totals always cover every matching bill. */
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int('Page must be a whole number from 1.')
    .min(1, 'Page must be a whole number from 1.')
    .max(10_000, 'Page must be a whole number from 1.')
    .optional(),
});
export type OwnerBillingsQuery = z.input<typeof ownerBillingsQuerySchema>;
/** Bills on one page of the owner's Billings (issue 19: totals are summed over every bill, not a page). */
export const BILLINGS_PAGE_SIZE = 200;

export const ownerBillRowSchema = placeSchema.extend({
  _id: z.string(),
  billType: z.enum(ANY_BILL_TYPES),
  billDate: z.string(),
  dueDate: z.string(),
  amount: money,
  paid: money,
  outstanding: money,
  status: z.enum(BILL_STATUSES),
  overdue: z.boolean(),
  tenant: z.object({ _id: z.string(), fullName: z.string() }),
});
export type OwnerBillRow = z.infer<typeof ownerBillRowSchema>;

export const ownerBillingsSchema = z.object({
  bills: z.array(ownerBillRowSchema),
  /** Over every bill matching the filters, whatever page is shown. */
  totals: z.object({ count: z.number().int(), amount: money, paid: money, outstanding: money }),
  page: z.number().int(),
  pageCount: z.number().int(),
  payments: z.array(receivedPaymentSchema),
  paymentsTotal: money,
  /** The owner's properties and rooms, for the filters. */
  properties: z.array(
    z.object({ _id: z.string(), title: z.string(), rooms: z.array(z.object({ _id: z.string(), roomNumber: z.string() })) }),
  ),
});
export type OwnerBillings = z.infer<typeof ownerBillingsSchema>;

export const EXPORT_KINDS = ['bills', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportQuerySchema = ownerBillingsQuerySchema.extend({
  kind: z.enum(EXPORT_KINDS, { error: MSG.exportKindInvalid }),
});

export const tenantStatisticsSchema = z.object({
  months: z.array(
    z.object({
      month: monthSchema,
      /** Billed in the month, by bill type (only types with bills). */
      byType: z.array(z.object({ billType: z.enum(ANY_BILL_TYPES), amount: money })),
      total: money,
    }),
  ),
  /** Payments made per month (by payment date). */
  paidByMonth: z.array(z.object({ month: monthSchema, amount: money })),
  dueNext: z.array(
    placeSchema.extend({
      _id: z.string(),
      billType: z.enum(ANY_BILL_TYPES),
      billDate: z.string(),
      dueDate: z.string(),
      outstanding: money,
      overdue: z.boolean(),
    }),
  ),
  totals: z.object({ billed: money, paid: money, outstanding: money, overdue: money }),
  /** The tenant's rooms where they must deduct TDS on rent this financial year (section 194-IB). */
  tds: z.array(tdsNoticeSchema),
});
export type TenantStatistics = z.infer<typeof tenantStatisticsSchema>;

/** The last `n` months ending with `month` (YYYY-MM), oldest first. */
export function lastMonths(month: string, n: number = STATISTICS_MONTHS): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** "Nov 2026" for a YYYY-MM month. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: style, year: 'numeric', timeZone: 'UTC' });
}
