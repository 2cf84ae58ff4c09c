import { z } from 'zod';
import { ANY_BILL_TYPES, BILL_TYPES, METER_BILL_TYPES } from './constants.js';
import { MSG } from './messages.js';
import { MoneyError, meteredChargePaise, paiseToRupees, tryRupeesToPaise } from './money.js';
import { addCalendarDays } from './calendar.js';
import { isCalendarDate, monthInWords } from './dates.js';
import { isoDateSchema } from './fields.js';

/**
 * Bills (ADR 016): a bill group (bill date, due date) holds one or more bill items of the 10 types.
 * Amounts are integer paise inside and rupees with two decimals at the API edge (ADR 009). For the
 * meter types the server computes units and amount from the readings (B11); a client amount is ignored.
 */
export type BillType = (typeof BILL_TYPES)[number];
/** The meter-based bill types (3). */
export const METER_TYPES = METER_BILL_TYPES;
export type MeterType = (typeof METER_TYPES)[number];
export const isMeterBillType = (t: string): t is MeterType => (METER_TYPES as readonly string[]).includes(t);

export const BILL_STATUSES = ['unpaid', 'partly_paid', 'paid'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/** A bill's status as people read it (screens and exports): never "partly_paid". */
export const BILL_STATUS_LABEL: Record<BillStatus, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid' };

/** Days from the bill date to the default due date (B12). */
export const DEFAULT_DUE_DAYS = 10;
/** Most bill items in one upload. */
export const MAX_BILLS_PER_UPLOAD = 20;

// ---------------------------------------------------------------------------------------------
// Pure bill-entry helpers (spec 4 "Bill entry logic"), shared by the form and the server.

type Decimal = number | string;
const isBlank = (v: Decimal | null | undefined): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** YYYY-MM-DD plus `days` calendar days; null when the date is not valid. */
export function addDays(isoDate: string, days: number): string | null {
  if (!isCalendarDate(isoDate)) return null;
  return addCalendarDays(isoDate, days);
}

/** The default due date: the bill date plus 10 days (B12). */
export const defaultDueDate = (billDate: string): string | null => addDays(billDate, DEFAULT_DUE_DAYS);

/** Units consumed = current − previous (exact to the hundredth), or null while either is missing or not a number. */
export function unitsConsumed(current: Decimal | null | undefined, previous: Decimal | null | undefined): number | null {
  if (isBlank(current) || isBlank(previous)) return null;
  const c = tryRupeesToPaise(current as Decimal);
  const p = tryRupeesToPaise(previous as Decimal);
  if (c === null || p === null) return null;
  return (c - p) / 100;
}

/**
 * The amount of a meter bill in rupees (2 decimals, half-up) = units × rate, or null while a value is
 * missing, not a number, or the current reading is below the previous one.
 */
export function meterAmount(reading: { current?: Decimal | null; previous?: Decimal | null; ratePerUnit?: Decimal | null }): number | null {
  const { current, previous, ratePerUnit } = reading;
  if (isBlank(current) || isBlank(previous) || isBlank(ratePerUnit)) return null;
  try {
    return paiseToRupees(meteredChargePaise({ current: current as Decimal, previous: previous as Decimal, rate: ratePerUnit as Decimal }));
  } catch (e) {
    if (e instanceof MoneyError) return null;
    throw e;
  }
}

/** The same in paise; throws MoneyError (with a message fit to show) on a decreasing reading or a bad number. */
export function meterAmountPaise(reading: { current: Decimal; previous: Decimal; ratePerUnit: Decimal }): number {
  return meteredChargePaise({ current: reading.current, previous: reading.previous, rate: reading.ratePerUnit });
}

/** A bill row as the Upload Bills form holds it. */
export type BillRow = {
  billType: BillType;
  amount: string;
  meterReading: { current: string; previous: string; ratePerUnit: string } | null;
  meterPhotos: { current?: string; previous?: string } | null;
};

/** A new row: Rent Bill prefilled with the room rent for the first row (spec 4), else an empty Rent Bill. */
export function newBillRow(rentRupees?: number | null): BillRow {
  return { billType: 'Rent Bill', amount: rentRupees == null ? '' : rentRupees.toFixed(2), meterReading: null, meterPhotos: null };
}

/** Changes a row's type: a non-meter type clears the meter reading and photos; a meter type starts them (previous prefilled). */
export function changeBillType(row: BillRow, billType: BillType, previousReading?: number | null): BillRow {
  if (!isMeterBillType(billType)) return { ...row, billType, meterReading: null, meterPhotos: null };
  if (isMeterBillType(row.billType) && row.meterReading) return { ...row, billType };
  return {
    ...row,
    billType,
    amount: '',
    meterReading: { current: '', previous: previousReading == null ? '' : String(previousReading), ratePerUnit: '' },
    meterPhotos: {},
  };
}

/** Removes row `index`; the last row cannot be removed (spec 4): null means refuse with MSG.cantRemoveAllBills. */
export function removeBillRow<T>(rows: readonly T[], index: number): T[] | null {
  if (rows.length <= 1) return null;
  return rows.filter((_, i) => i !== index);
}

/** A bill's status from what it costs, what has been paid and what the owner waived of the rest (B10). */
export function billStatus(amountPaise: number, paidPaise: number, waivedPaise = 0): BillStatus {
  const settled = paidPaise + waivedPaise;
  if (settled <= 0) return 'unpaid';
  return settled >= amountPaise ? 'paid' : 'partly_paid';
}

/**
 * "Oldest" means one thing (ADR 046): the earlier bill date. A payment settles the oldest bills first (money.ts
 * allocatePayment, over lib/ledger.ts owedItems on the server), and the Pay button opens the oldest owed bill.
 */
export const isOlderBill = (a: { billDate: string }, b: { billDate: string }): boolean => a.billDate < b.billDate;

/** Overdue: the due date is before today (both YYYY-MM-DD, India's calendar) and the bill is not paid. */
export const isOverdue = (dueDate: string, today: string, status: BillStatus): boolean => status !== 'paid' && dueDate < today;

// ---------------------------------------------------------------------------------------------
// Requests

const idField = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(100, `${name} is not valid.`);

const decimalInput = z.union([z.number(), z.string()]);

export const meterReadingInputSchema = z.object({
  current: decimalInput,
  previous: decimalInput,
  ratePerUnit: decimalInput,
});
/** File ids from POST /bills/upload/meter-photo. */
export const meterPhotosInputSchema = z.object({
  current: idField('Meter photo').nullish(),
  previous: idField('Meter photo').nullish(),
});

/** A bill item as the schema gives it: money in integer paise, readings in hundredths of a unit (ADR 009). */
export type BillItemValues = {
  billType: BillType;
  amountPaise: number;
  /** Meter types only (null otherwise). */
  meter: { currentHundredths: number; previousHundredths: number; ratePaise: number } | null;
  meterPhotos: { current: string | null; previous: string | null };
};

/**
 * One bill item as sent. For meter types `amount` is ignored: the amount is computed from the readings (B11).
 * The output is the item in paise and hundredths (`BillItemValues`), what the server stores.
 */
export const billItemInputSchema = z
  .object({
    billType: z.enum(BILL_TYPES, { error: (iss) => (iss.input === undefined ? MSG.billDetailsRequired : MSG.billTypeInvalid) }),
    amount: decimalInput.nullish(),
    meterReading: meterReadingInputSchema.nullish(),
    meterPhotos: meterPhotosInputSchema.nullish(),
  })
  .transform((b, ctx): BillItemValues => {
    if (isMeterBillType(b.billType)) {
      const r = b.meterReading;
      if (!r || isBlank(r.current) || isBlank(r.previous) || isBlank(r.ratePerUnit)) {
        ctx.addIssue({ code: 'custom', path: ['meterReading'], message: MSG.billDetailsRequired });
        return z.NEVER;
      }
      const c = tryRupeesToPaise(r.current);
      const p = tryRupeesToPaise(r.previous);
      const rate = tryRupeesToPaise(r.ratePerUnit);
      if (c === null || p === null || rate === null) {
        ctx.addIssue({ code: 'custom', path: ['meterReading'], message: MSG.meterValueFormat });
        return z.NEVER;
      }
      if (c < p) {
        ctx.addIssue({ code: 'custom', path: ['meterReading', 'current'], message: MSG.readingDecreased });
        return z.NEVER;
      }
      let amountPaise: number;
      try {
        amountPaise = meterAmountPaise(r);
      } catch (e) {
        if (!(e instanceof MoneyError)) throw e;
        ctx.addIssue({ code: 'custom', path: [], message: e.message });
        return z.NEVER;
      }
      return {
        billType: b.billType,
        amountPaise,
        meter: { currentHundredths: c, previousHundredths: p, ratePaise: rate },
        meterPhotos: { current: b.meterPhotos?.current ?? null, previous: b.meterPhotos?.previous ?? null },
      };
    }
    if (isBlank(b.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.billDetailsRequired });
      return z.NEVER;
    }
    const paise = tryRupeesToPaise(b.amount as Decimal);
    if (paise === null || paise <= 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.billAmountFormat });
      return z.NEVER;
    }
    return { billType: b.billType, amountPaise: paise, meter: null, meterPhotos: { current: null, previous: null } };
  });
export type BillItemInput = z.input<typeof billItemInputSchema>;

/** POST /bills/add-bill. tenantId is accepted and ignored: the bill goes to the room's current tenant. */
export const addBillBodySchema = z
  .object({
    propertyId: idField('propertyId'),
    roomId: idField('roomId'),
    billDate: isoDateSchema(MSG.billDateRequired),
    dueDate: isoDateSchema(MSG.dueDateFormat).nullish(),
    tenantId: z.string().nullish(),
    bills: z
      .array(billItemInputSchema, { error: MSG.billDetailsRequired })
      .min(1, MSG.billDetailsRequired)
      .max(MAX_BILLS_PER_UPLOAD, MSG.tooManyBills),
  })
  .superRefine((b, ctx) => {
    if (b.dueDate && b.dueDate < b.billDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: MSG.dueBeforeBillDate });
    // One Rent Bill per month (issue 19): two in one upload are refused here; one the room has is the server's 409.
    if (b.bills.filter((x) => x?.billType === 'Rent Bill').length > 1)
      ctx.addIssue({ code: 'custom', path: ['bills'], message: MSG.rentBillTwice(monthInWords(b.billDate)) });
  });
export type AddBillBody = z.input<typeof addBillBodySchema>;
/** add-bill as the schema gives it: each bill in paise (`BillItemValues`). */
export type AddBillValues = z.output<typeof addBillBodySchema>;

/** PUT /bills/update-bill/:billId: one unpaid bill item, same rules as add (B5). */
export const updateBillBodySchema = billItemInputSchema;
export type UpdateBillBody = z.input<typeof updateBillBodySchema>;
export type UpdateBillValues = z.output<typeof updateBillBodySchema>;

/** POST /bills/delete-bill */
export const deleteBillBodySchema = z.object({ billId: idField('billId') });
/** POST /bills/waive-remainder: the owner lets go of what a partly paid bill still owes (issue 18). */
export const waiveBillBodySchema = z.object({ billId: idField('billId') });
export const billIdParamSchema = z.object({ billId: idField('billId') });
export const fetchBillParamsSchema = z.object({ propertyId: idField('propertyId') });
export const fetchBillQuerySchema = z.object({ roomId: idField('roomId') });
export const roomIdParamSchema = z.object({ roomId: idField('roomId') });
export const fileIdParamSchema = z.object({ fileId: idField('fileId') });

// ---------------------------------------------------------------------------------------------
// Responses (rupees and readings as numbers with at most two decimals)

export const meterPhotoSchema = z.object({ url: z.string() }).nullable();
export const billSchema = z.object({
  _id: z.string(),
  propertyId: z.string(),
  roomId: z.string(),
  tenantId: z.string(),
  billType: z.enum(ANY_BILL_TYPES),
  amount: z.number(),
  meterReading: z.object({ current: z.number(), previous: z.number(), unitsConsumed: z.number(), ratePerUnit: z.number() }).nullable(),
  meterPhotos: z.object({ current: meterPhotoSchema, previous: meterPhotoSchema }),
  status: z.enum(BILL_STATUSES),
  paidAmount: z.number(),
  /** Rupees the owner waived of what was left (issue 18); 0 when nothing was. */
  waivedAmount: z.number(),
  /** Owner's view only: the tenant has an open payment order covering this bill (issue 19: warn before changing it). */
  inOpenOrder: z.boolean().optional(),
  overdue: z.boolean(),
  /**
   * A Rent Bill cancelled by a move-out before its period (ADR 041): kept in the ledger with `amount` 0; this is
   * what it was (rupees) and when it was cancelled. Absent or null for every other bill.
   */
  cancelled: z.object({ amount: z.number(), at: z.string() }).nullable().optional(),
});
export type Bill = z.infer<typeof billSchema>;

export const billGroupSchema = z.object({
  _id: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  bills: z.array(billSchema),
  count: z.number(),
  /** Sum of the amounts, rupees. */
  total: z.number(),
});
export type BillGroup = z.infer<typeof billGroupSchema>;

/** GET /bills/tenant: a group with the room and property it is for. */
export const tenantBillGroupSchema = billGroupSchema.extend({
  property: z.object({ _id: z.string(), title: z.string() }),
  room: z.object({ _id: z.string(), roomNumber: z.string() }),
});
export type TenantBillGroup = z.infer<typeof tenantBillGroupSchema>;

/** GET /bills/last-readings/:roomId: the last current reading per meter type (B11 prefill). */
export const lastReadingSchema = z.object({
  billType: z.enum(METER_TYPES),
  current: z.number(),
  ratePerUnit: z.number(),
  billDate: z.string(),
});
export type LastReading = z.infer<typeof lastReadingSchema>;

/** POST /bills/upload/meter-photo: the stored file; its id goes into add-bill's meterPhotos. */
export const meterPhotoUploadSchema = z.object({ _id: z.string(), url: z.string() });
export type MeterPhotoUpload = z.infer<typeof meterPhotoUploadSchema>;
