import {
  APP_LINKS,
  formatPaise,
  MIN_PAYMENT_PAISE,
  MSG,
  type Payment,
  type PaymentReport,
  type PaymentReportStatus,
  REVERSAL_WINDOW_DAYS,
  type RecordableMethod,
  paiseToRupees,
  paymentMethodKey,
} from '@kiraya/contract';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/index.js';
import { type PaymentReportRow, paymentReports, payments, properties, rooms, tenancies, users } from '../../db/schema.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { applyCredit, creditBalancePaise, lockTenancy, undoAllocations } from '../../lib/ledger.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import type { Deps } from './common.js';
import { owedItems, owedSum } from './ledger.js';
import { checkPaidOn, recordOfflinePaymentIn, referenceTaken } from './offline.js';
import { currentTenancyOf } from './orders.js';
import { pendingReported } from './pending.js';
import { isReversible, paymentViews } from './views.js';

/**
 * Rent paid outside the gateway (issue 23), as the routes see it: the owner records money received; the
 * tenant reports a UPI payment made straight to the owner, which the owner confirms (it enters the ledger)
 * or rejects; the owner reverses a recorded or confirmed payment within 30 days. The ledger itself is
 * offline.ts (`recordOfflinePaymentIn`).
 */

/**
 * The room's current tenancy, for its owner. Another owner's room is not found (404), as another owner's
 * report is when confirming it (`pendingReportOf`): one rule for a room's money (policy `roomMoneyOwner`).
 */
async function ownersTenancy(tx: Db, ownerId: string, roomId: string) {
  const { room, relation } = await roomAccess(tx, { userId: ownerId, role: 'owner' }, roomId, 'listed');
  if (relation !== 'owner') throw notFound(MSG.roomNotFound);
  const [tenancy] = await tx
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, room.id), isNull(tenancies.moveOutDate)))
    .limit(1);
  if (!tenancy) throw badRequest(MSG.roomTenantNotFound, 'roomId');
  return { room, tenancy };
}

/** POST /payments/record: the room's owner records money received (cash, UPI, bank transfer, cheque). */
export async function recordPayment(
  deps: Pick<Deps, 'db'>,
  ownerId: string,
  body: { roomId: string; amount: number; method: RecordableMethod; paidOn: string; reference: string; note: string },
): Promise<Payment> {
  const { paymentId } = await inTransaction(deps.db, async (tx) => {
    const { tenancy } = await ownersTenancy(tx, ownerId, body.roomId);
    if (body.amount < MIN_PAYMENT_PAISE) throw badRequest(MSG.paymentMinimum, 'amount');
    return recordOfflinePaymentIn(tx, {
      tenancyId: tenancy.id,
      amountPaise: body.amount,
      method: body.method,
      paidOn: body.paidOn,
      reference: body.reference || null,
      note: body.note || null,
      recordedBy: ownerId,
      source: 'recorded',
    });
  });
  const [view] = await paymentViews(deps.db, [paymentId]);
  if (!view) throw notFound(MSG.paymentNotFound);
  return view;
}

const tenantUser = users;

/** Reports by id as both sides see them, in the given order. */
async function reportViews(db: Db, ids: string[]): Promise<PaymentReport[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      r: paymentReports,
      roomNumber: rooms.roomNumber,
      title: properties.title,
      tenantName: tenantUser.fullName,
    })
    .from(paymentReports)
    .innerJoin(rooms, eq(rooms.id, paymentReports.roomId))
    .innerJoin(properties, eq(properties.id, paymentReports.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, paymentReports.tenantId))
    .where(inArray(paymentReports.id, ids));
  const byId = new Map(rows.map((x) => [x.r.id, toReport(x.r, x)]));
  return ids.map((id) => byId.get(id)).filter((r): r is PaymentReport => !!r);
}

function toReport(r: PaymentReportRow, x: { roomNumber: string; title: string; tenantName: string }): PaymentReport {
  return {
    _id: r.id,
    status: r.status as PaymentReportStatus,
    amount: paiseToRupees(r.amountPaise),
    reference: r.reference,
    paidOn: r.paidOn,
    note: r.note,
    room: { _id: r.roomId, roomNumber: x.roomNumber },
    property: { _id: r.propertyId, title: x.title },
    tenant: { _id: r.tenantId, fullName: x.tenantName },
    reportedAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    rejectReason: r.rejectReason,
    paymentId: r.paymentId,
  };
}

async function oneReport(db: Db, id: string): Promise<PaymentReport> {
  const [view] = await reportViews(db, [id]);
  if (!view) throw notFound(MSG.reportNotFound);
  return view;
}

/**
 * POST /payments/report: the room's current tenant reports a UPI payment made straight to the owner, with
 * its UTR. Pending until the owner confirms or rejects it; the owner is notified. At least ₹1, at most what
 * the room owes, a date not in the future nor before the tenancy, a UTR the owner does not have yet.
 */
export async function reportPayment(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  body: { roomId: string; amount: number; reference: string; paidOn: string; note: string },
): Promise<PaymentReport> {
  const id = await inTransaction(deps.db, async (tx) => {
    const { room, tenancy } = await currentTenancyOf(tx, tenantId, body.roomId);
    if (body.amount < MIN_PAYMENT_PAISE) throw badRequest(MSG.paymentMinimum, 'amount');
    const owed = owedSum(await owedItems(tx, tenancy.id, false));
    if (owed <= 0) throw new AppError('ALREADY_PAID', MSG.nothingOwed, [{ path: 'amount', message: MSG.nothingOwed }]);
    checkPaidOn(body.paidOn, tenancy.moveInDate);
    // The owner's references and the reports already waiting are read under the tenancy's lock, as recording does.
    await lockTenancy(tx, tenancy.id);
    // What is left after the reports still waiting for the owner (ADR 042): the same money is not reported twice.
    const waiting = (await pendingReported(tx, [tenancy.id])).get(tenancy.id)?.amountPaise ?? 0;
    const left = owed - waiting;
    if (left <= 0) throw conflict(MSG.alreadyReported, 'amount');
    if (body.amount > left) {
      const message = waiting > 0 ? MSG.reportTooHigh(formatPaise(left)) : MSG.paymentTooHigh(formatPaise(left));
      throw new AppError('AMOUNT_TOO_HIGH', message, [{ path: 'amount', message }]);
    }
    if (await referenceTaken(tx, tenancy.ownerId, body.reference)) throw conflict(MSG.duplicateReference(body.reference), 'reference');
    const reportId = newId();
    await tx.insert(paymentReports).values({
      id: reportId,
      roomId: room.id,
      propertyId: room.propertyId,
      tenancyId: tenancy.id,
      tenantId,
      ownerId: tenancy.ownerId,
      amountPaise: body.amount,
      reference: body.reference,
      paidOn: body.paidOn,
      note: body.note || null,
    });
    const [who] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, tenantId));
    await notify(tx, {
      userId: tenancy.ownerId,
      note: {
        text: 'paymentReported',
        amountPaise: body.amount,
        tenantName: who?.fullName ?? null,
        roomNumber: room.roomNumber,
        paidOn: body.paidOn,
        reference: body.reference,
      },
      link: APP_LINKS.ownerPaymentReport(reportId),
    });
    await publishLive(tx, [tenancy.ownerId, tenantId], { kind: 'payments', id: reportId, roomId: room.id });
    return reportId;
  });
  return oneReport(deps.db, id);
}

/** GET /payments/upi-reports: a tenant's own reports, an owner's reports on their rooms (newest first). */
export async function listReports(
  deps: Pick<Deps, 'db'>,
  caller: NonNullable<Caller>,
  q: { roomId?: string; status?: PaymentReportStatus },
): Promise<PaymentReport[]> {
  if (q.roomId !== undefined && !isUuid(q.roomId)) return [];
  const where: SQL[] = [caller.role === 'owner' ? eq(paymentReports.ownerId, caller.userId) : eq(paymentReports.tenantId, caller.userId)];
  if (q.roomId) where.push(eq(paymentReports.roomId, q.roomId));
  if (q.status) where.push(eq(paymentReports.status, q.status));
  const rows = await deps.db
    .select({ id: paymentReports.id })
    .from(paymentReports)
    .where(and(...where))
    .orderBy(desc(paymentReports.createdAt), desc(paymentReports.id))
    .limit(200);
  return reportViews(
    deps.db,
    rows.map((r) => r.id),
  );
}

/** GET /payments/upi-reports/:id: one report, for the owner of its room (anyone else 404). */
export async function getReport(deps: Pick<Deps, 'db'>, ownerId: string, id: string): Promise<PaymentReport> {
  if (!isUuid(id)) throw notFound(MSG.reportNotFound);
  const [r] = await deps.db.select({ ownerId: paymentReports.ownerId }).from(paymentReports).where(eq(paymentReports.id, id));
  if (!r || r.ownerId !== ownerId) throw notFound(MSG.reportNotFound);
  return oneReport(deps.db, id);
}

/** The report, locked, for the owner of its room: anyone else gets 404; a decided one 409. */
async function pendingReportOf(tx: Db, ownerId: string, id: string): Promise<PaymentReportRow> {
  if (!isUuid(id)) throw notFound(MSG.reportNotFound);
  const [r] = await tx.select().from(paymentReports).where(eq(paymentReports.id, id)).for('update');
  if (!r || r.ownerId !== ownerId) throw notFound(MSG.reportNotFound);
  if (r.status !== 'pending') throw conflict(MSG.reportAlreadyDecided);
  return r;
}

/**
 * POST /payments/confirm-report/:id: the owner confirms a pending report; it enters the ledger exactly as a
 * recorded UPI payment. The report row is locked: of two confirmations one wins, the other is told it is decided.
 */
export async function confirmReport(deps: Pick<Deps, 'db'>, ownerId: string, id: string): Promise<PaymentReport> {
  await inTransaction(deps.db, async (tx) => {
    const r = await pendingReportOf(tx, ownerId, id);
    const now = new Date();
    await tx
      .update(paymentReports)
      .set({ status: 'confirmed', decidedAt: now, decidedBy: ownerId, updatedAt: now })
      .where(eq(paymentReports.id, r.id));
    const { paymentId } = await recordOfflinePaymentIn(tx, {
      tenancyId: r.tenancyId,
      amountPaise: r.amountPaise,
      method: 'upi',
      paidOn: r.paidOn,
      reference: r.reference,
      note: r.note,
      recordedBy: ownerId,
      source: 'reported',
    });
    await tx.update(paymentReports).set({ paymentId }).where(eq(paymentReports.id, r.id));
  });
  return oneReport(deps.db, id);
}

/** POST /payments/reject-report/:id: the owner rejects a pending report with a reason; the tenant is told. */
export async function rejectReport(deps: Pick<Deps, 'db'>, ownerId: string, id: string, reason: string): Promise<PaymentReport> {
  await inTransaction(deps.db, async (tx) => {
    const r = await pendingReportOf(tx, ownerId, id);
    const now = new Date();
    await tx
      .update(paymentReports)
      .set({ status: 'rejected', decidedAt: now, decidedBy: ownerId, rejectReason: reason, updatedAt: now })
      .where(eq(paymentReports.id, r.id));
    await notify(tx, {
      userId: r.tenantId,
      note: { text: 'paymentReportRejected', amountPaise: r.amountPaise, paidOn: r.paidOn, reference: r.reference, reason },
      link: APP_LINKS.tenantRoom(r.roomId),
    });
    await publishLive(tx, [r.ownerId, r.tenantId], { kind: 'payments', id: r.id, roomId: r.roomId });
  });
  return oneReport(deps.db, id);
}

/**
 * The tenancies among `tenancyIds` with a payment report still waiting for the owner: the rent cycle raises no
 * late fee for them meanwhile (ADR 041); a rejected report lets the fee follow from the original due date.
 */
export async function tenanciesWithPendingReports(db: Db, tenancyIds: readonly string[]): Promise<Set<string>> {
  if (tenancyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: paymentReports.tenancyId })
    .from(paymentReports)
    .where(and(inArray(paymentReports.tenancyId, [...tenancyIds]), eq(paymentReports.status, 'pending')));
  return new Set(rows.map((r) => r.id));
}

/**
 * POST /payments/reverse/:id: the owner reverses an offline payment (recorded or confirmed) within 30 days,
 * with a reason. Both entries stay: the payment is marked reversed and keeps what it had settled; its
 * allocations are undone (the bills owe that again, and any credit of the tenancy settles them), the
 * tenant is told. Gateway payments are refunded through the gateway, not here.
 */
export async function reversePayment(deps: Pick<Deps, 'db'>, ownerId: string, id: string, reason: string): Promise<Payment> {
  if (!isUuid(id)) throw notFound(MSG.paymentNotFound);
  await inTransaction(deps.db, async (tx) => {
    const [first] = await tx.select({ tenancyId: payments.tenancyId, ownerId: payments.ownerId }).from(payments).where(eq(payments.id, id));
    if (!first || first.ownerId !== ownerId) throw notFound(MSG.paymentNotFound);
    await lockTenancy(tx, first.tenancyId);
    const [p] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!p) throw notFound(MSG.paymentNotFound);
    if (p.kind !== 'offline') throw badRequest(MSG.gatewayNotReversible);
    if (p.method === 'deposit') throw badRequest(MSG.depositNotReversible);
    if (p.reversedAt) throw conflict(MSG.alreadyReversed);
    const now = new Date();
    if (!isReversible(p, now)) throw badRequest(MSG.reversalWindowClosed(REVERSAL_WINDOW_DAYS));
    // The ledger's one undo (lib/ledger.ts, ADR 046): a bill it would take below zero throws, never clamps.
    const allocs = await undoAllocations(tx, p.id);
    await tx
      .update(payments)
      .set({
        reversedAt: now,
        reversedBy: ownerId,
        reversalReason: reason,
        reversedAllocations: allocs.map((a) => ({ billItemId: a.billItemId, amountPaise: a.amountPaise })),
        updatedAt: now,
      })
      .where(eq(payments.id, p.id));
    // Money of this payment its bills did not take was the tenancy's credit (bills settled from it are
    // allocations of this payment, undone above). If refunds have since given that credit back, undoing the
    // payment would leave refunds no payment backs: refuse (the transaction rolls back) rather than break the ledger.
    const balance = await creditBalancePaise(tx, p.tenancyId);
    if (balance < 0) throw conflict(MSG.reversalCreditRefunded(formatPaise(-balance)));
    // What the tenancy paid beyond its bills (other payments' credit) settles the bills owed again.
    await applyCredit(tx, p.tenancyId);
    await notify(tx, {
      userId: p.tenantId,
      note: {
        text: 'paymentReversed',
        amountPaise: p.amountPaise,
        method: paymentMethodKey(p.kind, p.method),
        paidOn: p.paidOn ?? p.paidAt.toISOString(),
        receiptNumber: p.receiptNumber,
        reason,
      },
      link: APP_LINKS.tenantReceipt(p.id),
    });
    await publishLive(tx, [p.ownerId, p.tenantId], { kind: 'payments', id: p.id, roomId: p.roomId });
  });
  const [view] = await paymentViews(deps.db, [id]);
  if (!view) throw notFound(MSG.paymentNotFound);
  return view;
}
