import { addDays, meterAmountPaise } from '@kiraya/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../deps.js';
import { billGroups, billItems, rooms, tenancies } from '../db/schema.js';
import { todayInIndia } from '../lib/dates.js';
import { newId } from '../lib/ids.js';
import { uploadMeterPhoto } from '../modules/bills/index.js';
import type { DemoPeople } from './demo.js';

/** The first day of the month `back` months before `today`'s month (YYYY-MM-01). */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/** A small picture of an electricity meter's display showing `reading` (the demo's meter photos). */
async function meterPicture(reading: number): Promise<Buffer> {
  const digits = String(reading).padStart(6, '0');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
  <rect width="320" height="240" fill="#d8d4cc"/><rect x="40" y="40" width="240" height="160" rx="14" fill="#f4f2ee" stroke="#777" stroke-width="4"/>
  <rect x="70" y="90" width="180" height="50" fill="#1f2a1f"/>
  <text x="160" y="128" font-family="monospace" font-size="34" fill="#9fe870" text-anchor="middle">${digits}</text>
  <text x="160" y="175" font-family="sans-serif" font-size="14" fill="#444" text-anchor="middle">kWh</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The bills part of the demo (B16): for each current tenancy of the demo owners' rooms, a bill group on
 * the 1st of each month of the last year (from the move-in month): the rent and an electricity bill whose
 * meter readings form a chain (each previous reading is the month before's current one). The bills are
 * written unpaid: the payments demo (payments-demo.ts) pays them through the ledger.
 * Written in two inserts (the seed test stays fast); the latest electricity bill of each tenancy gets
 * photos of both readings.
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
  const latest: { index: number; ownerId: string }[] = [];
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
      const base = { groupId, roomId: t.roomId, propertyId, tenancyId: t.id, tenantId: t.tenantId };
      items.push(
        { ...base, id: newId(), billType: 'Rent Bill', amountPaise: t.rentPaise, rentPeriod: billDate },
        {
          ...base,
          id: newId(),
          billType: 'Electricity Bill',
          amountPaise: electricity,
          meterPrevious: previous * 100,
          meterCurrent: reading * 100,
          ratePaise,
        },
      );
      if (back === 0) latest.push({ index: items.length - 1, ownerId: t.ownerId });
    }
  });
  for (const { index, ownerId } of latest) {
    const item = items[index] as typeof billItems.$inferInsert;
    const [current, previous] = await Promise.all([
      meterPicture((item.meterCurrent ?? 0) / 100),
      meterPicture((item.meterPrevious ?? 0) / 100),
    ]);
    item.currentPhotoId = (await uploadMeterPhoto(deps, ownerId, current))._id;
    item.previousPhotoId = (await uploadMeterPhoto(deps, ownerId, previous))._id;
  }
  if (groups.length === 0) return;
  await deps.db.transaction(async (tx) => {
    await tx.insert(billGroups).values(groups);
    await tx.insert(billItems).values(items);
  });
}
