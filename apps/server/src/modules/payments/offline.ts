import {
  APP_LINKS,
  formatPaise,
  isCalendarDate,
  MSG,
  normaliseReference,
  type OfflineMethod,
  OFFLINE_METHODS,
  type OfflineSource,
  paymentMethodKey,
  tidyReference,
} from '@kiraya/contract';
import { startOfIndianDay } from '@kiraya/contract/calendar';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { paymentReports, payments, rooms, tenancies } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { lockTenancy } from '../../lib/ledger.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { nextReceiptNumber, planAllocation, writeAllocations } from './ledger.js';
import { queueReceiptEmail } from './receipt-email.js';

/**
 * Offline payments (issue 23): money the owner received outside the gateway (cash, UPI straight to their
 * UPI ID, bank transfer, cheque) or kept from the tenant's security deposit. Every such entry goes through
 * `recordOfflinePaymentIn`, in the caller's transaction: the same ledger as gateway payments (integer
 * paise, oldest bill first, a receipt number from the same sequence), never more than the tenancy owes.
 */

export type OfflinePaymentInput = {
  tenancyId: string;
  amountPaise: number;
  /** cash | upi | bank_transfer | cheque | deposit */
  method: OfflineMethod;
  /** YYYY-MM-DD, the day the money was paid (India): not in the future, not before the tenancy began. */
  paidOn: string;
  /** The UTR, cheque number or bank reference (kept as typed; once per owner, compared normalised, among payments that count). */
  reference: string | null;
  note: string | null;
  /** The user who recorded it (the owner; for a confirmed report, the owner who confirmed it). */
  recordedBy: string;
  source: OfflineSource;
};

/**
 * A stored reference as compared: the SQL twin of the contract's `normaliseReference` (spaces removed,
 * upper-case), the expression the unique indexes on references use (db/schema.ts).
 */
const referenceKey = (column: typeof payments.reference | typeof paymentReports.reference): SQL =>
  sql`upper(regexp_replace(${column}, '\\s', '', 'g'))`;

/** A reference already counting for this owner (compared normalised): a payment not reversed, or a report still pending. */
export async function referenceTaken(tx: Db, ownerId: string, reference: string): Promise<boolean> {
  const key = normaliseReference(reference);
  const [p] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), sql`${referenceKey(payments.reference)} = ${key}`, isNull(payments.reversedAt)))
    .limit(1);
  if (p) return true;
  const [r] = await tx
    .select({ id: paymentReports.id })
    .from(paymentReports)
    .where(
      and(
        eq(paymentReports.ownerId, ownerId),
        sql`${referenceKey(paymentReports.reference)} = ${key}`,
        eq(paymentReports.status, 'pending'),
      ),
    )
    .limit(1);
  return !!r;
}

/** Checks an offline payment's date against today (India) and the tenancy's move-in; throws the form's message. */
export function checkPaidOn(paidOn: string, moveInDate: string, today = todayInIndia()): void {
  if (!isCalendarDate(paidOn)) throw badRequest(MSG.paidOnInvalid, 'paidOn');
  if (paidOn > today) throw badRequest(MSG.paidOnFuture, 'paidOn');
  if (paidOn < moveInDate) throw badRequest(MSG.paidOnBeforeTenancy(moveInDate), 'paidOn');
}

/**
 * Records an offline payment for a tenancy inside `tx`: locks the tenancy (as credit does), settles its owed
 * bills oldest first (rows locked), takes a receipt number, notifies the tenant and both sides' open pages.
 * Throws (4xx, with the message the forms show) for an amount that is not positive whole paise or is more
 * than the tenancy owes, a bad date, or a reference this owner already has.
 */
export async function recordOfflinePaymentIn(
  tx: Db,
  input: OfflinePaymentInput,
): Promise<{ paymentId: string; receiptNumber: string; allocatedPaise: number }> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) throw badRequest(MSG.paymentAmountInvalid, 'amount');
  if (!(OFFLINE_METHODS as readonly string[]).includes(input.method)) throw badRequest(MSG.offlineMethodInvalid, 'method');
  await lockTenancy(tx, input.tenancyId);
  const [t] = await tx
    .select({ tenancy: tenancies, propertyId: rooms.propertyId, roomNumber: rooms.roomNumber })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .where(eq(tenancies.id, input.tenancyId));
  if (!t) throw notFound(MSG.roomTenantNotFound);
  checkPaidOn(input.paidOn, t.tenancy.moveInDate);
  const reference = input.reference ? tidyReference(input.reference) || null : null;
  if (reference && (await referenceTaken(tx, t.tenancy.ownerId, reference))) {
    throw conflict(MSG.duplicateReference(reference), 'reference');
  }
  const plan = await planAllocation(tx, input.tenancyId, input.amountPaise);
  if (plan.remainder > 0) {
    if (plan.owedPaise <= 0) throw new AppError('ALREADY_PAID', MSG.nothingOwed, [{ path: 'amount', message: MSG.nothingOwed }]);
    const message = MSG.offlineTooHigh(formatPaise(plan.owedPaise));
    throw new AppError('AMOUNT_TOO_HIGH', message, [{ path: 'amount', message }]);
  }
  // The start of the day in India is the instant an offline payment's `paid_at` holds.
  const paidAt = startOfIndianDay(input.paidOn);
  const id = newId();
  const receiptNumber = await nextReceiptNumber(tx, paidAt);
  await tx.insert(payments).values({
    id,
    kind: 'offline',
    orderId: null,
    gateway: null,
    gatewayPaymentId: null,
    receiptNumber,
    roomId: t.tenancy.roomId,
    propertyId: t.propertyId,
    tenancyId: t.tenancy.id,
    tenantId: t.tenancy.tenantId,
    ownerId: t.tenancy.ownerId,
    amountPaise: input.amountPaise,
    method: input.method,
    source: input.source,
    paidAt,
    paidOn: input.paidOn,
    reference,
    note: input.note?.trim() || null,
    recordedBy: input.recordedBy,
  });
  await writeAllocations(tx, id, plan.allocations);
  await notify(tx, {
    userId: t.tenancy.tenantId,
    note: {
      text: 'paymentRecorded',
      source: input.source,
      amountPaise: input.amountPaise,
      method: paymentMethodKey('offline', input.method),
      paidOn: input.paidOn,
      roomNumber: t.roomNumber,
      receiptNumber,
    },
    link: APP_LINKS.tenantReceipt(id),
    // The receipt below is this payment's email (issue 25): one email per payment.
    email: false,
  });
  await queueReceiptEmail(tx, id);
  await publishLive(tx, [t.tenancy.ownerId, t.tenancy.tenantId], { kind: 'payments', id, roomId: t.tenancy.roomId });
  return { paymentId: id, receiptNumber, allocatedPaise: plan.allocations.reduce((s, a) => s + a.paise, 0) };
}
