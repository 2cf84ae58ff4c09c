/**
 * The leases module's front door (ADR 009, ADR 028): lease terms, the rent cycle and late fees. The tenancy
 * module writes a new tenancy's terms and reads them (and what a tenant owes) from here; the server, the
 * `rent-cycle` command and the seed run the cycle from here.
 */
export { leasesRoutes } from './routes.js';
export {
  type CycleBill,
  type CycleResult,
  RENT_CYCLE_VERB,
  rentCycleOnRequest,
  rentCycleReport,
  runRentCycle,
  startRentCycle,
} from './cycle.js';
export {
  firstRentPeriod,
  latestTerms,
  owedSummary,
  requestTerms,
  requestTermsFor,
  startCycleAfterLatestRentBill,
  writeFirstTerms,
} from './service.js';
// Move-out (ADR 041): the vacate flow reads the notice period and closes the rent after the move-out through these.
export { closeRentAt, moveOutBounds } from './move-out.js';
