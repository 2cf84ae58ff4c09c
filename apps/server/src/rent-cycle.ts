import { join, resolve } from 'node:path';
import { isCalendarDate } from '@kiraya/contract';
import { buildApp } from './app.js';
import { claimPgliteDir, PgliteInUseError, requestCommand } from './backup/pglite-guard.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { RENT_CYCLE_VERB, rentCycleReport, runRentCycle } from './modules/leases/index.js';

/**
 * Operators: runs the rent cycle (issue 22, ADR 028) as of a date, with the server's configuration
 * (DATABASE_URL, or the PGlite database under DATA_DIR). Raises every Rent Bill due to be raised by that date
 * that no run raised yet, then the late fees due by then, and prints each; a second run prints that nothing was
 * created. Safe while servers run: on PostgreSQL each bill is claimed once; a PGlite directory is opened by one
 * process only (ADR 027), so while the server holds it the command asks the server to run the cycle, through
 * the same operator-only local socket `npm run backup` uses, and prints its answer.
 *
 *   npm run rent-cycle -- --date 2026-12-31
 */
export function parseDateArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--date' || a.startsWith('--date='));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  const ok = !!value && isCalendarDate(value);
  if (!ok) throw new Error(`--date must be a date as YYYY-MM-DD (got ${value ?? 'nothing'}).`);
  return value;
}

async function main() {
  const date = parseDateArg(process.argv.slice(2));
  // `npm run rent-cycle` runs in apps/server: a relative DATA_DIR is where npm was started, as for `npm start`.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    METER_PHOTO_SWEEP_INTERVAL_SECONDS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    RENT_CYCLE_INTERVAL_SECONDS: '0',
  });
  const pgliteDir = join(config.dataDir, 'db');
  let guard: Awaited<ReturnType<typeof claimPgliteDir>> | null = null;
  if (!config.databaseUrl) {
    try {
      guard = await claimPgliteDir(pgliteDir);
    } catch (e) {
      if (!(e instanceof PgliteInUseError)) throw e;
      // The server holds the directory: it runs the cycle and answers what it created.
      process.stdout.write(await requestCommand(pgliteDir, RENT_CYCLE_VERB, date ?? ''));
      return;
    }
  }
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, prepare: config.databasePrepare }
        : { kind: 'pglite', dataDir: pgliteDir },
    );
    const app = await buildApp({ config, db: database.db });
    try {
      process.stdout.write(rentCycleReport(await runRentCycle(app.deps, date)));
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await guard?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
