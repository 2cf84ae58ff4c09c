import {
  PAYMENT_CURRENCY,
  type Payment,
  type PaymentGatewayName,
  type PaymentSource,
  paiseToRupees,
  paymentMethodLabel,
  REVERSAL_WINDOW_DAYS,
} from '@kiraya/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.js';
import { billGroups, billItems, paymentAllocations, paymentOrders, payments, properties, rooms, users } from '../../db/schema.js';
import type { Caller } from '../../lib/access.js';
import { isUuid } from '../../lib/ids.js';
import { todayInIndia } from '../../lib/dates.js';
import type { PaymentRow } from '../../db/schema.js';
import type { Deps } from './common.js';

/** Views: payments, receipts. */

/** An offline payment the owner may still reverse (issue 23): not from the deposit, not reversed, recorded within 30 days. */
export function isReversible(p: Pick<PaymentRow, 'kind' | 'method' | 'reversedAt' | 'createdAt'>, now = new Date()): boolean {
  return (
    p.kind === 'offline' &&
    p.method !== 'deposit' &&
    p.reversedAt === null &&
    now.getTime() - p.createdAt.getTime() <= REVERSAL_WINDOW_DAYS * 24 * 60 * 60 * 1000
  );
}

const tenantUser = alias(users, 'payment_tenant');
const ownerUser = alias(users, 'payment_owner');

/** Payments by id, as their payer and payee see them (allocations oldest bill first), in the given order. */
export async function paymentViews(db: Db, ids: string[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      p: payments,
      order: { gatewayOrderId: paymentOrders.gatewayOrderId },
      room: { id: rooms.id, roomNumber: rooms.roomNumber },
      property: { id: properties.id, title: properties.title },
      tenant: { id: tenantUser.id, username: tenantUser.username, fullName: tenantUser.fullName },
      owner: { id: ownerUser.id, username: ownerUser.username, fullName: ownerUser.fullName },
    })
    .from(payments)
    .leftJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, payments.tenantId))
    .innerJoin(ownerUser, eq(ownerUser.id, payments.ownerId))
    .where(inArray(payments.id, ids));
  const allocs = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      billId: billItems.id,
      billType: billItems.billType,
      billDate: billGroups.billDate,
      amountPaise: paymentAllocations.amountPaise,
    })
    .from(paymentAllocations)
    .innerJoin(billItems, eq(billItems.id, paymentAllocations.billItemId))
    .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
    .where(inArray(paymentAllocations.paymentId, ids))
    .orderBy(asc(billGroups.billDate), asc(billItems.createdAt));
  const byPayment = new Map<string, Payment['allocations']>();
  for (const a of allocs) {
    const list = byPayment.get(a.paymentId) ?? [];
    list.push({
      billId: a.billId,
      billType: a.billType as Payment['allocations'][number]['billType'],
      billDate: a.billDate,
      amount: paiseToRupees(a.amountPaise),
    });
    byPayment.set(a.paymentId, list);
  }
  // A reversed payment lists what it had settled (kept on its row when the reversal undid it).
  const reversedItems = rows.flatMap((r) => (r.p.reversedAt ? (r.p.reversedAllocations ?? []).map((a) => a.billItemId) : []));
  const reversedAllocations = new Map<string, Payment['allocations']>();
  if (reversedItems.length > 0) {
    const items = await db
      .select({ id: billItems.id, billType: billItems.billType, billDate: billGroups.billDate })
      .from(billItems)
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(inArray(billItems.id, reversedItems));
    const item = new Map(items.map((i) => [i.id, i]));
    for (const r of rows) {
      if (!r.p.reversedAt) continue;
      const list: Payment['allocations'] = [];
      for (const a of r.p.reversedAllocations ?? []) {
        const i = item.get(a.billItemId);
        if (i)
          list.push({
            billId: i.id,
            billType: i.billType as Payment['allocations'][number]['billType'],
            billDate: i.billDate,
            amount: paiseToRupees(a.amountPaise),
          });
      }
      reversedAllocations.set(
        r.p.id,
        list.sort((x, y) => x.billDate.localeCompare(y.billDate)),
      );
    }
  }
  const now = new Date();
  const byId = new Map(
    rows.map((r) => [
      r.p.id,
      {
        _id: r.p.id,
        receiptNumber: r.p.receiptNumber,
        kind: r.p.kind,
        gateway: r.p.gateway as PaymentGatewayName | null,
        orderId: r.order?.gatewayOrderId ?? null,
        paymentId: r.p.gatewayPaymentId,
        method: r.p.method,
        methodLabel: paymentMethodLabel(r.p.kind, r.p.method),
        reference: r.p.reference,
        note: r.p.note,
        amount: paiseToRupees(r.p.amountPaise),
        currency: PAYMENT_CURRENCY,
        paidAt: r.p.paidAt.toISOString(),
        paidOn: r.p.paidOn ?? todayInIndia(r.p.paidAt),
        source: r.p.source as PaymentSource,
        roomId: r.p.roomId,
        propertyId: r.p.propertyId,
        room: { _id: r.room.id, roomNumber: r.room.roomNumber },
        property: { _id: r.property.id, title: r.property.title },
        tenantId: { _id: r.tenant.id, username: r.tenant.username, fullName: r.tenant.fullName },
        ownerId: { _id: r.owner.id, username: r.owner.username, fullName: r.owner.fullName },
        allocations: r.p.reversedAt ? (reversedAllocations.get(r.p.id) ?? []) : (byPayment.get(r.p.id) ?? []),
        reversal: r.p.reversedAt ? { reversedAt: r.p.reversedAt.toISOString(), reason: r.p.reversalReason ?? '' } : null,
        reversible: isReversible(r.p, now),
      } satisfies Payment,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((p): p is Payment => !!p);
}

/** GET /payments/mine: a tenant's payments made, an owner's received (newest first), optionally for one room. */
export async function myPayments(deps: Deps, caller: NonNullable<Caller>, roomId?: string): Promise<Payment[]> {
  if (roomId !== undefined && !isUuid(roomId)) return [];
  const mine = caller.role === 'owner' ? eq(payments.ownerId, caller.userId) : eq(payments.tenantId, caller.userId);
  const rows = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(roomId ? and(mine, eq(payments.roomId, roomId)) : mine)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(500);
  return paymentViews(
    deps.db,
    rows.map((r) => r.id),
  );
}
