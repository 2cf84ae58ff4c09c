/**
 * The tenancy module's front door (ADR 009): invitations (requests) and tenancies (ADR 013). The users
 * module reads a tenant's pending requests from here; the seed starts tenancies with `startTenancy`.
 */
export { tenancyRoutes } from './routes.js';
export { pendingRequestsFor } from './service.js';
