/**
 * Payments (ADR 019): orders, the ledger and allocations. Money is integer paise; rupees only in views.
 * The server decides every amount: an order's is checked against what the room owes, and verify, the
 * webhook and reconciliation all record the STORED order's amount, once (unique gateway payment id and
 * one payment per order, under a lock on the order row).
 *
 * The service by concern: orders.ts (balance, orders, verify, check), ledger.ts (recording a payment,
 * receipt numbers), webhook.ts, reconcile.ts (the sweep), views.ts (payments as their parties see them).
 */
export type { Deps, Log } from './common.js';
export { type CapturedPayment, outstandingPaise, type Recorded, recordPayment, recordPaymentIn } from './ledger.js';
export { checkOrder, createOrder, paySummary, sandboxPay, verifyPayment } from './orders.js';
export { RECONCILE_MAX_AGE_MS, RECONCILE_MIN_AGE_MS, reconcileSweep, startReconciler } from './reconcile.js';
export { myPayments, paymentViews } from './views.js';
export { handleWebhookEvent, type WebhookResult } from './webhook.js';
