import { randomBytes } from 'node:crypto';
import { APP_LINKS } from '@kiraya/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { inTransaction } from '../db/index.js';
import { billGroups, billItems, notifications, paymentOrders, paymentReports, payments, rooms, tenancies, users } from '../db/schema.js';
import { todayInIndia } from '../lib/dates.js';
import { newId } from '../lib/ids.js';
import { recordOfflinePaymentIn, recordPayment } from '../modules/payments/index.js';
import type { DemoPeople } from './demo.js';

const token = () => randomBytes(10).toString('hex');

/**
 * The payments part of the demo (B16): each current tenancy of the demo owners paid its monthly bill groups
 * through the ledger (an order and a recorded sandbox payment with its receipt, five days after the bill
 * date), except the last three months: three months ago is paid in part (a partly paid bill), the last two
 * are unpaid (last month's is overdue).
 */
export async function seedPaymentsDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  // Issue 23: the first demo owner takes rent by UPI straight to their UPI ID, and in cash.
  const upiOwner = ownerIds[0] as string;
  await deps.db.update(users).set({ upiVpa: 'priya.demo@okhdfcbank' }).where(eq(users.id, upiOwner));
  let reported = false;
  const current = await deps.db
    .select()
    .from(tenancies)
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)))
    .orderBy(asc(tenancies.moveInDate));
  for (const t of current) {
    const rows = await deps.db
      .select({ groupId: billGroups.id, billDate: billGroups.billDate, amountPaise: billItems.amountPaise, itemId: billItems.id })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(eq(billItems.tenancyId, t.id))
      .orderBy(asc(billGroups.billDate), asc(billItems.createdAt), asc(billItems.id));
    const groups: { billDate: string; totalPaise: number; itemIds: string[] }[] = [];
    for (const r of rows) {
      const last = groups.at(-1);
      if (last && last.billDate === r.billDate) {
        last.totalPaise += r.amountPaise;
        last.itemIds.push(r.itemId);
      } else groups.push({ billDate: r.billDate, totalPaise: r.amountPaise, itemIds: [r.itemId] });
    }
    const payable = groups.slice(0, Math.max(0, groups.length - 2));
    for (const [i, g] of payable.entries()) {
      const partly = i === payable.length - 1;
      const amountPaise = partly ? Math.max(100, Math.floor(g.totalPaise / 2)) : g.totalPaise;
      // 10:30 in India, five days after the bill date.
      const paidAt = new Date(`${g.billDate}T05:00:00.000Z`);
      paidAt.setUTCDate(paidAt.getUTCDate() + 5);
      // The UPI owner's tenants paid some months outside the gateway: cash, or UPI direct with its UTR.
      if (t.ownerId === upiOwner && i % 3 !== 0) {
        const method = i % 3 === 1 ? ('cash' as const) : ('upi' as const);
        const { paymentId } = await inTransaction(deps.db, (tx) =>
          recordOfflinePaymentIn(tx, {
            tenancyId: t.id,
            amountPaise,
            method,
            paidOn: paidAt.toISOString().slice(0, 10),
            reference: method === 'upi' ? utr() : null,
            note: method === 'cash' ? 'Paid in cash at the door.' : null,
            recordedBy: t.ownerId,
            source: 'recorded',
          }),
        );
        // Recorded when they were paid (long past the 30 days in which a payment can be reversed), and seen.
        await deps.db.update(payments).set({ createdAt: paidAt, updatedAt: paidAt }).where(eq(payments.id, paymentId));
        await deps.db
          .update(notifications)
          .set({ createdAt: paidAt, readAt: paidAt })
          .where(and(eq(notifications.userId, t.tenantId), eq(notifications.link, APP_LINKS.tenantReceipt(paymentId))));
        continue;
      }
      const orderId = newId();
      await deps.db.insert(paymentOrders).values({
        id: orderId,
        gateway: 'sandbox',
        gatewayOrderId: `order_Demo${token()}`,
        roomId: t.roomId,
        propertyId: (await roomProperty(deps, t.roomId)) ?? '',
        tenancyId: t.id,
        tenantId: t.tenantId,
        ownerId: t.ownerId,
        amountPaise,
        billItemIds: g.itemIds,
        createdAt: paidAt,
        updatedAt: paidAt,
      });
      const { payment } = await recordPayment(deps, orderId, {
        gatewayPaymentId: `pay_Demo${token()}`,
        method: i % 3 === 0 ? 'card' : 'upi',
        paidAt,
        source: 'verify',
      });
      // The owner's "payment received" dates from the payment; all but each tenant's latest were seen then.
      await deps.db
        .update(notifications)
        .set({ createdAt: paidAt, readAt: partly ? null : paidAt })
        .where(and(eq(notifications.userId, t.ownerId), eq(notifications.link, APP_LINKS.ownerReceipt(payment.id))));
    }
    // One pending report: a tenant of the UPI owner says they paid last month's bills by UPI.
    const last = groups.at(-1);
    if (!reported && t.ownerId === upiOwner && last) {
      reported = true;
      const reportId = newId();
      await deps.db.insert(paymentReports).values({
        id: reportId,
        roomId: t.roomId,
        propertyId: (await roomProperty(deps, t.roomId)) ?? '',
        tenancyId: t.id,
        tenantId: t.tenantId,
        ownerId: t.ownerId,
        amountPaise: Math.max(100, Math.min(last.totalPaise, groups.at(-2)?.totalPaise ?? last.totalPaise)),
        reference: utr(),
        paidOn: todayInIndia(),
        note: null,
      });
    }
  }
}

/** A demo UTR: 12 digits. */
const utr = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));

async function roomProperty(deps: AppDeps, roomId: string): Promise<string | undefined> {
  const [r] = await deps.db.select({ propertyId: rooms.propertyId }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return r?.propertyId;
}
