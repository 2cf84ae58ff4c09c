/**
 * Payouts (issue 24, ADR 031): the owner's linked account, and each gateway payment's transfer to it,
 * exactly once. Account numbers are encrypted at rest, shown as ••••1234, and never logged.
 *
 * The service by concern (as payments): common.ts (dependencies, gateway, account row), accounts.ts (the linked
 * account), transfers.ts (each payment's transfer), sync.ts (the interval sync), webhook.ts (Route events),
 * lists.ts (the list, CSV and counts).
 */
export { payoutAccount, payoutDetails, savePayoutAccount } from './accounts.js';
export type { Deps, Log } from './common.js';
export { listPayouts, payoutStates, payoutsCsv } from './lists.js';
export { checkPayouts, payoutSweep, startPayoutSync } from './sync.js';
export { afterPaymentRecorded, holdPayoutIn, releaseHeld } from './transfers.js';
export { handlePayoutEvent, type PayoutWebhookResult } from './webhook.js';
