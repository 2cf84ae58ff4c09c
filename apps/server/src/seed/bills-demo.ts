import { addDays, meterAmountPaise } from '@kiraya/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { billGroups, billItems, rooms, tenancies } from '../db/schema.js';
import { todayInIndia } from '../lib/dates.js';
import { newId } from '../lib/ids.js';
import type { DemoPeople } from './demo.js';

/** The first day of the month `back` months before `today`'s month (YYYY-MM-01). */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The bills part of the demo (B16): for each current tenancy of the demo owners' rooms, a bill group on
 * the 1st of each month of the last year (from the move-in month): the rent and an electricity bill whose
 * meter readings form a chain (each previous reading is the month before's current one). Older months are
 * paid, two months ago is partly paid, last month is unpaid and overdue, this month is unpaid.
 * Written in two inserts (the seed test stays fast).
 */
export async function seedBillsDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  const current = await deps.db
    .select({ tenancy: tenancies, propertyId: rooms.propertyId })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)))
    .orderBy(asc(tenancies.moveInDate));
  const today = todayInIndia();
  const groups: (typeof billGroups.$inferInsert)[] = [];
  const items: (typeof billItems.$inferInsert)[] = [];
  current.forEach(({ tenancy: t, propertyId }, n) => {
    let reading = 1000 + n * 1375; // whole units
    for (let back = 11; back >= 0; back--) {
      const billDate = monthStart(today, back);
      if (billDate < monthStart(t.moveInDate, 0)) continue;
      const dueDate = addDays(billDate, 10) as string;
      const groupId = newId();
      groups.push({ id: groupId, roomId: t.roomId, propertyId, billDate, dueDate });
      const used = 90 + ((n * 37 + back * 53) % 110); // 90-199 units a month
      const previous = reading;
      reading += used;
      const ratePaise = 850;
      const electricity = meterAmountPaise({ current: reading, previous, ratePerUnit: ratePaise / 100 });
      const paid = (amount: number) => (back >= 3 ? amount : back === 2 ? Math.floor(amount / 2) : 0);
      const base = { groupId, roomId: t.roomId, propertyId, tenancyId: t.id, tenantId: t.tenantId };
      items.push(
        { ...base, id: newId(), billType: 'Rent Bill', amountPaise: t.rentPaise, paidPaise: paid(t.rentPaise) },
        {
          ...base,
          id: newId(),
          billType: 'Electricity Bill',
          amountPaise: electricity,
          paidPaise: paid(electricity),
          meterPrevious: previous * 100,
          meterCurrent: reading * 100,
          ratePaise,
        },
      );
    }
  });
  if (groups.length === 0) return;
  await deps.db.transaction(async (tx) => {
    await tx.insert(billGroups).values(groups);
    await tx.insert(billItems).values(items);
  });
}
