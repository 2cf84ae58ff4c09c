/**
 * The payments module's front door (ADR 019): orders, the ledger, receipts, the webhook and
 * reconciliation. The seed records demo payments through `recordPayment`; a new payment notifies the
 * owner and both parties' open pages in the transaction that records it.
 */
export { paymentsRoutes } from './routes.js';
// Offline payments (issue 23): every entry outside the gateway (recorded, confirmed, kept from the deposit) goes through this.
export { type OfflinePaymentInput, recordOfflinePaymentIn } from './offline.js';
// The rent cycle raises no late fee while a tenant's payment report waits for the owner (ADR 041).
export { tenanciesWithPendingReports } from './reports.js';
export {
  createOrder,
  outstandingPaise,
  reconcileSweep,
  recordPayment,
  recordPaymentIn,
} from './service.js';
// The gateway choice and the webhook signature, for the access matrix and the multi-instance test.
export { gatewayFor, paymentCsp, type SandboxGateway, webhookSignature } from './gateway.js';
// Section 194-IB (issue 23): the yearly rent receipt and the statistics pages compute TDS with this.
export { financialYearOf, tdsNotices, tdsOfYear } from './tds.js';
// What waits for the owner and what the tenant reported (ADR 042): the tenancy and statistics modules read these.
export { type PendingReported, pendingReported } from './pending.js';
export { listReports } from './reports.js';
