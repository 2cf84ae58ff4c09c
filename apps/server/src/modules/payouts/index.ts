/**
 * The payouts module's front door (issue 24, ADR 031): the owner's Route linked account and each gateway
 * payment's transfer to it. The payments ledger calls `holdPayoutIn` in the transaction that records a gateway
 * payment and `afterPaymentRecorded` after it commits; its webhook hands Route events to `handlePayoutEvent`.
 */
export { payoutsRoutes } from './routes.js';
export {
  afterPaymentRecorded,
  checkPayouts,
  handlePayoutEvent,
  holdPayoutIn,
  payoutDetails,
  payoutStates,
  payoutSweep,
  releaseHeld,
  savePayoutAccount,
} from './service.js';
export { RazorpayRouteGateway, routeGatewayFor, SandboxRouteGateway } from './gateway.js';
