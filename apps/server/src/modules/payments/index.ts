/**
 * The payments module's front door (ADR 019): orders, the ledger, receipts, the webhook and
 * reconciliation. The seed records demo payments through `recordPayment`; the app wires notifications
 * and live events to new payments through `onPaymentRecorded` (called by `afterPaymentRecorded`).
 */
export { paymentsRoutes } from './routes.js';
export {
  afterPaymentRecorded,
  createOrder,
  onPaymentRecorded,
  outstandingPaise,
  type PaymentRecordedHook,
  reconcileSweep,
  recordPayment,
} from './service.js';
export { paymentCsp } from './gateway.js';
