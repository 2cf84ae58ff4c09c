import { runCli, withOperatorApp } from './lib/cli.js';
import { sweepMeterPhotos } from './modules/bills/index.js';

/**
 * Operators: deletes now the meter photos uploaded more than a day ago that no bill shows (issue 20), with
 * the server's configuration (DATABASE_URL, S3_*, DATA_DIR). Every instance also runs this sweep hourly
 * (METER_PHOTO_SWEEP_INTERVAL_SECONDS); it is safe while they run, except on the built-in PGlite database,
 * which one process opens at a time (stop the server first). It never creates a database (lib/cli.ts).
 *
 *   npm run sweep:meter-photos -w @kiraya/server
 */
runCli(async () => {
  const deleted = await withOperatorApp({ run: (deps) => sweepMeterPhotos(deps) });
  console.log(`Deleted ${deleted} meter photo${deleted === 1 ? '' : 's'} never attached to a bill.`);
  return 0;
});
