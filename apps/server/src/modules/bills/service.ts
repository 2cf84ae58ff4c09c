import {
  API_BASE,
  APP_LINKS,
  type AddBillValues,
  type Bill,
  type BillGroup,
  type BillItemValues,
  dayInWords,
  defaultDueDate,
  formatPaise,
  isOverdue,
  type LastReading,
  MSG,
  METER_TYPES,
  type MeterPhotoUpload,
  type MeterType,
  meterPhotoPath,
  monthInWords,
  rentPeriodOf,
  paiseToRupees,
  rupeesToPaise,
  type TenantBillGroup,
  type UpdateBillValues,
} from '@kiraya/contract';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  type BillGroupRow,
  type BillItemRow,
  billGroups,
  billItems,
  files,
  paymentOrders,
  properties,
  rooms,
  tenancies,
} from '../../db/schema.js';
import { asOwner, type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { applyCredit, collectedPaise, itemStatus, lockTenancy, owedPaise, releaseAllocations } from '../../lib/ledger.js';
import { AppError, badRequest, conflict, notFound, pgError } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { deleteBlobs, prepareUploads, UPLOAD_KINDS, withUploads } from '../../lib/uploads.js';
import { deletePhotosNoLongerShown, METER_PHOTO_FOLDER } from './photos.js';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Bills (ADR 016). Money is integer paise here; rupees only in the views. */

const photoUrl = (fileId: string | null) => (fileId ? { url: `${API_BASE}${meterPhotoPath(fileId)}` } : null);
const hundredths = (n: number) => n / 100;

export function toBill(row: BillItemRow, today: string, dueDate: string): Bill {
  const status = itemStatus(row);
  const meter =
    row.meterCurrent !== null && row.meterPrevious !== null && row.ratePaise !== null
      ? {
          current: hundredths(row.meterCurrent),
          previous: hundredths(row.meterPrevious),
          unitsConsumed: hundredths(row.meterCurrent - row.meterPrevious),
          ratePerUnit: paiseToRupees(row.ratePaise),
        }
      : null;
  return {
    _id: row.id,
    propertyId: row.propertyId,
    roomId: row.roomId,
    tenantId: row.tenantId,
    billType: row.billType as Bill['billType'],
    amount: paiseToRupees(row.amountPaise),
    meterReading: meter,
    meterPhotos: { current: photoUrl(row.currentPhotoId), previous: photoUrl(row.previousPhotoId) },
    status,
    paidAmount: paiseToRupees(collectedPaise(row)),
    waivedAmount: paiseToRupees(row.waivedPaise),
    overdue: !row.cancelledAt && isOverdue(dueDate, today, status),
    cancelled: row.cancelledAt ? { amount: paiseToRupees(row.cancelledPaise ?? 0), at: row.cancelledAt.toISOString() } : null,
  };
}

/**
 * Cancels a Rent Bill for a period after a move-out, or cuts the last one to its prorated amount (ADR 041), inside
 * `tx` (the vacate transaction, which holds the room's lock): what payments settled on it goes back to them
 * (lib/ledger.ts releaseAllocations), the bill keeps its row (cancelled: amount 0, the old amount kept), and the
 * tenancy's credit then settles what it still owes, oldest first (applyCredit). Answers whether anything changed.
 */
export async function cutRentBill(tx: Db, itemId: string, amountPaise: number): Promise<boolean> {
  const [row] = await tx.select().from(billItems).where(eq(billItems.id, itemId)).for('update');
  if (!row || row.cancelledAt || row.amountPaise === amountPaise) return false;
  await lockTenancy(tx, row.tenancyId);
  if (row.paidPaise > amountPaise) await releaseAllocations(tx, row.id);
  const cancel = amountPaise <= 0;
  await tx
    .update(billItems)
    .set({
      amountPaise: Math.max(0, amountPaise),
      waivedPaise: Math.min(row.waivedPaise, Math.max(0, amountPaise)),
      ...(cancel && { cancelledAt: new Date(), cancelledPaise: row.amountPaise }),
      updatedAt: new Date(),
    })
    .where(eq(billItems.id, row.id));
  await applyCredit(tx, row.tenancyId);
  return true;
}

function toGroups(groups: BillGroupRow[], items: BillItemRow[]): BillGroup[] {
  const today = todayInIndia();
  const byGroup = new Map<string, BillItemRow[]>();
  for (const it of items) byGroup.set(it.groupId, [...(byGroup.get(it.groupId) ?? []), it]);
  return groups
    .filter((g) => byGroup.has(g.id))
    .map((g) => {
      const rows = byGroup.get(g.id) ?? [];
      const totalPaise = rows.reduce((s, r) => s + r.amountPaise, 0);
      return {
        _id: g.id,
        billDate: g.billDate,
        dueDate: g.dueDate,
        bills: rows.map((r) => toBill(r, today, g.dueDate)),
        count: rows.length,
        total: paiseToRupees(totalPaise),
      };
    });
}

async function groupsOf(db: Db, itemWhere: ReturnType<typeof and>): Promise<{ groups: BillGroupRow[]; items: BillItemRow[] }> {
  const items = await db.select().from(billItems).where(itemWhere).orderBy(billItems.createdAt, billItems.id);
  if (items.length === 0) return { groups: [], items };
  const ids = [...new Set(items.map((i) => i.groupId))];
  const groups = await db
    .select()
    .from(billGroups)
    .where(inArray(billGroups.id, ids))
    .orderBy(desc(billGroups.billDate), desc(billGroups.createdAt));
  return { groups, items };
}

/** The values of one bill item as stored: the server computes meter bills (B11), never the client. */
export type ItemValues = Pick<
  BillItemRow,
  'billType' | 'amountPaise' | 'meterCurrent' | 'meterPrevious' | 'ratePaise' | 'currentPhotoId' | 'previousPhotoId'
>;

/** The stored columns of a bill item the contract's schema checked and turned into paise and hundredths. */
const itemValues = (b: BillItemValues): ItemValues => ({
  billType: b.billType,
  amountPaise: b.amountPaise,
  meterCurrent: b.meter?.currentHundredths ?? null,
  meterPrevious: b.meter?.previousHundredths ?? null,
  ratePaise: b.meter?.ratePaise ?? null,
  currentPhotoId: b.meterPhotos.current,
  previousPhotoId: b.meterPhotos.previous,
});

/**
 * Meter photos must be images the owner uploaded (POST /bills/upload/meter-photo). They are locked until the
 * bill is saved, so the sweep of photos never attached (photos.ts) skips them.
 */
async function checkPhotos(db: Db, ownerId: string, values: ItemValues[]): Promise<void> {
  const ids = [...new Set(values.flatMap((v) => [v.currentPhotoId, v.previousPhotoId]).filter((x): x is string => !!x))];
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw badRequest(MSG.meterPhotoNotFound, 'meterPhotos');
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.uploadedBy, ownerId), eq(files.kind, 'image')))
    .for('share');
  if (found.length !== ids.length) throw badRequest(MSG.meterPhotoNotFound, 'meterPhotos');
}

async function currentTenancy(db: Db, roomId: string) {
  const [t] = await db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)))
    .limit(1);
  return t ?? null;
}

const RENT_BILL = 'Rent Bill';
const RENT_UQ = 'bill_items_rent_period_uq';

/**
 * One Rent Bill per tenancy and rent period (issue 19): the period is the bill date's month. A second one
 * is a 409 naming the bill that exists (the owner edits that one). The unique index `bill_items_rent_period_uq`
 * settles two uploads racing past this check; `except` is the bill being edited.
 */
async function checkRentPeriod(tx: Db, tenancyId: string, period: string, except?: string): Promise<void> {
  const [existing] = await tx
    .select({ id: billItems.id, amountPaise: billItems.amountPaise, billDate: billGroups.billDate })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenancyId, tenancyId), eq(billItems.rentPeriod, period)))
    .limit(1);
  if (existing && existing.id !== except) throw rentExists(period, existing);
}

const rentExists = (period: string, existing?: { amountPaise: number; billDate: string }) =>
  existing
    ? conflict(MSG.rentBillExists(monthInWords(period), dayInWords(existing.billDate), formatPaise(existing.amountPaise)), 'billType')
    : conflict(MSG.rentBillExists(monthInWords(period), 'earlier', 'see Billing'), 'billType');

/** A write that lost the race for a rent period: the same 409 as the check, naming the winner. */
async function rentRace<T>(deps: Deps, tenancyOf: () => Promise<{ tenancyId: string; period: string } | null>, work: () => Promise<T>) {
  try {
    return await work();
  } catch (e) {
    if (pgError(e)?.constraint !== RENT_UQ) throw e;
    const key = await tenancyOf();
    if (!key) throw conflict(MSG.rentBillExists('this month', 'earlier', 'see Billing'), 'billType');
    await checkRentPeriod(deps.db, key.tenancyId, key.period);
    throw rentExists(key.period);
  }
}

/** What `raiseBills` writes: one group of bills for a room's tenancy. */
export type RaiseBillsInput = {
  ownerId: string;
  room: { id: string; propertyId: string; roomNumber: string };
  tenancy: { id: string; tenantId: string };
  billDate: string;
  dueDate: string;
  items: (ItemValues & { rentPeriod: string | null })[];
};

/**
 * Writes one bill group with its items for the tenancy, inside `tx` (the caller holds the room's lock), then does
 * what every new bill gets: the tenant's credit settles it (issue 19), the tenant is notified and both sides'
 * open pages are told. Add-bill and the rent cycle (issue 22) both raise bills through here.
 */
export async function raiseBills(tx: Db, input: RaiseBillsInput): Promise<BillGroup> {
  const { room, tenancy, billDate, dueDate, ownerId } = input;
  const groupId = newId();
  const [group] = await tx
    .insert(billGroups)
    .values({ id: groupId, roomId: room.id, propertyId: room.propertyId, billDate, dueDate })
    .returning();
  const items = await tx
    .insert(billItems)
    .values(
      input.items.map((v) => ({
        id: newId(),
        groupId,
        roomId: room.id,
        propertyId: room.propertyId,
        tenancyId: tenancy.id,
        tenantId: tenancy.tenantId,
        ...v,
      })),
    )
    .returning();
  // Credit the tenant has for this room settles the new bills at once (issue 19).
  const settled = (await applyCredit(tx, tenancy.id)) > 0 ? await tx.select().from(billItems).where(eq(billItems.groupId, groupId)) : items;
  const view = toGroups([group as BillGroupRow], settled)[0] as BillGroup;
  await notify(tx, {
    userId: tenancy.tenantId,
    note: {
      text: 'billsUploaded',
      roomNumber: room.roomNumber,
      totalPaise: rupeesToPaise(view.total),
      count: items.length,
      billDate,
      dueDate,
    },
    link: APP_LINKS.tenantBillings,
  });
  await publishLive(tx, [tenancy.tenantId, ownerId], { kind: 'bills', id: groupId, roomId: room.id });
  return view;
}

/** POST /bills/add-bill: one group for the room's current tenant (tenantId from the client is ignored). */
export async function addBill(deps: Deps, ownerId: string, body: AddBillValues): Promise<BillGroup> {
  const values = body.bills.map(itemValues);
  const dueDate = body.dueDate || defaultDueDate(body.billDate);
  if (!dueDate) throw badRequest(MSG.billDateRequired, 'billDate');
  const period = rentPeriodOf(body.billDate);
  // Two Rent Bills in one upload are the schema's to refuse (MSG.rentBillTwice).
  const rents = values.filter((v) => v.billType === RENT_BILL).length;
  let tenancyId: string | null = null;
  return rentRace(
    deps,
    async () => (tenancyId ? { tenancyId, period } : null),
    () =>
      inTransaction(deps.db, async (tx) => {
        const { room } = await roomAccess(tx, asOwner(ownerId), body.roomId, 'owner', { lock: true });
        if (room.propertyId !== body.propertyId) throw notFound(MSG.roomNotFound);
        const tenancy = await currentTenancy(tx, room.id);
        if (!tenancy) throw conflict(MSG.addTenantFirst);
        tenancyId = tenancy.id;
        if (rents > 0) await checkRentPeriod(tx, tenancy.id, period);
        await checkPhotos(tx, ownerId, values);
        return raiseBills(tx, {
          ownerId,
          room,
          tenancy,
          billDate: body.billDate,
          dueDate,
          items: values.map((v) => ({ ...v, rentPeriod: v.billType === RENT_BILL ? period : null })),
        });
      }),
  );
}

/**
 * GET /bills/fetch-bill/:propertyId?roomId=: the owner sees every bill of the room; its tenant, current or
 * former, their own (a past tenancy's bills stay readable, also once the room is archived: ADR 022).
 */
export async function fetchBills(deps: Deps, caller: Caller, propertyId: string, roomId: string): Promise<BillGroup[]> {
  const { room, relation } = await roomAccess(deps.db, caller, roomId, 'owner-or-tenant-or-former', { archived: true });
  if (room.propertyId !== propertyId) throw notFound(MSG.roomNotFound);
  const where =
    relation === 'owner' ? eq(billItems.roomId, roomId) : and(eq(billItems.roomId, roomId), eq(billItems.tenantId, caller?.userId ?? ''));
  const { groups, items } = await groupsOf(deps.db, where);
  const views = toGroups(groups, items);
  if (relation !== 'owner') return views;
  // Bills a tenant's open order covers (made in the last 3 days, not paid yet): the owner is warned before changing them.
  const open = await deps.db
    .select({ ids: paymentOrders.billItemIds })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.roomId, roomId),
        eq(paymentOrders.status, 'created'),
        gt(paymentOrders.createdAt, new Date(Date.now() - 3 * 24 * 60 * 60_000)),
      ),
    );
  const covered = new Set(open.flatMap((o) => o.ids));
  return views.map((g) => ({ ...g, bills: g.bills.map((b) => (covered.has(b._id) ? { ...b, inOpenOrder: true } : b)) }));
}

/** GET /bills/tenant: every bill of the signed-in tenant (current and past rooms), newest bill date first. */
export async function tenantBills(deps: Deps, tenantId: string): Promise<TenantBillGroup[]> {
  const { groups, items } = await groupsOf(deps.db, eq(billItems.tenantId, tenantId));
  if (groups.length === 0) return [];
  const roomIds = [...new Set(groups.map((g) => g.roomId))];
  const places = await deps.db
    .select({ roomId: rooms.id, roomNumber: rooms.roomNumber, propertyId: properties.id, title: properties.title })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(inArray(rooms.id, roomIds));
  const byRoom = new Map(places.map((p) => [p.roomId, p]));
  // By id, not by position: toGroups leaves out a group with no items, so positions need not line up.
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const views = toGroups(groups, items);
  return views.map((v) => {
    const g = groupById.get(v._id) as BillGroupRow;
    const p = byRoom.get(g.roomId);
    return {
      ...v,
      property: { _id: g.propertyId, title: p?.title ?? '' },
      room: { _id: g.roomId, roomNumber: p?.roomNumber ?? '' },
    };
  });
}

/** GET /bills/last-readings/:roomId: each meter type's last current reading and rate (B11 prefill). */
export async function lastReadings(deps: Deps, ownerId: string, roomId: string): Promise<LastReading[]> {
  await roomAccess(deps.db, asOwner(ownerId), roomId, 'owner');
  const out: LastReading[] = [];
  for (const billType of METER_TYPES) {
    const [row] = await deps.db
      .select({ current: billItems.meterCurrent, rate: billItems.ratePaise, billDate: billGroups.billDate })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(and(eq(billItems.roomId, roomId), eq(billItems.billType, billType)))
      .orderBy(desc(billGroups.billDate), desc(billItems.createdAt))
      .limit(1);
    if (row && row.current !== null && row.rate !== null) {
      out.push({
        billType: billType as MeterType,
        current: hundredths(row.current),
        ratePerUnit: paiseToRupees(row.rate),
        billDate: row.billDate,
      });
    }
  }
  return out;
}

/** The bill and its room, locked, for an owner's change: 404 for a stranger, 409 once anything was paid (B5). */
async function billForChange(tx: Db, ownerId: string, billId: string): Promise<BillItemRow> {
  if (!isUuid(billId)) throw notFound(MSG.billNotFound);
  const [row] = await tx.select().from(billItems).where(eq(billItems.id, billId)).limit(1);
  if (!row) throw notFound(MSG.billNotFound);
  await roomAccess(tx, asOwner(ownerId), row.roomId, 'owner', { lock: true });
  const [locked] = await tx.select().from(billItems).where(eq(billItems.id, billId)).for('update');
  if (!locked) throw notFound(MSG.billNotFound);
  if (locked.paidPaise > 0 || locked.waivedPaise > 0) throw conflict(MSG.billLocked);
  return locked;
}

/** Tells the bill's tenant's and owner's open pages that the room's bills changed (ADR 017), when `tx` commits. */
const announceChange = (tx: Db, ownerId: string, row: BillItemRow) =>
  publishLive(tx, [row.tenantId, ownerId], { kind: 'bills', id: row.groupId, roomId: row.roomId });

/** PUT /bills/update-bill/:billId: an unpaid bill, same rules as add (B5). */
export async function updateBill(deps: Deps, ownerId: string, billId: string, body: UpdateBillValues): Promise<Bill> {
  const v = itemValues(body);
  let key: { tenancyId: string; period: string } | null = null;
  let replaced: string[] = [];
  const bill = await rentRace(
    deps,
    async () => key,
    () =>
      inTransaction(deps.db, async (tx) => {
        const current = await billForChange(tx, ownerId, billId);
        // A bill changed to Rent takes its group's month as its rent period (issue 19), if no other bill has it.
        let rentPeriod: string | null = null;
        if (v.billType === RENT_BILL) {
          const [g] = await tx.select({ billDate: billGroups.billDate }).from(billGroups).where(eq(billGroups.id, current.groupId));
          rentPeriod = current.rentPeriod ?? rentPeriodOf((g as { billDate: string }).billDate);
          key = { tenancyId: current.tenancyId, period: rentPeriod };
          await checkRentPeriod(tx, current.tenancyId, rentPeriod, billId);
        }
        await checkPhotos(tx, ownerId, [v]);
        const [updated] = await tx
          .update(billItems)
          .set({ ...v, rentPeriod, updatedAt: new Date() })
          .where(eq(billItems.id, billId))
          .returning();
        // A changed amount may be settled from the tenant's credit (issue 19).
        const [row] =
          (await applyCredit(tx, current.tenancyId)) > 0 ? await tx.select().from(billItems).where(eq(billItems.id, billId)) : [updated];
        const [group] = await tx
          .select()
          .from(billGroups)
          .where(eq(billGroups.id, (row as BillItemRow).groupId));
        await announceChange(tx, ownerId, row as BillItemRow);
        // Photos the bill showed before and no bill shows now go (issue 20): rows here, blobs after commit.
        replaced = await deletePhotosNoLongerShown(tx, [current.currentPhotoId, current.previousPhotoId]);
        return toBill(row as BillItemRow, todayInIndia(), (group as BillGroupRow).dueDate);
      }),
  );
  await deleteBlobs(deps.blobs, replaced);
  return bill;
}

/** POST /bills/delete-bill: an unpaid bill (B5); the group goes with its last bill, its meter photos with it. */
export async function deleteBill(deps: Deps, ownerId: string, billId: string): Promise<{ _id: string }> {
  const keys = await inTransaction(deps.db, async (tx) => {
    const row = await billForChange(tx, ownerId, billId);
    await tx.delete(billItems).where(eq(billItems.id, billId));
    const [left] = await tx.select({ id: billItems.id }).from(billItems).where(eq(billItems.groupId, row.groupId)).limit(1);
    if (!left) await tx.delete(billGroups).where(eq(billGroups.id, row.groupId));
    await announceChange(tx, ownerId, row);
    // A photo another bill still shows stays.
    return deletePhotosNoLongerShown(tx, [row.currentPhotoId, row.previousPhotoId]);
  });
  await deleteBlobs(deps.blobs, keys);
  return { _id: billId };
}

/**
 * The one waiver (ADR 024, ADR 046), inside the caller's transaction once it holds the room: locks the bill,
 * lets go of what it still owes (`waived_paise` raised by it, `waived_at` now) and returns the bill, its group
 * and the paise waived. `refuse` names the caller's answers: `nothingOwed` when the bill owes nothing,
 * `unpaid` (when given) when nothing of it is paid yet. The owner's waive-remainder and the late fee's waiver
 * (leases) both waive through this.
 */
export async function waiveRemainder(
  tx: Db,
  billId: string,
  refuse: { nothingOwed: () => Error; unpaid?: () => Error },
): Promise<{ bill: BillItemRow; group: BillGroupRow; paise: number }> {
  const [locked] = await tx.select().from(billItems).where(eq(billItems.id, billId)).for('update');
  if (!locked) throw refuse.nothingOwed();
  const paise = owedPaise(locked);
  if (paise <= 0) throw refuse.nothingOwed();
  if (refuse.unpaid && locked.paidPaise <= 0) throw refuse.unpaid();
  const now = new Date();
  const [bill] = (await tx
    .update(billItems)
    .set({ waivedPaise: locked.waivedPaise + paise, waivedAt: now, updatedAt: now })
    .where(eq(billItems.id, billId))
    .returning()) as [BillItemRow];
  const [group] = (await tx.select().from(billGroups).where(eq(billGroups.id, locked.groupId))) as [BillGroupRow];
  return { bill, group, paise };
}

/**
 * POST /bills/waive-remainder: the owner lets go of what a partly paid bill still owes (a balance under ₹1
 * could never be paid). Recorded on the bill (waived_paise, waived_at), shown to both sides, and the tenant
 * is told. An unpaid bill is edited or deleted instead; a settled one has nothing to waive.
 */
export async function waiveBill(deps: Deps, ownerId: string, billId: string): Promise<Bill> {
  if (!isUuid(billId)) throw notFound(MSG.billNotFound);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(billItems).where(eq(billItems.id, billId)).limit(1);
    if (!row) throw notFound(MSG.billNotFound);
    const { room } = await roomAccess(tx, asOwner(ownerId), row.roomId, 'owner', { lock: true });
    const { bill, group, paise } = await waiveRemainder(tx, billId, {
      nothingOwed: () => new AppError('ALREADY_PAID', MSG.nothingOwed),
      unpaid: () => conflict(MSG.billNotWaivable),
    });
    await notify(tx, {
      userId: bill.tenantId,
      note: { text: 'billWaived', amountPaise: paise, billType: bill.billType, roomNumber: room.roomNumber, billDate: group.billDate },
      link: APP_LINKS.tenantBillings,
    });
    await announceChange(tx, ownerId, bill);
    return toBill(bill, todayInIndia(), group.dueDate);
  });
}

/** POST /bills/upload/meter-photo: re-encoded, metadata stripped (B11), stored privately. */
export async function uploadMeterPhoto(deps: Deps, ownerId: string, data: Buffer | undefined): Promise<MeterPhotoUpload> {
  if (!data) throw badRequest(MSG.meterPhotoRequired, 'meterPhoto');
  const prepared = await prepareUploads(UPLOAD_KINDS.image, [data], 'meterPhoto');
  const [row] = await withUploads(deps, (_tx, store) =>
    store(prepared, { folder: `${METER_PHOTO_FOLDER}/${ownerId}`, uploadedBy: ownerId }),
  );
  if (!row) throw badRequest(MSG.photoUploadFailed, 'meterPhoto');
  return { _id: row.id, url: `${API_BASE}${meterPhotoPath(row.id)}` };
}

/**
 * GET /bills/meter-photo/:fileId: the photo's bytes for the owner and the current tenant of the room of a
 * bill that shows it (the uploader may see a photo not attached yet); anyone else 404/403 as roomAccess says.
 */
export async function meterPhoto(deps: Deps, caller: Caller, fileId: string): Promise<{ data: Buffer; contentType: string }> {
  if (!isUuid(fileId)) throw notFound(MSG.meterPhotoNotFound);
  const [file] = await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || !file.key.startsWith(`${METER_PHOTO_FOLDER}/`)) throw notFound(MSG.meterPhotoNotFound);
  const [item] = await deps.db
    .select({ roomId: billItems.roomId, tenantId: billItems.tenantId })
    .from(billItems)
    .where(or(eq(billItems.currentPhotoId, fileId), eq(billItems.previousPhotoId, fileId)))
    .limit(1);
  if (item) {
    const { relation } = await roomAccess(deps.db, caller, item.roomId, 'owner-or-tenant-or-former', { archived: true });
    // A tenant (current or former) sees the photos of their own bills only (not another tenant's).
    if (relation !== 'owner' && item.tenantId !== caller?.userId) throw notFound(MSG.meterPhotoNotFound);
  } else if (!caller || file.uploadedBy !== caller.userId) {
    throw notFound(MSG.meterPhotoNotFound);
  }
  const data = await deps.blobs.get(file.key);
  if (!data) throw notFound(MSG.meterPhotoNotFound);
  return { data, contentType: file.contentType };
}
