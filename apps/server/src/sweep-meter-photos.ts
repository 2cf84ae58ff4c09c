import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { sweepMeterPhotos } from './modules/bills/index.js';

/**
 * Operators: deletes now the meter photos uploaded more than a day ago that no bill shows (issue 20), with
 * the server's configuration (DATABASE_URL, S3_*, DATA_DIR). Every instance also runs this sweep hourly
 * (METER_PHOTO_SWEEP_INTERVAL_SECONDS); it is safe while they run, except on the built-in PGlite database,
 * which one process opens at a time (stop the server first).
 *
 *   npm run sweep:meter-photos -w @kiraya/server
 */
async function main() {
  const config = loadConfig({ ...process.env, METER_PHOTO_SWEEP_INTERVAL_SECONDS: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, prepare: config.databasePrepare }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, db: database.db });
  try {
    const deleted = await sweepMeterPhotos(app.deps);
    console.log(`Deleted ${deleted} meter photo${deleted === 1 ? '' : 's'} never attached to a bill.`);
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
