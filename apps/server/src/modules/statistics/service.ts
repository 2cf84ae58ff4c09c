import {
  BILLINGS_PAGE_SIZE,
  DEPOSIT_BILL_TYPE,
  type BillStatusFilter,
  type BillType,
  type ExportKind,
  BILL_STATUS_LABEL,
  lastMonths,
  MSG,
  type OwnerBillRow,
  type OwnerBillings,
  type OwnerCollection,
  type OwnerStatistics,
  paiseToRupees,
  paymentMethodLabel,
  type ReceivedPayment,
  STATISTICS_MONTHS,
  type TenantStatistics,
} from '@kiraya/contract';
import { and, asc, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';
import { billGroups, billItems, payments, properties, rooms, users } from '../../db/schema.js';
import { APP_TIME_ZONE, todayInIndia } from '../../lib/dates.js';
import {
  COLLECTED_SQL,
  collectedPaise,
  IS_OWED_SQL,
  isOverdueItem,
  itemStatus,
  OVERDUE_OWED_SQL,
  OVERDUE_SQL,
  OWED_SQL,
  owedPaise,
  STATUS_SQL,
} from '../../lib/ledger.js';
import { csvLine } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { tdsNotices } from '../payments/index.js';

type Deps = Pick<AppDeps, 'db'>;

/**
 * Statistics and billings (B6, ADR 020), computed in SQL from bills, tenancies and payments. Sums are
 * integer paise (PostgreSQL bigint sums come back as text and are converted once); months are India's
 * calendar: a bill's month is its bill date's, a payment's the month of its capture in Asia/Kolkata.
 */

const rupees = (v: unknown): number => paiseToRupees(Number(v ?? 0));
const IST = sql.raw(`'${APP_TIME_ZONE}'`);

/** A bill's collected part and what it still owes: the ledger's rules (lib/ledger.ts). */
const settled = COLLECTED_SQL;
const owed = OWED_SQL;
const billMonth = sql<string>`to_char(${billGroups.billDate}, 'YYYY-MM')`;
/** A security deposit is held for the tenant, not earned: it stays out of billed and collected figures (ADR 029), not out of what is owed. */
const notDeposit = sql`${billItems.billType} <> ${DEPOSIT_BILL_TYPE}`;
const paidMonth = sql<string>`to_char(${payments.paidAt} at time zone ${IST}, 'YYYY-MM')`;
/**
 * What a payment brought for rent and bills, by payment date (ADR 042: "Received", "Collected this month" and
 * Billings' payments total count the same thing): its amount less what it paid towards a security deposit
 * (held for the tenant, ADR 029: counted apart as DEPOSIT_PART_SQL); an amount kept from the deposit for unpaid
 * bills (method `deposit`) is not money received again.
 */
const depositPart = sql`coalesce((select sum(pa.amount_paise) from payment_allocations pa join bill_items bi on bi.id = pa.bill_item_id
  where pa.payment_id = ${payments.id} and bi.bill_type = ${DEPOSIT_BILL_TYPE}), 0)`;
const keptFromDeposit = sql`(${payments.kind} = 'offline' and ${payments.method} = 'deposit')`;
const RECEIVED_SQL = sql`(case when ${keptFromDeposit} then 0 else ${payments.amountPaise} - ${depositPart} end)`;
const DEPOSIT_PART_SQL = sql`(case when ${keptFromDeposit} then 0 else ${depositPart} end)`;

/** The first day of the window's first month, and its month list (oldest first). */
function window(today = todayInIndia()) {
  const months = lastMonths(today.slice(0, 7), STATISTICS_MONTHS);
  const first = months[0] as string;
  // The window ends with this month: a bill dated ahead (next month's rent, raised a few days early) is not in it.
  const to = nextMonthStart(months[months.length - 1] as string);
  return {
    months,
    from: `${first}-01`,
    to,
    fromInstant: sql`(${`${first}-01`}::timestamp at time zone ${IST})`,
    toInstant: sql`(${to}::timestamp at time zone ${IST})`,
    today,
  };
}

function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

function toPayment(r: {
  id: string;
  receiptNumber: string;
  paidAt: Date;
  amountPaise: number;
  method: string | null;
  kind: string;
  reversedAt: Date | null;
  tenantId: string;
  tenantName: string;
  roomId: string;
  roomNumber: string;
  propertyId: string;
  title: string;
}): ReceivedPayment {
  return {
    _id: r.id,
    receiptNumber: r.receiptNumber,
    paidAt: r.paidAt.toISOString(),
    amount: paiseToRupees(r.amountPaise),
    method: r.method,
    methodLabel: paymentMethodLabel(r.kind, r.method),
    reversed: r.reversedAt !== null,
    tenant: { _id: r.tenantId, fullName: r.tenantName },
    room: { _id: r.roomId, roomNumber: r.roomNumber },
    property: { _id: r.propertyId, title: r.title },
  };
}

const paymentColumns = {
  id: payments.id,
  receiptNumber: payments.receiptNumber,
  paidAt: payments.paidAt,
  amountPaise: payments.amountPaise,
  method: payments.method,
  kind: payments.kind,
  reversedAt: payments.reversedAt,
  tenantId: payments.tenantId,
  tenantName: users.fullName,
  roomId: payments.roomId,
  roomNumber: rooms.roomNumber,
  propertyId: payments.propertyId,
  title: properties.title,
};

const paymentsQuery = (db: Db, where: SQL | undefined) =>
  db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.tenantId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id));

/** GET /statistics/owner */
export async function ownerStatistics(deps: Deps, ownerId: string, today = todayInIndia()): Promise<OwnerStatistics> {
  const db = deps.db;
  const w = window(today);
  const mine = eq(properties.ownerId, ownerId);

  const billedRows = await db
    .select({ month: billMonth, billed: sql<string>`sum(${billItems.amountPaise})`, collected: sql<string>`sum(${settled})` })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .where(and(mine, gte(billGroups.billDate, w.from), lt(billGroups.billDate, w.to), notDeposit))
    .groupBy(billMonth);

  const receivedRows = await db
    .select({ month: paidMonth, received: sql<string>`sum(${RECEIVED_SQL})`, deposit: sql<string>`sum(${DEPOSIT_PART_SQL})` })
    .from(payments)
    .where(
      and(
        eq(payments.ownerId, ownerId),
        isNull(payments.reversedAt),
        sql`${payments.paidAt} >= ${w.fromInstant} and ${payments.paidAt} < ${w.toInstant}`,
      ),
    )
    .groupBy(paidMonth);

  // Occupancy per month: rooms that existed by the month's end (created, or already let: a room entered late
  // with an older tenancy counts from its move-in; an archived one until the month it was archived in, ADR 022),
  // and rooms with a tenancy overlapping the month.
  const occupancy = await db.execute(sql`
    with m as (
      select generate_series(${w.from}::date, ${`${w.months[w.months.length - 1]}-01`}::date, interval '1 month')::date as start
    )
    select to_char(m.start, 'YYYY-MM') as month,
      (select count(*) from rooms r join properties p on p.id = r.property_id
        where p.owner_id = ${ownerId} and (r.archived_at is null or (r.archived_at at time zone ${IST})::date >= m.start)
          and ((r.created_at at time zone ${IST})::date < (m.start + interval '1 month')::date
          or exists (select 1 from tenancies t0 where t0.room_id = r.id and t0.move_in_date < (m.start + interval '1 month')::date))) as total,
      (select count(distinct t.room_id) from tenancies t join rooms r on r.id = t.room_id join properties p on p.id = r.property_id
        where p.owner_id = ${ownerId} and t.move_in_date < (m.start + interval '1 month')::date
          and (t.move_out_date is null or t.move_out_date >= m.start)) as occupied
    from m order by m.start`);
  const occRows = (occupancy as unknown as { rows: { month: string; total: string | number; occupied: string | number }[] }).rows;

  const byRoomRows = await db
    .select({
      roomId: billItems.roomId,
      roomNumber: rooms.roomNumber,
      propertyId: billItems.propertyId,
      title: properties.title,
      outstanding: sql<string>`sum(${owed})`,
      overdue: sql<string>`sum(${OVERDUE_OWED_SQL(today)})`,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(rooms, eq(rooms.id, billItems.roomId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .where(mine)
    .groupBy(billItems.roomId, rooms.roomNumber, billItems.propertyId, properties.title)
    .having(sql`sum(${owed}) > 0`)
    .orderBy(sql`sum(${owed}) desc`, properties.title, rooms.roomNumber);

  const [roomCounts] = await db
    .select({ total: sql<string>`count(*)`, occupied: sql<string>`count(${rooms.tenantId})` })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .where(and(mine, isNull(rooms.archivedAt)));

  const latest = await paymentsQuery(db, eq(payments.ownerId, ownerId)).limit(10);

  const billed = new Map(billedRows.map((r) => [r.month, r]));
  const received = new Map(receivedRows.map((r) => [r.month, Number(r.received)]));
  const occ = new Map(occRows.map((r) => [r.month, r]));
  const months = w.months.map((month) => ({
    month,
    billed: rupees(billed.get(month)?.billed),
    collected: rupees(billed.get(month)?.collected),
    received: paiseToRupees(received.get(month) ?? 0),
    occupiedRooms: Number(occ.get(month)?.occupied ?? 0),
    totalRooms: Number(occ.get(month)?.total ?? 0),
  }));

  const byProperty = new Map<string, { _id: string; title: string; outstanding: number; overdue: number }>();
  let outstanding = 0;
  let overdue = 0;
  for (const r of byRoomRows) {
    const o = Number(r.outstanding);
    const d = Number(r.overdue);
    outstanding += o;
    overdue += d;
    const p = byProperty.get(r.propertyId) ?? { _id: r.propertyId, title: r.title, outstanding: 0, overdue: 0 };
    p.outstanding += o;
    p.overdue += d;
    byProperty.set(r.propertyId, p);
  }
  const sumPaise = (k: 'billed' | 'collected') => billedRows.reduce((s, r) => s + Number(r[k]), 0);

  return {
    months,
    totals: {
      billed: paiseToRupees(sumPaise('billed')),
      collected: paiseToRupees(sumPaise('collected')),
      outstanding: paiseToRupees(outstanding),
      overdue: paiseToRupees(overdue),
      received: paiseToRupees([...received.values()].reduce((s, v) => s + v, 0)),
      depositReceived: paiseToRupees(receivedRows.reduce((s, r) => s + Number(r.deposit ?? 0), 0)),
    },
    outstandingByProperty: [...byProperty.values()]
      .sort((a, b) => b.outstanding - a.outstanding || a.title.localeCompare(b.title))
      .map((p) => ({ ...p, outstanding: paiseToRupees(p.outstanding), overdue: paiseToRupees(p.overdue) })),
    outstandingByRoom: byRoomRows.map((r) => ({
      room: { _id: r.roomId, roomNumber: r.roomNumber },
      property: { _id: r.propertyId, title: r.title },
      outstanding: rupees(r.outstanding),
      overdue: rupees(r.overdue),
    })),
    latestPayments: latest.map(toPayment),
    rooms: { total: Number(roomCounts?.total ?? 0), occupied: Number(roomCounts?.occupied ?? 0) },
    tds: await tdsNotices(db, { ownerId }, today),
  };
}

/**
 * GET /statistics/owner/collection: this month's collection per room, overdue rooms first (issue 22): billed
 * and pending by bill date, collected by payment date (the Statistics' "Received" of the month, ADR 042).
 */
export async function ownerCollection(deps: Deps, ownerId: string, today = todayInIndia()): Promise<OwnerCollection> {
  const month = today.slice(0, 7);
  const inMonth = sql`(${billGroups.billDate} >= ${`${month}-01`} and ${billGroups.billDate} < ${nextMonthStart(month)} and ${notDeposit})`;
  const sum = (what: SQL, when: SQL) => sql<string>`coalesce(sum(${what}) filter (where ${when}), 0)`;
  // Collected this month: payments made in it (India's calendar), for bills of any month, not reversed (ADR 042).
  const paidThisMonth = sql`${payments.reversedAt} is null and ${paidMonth} = ${month}`;
  const rows = await deps.db
    .select({
      roomId: rooms.id,
      roomNumber: rooms.roomNumber,
      propertyId: properties.id,
      title: properties.title,
      tenantId: users.id,
      tenantName: users.fullName,
      billed: sum(sql`${billItems.amountPaise}`, inMonth),
      collected: sql<string>`(select coalesce(sum(${RECEIVED_SQL}), 0) from ${payments} where ${payments.roomId} = ${rooms.id} and ${paidThisMonth})`,
      pending: sum(owed, inMonth),
      overdue: sum(owed, OVERDUE_SQL(today)),
    })
    .from(rooms)
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .leftJoin(users, eq(users.id, rooms.tenantId))
    .leftJoin(billItems, eq(billItems.roomId, rooms.id))
    .leftJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(eq(properties.ownerId, ownerId))
    .groupBy(rooms.id, rooms.roomNumber, properties.id, properties.title, users.id, users.fullName)
    .having(
      sql`${users.id} is not null or coalesce(sum(${billItems.amountPaise}) filter (where ${inMonth}), 0) > 0
        or coalesce(sum(${owed}) filter (where ${OVERDUE_SQL(today)}), 0) > 0
        or exists (select 1 from ${payments} where ${payments.roomId} = ${rooms.id} and ${paidThisMonth})`,
    );
  const list = rows
    .map((r) => ({
      property: { _id: r.propertyId, title: r.title },
      room: { _id: r.roomId, roomNumber: r.roomNumber },
      tenant: r.tenantId && r.tenantName !== null ? { _id: r.tenantId, fullName: r.tenantName } : null,
      paise: { billed: Number(r.billed), collected: Number(r.collected), pending: Number(r.pending), overdue: Number(r.overdue) },
    }))
    .sort(
      (a, b) =>
        b.paise.overdue - a.paise.overdue ||
        b.paise.pending - a.paise.pending ||
        a.property.title.localeCompare(b.property.title) ||
        a.room.roomNumber.localeCompare(b.room.roomNumber, undefined, { numeric: true }),
    );
  const total = (k: keyof (typeof list)[number]['paise']) => paiseToRupees(list.reduce((s, r) => s + r.paise[k], 0));
  return {
    month,
    totals: { billed: total('billed'), collected: total('collected'), pending: total('pending'), overdue: total('overdue') },
    rooms: list.map(({ paise, ...r }) => ({
      ...r,
      billed: paiseToRupees(paise.billed),
      collected: paiseToRupees(paise.collected),
      pending: paiseToRupees(paise.pending),
      overdue: paiseToRupees(paise.overdue),
    })),
  };
}

export type BillingsFilter = { propertyId?: string; roomId?: string; status?: BillStatusFilter; month?: string; page?: number };

function checkIds(f: BillingsFilter) {
  if (f.propertyId && !isUuid(f.propertyId)) throw badRequest(MSG.billingsPropertyInvalid, 'propertyId');
  if (f.roomId && !isUuid(f.roomId)) throw badRequest(MSG.billingsRoomInvalid, 'roomId');
}

/** The SQL filter of the owner's bills for the Billings filters. */
function billFilter(ownerId: string, f: BillingsFilter, today: string): SQL | undefined {
  checkIds(f);
  const where: (SQL | undefined)[] = [eq(properties.ownerId, ownerId)];
  if (f.propertyId) where.push(eq(billItems.propertyId, f.propertyId));
  if (f.roomId) where.push(eq(billItems.roomId, f.roomId));
  if (f.month) where.push(gte(billGroups.billDate, `${f.month}-01`), lt(billGroups.billDate, nextMonthStart(f.month)));
  if (f.status === 'unpaid' || f.status === 'partly_paid' || f.status === 'paid') where.push(STATUS_SQL[f.status]);
  if (f.status === 'overdue') where.push(OVERDUE_SQL(today));
  return and(...where);
}

/** Count and sums of every bill matching the filters, in SQL (issue 19: not of the first rows only). */
async function ownerBillTotals(db: Db, ownerId: string, f: BillingsFilter, today: string) {
  const [t] = await db
    .select({
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${billItems.amountPaise}), 0)`,
      paid: sql<string>`coalesce(sum(${COLLECTED_SQL}), 0)`,
      outstanding: sql<string>`coalesce(sum(${OWED_SQL}), 0)`,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .where(billFilter(ownerId, f, today));
  return { count: Number(t?.count ?? 0), amount: rupees(t?.amount), paid: rupees(t?.paid), outstanding: rupees(t?.outstanding) };
}

/** The owner's bills matching the filters, oldest due first within newest bill date first; one page, or all (CSV). */
async function ownerBillRows(
  db: Db,
  ownerId: string,
  f: BillingsFilter,
  today: string,
  page: { limit: number; offset: number } = { limit: 100_000, offset: 0 },
): Promise<OwnerBillRow[]> {
  const where = [billFilter(ownerId, f, today)];
  const rows = await db
    .select({
      item: billItems,
      billDate: billGroups.billDate,
      dueDate: billGroups.dueDate,
      roomNumber: rooms.roomNumber,
      title: properties.title,
      tenantName: users.fullName,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(rooms, eq(rooms.id, billItems.roomId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .innerJoin(users, eq(users.id, billItems.tenantId))
    .where(and(...where))
    .orderBy(desc(billGroups.billDate), asc(properties.title), asc(rooms.roomNumber), asc(billItems.createdAt), asc(billItems.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => {
    const paid = collectedPaise(r.item);
    const status = itemStatus(r.item);
    return {
      _id: r.item.id,
      billType: r.item.billType as BillType,
      billDate: r.billDate,
      dueDate: r.dueDate,
      amount: paiseToRupees(r.item.amountPaise),
      paid: paiseToRupees(paid),
      outstanding: paiseToRupees(owedPaise(r.item)),
      status,
      overdue: isOverdueItem(r.item, r.dueDate, today),
      tenant: { _id: r.item.tenantId, fullName: r.tenantName },
      room: { _id: r.item.roomId, roomNumber: r.roomNumber },
      property: { _id: r.item.propertyId, title: r.title },
    };
  });
}

async function ownerPaymentRows(db: Db, ownerId: string, f: BillingsFilter): Promise<ReceivedPayment[]> {
  checkIds(f);
  const where: (SQL | undefined)[] = [eq(payments.ownerId, ownerId)];
  if (f.propertyId) where.push(eq(payments.propertyId, f.propertyId));
  if (f.roomId) where.push(eq(payments.roomId, f.roomId));
  if (f.month) where.push(sql`${paidMonth} = ${f.month}`);
  return (await paymentsQuery(db, and(...where)).limit(2000)).map(toPayment);
}

/** The payments' total as Statistics counts "Received": for rent and bills, not reversed, deposits apart (ADR 042). */
async function ownerReceivedTotal(db: Db, ownerId: string, f: BillingsFilter): Promise<number> {
  const where: (SQL | undefined)[] = [eq(payments.ownerId, ownerId), isNull(payments.reversedAt)];
  if (f.propertyId) where.push(eq(payments.propertyId, f.propertyId));
  if (f.roomId) where.push(eq(payments.roomId, f.roomId));
  if (f.month) where.push(sql`${paidMonth} = ${f.month}`);
  const [t] = await db
    .select({ total: sql<string>`coalesce(sum(${RECEIVED_SQL}), 0)` })
    .from(payments)
    .where(and(...where));
  return rupees(t?.total);
}

/** GET /statistics/owner/billings */
export async function ownerBillings(deps: Deps, ownerId: string, f: BillingsFilter, today = todayInIndia()): Promise<OwnerBillings> {
  const pageNo = f.page ?? 1;
  const [bills, totals] = await Promise.all([
    ownerBillRows(deps.db, ownerId, f, today, { limit: BILLINGS_PAGE_SIZE, offset: (pageNo - 1) * BILLINGS_PAGE_SIZE }),
    ownerBillTotals(deps.db, ownerId, f, today),
  ]);
  const [paymentsList, paymentsTotal] = await Promise.all([ownerPaymentRows(deps.db, ownerId, f), ownerReceivedTotal(deps.db, ownerId, f)]);
  const places = await deps.db
    .select({ propertyId: properties.id, title: properties.title, roomId: rooms.id, roomNumber: rooms.roomNumber })
    .from(properties)
    .leftJoin(rooms, eq(rooms.propertyId, properties.id))
    .where(eq(properties.ownerId, ownerId))
    .orderBy(asc(properties.title), asc(rooms.roomNumber));
  const props = new Map<string, OwnerBillings['properties'][number]>();
  for (const p of places) {
    const entry = props.get(p.propertyId) ?? { _id: p.propertyId, title: p.title, rooms: [] };
    if (p.roomId && p.roomNumber !== null) entry.rooms.push({ _id: p.roomId, roomNumber: p.roomNumber });
    props.set(p.propertyId, entry);
  }
  return {
    bills,
    totals,
    page: pageNo,
    pageCount: Math.max(1, Math.ceil(totals.count / BILLINGS_PAGE_SIZE)),
    payments: paymentsList,
    paymentsTotal,
    properties: [...props.values()],
  };
}

/** GET /statistics/tenant */
export async function tenantStatistics(deps: Deps, tenantId: string, today = todayInIndia()): Promise<TenantStatistics> {
  const db = deps.db;
  const w = window(today);
  const byType = await db
    .select({ month: billMonth, billType: billItems.billType, amount: sql<string>`sum(${billItems.amountPaise})` })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(and(eq(billItems.tenantId, tenantId), gte(billGroups.billDate, w.from), notDeposit))
    .groupBy(billMonth, billItems.billType)
    .orderBy(billMonth, billItems.billType);
  const paid = await db
    .select({ month: paidMonth, amount: sql<string>`sum(${payments.amountPaise})` })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), isNull(payments.reversedAt), sql`${payments.paidAt} >= ${w.fromInstant}`))
    .groupBy(paidMonth);
  const [totals] = await db
    .select({
      billed: sql<string>`coalesce(sum(${billItems.amountPaise}) filter (where ${notDeposit}), 0)`,
      outstanding: sql<string>`coalesce(sum(${owed}), 0)`,
      overdue: sql<string>`coalesce(sum(${OVERDUE_OWED_SQL(today)}), 0)`,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(eq(billItems.tenantId, tenantId));
  const [paidTotal] = await db
    .select({ amount: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), isNull(payments.reversedAt)));
  const due = await db
    .select({
      id: billItems.id,
      billType: billItems.billType,
      billDate: billGroups.billDate,
      dueDate: billGroups.dueDate,
      owed: sql<string>`${owed}`,
      overdue: sql<boolean>`${OVERDUE_SQL(today)}`,
      roomId: billItems.roomId,
      roomNumber: rooms.roomNumber,
      propertyId: billItems.propertyId,
      title: properties.title,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(rooms, eq(rooms.id, billItems.roomId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .where(and(eq(billItems.tenantId, tenantId), IS_OWED_SQL))
    .orderBy(asc(billGroups.dueDate), asc(billGroups.billDate), asc(billItems.createdAt), asc(billItems.id))
    .limit(10);

  const months = w.months.map((month) => {
    const rows = byType.filter((r) => r.month === month);
    return {
      month,
      byType: rows.map((r) => ({ billType: r.billType as BillType, amount: rupees(r.amount) })),
      total: paiseToRupees(rows.reduce((s, r) => s + Number(r.amount), 0)),
    };
  });
  const paidMap = new Map(paid.map((r) => [r.month, Number(r.amount)]));
  return {
    months,
    paidByMonth: w.months.map((month) => ({ month, amount: paiseToRupees(paidMap.get(month) ?? 0) })),
    dueNext: due.map((r) => ({
      _id: r.id,
      billType: r.billType as BillType,
      billDate: r.billDate,
      dueDate: r.dueDate,
      outstanding: rupees(r.owed),
      overdue: r.overdue,
      room: { _id: r.roomId, roomNumber: r.roomNumber },
      property: { _id: r.propertyId, title: r.title },
    })),
    totals: {
      billed: rupees(totals?.billed),
      paid: rupees(paidTotal?.amount),
      outstanding: rupees(totals?.outstanding),
      overdue: rupees(totals?.overdue),
    },
    tds: await tdsNotices(db, { tenantId }, today),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** The owner's bills or payments as CSV text (a UTF-8 BOM first so spreadsheets read ₹ and names right). */
export async function ownerExport(
  deps: Deps,
  ownerId: string,
  kind: ExportKind,
  f: BillingsFilter,
  today = todayInIndia(),
): Promise<{ filename: string; csv: string }> {
  const lines: string[] = [];
  if (kind === 'bills') {
    lines.push(
      csvLine([
        'Bill date',
        'Due date',
        'Property',
        'Room',
        'Tenant',
        'Bill type',
        'Amount (INR)',
        'Paid (INR)',
        'Outstanding (INR)',
        'Status',
        'Overdue',
      ]),
    );
    for (const b of await ownerBillRows(deps.db, ownerId, f, today))
      lines.push(
        csvLine([
          b.billDate,
          b.dueDate,
          b.property.title,
          b.room.roomNumber,
          b.tenant.fullName,
          b.billType,
          b.amount,
          b.paid,
          b.outstanding,
          BILL_STATUS_LABEL[b.status],
          b.overdue ? 'yes' : 'no',
        ]),
      );
  } else {
    lines.push(csvLine(['Paid at (IST)', 'Receipt', 'Property', 'Room', 'Tenant', 'Amount (INR)', 'Method', 'Reversed']));
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: APP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    for (const p of await ownerPaymentRows(deps.db, ownerId, f))
      lines.push(
        csvLine([
          fmt.format(new Date(p.paidAt)).replace(',', ''),
          p.receiptNumber,
          p.property.title,
          p.room.roomNumber,
          p.tenant.fullName,
          p.amount,
          p.methodLabel,
          p.reversed ? 'yes' : 'no',
        ]),
      );
  }
  return { filename: `kiraya-${kind}-${today}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
