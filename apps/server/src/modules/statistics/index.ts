/** The statistics module's front door (ADR 009, ADR 020): read-only figures over bills, tenancies and payments. */
export { statisticsRoutes } from './routes.js';
