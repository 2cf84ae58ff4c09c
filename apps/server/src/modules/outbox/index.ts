/**
 * The outbox's front door (issue 25, ADR 030): other modules call `enqueue(tx, …)` inside the transaction of
 * the event that causes a message; the worker delivers it.
 */
export { outboxRoutes, pushRoutes } from './routes.js';
export { enqueuePushes, pushEndpointAllowed } from './push.js';
export { type EnqueueInput, enqueue, enqueueSms, sealData, unsealData } from './queue.js';
export {
  deliverDue,
  MAX_ATTEMPTS,
  outboxStats,
  unsubscribeLink,
  unsubscribeSignature,
  verifyUnsubscribe,
} from './service.js';
export { OUTBOX_VERB, queueRentReminders } from './reminders.js';
export { outboxCommand } from './worker.js';
export { queueDailySummaries, SUMMARY_HOUR_IST, SUMMARY_REPLACES } from './summaries.js';
export { devSmsOn, msg91Transport, type SmsTransport, smsTransportFor } from './sms.js';
