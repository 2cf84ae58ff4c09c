import {
  API_BASE,
  APP_LINKS,
  dayInWords,
  DEPOSIT_BILL_TYPE,
  type Deposit,
  type DepositStatus,
  depositPhotoPath,
  disputeMessageText,
  type DisputeDeductionBody,
  formatPaise,
  MSG,
  monthInWords,
  type SettleDepositValues,
  settlementMismatch,
  settlementTotal,
} from '@kiraya/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  billItems,
  depositDeductionPhotos,
  depositDeductions,
  depositSettlements,
  files,
  leaseTerms,
  payments,
  properties,
  rooms,
  type TenancyRow,
  tenancies,
  users,
} from '../../db/schema.js';
import { asOwner, type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { badRequest, conflict, notFound, pgError } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { COLLECTED_SQL, collectedPaise, owedItems, owedPaise } from '../../lib/ledger.js';
import { publishLive } from '../../lib/live.js';
import { prepareUploads, UPLOAD_KINDS, withUploads } from '../../lib/uploads.js';
import { raiseBills } from '../bills/index.js';
import { postTenancyMessage } from '../messages/index.js';
import { recordOfflinePaymentIn } from '../payments/index.js';
import { notify } from '../notifications/index.js';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Deduction photos: private files, re-encoded like meter photos, under this folder and the owner's id. */
export const DEPOSIT_PHOTO_FOLDER = 'private/deposit-photos';
const SETTLEMENT_UQ = 'deposit_settlements_tenancy_uq';
const NO_METER = { meterCurrent: null, meterPrevious: null, ratePaise: null, currentPhotoId: null, previousPhotoId: null } as const;

/**
 * The Deposit bill of a tenancy that just started (the accept transaction, ADR 029): billed on `billDate`,
 * due on the lease start, payable like any bill. Nothing when the lease asks no deposit.
 */
export async function raiseDepositBill(
  tx: Db,
  input: {
    ownerId: string;
    room: { id: string; propertyId: string; roomNumber: string };
    tenancy: { id: string; tenantId: string };
    depositPaise: number;
    billDate: string;
    dueDate: string;
  },
): Promise<void> {
  if (input.depositPaise <= 0) return;
  await raiseBills(tx, {
    ownerId: input.ownerId,
    room: input.room,
    tenancy: input.tenancy,
    billDate: input.billDate,
    dueDate: input.dueDate < input.billDate ? input.billDate : input.dueDate,
    items: [{ ...NO_METER, billType: DEPOSIT_BILL_TYPE, amountPaise: input.depositPaise, rentPeriod: null }],
  });
}

/** The tenancy of the room a caller's deposit questions are about: the owner's latest, a tenant's own latest. */
async function tenancyOf(db: Db, roomId: string, relation: string, callerId: string, lock = false): Promise<TenancyRow | null> {
  const mine = relation === 'owner' ? eq(tenancies.roomId, roomId) : and(eq(tenancies.roomId, roomId), eq(tenancies.tenantId, callerId));
  const q = db.select().from(tenancies).where(mine).orderBy(desc(tenancies.moveInDate), desc(tenancies.createdAt)).limit(1);
  const [t] = lock ? await q.for('update') : await q;
  return t ?? null;
}

async function depositBill(db: Db, tenancyId: string, lock = false) {
  const q = db
    .select()
    .from(billItems)
    .where(and(eq(billItems.tenancyId, tenancyId), eq(billItems.billType, DEPOSIT_BILL_TYPE)))
    .orderBy(asc(billItems.createdAt))
    .limit(1);
  const [b] = lock ? await q.for('update') : await q;
  return b ?? null;
}

/**
 * The unpaid bills a settlement proposes to net from `held` (ADR 041): each bill other than the Deposit bill still
 * owed, oldest first (the order the netting payment settles them), named, with what the deposit would cover of it.
 */
async function proposedDeductions(db: Db, tenancyId: string, held: number): Promise<NonNullable<Deposit['proposedDeductions']>> {
  const out: NonNullable<Deposit['proposedDeductions']> = [];
  let left = held;
  for (const b of await owedItems(db, tenancyId, false)) {
    if (b.billType === DEPOSIT_BILL_TYPE || left <= 0) continue;
    const amount = Math.min(owedPaise(b), left);
    left -= amount;
    const name = b.billType === 'Rent Bill' ? `Rent Bill, ${monthInWords(b.billDate)}` : `${b.billType}, ${dayInWords(b.billDate)}`;
    out.push({ billId: b.id, billType: b.billType, billDate: b.billDate, name, amount });
  }
  return out;
}

/** What the tenancy owes on its bills other than the Deposit bill (paise): what unpaid-bills deductions may net. */
async function unpaidBillsOf(db: Db, tenancyId: string, lock = false): Promise<number> {
  const items = await owedItems(db, tenancyId, lock);
  return items.filter((b) => b.billType !== DEPOSIT_BILL_TYPE).reduce((n, b) => n + owedPaise(b), 0);
}

const ownerP = alias(users, 'deposit_owner');
const tenantP = alias(users, 'deposit_tenant');

/** The deposit of `t` as both sides see it. `viewer` is 'owner' when the room's owner asks (canSettle is theirs). */
export async function depositView(db: Db, t: TenancyRow, viewer: 'owner' | 'tenant'): Promise<Deposit> {
  const [info] = await db
    .select({
      room: rooms,
      property: properties,
      owner: { id: ownerP.id, fullName: ownerP.fullName },
      tenant: { id: tenantP.id, fullName: tenantP.fullName },
    })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(ownerP, eq(ownerP.id, t.ownerId))
    .innerJoin(tenantP, eq(tenantP.id, t.tenantId))
    .where(eq(rooms.id, t.roomId))
    .limit(1);
  if (!info) throw notFound(MSG.roomNotFound);
  const [terms] = await db
    .select({ depositPaise: leaseTerms.depositPaise })
    .from(leaseTerms)
    .where(eq(leaseTerms.tenancyId, t.id))
    .orderBy(desc(leaseTerms.effectiveFrom))
    .limit(1);
  const bill = await depositBill(db, t.id);
  const asked = bill ? bill.amountPaise : (terms?.depositPaise ?? 0);
  const held = bill ? collectedPaise(bill) : 0;
  const [s] = await db.select().from(depositSettlements).where(eq(depositSettlements.tenancyId, t.id)).limit(1);
  let settlement: Deposit['settlement'] = null;
  if (s) {
    const rows = await db
      .select({ d: depositDeductions, receiptNumber: payments.receiptNumber })
      .from(depositDeductions)
      .leftJoin(payments, eq(payments.id, depositDeductions.paymentId))
      .where(eq(depositDeductions.settlementId, s.id))
      .orderBy(asc(depositDeductions.position));
    const deductions = rows.map((r) => r.d);
    const receipts = new Map(rows.map((r) => [r.d.id, r.receiptNumber]));
    const photos = deductions.length
      ? await db
          .select()
          .from(depositDeductionPhotos)
          .where(
            inArray(
              depositDeductionPhotos.deductionId,
              deductions.map((d) => d.id),
            ),
          )
          .orderBy(asc(depositDeductionPhotos.position))
      : [];
    settlement = {
      _id: s.id,
      held: s.heldPaise,
      deductionsTotal: s.deductionsPaise,
      refund: s.refundPaise,
      refundMethod: s.refundMethod,
      refundReference: s.refundReference,
      refundedOn: s.refundedOn,
      settledAt: s.createdAt.toISOString(),
      deductions: deductions.map((d) => ({
        _id: d.id,
        kind: d.kind,
        reason: d.reason,
        amount: d.amountPaise,
        photos: photos
          .filter((p) => p.deductionId === d.id)
          .map((p) => ({ _id: p.fileId, url: `${API_BASE}${depositPhotoPath(p.fileId)}` })),
        payment: d.paymentId ? { _id: d.paymentId, receiptNumber: receipts.get(d.id) ?? '' } : null,
        disputedAt: d.disputedAt ? d.disputedAt.toISOString() : null,
        disputeText: d.disputeText,
      })),
    };
  }
  const moveOutDate = t.moveOutDate ?? t.leavingOn;
  const status: DepositStatus = s
    ? 'settled'
    : asked === 0
      ? 'none'
      : held === 0
        ? 'unpaid'
        : bill && held < bill.amountPaise
          ? 'partly_paid'
          : 'held';
  const p = info.property;
  return {
    tenancyId: t.id,
    roomId: t.roomId,
    roomNumber: info.room.roomNumber,
    property: { _id: p.id, title: p.title, address: [p.street, p.city, p.state].filter(Boolean).join(', ') },
    owner: { _id: info.owner.id, fullName: info.owner.fullName },
    tenant: { _id: info.tenant.id, fullName: info.tenant.fullName },
    moveInDate: t.moveInDate,
    moveOutDate,
    asked,
    held,
    billId: bill?.id ?? null,
    unpaidBills: await unpaidBillsOf(db, t.id),
    status,
    // On or after the move-out date only (ADR 041): before it the tenant still lives there and bills still come.
    canSettle: viewer === 'owner' && !s && !!moveOutDate && moveOutDate <= todayInIndia() && held > 0,
    proposedDeductions: viewer === 'owner' && !s && held > 0 ? await proposedDeductions(db, t.id, held) : [],
    settlement,
  };
}

/** GET /deposits/room/:roomId: the room's owner and its tenant (current or former); null when there is no tenancy. */
export async function depositOf(deps: Pick<Deps, 'db'>, caller: Caller, roomId: string): Promise<Deposit | null> {
  const { relation } = await roomAccess(deps.db, caller, roomId, 'owner-or-tenant-or-former', { archived: true });
  const t = await tenancyOf(deps.db, roomId, relation, caller?.userId ?? '');
  return t ? depositView(deps.db, t, relation === 'owner' ? 'owner' : 'tenant') : null;
}

/**
 * POST /deposits/settle/:roomId: the owner settles the latest tenancy's deposit, once, after a move-out
 * is recorded. In one transaction holding the room's lock (a second settle waits, then finds it settled: 409;
 * the unique index on the tenancy answers the same if anything raced past): held = Σ deductions + refund.
 */
export async function settleDeposit(deps: Pick<Deps, 'db'>, ownerId: string, roomId: string, body: SettleDepositValues): Promise<Deposit> {
  try {
    return await inTransaction(deps.db, async (tx) => {
      const { room, property } = await roomAccess(tx, asOwner(ownerId), roomId, 'owner', { lock: true, archived: true });
      const t = await tenancyOf(tx, room.id, 'owner', ownerId, true);
      if (!t) throw conflict(MSG.depositNoTenancy);
      const moveOut = t.moveOutDate ?? t.leavingOn;
      if (!moveOut) throw conflict(MSG.depositNotVacating);
      if (todayInIndia() < moveOut) throw conflict(MSG.depositBeforeMoveOut(dayInWords(moveOut)));
      const [already] = await tx
        .select({ id: depositSettlements.id })
        .from(depositSettlements)
        .where(eq(depositSettlements.tenancyId, t.id));
      if (already) throw conflict(MSG.depositAlreadySettled);
      const bill = await depositBill(tx, t.id, true);
      const held = bill ? collectedPaise(bill) : 0;
      if (held <= 0) throw conflict(MSG.depositNothingHeld);
      // Unpaid bills are netted against the deposit: at most what the tenancy owes on its other bills, and only
      // once the Deposit bill itself owes nothing (else the deposit would pay itself).
      const netting = body.deductions.map((d, i) => ({ d, i })).filter((x) => x.d.kind === 'unpaid_bills');
      if (netting.length) {
        if (bill && owedPaise(bill) > 0) throw conflict(MSG.depositNettingDepositOwed, `deductions.${netting[0]?.i}.kind`);
        const owed = await unpaidBillsOf(tx, t.id, true);
        if (netting.reduce((n, x) => n + x.d.amount, 0) > owed)
          throw badRequest(MSG.depositUnpaidBillsTooMuch(formatPaise(owed)), `deductions.${netting[netting.length - 1]?.i}.amount`);
      }
      const total = settlementTotal(body);
      const mismatch = settlementMismatch(held, total);
      if (mismatch) throw badRequest(mismatch, 'refund.amount');
      const today = todayInIndia();
      if (body.refund.date && body.refund.date > today) throw badRequest(MSG.depositRefundDateFuture, 'refund.date');
      await checkPhotos(tx, ownerId, body);
      const settlementId = newId();
      const deductionsPaise = total - body.refund.amount;
      await tx.insert(depositSettlements).values({
        id: settlementId,
        tenancyId: t.id,
        roomId: room.id,
        depositBillItemId: bill?.id ?? null,
        heldPaise: held,
        deductionsPaise,
        refundPaise: body.refund.amount,
        refundMethod: body.refund.amount > 0 || body.refund.method ? (body.refund.method ?? null) : null,
        refundReference: body.refund.reference,
        refundedOn: body.refund.date ?? null,
        settledBy: ownerId,
      });
      for (const [i, d] of body.deductions.entries()) {
        const id = newId();
        // An unpaid-bills deduction is money from the deposit paying the bills: an offline payment (method and source
        // `deposit`) through the ledger, oldest bill first, in this transaction; the bills show paid "From security deposit".
        const paid =
          d.kind === 'unpaid_bills'
            ? await recordOfflinePaymentIn(tx, {
                tenancyId: t.id,
                amountPaise: d.amount,
                method: 'deposit',
                paidOn: today,
                reference: null,
                note: `Deposit deduction: ${d.reason}`.slice(0, 500),
                recordedBy: ownerId,
                source: 'deposit',
              })
            : null;
        await tx.insert(depositDeductions).values({
          id,
          settlementId,
          position: i,
          kind: d.kind,
          reason: d.reason,
          amountPaise: d.amount,
          paymentId: paid?.paymentId ?? null,
        });
        if (d.photoIds.length)
          await tx.insert(depositDeductionPhotos).values(d.photoIds.map((fileId, position) => ({ deductionId: id, fileId, position })));
      }
      await notify(tx, {
        userId: t.tenantId,
        note: {
          text: 'depositSettled',
          roomNumber: room.roomNumber,
          propertyTitle: property.title,
          refundPaise: body.refund.amount,
          heldPaise: held,
          deductedPaise: deductionsPaise,
        },
        link: APP_LINKS.tenantRoom(room.id),
      });
      await publishLive(tx, [t.tenantId, ownerId], { kind: 'tenancy', id: t.id, roomId: room.id });
      return depositView(tx, t, 'owner');
    });
  } catch (e) {
    if (pgError(e)?.constraint === SETTLEMENT_UQ) throw conflict(MSG.depositAlreadySettled);
    throw e;
  }
}

/** Each photo must be a deposit photo this owner uploaded, not shown by another deduction; locked until saved. */
async function checkPhotos(tx: Db, ownerId: string, body: SettleDepositValues): Promise<void> {
  const ids = body.deductions.flatMap((d) => d.photoIds);
  if (ids.length === 0) return;
  const path = 'deductions';
  if (new Set(ids).size !== ids.length || !ids.every(isUuid)) throw badRequest(MSG.depositPhotoInvalid, path);
  const rows = await tx
    .select({ id: files.id, key: files.key, uploadedBy: files.uploadedBy, linked: depositDeductionPhotos.deductionId })
    .from(files)
    .leftJoin(depositDeductionPhotos, eq(depositDeductionPhotos.fileId, files.id))
    .where(inArray(files.id, ids))
    .for('update', { of: files });
  const ok = rows.filter((r) => r.uploadedBy === ownerId && r.key.startsWith(`${DEPOSIT_PHOTO_FOLDER}/${ownerId}/`) && !r.linked);
  if (ok.length !== ids.length) throw badRequest(MSG.depositPhotoInvalid, path);
}

/**
 * POST /deposits/dispute/:roomId: the tenant (current or former) disputes one deduction of their
 * tenancy's settlement, once: a message naming it and its amount, with their words, goes to the room's
 * conversation, and the deduction is marked disputed (both sides see it).
 */
export async function disputeDeduction(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  roomId: string,
  body: { deductionId: string; text: string },
): Promise<Deposit> {
  return inTransaction(deps.db, async (tx) => {
    const { room, property } = await roomAccess(tx, { userId: tenantId, role: 'tenant' }, roomId, 'owner-or-tenant-or-former', {
      archived: true,
    });
    const t = await tenancyOf(tx, room.id, 'tenant', tenantId);
    const [s] = t ? await tx.select().from(depositSettlements).where(eq(depositSettlements.tenancyId, t.id)) : [];
    if (!t || !s) throw conflict(MSG.depositNotSettled);
    if (!isUuid(body.deductionId)) throw notFound(MSG.depositDeductionNotFound);
    const [d] = await tx
      .select()
      .from(depositDeductions)
      .where(and(eq(depositDeductions.id, body.deductionId), eq(depositDeductions.settlementId, s.id)))
      .for('update');
    if (!d) throw notFound(MSG.depositDeductionNotFound);
    if (d.disputedAt) throw conflict(MSG.depositAlreadyDisputed);
    await postTenancyMessage(tx, room, property.ownerId, tenantId, disputeMessageText({ ...d, amountPaise: d.amountPaise }, body.text));
    await tx
      .update(depositDeductions)
      .set({ disputedAt: new Date(), disputeText: body.text })
      .where(and(eq(depositDeductions.id, d.id), isNull(depositDeductions.disputedAt)));
    await publishLive(tx, [tenantId, property.ownerId], { kind: 'tenancy', id: t.id, roomId: room.id });
    return depositView(tx, t, 'tenant');
  });
}
export type { DisputeDeductionBody };

/** POST /deposits/upload/photo: a deduction photo, re-encoded, metadata stripped, stored privately. */
export async function uploadDepositPhoto(deps: Deps, ownerId: string, data: Buffer | undefined): Promise<{ _id: string; url: string }> {
  if (!data) throw badRequest(MSG.depositPhotoRequired, 'photo');
  const prepared = await prepareUploads(UPLOAD_KINDS.image, [data], 'photo');
  const [row] = await withUploads(deps, (_tx, store) =>
    store(prepared, { folder: `${DEPOSIT_PHOTO_FOLDER}/${ownerId}`, uploadedBy: ownerId }),
  );
  if (!row) throw badRequest(MSG.photoUploadFailed, 'photo');
  return { _id: row.id, url: `${API_BASE}${depositPhotoPath(row.id)}` };
}

/**
 * GET /deposits/photo/:fileId: a deduction photo's bytes, for the room's owner and the tenant of the tenancy
 * whose settlement shows it (the uploader may see one not attached yet); anyone else 404/403.
 */
export async function depositPhoto(deps: Deps, caller: Caller, fileId: string): Promise<{ data: Buffer; contentType: string }> {
  if (!isUuid(fileId)) throw notFound(MSG.depositPhotoNotFound);
  const [file] = await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || !file.key.startsWith(`${DEPOSIT_PHOTO_FOLDER}/`)) throw notFound(MSG.depositPhotoNotFound);
  const [link] = await deps.db
    .select({ roomId: tenancies.roomId, tenantId: tenancies.tenantId })
    .from(depositDeductionPhotos)
    .innerJoin(depositDeductions, eq(depositDeductions.id, depositDeductionPhotos.deductionId))
    .innerJoin(depositSettlements, eq(depositSettlements.id, depositDeductions.settlementId))
    .innerJoin(tenancies, eq(tenancies.id, depositSettlements.tenancyId))
    .where(eq(depositDeductionPhotos.fileId, fileId))
    .limit(1);
  if (link) {
    const { relation } = await roomAccess(deps.db, caller, link.roomId, 'owner-or-tenant-or-former', { archived: true });
    if (relation !== 'owner' && link.tenantId !== caller?.userId) throw notFound(MSG.depositPhotoNotFound);
  } else if (!caller || file.uploadedBy !== caller.userId) {
    throw notFound(MSG.depositPhotoNotFound);
  }
  const data = await deps.blobs.get(file.key);
  if (!data) throw notFound(MSG.depositPhotoNotFound);
  return { data, contentType: file.contentType };
}

/**
 * The owner's tenancies whose move-out day has come (recorded, or the vacate date reached) with a deposit
 * paid and not settled yet (ADR 042: the owner home lists them, each opening the room to settle it).
 */
export async function depositsToSettle(
  db: Db,
  ownerId: string,
  today = todayInIndia(),
): Promise<
  {
    tenancyId: string;
    roomId: string;
    roomNumber: string;
    propertyId: string;
    title: string;
    tenantId: string;
    tenantName: string;
    movedOutOn: string;
    heldPaise: number;
  }[]
> {
  const rows = await db
    .select({
      t: tenancies,
      roomNumber: rooms.roomNumber,
      propertyId: rooms.propertyId,
      title: properties.title,
      tenantName: tenantP.fullName,
      held: sql<string>`coalesce(sum(${COLLECTED_SQL}), 0)`,
    })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(tenantP, eq(tenantP.id, tenancies.tenantId))
    .innerJoin(billItems, and(eq(billItems.tenancyId, tenancies.id), eq(billItems.billType, DEPOSIT_BILL_TYPE)))
    .where(
      and(
        eq(tenancies.ownerId, ownerId),
        sql`coalesce(${tenancies.moveOutDate}, ${tenancies.leavingOn}) <= ${today}`,
        sql`not exists (select 1 from ${depositSettlements} where ${depositSettlements.tenancyId} = ${tenancies.id})`,
      ),
    )
    .groupBy(tenancies.id, rooms.roomNumber, rooms.propertyId, properties.title, tenantP.fullName)
    .having(sql`coalesce(sum(${COLLECTED_SQL}), 0) > 0`);
  return rows
    .map((r) => ({
      tenancyId: r.t.id,
      roomId: r.t.roomId,
      roomNumber: r.roomNumber,
      propertyId: r.propertyId,
      title: r.title,
      tenantId: r.t.tenantId,
      tenantName: r.tenantName,
      movedOutOn: (r.t.moveOutDate ?? r.t.leavingOn) as string,
      heldPaise: Number(r.held),
    }))
    .sort((a, b) => a.movedOutOn.localeCompare(b.movedOutOn));
}
