import { APP_LINKS, paymentMethodKey, rupeesToPaise } from '@kiraya/contract';
import type { Db } from '../../db/index.js';
import { enqueue } from '../outbox/index.js';
import { paymentViews } from './views.js';

/**
 * The tenant's receipt by email (issue 25 item 5), in the transaction that records the payment: a gateway
 * payment, one the owner recorded, a UPI report confirmed. Once per payment (event key `receipt:<id>`); it
 * stands for the payment's notification email too, so the tenant gets one email per payment.
 */
export async function queueReceiptEmail(tx: Db, paymentId: string): Promise<void> {
  const [p] = await paymentViews(tx, [paymentId]);
  if (!p) return;
  const amountPaise = rupeesToPaise(p.amount);
  const bills = p.allocations.map((a) => ({ billType: a.billType, billDate: a.billDate, amountPaise: rupeesToPaise(a.amount) }));
  const settled = bills.reduce((s, b) => s + b.amountPaise, 0);
  await enqueue(tx, {
    eventKey: `receipt:${p._id}`,
    to: { userId: p.tenantId._id },
    template: 'receipt',
    category: 'payments',
    data: {
      paymentId: p._id,
      receiptNumber: p.receiptNumber,
      amountPaise,
      methodKey: paymentMethodKey(p.kind, p.method),
      methodLabel: p.methodLabel,
      paidOn: p.paidOn,
      roomNumber: p.room.roomNumber,
      propertyName: p.property.title,
      bills,
      creditPaise: Math.max(0, amountPaise - settled),
      link: APP_LINKS.tenantReceipt(p._id),
    },
  });
}
