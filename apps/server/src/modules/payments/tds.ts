import { paiseToRupees, rentPeriodRange, TDS_194IB_THRESHOLD_PAISE, type TdsNotice, tds194Ib } from '@kiraya/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { billGroups, billItems, paymentAllocations, properties, rooms, tenancies, users } from '../../db/schema.js';
import { todayInIndia } from '../../lib/dates.js';

/**
 * TDS on rent (Income Tax Act, section 194-IB; issue 23), in one place for the yearly rent receipt and both
 * statistics pages. The rate and the threshold are the contract's dated constants (`tds194Ib`).
 */

/** The Indian financial year (FY2026-27) a YYYY-MM-DD date falls in: 1 April to 31 March. */
export function financialYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 4 ? y : y - 1;
  return `FY${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export type TdsYear = {
  /** FY2026-27, its first and last day and its label. */
  period: string;
  from: string;
  to: string;
  label: string;
  /** The largest Rent Bill dated in the year (paise). */
  monthlyRentPaise: number;
  /** Rent paid for the year's months (allocations to its Rent Bills, whenever paid; reversed payments have none). */
  yearRentPaise: number;
  /** The day the tax is deducted: the year's last day, or the move-out day when the tenancy ended in the year. */
  deductOn: string;
  /** Null when the monthly rent is not above the threshold (or before the section applied). */
  tds: { rateBp: number; taxPaise: number } | null;
};

/**
 * What a tenant paid as rent for a room in a financial year, and what section 194-IB asks of it, in integer
 * paise. The one computation behind the yearly rent receipt and the statistics pages.
 */
export async function tdsOfYear(db: Db, q: { roomId: string; tenantId: string; period: string }): Promise<TdsYear> {
  const fy = rentPeriodRange(q.period);
  const inYear = sql`${billGroups.billDate} between ${fy.from}::date and ${fy.to}::date`;
  const rentOfRoom = and(eq(billItems.roomId, q.roomId), eq(billItems.tenantId, q.tenantId), eq(billItems.billType, 'Rent Bill'), inYear);
  const [[paid], [monthly], stays] = await Promise.all([
    db
      .select({ n: sql<string | null>`sum(${paymentAllocations.amountPaise})` })
      .from(paymentAllocations)
      .innerJoin(billItems, eq(billItems.id, paymentAllocations.billItemId))
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(rentOfRoom),
    db
      .select({ n: sql<string | null>`max(${billItems.amountPaise})` })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(rentOfRoom),
    db
      .select({ moveIn: tenancies.moveInDate, moveOut: tenancies.moveOutDate })
      .from(tenancies)
      .where(and(eq(tenancies.roomId, q.roomId), eq(tenancies.tenantId, q.tenantId))),
  ]);
  // A tenancy of the room running through the year's end deducts then; one that ended in the year, at move-out.
  const running = stays.some((t) => t.moveIn <= fy.to && (t.moveOut === null || t.moveOut > fy.to));
  const endedIn = stays
    .map((t) => t.moveOut)
    .filter((d): d is string => d !== null && d >= fy.from && d <= fy.to)
    .sort()
    .at(-1);
  const deductOn = !running && endedIn ? endedIn : fy.to;
  const monthlyRentPaise = Number(monthly?.n ?? 0);
  const yearRentPaise = Number(paid?.n ?? 0);
  return {
    period: q.period,
    from: fy.from,
    to: fy.to,
    label: fy.label,
    monthlyRentPaise,
    yearRentPaise,
    deductOn,
    tds: tds194Ib({ monthlyRentPaise, yearRentPaise, on: deductOn }),
  };
}

/**
 * The statistics pages' 194-IB notices for the financial year of `today`: every tenant and room (of the
 * owner, or of the tenant) with a Rent Bill in the year above the threshold. Says whether the owner has
 * given a PAN, never the PAN.
 */
export async function tdsNotices(db: Db, who: { ownerId: string } | { tenantId: string }, today = todayInIndia()): Promise<TdsNotice[]> {
  const period = financialYearOf(today);
  const fy = rentPeriodRange(period);
  const whose: SQL = 'ownerId' in who ? eq(properties.ownerId, who.ownerId) : eq(billItems.tenantId, who.tenantId);
  const candidates = await db
    .selectDistinct({
      roomId: billItems.roomId,
      roomNumber: rooms.roomNumber,
      propertyId: properties.id,
      title: properties.title,
      tenantId: billItems.tenantId,
      tenantName: users.fullName,
      ownerHasPan: sql<boolean>`exists (select 1 from users o where o.id = ${properties.ownerId} and o.pan_cipher is not null)`,
    })
    .from(billItems)
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .innerJoin(rooms, eq(rooms.id, billItems.roomId))
    .innerJoin(properties, eq(properties.id, billItems.propertyId))
    .innerJoin(users, eq(users.id, billItems.tenantId))
    .where(
      and(
        whose,
        eq(billItems.billType, 'Rent Bill'),
        sql`${billItems.amountPaise} > ${TDS_194IB_THRESHOLD_PAISE}`,
        sql`${billGroups.billDate} between ${fy.from}::date and ${fy.to}::date`,
      ),
    )
    .orderBy(properties.title, rooms.roomNumber, users.fullName);
  const out: TdsNotice[] = [];
  for (const c of candidates) {
    const y = await tdsOfYear(db, { roomId: c.roomId, tenantId: c.tenantId, period });
    if (!y.tds) continue;
    out.push({
      property: { _id: c.propertyId, title: c.title },
      room: { _id: c.roomId, roomNumber: c.roomNumber },
      tenant: { _id: c.tenantId, fullName: c.tenantName },
      period,
      financialYear: y.label,
      ratePercent: y.tds.rateBp / 100,
      monthlyRent: paiseToRupees(y.monthlyRentPaise),
      yearRent: paiseToRupees(y.yearRentPaise),
      tax: paiseToRupees(y.tds.taxPaise),
      deductOn: y.deductOn,
      ownerHasPan: Boolean(c.ownerHasPan),
    });
  }
  return out;
}
