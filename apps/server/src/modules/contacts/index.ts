/**
 * The contacts module's front door (ADR 009): Get Phone Number reveals, OwnerDetails, who asked, and a
 * tenant's recently viewed properties (B8, B9).
 */
export { contactsRoutes, viewsRoutes } from './routes.js';
export { recordView, revealOwner } from './service.js';
