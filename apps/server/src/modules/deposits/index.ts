/**
 * The deposits module's front door (ADR 009, ADR 029): the Deposit bill at acceptance (the tenancy module
 * raises it here), the settlement at vacate, the statement and the tenant's dispute.
 */
export { depositsRoutes } from './routes.js';
export { DEPOSIT_PHOTO_FOLDER, depositOf, depositsToSettle, raiseDepositBill, settleDeposit } from './service.js';
