import { formatPaise, isCalendarDate, monthInWords } from '@kiraya/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  billGroups,
  billItems,
  lateFees,
  leaseTerms,
  properties,
  rentCyclePeriods,
  rooms,
  tenancies,
  users,
  type LeaseTermsRow,
} from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';
import { IS_OWED_SQL, owedPaise } from '../../lib/ledger.js';
import { pgError } from '../../lib/errors.js';
import { raiseBills } from '../bills/index.js';
import { tenanciesWithPendingReports } from '../payments/index.js';
import { addDaysIso, addMonths, lateFeeAmount, periodOf, rentForPeriod, scheduleOf, termsFor } from './cycle-math.js';
import { type LeaseEndNotice, raiseLeaseEndNotices } from './lease-end.js';
import { firstBillDays, lateFeeOf } from './terms.js';

/**
 * The rent cycle (issue 22, ADR 028). For every tenancy with automatic rent on, each rent period's Rent Bill
 * is raised once, `leadDays` before its due day, through the bills module's own `raiseBills` (credit applied,
 * the tenant notified, as for a bill the owner adds); and, where the lease has a late fee, one Late Fee bill per
 * Rent Bill still owed after the grace days.
 *
 * Exactly once, on any number of instances and runs: each bill is raised in a transaction that locks the room
 * (as add-bill does) and then claims its key with an insert that only one transaction can make: the period in
 * `rent_cycle_periods` (primary key tenancy + period), the late fee in `late_fees` (primary key: the Rent Bill).
 * A Rent Bill the owner added for the period counts (the claim then records that none was raised), and
 * `bill_items_rent_period_uq` still refuses a second Rent Bill for a tenancy and month whatever happens.
 */

export type CycleBill = {
  kind: 'rent' | 'lateFee';
  billId: string;
  tenancyId: string;
  roomId: string;
  roomNumber: string;
  propertyTitle: string;
  tenantName: string;
  /** The rent period (YYYY-MM-01) the bill is for (a late fee: its Rent Bill's). */
  period: string;
  amountPaise: number;
  billDate: string;
  dueDate: string;
};

/** What a run did: the bills it created and the lease-end notices it raised. */
export type CycleResult = { date: string; created: CycleBill[]; notices: LeaseEndNotice[] };

type Deps = Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'rentCycle'> };

/** Ended tenancies stay in the cycle this long after their move-out, so their last (prorated) month is raised. */
const ENDED_GRACE_DAYS = 62;

type Candidate = {
  id: string;
  roomId: string;
  tenantId: string;
  ownerId: string;
  moveOutDate: string | null;
  leavingOn: string | null;
  rentCycleFrom: string;
  roomNumber: string;
  propertyId: string;
  propertyTitle: string;
  tenantName: string;
};

async function candidates(db: Db, date: string, only?: string[]): Promise<Candidate[]> {
  return db
    .select({
      id: tenancies.id,
      roomId: tenancies.roomId,
      tenantId: tenancies.tenantId,
      ownerId: tenancies.ownerId,
      moveOutDate: tenancies.moveOutDate,
      leavingOn: tenancies.leavingOn,
      rentCycleFrom: tenancies.rentCycleFrom,
      roomNumber: rooms.roomNumber,
      propertyId: rooms.propertyId,
      propertyTitle: properties.title,
      tenantName: users.fullName,
    })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(users, eq(users.id, tenancies.tenantId))
    .where(
      and(
        eq(tenancies.autoRent, true),
        or(isNull(tenancies.moveOutDate), gte(tenancies.moveOutDate, addDaysIso(date, -ENDED_GRACE_DAYS))),
        only ? inArray(tenancies.id, only) : undefined,
      ),
    )
    .orderBy(asc(tenancies.moveInDate), asc(tenancies.id));
}

async function versionsOf(db: Db, ids: string[]): Promise<Map<string, LeaseTermsRow[]>> {
  const out = new Map<string, LeaseTermsRow[]>();
  if (ids.length === 0) return out;
  const rows = await db.select().from(leaseTerms).where(inArray(leaseTerms.tenancyId, ids)).orderBy(asc(leaseTerms.effectiveFrom));
  for (const r of rows) out.set(r.tenancyId, [...(out.get(r.tenancyId) ?? []), r]);
  return out;
}

/** Locks the room (every writer of a room's bills takes this first) and claims the period; false if it was claimed. */
async function claimPeriod(tx: Db, t: Candidate, period: string): Promise<boolean> {
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, t.roomId)).for('update');
  const claimed = await tx
    .insert(rentCyclePeriods)
    .values({ tenancyId: t.id, period })
    .onConflictDoNothing()
    .returning({ period: rentCyclePeriods.period });
  return claimed.length > 0;
}

/** Raises the Rent Bill of one period if nobody did: answers the bill, or null. */
async function raiseRent(deps: Deps, t: Candidate, versions: LeaseTermsRow[], period: string): Promise<CycleBill | null> {
  const terms = termsFor(versions, period);
  if (!terms) return null;
  const end = t.moveOutDate ?? t.leavingOn;
  const amountPaise = rentForPeriod(terms, period, end);
  const { dueDate, billDate } = scheduleOf(terms, period, deps.config.rentCycle.leadDays, firstBillDays(versions, period));
  try {
    return await inTransaction(deps.db, async (tx) => {
      if (!(await claimPeriod(tx, t, period))) return null;
      const [manual] = await tx
        .select({ id: billItems.id })
        .from(billItems)
        .where(and(eq(billItems.tenancyId, t.id), eq(billItems.rentPeriod, period)))
        .limit(1);
      if (manual || amountPaise <= 0) return null;
      const group = await raiseBills(tx, {
        ownerId: t.ownerId,
        room: { id: t.roomId, propertyId: t.propertyId, roomNumber: t.roomNumber },
        tenancy: { id: t.id, tenantId: t.tenantId },
        billDate,
        dueDate,
        items: [{ ...NO_METER, billType: 'Rent Bill', amountPaise, rentPeriod: period }],
      });
      const billId = group.bills[0]?._id as string;
      await tx
        .update(rentCyclePeriods)
        .set({ billItemId: billId })
        .where(and(eq(rentCyclePeriods.tenancyId, t.id), eq(rentCyclePeriods.period, period)));
      return bill('rent', t, billId, period, amountPaise, billDate, dueDate);
    });
  } catch (e) {
    // A Rent Bill for the period committed by a writer that skipped the room's lock: the key held.
    if (pgError(e)?.constraint === 'bill_items_rent_period_uq') return null;
    throw e;
  }
}

const NO_METER = { meterCurrent: null, meterPrevious: null, ratePaise: null, currentPhotoId: null, previousPhotoId: null } as const;

const bill = (
  kind: CycleBill['kind'],
  t: Candidate,
  billId: string,
  period: string,
  amountPaise: number,
  billDate: string,
  dueDate: string,
): CycleBill => ({
  kind,
  billId,
  tenancyId: t.id,
  roomId: t.roomId,
  roomNumber: t.roomNumber,
  propertyTitle: t.propertyTitle,
  tenantName: t.tenantName,
  period,
  amountPaise,
  billDate,
  dueDate,
});

/** The periods of `t` whose Rent Bill is to be raised by `date` and that no run claimed yet. */
async function periodsToRaise(db: Db, t: Candidate, versions: LeaseTermsRow[], date: string, leadDays: number): Promise<string[]> {
  const first = versions[0];
  if (!first) return [];
  const end = t.moveOutDate ?? t.leavingOn;
  const claimed = new Set(
    (
      await db
        .select({ period: rentCyclePeriods.period })
        .from(rentCyclePeriods)
        .where(and(eq(rentCyclePeriods.tenancyId, t.id), gte(rentCyclePeriods.period, t.rentCycleFrom)))
    ).map((r) => r.period),
  );
  const out: string[] = [];
  let period = t.rentCycleFrom > periodOf(first.startDate) ? t.rentCycleFrom : periodOf(first.startDate);
  for (let i = 0; i < 1200; i++, period = addMonths(period, 1)) {
    if (end && period > periodOf(end)) break;
    const terms = termsFor(versions, period);
    if (!terms || scheduleOf(terms, period, leadDays, firstBillDays(versions, period)).raiseOn > date) break;
    if (!claimed.has(period)) out.push(period);
  }
  return out;
}

/** Rent Bills of the cycle's tenancies owed past their due date and grace days, with no late fee yet. */
async function overdueRent(db: Db, ids: string[], date: string) {
  if (ids.length === 0) return [];
  return db
    .select({ item: billItems, dueDate: billGroups.dueDate })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(tenancies, eq(tenancies.id, billItems.tenancyId))
    .where(
      and(
        inArray(billItems.tenancyId, ids),
        isNotNull(billItems.rentPeriod),
        gte(billItems.rentPeriod, tenancies.rentCycleFrom),
        sql`${billGroups.dueDate} < ${date}`,
        IS_OWED_SQL,
        notExists(db.select({ x: sql`1` }).from(lateFees).where(eq(lateFees.rentBillItemId, billItems.id))),
      ),
    )
    .orderBy(asc(billGroups.dueDate), asc(billItems.id));
}

/** Adds the late fee of one overdue Rent Bill if nobody did. */
async function chargeLateFee(
  deps: Deps,
  t: Candidate,
  versions: LeaseTermsRow[],
  rentItemId: string,
  period: string,
  dueDate: string,
  date: string,
): Promise<CycleBill | null> {
  const terms = termsFor(versions, period);
  const fee = terms ? lateFeeOf(terms) : null;
  if (!fee) return null;
  const chargedOn = addDaysIso(dueDate, fee.graceDays + 1);
  if (chargedOn > date) return null;
  return inTransaction(deps.db, async (tx) => {
    await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, t.roomId)).for('update');
    const [rent] = await tx.select().from(billItems).where(eq(billItems.id, rentItemId)).for('update');
    if (!rent) return null;
    const owed = owedPaise(rent);
    if (owed <= 0) return null;
    const amountPaise = lateFeeAmount(fee, owed);
    if (amountPaise <= 0) return null;
    const claimed = await tx
      .insert(lateFees)
      .values({ rentBillItemId: rentItemId, tenancyId: t.id, amountPaise, chargedOn })
      .onConflictDoNothing()
      .returning({ id: lateFees.rentBillItemId });
    if (claimed.length === 0) return null;
    const group = await raiseBills(tx, {
      ownerId: t.ownerId,
      room: { id: t.roomId, propertyId: t.propertyId, roomNumber: t.roomNumber },
      tenancy: { id: t.id, tenantId: t.tenantId },
      billDate: chargedOn,
      dueDate: chargedOn,
      items: [{ ...NO_METER, billType: 'Late Fee', amountPaise, rentPeriod: null }],
    });
    const billId = group.bills[0]?._id as string;
    await tx.update(lateFees).set({ feeBillItemId: billId }).where(eq(lateFees.rentBillItemId, rentItemId));
    return bill('lateFee', t, billId, period, amountPaise, chargedOn, chargedOn);
  });
}

/**
 * Runs the cycle as of `date` (YYYY-MM-DD, India; default today): raises every Rent Bill due to be raised by
 * then that no run raised yet, then the late fees due by then, then the lease-end notices (lease-end.ts).
 * Idempotent; safe on many instances at once.
 * `only` limits it to some tenancies (tests).
 */
export async function runRentCycle(deps: Deps, date: string = todayInIndia(), only?: string[]): Promise<CycleResult> {
  const created: CycleBill[] = [];
  const list = await candidates(deps.db, date, only);
  const versions = await versionsOf(
    deps.db,
    list.map((t) => t.id),
  );
  for (const t of list) {
    const vs = versions.get(t.id) ?? [];
    for (const period of await periodsToRaise(deps.db, t, vs, date, deps.config.rentCycle.leadDays)) {
      const b = await raiseRent(deps, t, vs, period);
      if (b) created.push(b);
    }
  }
  const byId = new Map(list.map((t) => [t.id, t]));
  const overdue = await overdueRent(deps.db, [...byId.keys()], date);
  // A payment the tenant reported (UPI, UTR) and the owner has not decided yet: no late fee meanwhile. Rejected,
  // the next run charges it as of the original due date (chargedOn below), once (the late_fees key).
  const reported = await tenanciesWithPendingReports(deps.db, [...new Set(overdue.map((o) => o.item.tenancyId))]);
  for (const { item, dueDate } of overdue) {
    const t = byId.get(item.tenancyId);
    if (!t || !item.rentPeriod || reported.has(t.id)) continue;
    const b = await chargeLateFee(deps, t, versions.get(t.id) ?? [], item.id, item.rentPeriod, dueDate, date);
    if (b) created.push(b);
  }
  const notices = await raiseLeaseEndNotices(deps, date, only);
  return { date, created, notices };
}

type Log = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void };

/** Runs the cycle every `config.rentCycle.intervalMs` (0: never) on this instance, never two runs at once; returns the stopper. */
export function startRentCycle(deps: Deps, log: Log): () => void {
  const every = deps.config.rentCycle.intervalMs;
  if (every <= 0) return () => {};
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runRentCycle(deps)
      .then((r) => {
        if (r.created.length > 0 || r.notices.length > 0)
          log.info({ created: r.created.length, notices: r.notices.length, date: r.date }, 'leases: rent cycle raised bills and notices');
      })
      .catch((e) => log.warn({ err: e }, 'leases: rent cycle failed; it runs again later'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 5_000);
  first.unref();
  const timer = setInterval(tick, every);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** What a run created, as the `rent-cycle` command prints it (also when the running server ran it for the command). */
export function rentCycleReport(result: CycleResult): string {
  const notices = result.notices ?? [];
  if (result.created.length === 0 && notices.length === 0)
    return `Rent cycle as of ${result.date}: nothing to create (every bill and lease-end notice due by then exists).\n`;
  const lines = [`Rent cycle as of ${result.date}: created ${result.created.length} bill${result.created.length === 1 ? '' : 's'}.`];
  for (const b of result.created) {
    const what = b.kind === 'rent' ? 'Rent Bill' : 'Late Fee ';
    lines.push(
      `  ${what}  ${b.propertyTitle}, Room ${b.roomNumber}  ${b.tenantName}  ${monthInWords(b.period)}  ${formatPaise(b.amountPaise)}  due ${b.dueDate}`,
    );
  }
  if (notices.length > 0) {
    lines.push(`Lease-end notices: ${notices.length} (owner and tenant told).`);
    for (const n of notices)
      lines.push(`  Lease ends  ${n.propertyTitle}, Room ${n.roomNumber}  ${n.tenantName}  term ends ${n.termEndsOn}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The operator-socket verb (ADR 027) by which `npm run rent-cycle` asks the server holding a PGlite directory to run the cycle. */
export const RENT_CYCLE_VERB = 'RENT-CYCLE';

/** The running server's side of that request: the cycle as of `date` (today if empty), reported as the command prints it. */
export async function rentCycleOnRequest(deps: Deps, date: string): Promise<string> {
  if (date && !isCalendarDate(date)) throw new Error(`--date must be a date as YYYY-MM-DD (got ${date}).`);
  return rentCycleReport(await runRentCycle(deps, date || undefined));
}
