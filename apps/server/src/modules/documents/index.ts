/** The documents module's front door (ADR 009, ADR 020). */
export { documentsRoutes } from './routes.js';
export { addDocument } from './service.js';
