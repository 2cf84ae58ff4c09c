import { dateArg, runCli, withOperatorApp } from './lib/cli.js';
import { OUTBOX_VERB, outboxCommand } from './modules/outbox/index.js';

/**
 * Operators (issue 25, ADR 030): queues the rent reminders due as of a date (3 days before, on, and 3 days after
 * each bill group's due date; each once) and runs one outbox delivery round. While a server holds the PGlite
 * directory, the server does it (as `npm run rent-cycle`). It never creates a database (lib/cli.ts).
 *
 *   npm run outbox -- --date 2026-12-02
 */
runCli(async (argv) => {
  const date = dateArg(argv);
  const report = await withOperatorApp({
    run: (deps) => outboxCommand(deps, date),
    server: { verb: OUTBOX_VERB, arg: date ?? '', answer: (text) => text },
  });
  process.stdout.write(report);
  return 0;
});
