import {
  APP_LINKS,
  depositNeedsWarning,
  type Bill,
  type EditLeaseTermsBody,
  type Lease,
  type LeaseRenewal,
  type LeaseTermsValues,
  MSG,
  type NextDue,
  type RequestTerms,
  termEndOf,
  termsProblems,
} from '@kiraya/contract';
import type { z } from 'zod';
import type { editLeaseTermsBodySchema } from '@kiraya/contract';
import { and, asc, eq, gte, inArray, isNull, max } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  billGroups,
  billItems,
  leaseTerms,
  type LeaseTermsRow,
  rentCyclePeriods,
  type StoredRequestTerms,
  tenancies,
  type TenancyRow,
} from '../../db/schema.js';
import { asOwner, type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { isOverdueItem, owedItems, owedPaise, owedSum } from '../../lib/ledger.js';
import { publishLive } from '../../lib/live.js';
import { toBill, waiveRemainder } from '../bills/index.js';
import { notify } from '../notifications/index.js';
import { addDaysIso, addMonths, monthlyRentOn, periodOf, rentForPeriod, scheduleOf, termsFor } from './cycle-math.js';
import { latestRenewal } from './renewal-view.js';
import { columnsOf, firstBillDays, requestTermsView, type TermsValues, termsView, valuesOf } from './terms.js';

type Deps = Pick<AppDeps, 'db'>;
type EditValues = z.output<typeof editLeaseTermsBodySchema>;
export type { EditLeaseTermsBody };

const DEFAULT_TERM_MONTHS = 11;
const DEFAULT_NOTICE_MONTHS = 1;

const refuse = (p: { path: string; message: string }[]) => {
  const first = p[0];
  if (first) throw badRequest(first.message, first.path);
};

/**
 * The terms of a new invitation (POST /requests/send `terms`), completed and checked: rent from the room when
 * absent, no deposit, an open start (the day the tenant accepts), the due day the start's day, 11 months, no
 * increment, 1 month's notice, no late fee. The start must be within a year of today.
 */
export function requestTerms(input: LeaseTermsValues | undefined, roomRentPaise: number, today = todayInIndia()): StoredRequestTerms {
  const v = input ?? {};
  const startDate = v.startDate ?? null;
  if (startDate && (startDate < addDaysIso(today, -366) || startDate > addDaysIso(today, 366)))
    throw badRequest(MSG.leaseStartTooFar, 'terms.startDate');
  const t: StoredRequestTerms = {
    rentPaise: v.rentPaise ?? roomRentPaise,
    depositPaise: v.depositPaise ?? 0,
    rentDueDay: v.rentDueDay ?? (startDate ? Math.min(Number(startDate.slice(8, 10)), 28) : null),
    startDate,
    termMonths: v.termMonths ?? DEFAULT_TERM_MONTHS,
    incrementBp: v.incrementBp ?? 0,
    noticeMonths: v.noticeMonths ?? DEFAULT_NOTICE_MONTHS,
    lateFee: v.lateFee ?? null,
  };
  refuse(termsProblems(t).map((p) => ({ ...p, path: `terms.${p.path}` })));
  return t;
}

/** An invitation's terms as both parties read them; a request sent before leases shows the defaults with the room's rent. */
export function requestTermsFor(
  stored: StoredRequestTerms | null,
  roomRentPaise: number,
): { terms: RequestTerms; depositWarning: boolean } {
  const t = stored ?? requestTerms(undefined, roomRentPaise);
  return { terms: requestTermsView(t), depositWarning: depositNeedsWarning(t.rentPaise, t.depositPaise) };
}

/**
 * Writes a new tenancy's first terms (inside the accept transaction, ADR 013, or the seed's startTenancy): an open
 * start date (or one already past) becomes the move-in date, an open due day the start's day (at most 28). Answers the first rent
 * period the cycle may raise (the start's month), for `tenancies.rent_cycle_from`.
 */
export async function writeFirstTerms(
  tx: Db,
  tenancyId: string,
  stored: StoredRequestTerms,
  moveInDate: string,
  createdBy: string | null,
): Promise<void> {
  const startDate = leaseStart(stored, moveInDate);
  const values: TermsValues = {
    ...stored,
    startDate,
    rentDueDay: stored.rentDueDay ?? Math.min(Number(startDate.slice(8, 10)), 28),
  };
  await tx
    .insert(leaseTerms)
    .values({ id: newId(), tenancyId, effectiveFrom: periodOf(startDate), ...columnsOf(values), createdBy })
    .onConflictDoNothing();
}

/** The first period a new tenancy's cycle may raise: its lease start's month. */
export const firstRentPeriod = (stored: StoredRequestTerms | null, moveInDate: string): string => periodOf(leaseStart(stored, moveInDate));

/**
 * When the lease starts: the offered start date, but never before the move-in (the day the tenant accepts,
 * ADR 013): an invitation accepted after its start date bills nothing for days before the tenant moved in.
 */
const leaseStart = (stored: StoredRequestTerms | null, moveInDate: string): string =>
  stored?.startDate && stored.startDate > moveInDate ? stored.startDate : moveInDate;

/** Each tenancy's terms versions, oldest first. */
export async function termsVersions(db: Db, tenancyIds: string[]): Promise<Map<string, LeaseTermsRow[]>> {
  const out = new Map<string, LeaseTermsRow[]>();
  if (tenancyIds.length === 0) return out;
  const rows = await db.select().from(leaseTerms).where(inArray(leaseTerms.tenancyId, tenancyIds)).orderBy(asc(leaseTerms.effectiveFrom));
  for (const r of rows) out.set(r.tenancyId, [...(out.get(r.tenancyId) ?? []), r]);
  return out;
}

/** The latest terms of each tenancy (what the owner last set), as the API answers them. */
export async function latestTerms(db: Db, tenancyIds: string[]): Promise<Map<string, Lease['terms']>> {
  const versions = await termsVersions(db, tenancyIds);
  return new Map([...versions].map(([id, vs]) => [id, termsView(valuesOf(vs[vs.length - 1] as LeaseTermsRow))]));
}

/** The last day of the term: start + termMonths months − 1 day. */
export const termEnd = (v: Pick<TermsValues, 'startDate' | 'termMonths'>) => termEndOf(v.startDate, v.termMonths);

/**
 * The end of the tenancy's lease as agreed on `today`: the term of the latest terms row that is either in force
 * or starts a new term (a renewal once accepted writes a row with the new start, so the end moves as soon as the
 * tenant accepts). An edit keeps the start: its term length counts from the period it applies from, so a change
 * announced "from February" does not move the current term's end before February (ADR 041).
 */
export function agreedTermEnd(versions: LeaseTermsRow[], today = todayInIndia()): string {
  const now = periodOf(today);
  let found = versions[0] as LeaseTermsRow;
  for (const [i, v] of versions.entries()) {
    const renews = i > 0 && v.startDate !== versions[i - 1]?.startDate;
    if (v.effectiveFrom <= now || renews) found = v;
  }
  return termEnd(found);
}

function leaseView(t: TenancyRow, versions: LeaseTermsRow[], today: string, renewal: LeaseRenewal | null): Lease {
  const period = periodOf(today);
  const current = termsFor(versions, period) as LeaseTermsRow;
  const last = versions[versions.length - 1] as LeaseTermsRow;
  const values = valuesOf(current);
  return {
    tenancyId: t.id,
    roomId: t.roomId,
    terms: termsView(values),
    termsFrom: current.effectiveFrom,
    upcoming: last.effectiveFrom > current.effectiveFrom ? { from: last.effectiveFrom, terms: termsView(valuesOf(last)) } : null,
    autoRent: t.autoRent,
    termEndsOn: agreedTermEnd(versions, today),
    rentInForce: monthlyRentOn(current, today < current.startDate ? current.startDate : today),
    leavingOn: t.moveOutDate ?? t.leavingOn,
    monthToMonth: !(t.moveOutDate ?? t.leavingOn) && agreedTermEnd(versions, today) < today,
    renewal,
  };
}

/** The lease answer of a tenancy: its terms and its latest renewal. */
export async function leaseAnswer(db: Db, t: TenancyRow, versions: LeaseTermsRow[], today = todayInIndia()): Promise<Lease> {
  return leaseView(t, versions, today, await latestRenewal(db, t.id));
}

export async function currentTenancy(db: Db, roomId: string, lock = false): Promise<TenancyRow | null> {
  const q = db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)))
    .limit(1);
  const [t] = lock ? await q.for('update') : await q;
  return t ?? null;
}

/** Terms for a tenancy that has none (written before leases and missed by the migration): today's behaviour. */
export async function ensureTerms(tx: Db, t: TenancyRow): Promise<LeaseTermsRow[]> {
  const [versions] = [(await termsVersions(tx, [t.id])).get(t.id) ?? []];
  if (versions.length > 0) return versions;
  await writeFirstTerms(
    tx,
    t.id,
    {
      rentPaise: Math.max(t.rentPaise, 100),
      depositPaise: 0,
      rentDueDay: null,
      startDate: t.moveInDate,
      termMonths: DEFAULT_TERM_MONTHS,
      incrementBp: 0,
      noticeMonths: 0,
      lateFee: null,
    },
    t.moveInDate,
    null,
  );
  return (await termsVersions(tx, [t.id])).get(t.id) ?? [];
}

/** GET /leases/room/:roomId: the room's current lease, for its owner and its current tenant. */
export async function leaseOf(deps: Deps, caller: Caller, roomId: string): Promise<Lease> {
  const { room } = await roomAccess(deps.db, caller, roomId, 'owner-or-tenant');
  const t = await currentTenancy(deps.db, room.id);
  if (!t) throw notFound(MSG.leaseNoTenancy);
  const versions = (await termsVersions(deps.db, [t.id])).get(t.id) ?? [];
  if (versions.length === 0) return inTransaction(deps.db, async (tx) => leaseAnswer(tx, t, await ensureTerms(tx, t)));
  return leaseAnswer(deps.db, t, versions);
}

/**
 * The first period a change can apply to: after the last period the cycle claimed or a Rent Bill covers, and not
 * before this month or the lease start's month.
 */
export async function nextOpenPeriod(tx: Db, t: TenancyRow, versions: LeaseTermsRow[], today: string): Promise<string> {
  const [claimed] = await tx
    .select({ p: max(rentCyclePeriods.period) })
    .from(rentCyclePeriods)
    .where(eq(rentCyclePeriods.tenancyId, t.id));
  const [billed] = await tx
    .select({ p: max(billItems.rentPeriod) })
    .from(billItems)
    .where(eq(billItems.tenancyId, t.id));
  const candidates = [periodOf(today), t.rentCycleFrom, periodOf((versions[0] as LeaseTermsRow).startDate)];
  if (claimed?.p) candidates.push(addMonths(claimed.p, 1));
  if (billed?.p) candidates.push(addMonths(billed.p, 1));
  return candidates.reduce((a, b) => (a > b ? a : b));
}

/**
 * PUT /leases/terms/:roomId: the owner changes the current tenancy's terms; the change applies from the
 * next period not yet raised (a second change for the same period replaces the first). Both sides are told.
 */
export async function editTerms(deps: Deps, ownerId: string, roomId: string, body: EditValues): Promise<{ lease: Lease; from: string }> {
  return inTransaction(deps.db, async (tx) => {
    const { room, property } = await roomAccess(tx, asOwner(ownerId), roomId, 'owner', { lock: true });
    const t = await currentTenancy(tx, room.id, true);
    if (!t) throw conflict(MSG.leaseNoTenancy, 'roomId');
    const versions = await ensureTerms(tx, t);
    const today = todayInIndia();
    const from = await nextOpenPeriod(tx, t, versions, today);
    // The version in force at `from`: an accepted renewal later on keeps its agreed terms.
    const base = valuesOf(termsFor(versions, from) as LeaseTermsRow);
    const next: TermsValues = {
      ...base,
      ...(body.rentPaise !== undefined && { rentPaise: body.rentPaise }),
      ...(body.depositPaise !== undefined && { depositPaise: body.depositPaise }),
      ...(body.rentDueDay !== undefined && { rentDueDay: body.rentDueDay }),
      ...(body.termMonths !== undefined && { termMonths: body.termMonths }),
      ...(body.incrementBp !== undefined && { incrementBp: body.incrementBp }),
      ...(body.noticeMonths !== undefined && { noticeMonths: body.noticeMonths }),
      ...(body.lateFee !== undefined && { lateFee: body.lateFee }),
    };
    refuse(termsProblems(next));
    await tx
      .insert(leaseTerms)
      .values({ id: newId(), tenancyId: t.id, effectiveFrom: from, ...columnsOf(next), createdBy: ownerId })
      .onConflictDoUpdate({ target: [leaseTerms.tenancyId, leaseTerms.effectiveFrom], set: { ...columnsOf(next), createdBy: ownerId } });
    const note = {
      text: 'leaseTermsChanged',
      roomNumber: room.roomNumber,
      propertyTitle: property.title,
      from,
      rentPaise: next.rentPaise,
      rentDueDay: next.rentDueDay,
    } as const;
    await notify(tx, { userId: t.tenantId, note, link: APP_LINKS.tenantRoom(room.id) });
    await notify(tx, { userId: ownerId, note, link: APP_LINKS.ownerRooms(room.propertyId) });
    await publishLive(tx, [t.tenantId, ownerId], { kind: 'tenancy', id: t.id, roomId: room.id });
    const all = (await termsVersions(tx, [t.id])).get(t.id) ?? [];
    return { lease: await leaseAnswer(tx, t, all, today), from };
  });
}

/**
 * PUT /leases/auto-rent/:roomId: the owner switches the cycle off or on for the current tenancy. Switched
 * back on, it raises nothing for the months before this one.
 */
export async function setAutoRent(deps: Deps, ownerId: string, roomId: string, enabled: boolean): Promise<Lease> {
  return inTransaction(deps.db, async (tx) => {
    const { room } = await roomAccess(tx, asOwner(ownerId), roomId, 'owner', { lock: true });
    const t = await currentTenancy(tx, room.id, true);
    if (!t) throw conflict(MSG.leaseNoTenancy, 'roomId');
    const versions = await ensureTerms(tx, t);
    const today = todayInIndia();
    const from = enabled && !t.autoRent && t.rentCycleFrom < periodOf(today) ? periodOf(today) : t.rentCycleFrom;
    const [updated] = await tx
      .update(tenancies)
      .set({ autoRent: enabled, rentCycleFrom: from, updatedAt: new Date() })
      .where(eq(tenancies.id, t.id))
      .returning();
    await publishLive(tx, [t.tenantId, ownerId], { kind: 'tenancy', id: t.id, roomId: room.id });
    return leaseAnswer(tx, updated as TenancyRow, versions, today);
  });
}

/**
 * POST /leases/late-fee/:billId/waive: the room's owner lets go of what a Late Fee bill still owes (paid or
 * not; ADR 024's waiver, recorded on the bill as `waived_paise` and `waived_at`). The tenant is told; both see
 * "waived" on the bill.
 */
export async function waiveLateFee(deps: Deps, ownerId: string, billId: string): Promise<Bill> {
  if (!isUuid(billId)) throw notFound(MSG.lateFeeNotFound);
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(billItems).where(eq(billItems.id, billId)).limit(1);
    if (!row || row.billType !== 'Late Fee') throw notFound(MSG.lateFeeNotFound);
    const { room } = await roomAccess(tx, asOwner(ownerId), row.roomId, 'owner', { lock: true, archived: true });
    const { bill, group, paise } = await waiveRemainder(tx, billId, { nothingOwed: () => conflict(MSG.lateFeeNothingOwed, 'billId') });
    await notify(tx, {
      userId: bill.tenantId,
      note: { text: 'lateFeeWaived', amountPaise: paise, roomNumber: room.roomNumber },
      link: APP_LINKS.tenantBillings,
    });
    await publishLive(tx, [bill.tenantId, ownerId], { kind: 'bills', id: bill.groupId, roomId: bill.roomId });
    return toBill(bill, todayInIndia(), group.dueDate);
  });
}

/**
 * What each tenancy owes (My Rooms, issue 22): `outstanding` every bill not settled (lib/ledger's owedItems and
 * owedSum), `overdue` the part past its due date, `nextDue` the earliest due date today or later among the owed
 * bills with what is owed on it, or, with none, the next Rent Bill the cycle will raise.
 */
export async function owedSummary(
  db: Db,
  tenancyRows: Pick<TenancyRow, 'id' | 'autoRent' | 'leavingOn' | 'moveOutDate' | 'rentCycleFrom'>[],
  leadDays: number,
  today = todayInIndia(),
): Promise<Map<string, { outstanding: number; overdue: number; nextDue: NextDue }>> {
  const out = new Map<string, { outstanding: number; overdue: number; nextDue: NextDue }>();
  const versions = await termsVersions(
    db,
    tenancyRows.map((t) => t.id),
  );
  for (const t of tenancyRows) {
    const items = await owedItems(db, t.id, false);
    const outstanding = owedSum(items);
    const dues = items.length
      ? await db
          .select({ id: billItems.id, dueDate: billGroups.dueDate })
          .from(billItems)
          .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
          .where(
            inArray(
              billItems.id,
              items.map((i) => i.id),
            ),
          )
      : [];
    const dueOf = new Map(dues.map((d) => [d.id, d.dueDate]));
    let overdue = 0;
    const upcoming = new Map<string, number>();
    for (const i of items) {
      const due = dueOf.get(i.id) ?? today;
      if (isOverdueItem(i, due, today)) overdue += owedPaise(i);
      else upcoming.set(due, (upcoming.get(due) ?? 0) + owedPaise(i));
    }
    let nextDue: NextDue = null;
    const first = [...upcoming.keys()].sort()[0];
    if (first) nextDue = { date: first, amount: upcoming.get(first) ?? 0 };
    if (t.autoRent && !t.moveOutDate) {
      const billed = await db
        .select({ p: billItems.rentPeriod })
        .from(billItems)
        .where(and(eq(billItems.tenancyId, t.id), gte(billItems.rentPeriod, addMonths(periodOf(today), -1))));
      const rent = projectedRent(versions.get(t.id) ?? [], t, new Set(billed.map((b) => b.p ?? '')), today, leadDays);
      if (rent && (!nextDue || rent.date < nextDue.date)) nextDue = rent;
    }
    out.set(t.id, { outstanding, overdue, nextDue });
  }
  return out;
}

/** The next Rent Bill the cycle will raise (not raised yet, due today or later): its due date and amount, or null. */
function projectedRent(
  versions: LeaseTermsRow[],
  t: Pick<TenancyRow, 'leavingOn' | 'rentCycleFrom'>,
  billed: Set<string>,
  today: string,
  leadDays: number,
): NextDue {
  const start = versions[0];
  if (!start) return null;
  const from = [addMonths(periodOf(today), -1), t.rentCycleFrom, periodOf(start.startDate)].reduce((a, b) => (a > b ? a : b));
  let period = from;
  for (let i = 0; i < 3; i++, period = addMonths(period, 1)) {
    if (t.leavingOn && period > periodOf(t.leavingOn)) return null;
    if (billed.has(period)) continue;
    const terms = termsFor(versions, period);
    if (!terms) return null;
    const s = scheduleOf(terms, period, leadDays, firstBillDays(versions, period));
    if (s.dueDate < today) continue;
    const amount = rentForPeriod(terms, period, t.leavingOn);
    return amount > 0 ? { date: s.dueDate, amount } : null;
  }
  return null;
}

/**
 * The seed's rule for tenancies it backdates (the migration's for existing ones): the cycle starts with the
 * month after the tenancy's latest Rent Bill, or the month after `today` without one, never before its
 * lease start's month.
 */
export async function startCycleAfterLatestRentBill(db: Db, tenancyId: string, today = todayInIndia()): Promise<string> {
  const [row] = await db.select().from(tenancies).where(eq(tenancies.id, tenancyId));
  if (!row) throw notFound(MSG.roomNotFound);
  const [billed] = await db
    .select({ p: max(billItems.rentPeriod) })
    .from(billItems)
    .where(eq(billItems.tenancyId, tenancyId));
  const after = billed?.p ? addMonths(billed.p, 1) : addMonths(periodOf(today), 1);
  const from = [after, periodOf(row.moveInDate)].reduce((a, b) => (a > b ? a : b));
  await db.update(tenancies).set({ rentCycleFrom: from }).where(eq(tenancies.id, tenancyId));
  return from;
}
