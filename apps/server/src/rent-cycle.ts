import { dateArg, runCli, withOperatorApp } from './lib/cli.js';
import { RENT_CYCLE_VERB, rentCycleReport, runRentCycle } from './modules/leases/index.js';

/**
 * Operators: runs the rent cycle (issue 22, ADR 028) as of a date, with the server's configuration
 * (DATABASE_URL, or the PGlite database under DATA_DIR). Raises every Rent Bill due to be raised by that date
 * that no run raised yet, then the late fees due by then, and prints each; a second run prints that nothing was
 * created. Safe while servers run: on PostgreSQL each bill is claimed once; a PGlite directory is opened by one
 * process only (ADR 027), so while the server holds it the command asks the server to run the cycle, through
 * the same operator-only local socket `npm run backup` uses, and prints its answer. It never creates a database
 * (lib/cli.ts) and says on stderr which one it opened.
 *
 *   npm run rent-cycle -- --date 2026-12-31
 */
runCli(async (argv) => {
  const date = dateArg(argv);
  const report = await withOperatorApp({
    run: async (deps) => rentCycleReport(await runRentCycle(deps, date)),
    server: { verb: RENT_CYCLE_VERB, arg: date ?? '', answer: (text) => text },
  });
  process.stdout.write(report);
  return 0;
});
