/** The statistics module's front door (ADR 009, ADR 020): read-only figures over bills, tenancies and payments. */
export { statisticsRoutes } from './routes.js';
// One CSV line (RFC 4180, formula-injection safe), for the payouts export (issue 24).
export { csvLine } from './service.js';
