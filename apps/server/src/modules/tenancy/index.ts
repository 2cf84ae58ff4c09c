/**
 * The tenancy module's front door (ADR 009): invitations (requests) and tenancies (ADR 013). The users
 * module reads a tenant's pending requests from here; the seed and the test factories start tenancies,
 * send requests and vacate rooms through these services.
 */
export { tenancyRoutes } from './routes.js';
export { pendingRequestsFor, sendRequest, settleMoveOuts, startTenancy, vacateRoom } from './service.js';
export { cancelEmailInvite, claimEmailInvites, inviteByEmail, roomEmailInvites } from './invites.js';
