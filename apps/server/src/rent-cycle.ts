import { join, resolve } from 'node:path';
import { formatPaise, monthInWords } from '@kiraya/contract';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { runRentCycle } from './modules/leases/index.js';

/**
 * Operators: runs the rent cycle (issue 22, ADR 028) as of a date, with the server's configuration
 * (DATABASE_URL, or the PGlite database under DATA_DIR, which one process opens at a time: stop the server
 * first). Raises every Rent Bill due to be raised by that date that no run raised yet, then the late fees
 * due by then, and prints each; a second run prints that nothing was created. Safe while servers run on
 * PostgreSQL: each bill is claimed once.
 *
 *   npm run rent-cycle -- --date 2026-12-31
 */
export function parseDateArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--date' || a.startsWith('--date='));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  const ok = !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
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
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, prepare: config.databasePrepare }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, db: database.db });
  try {
    const result = await runRentCycle(app.deps, date);
    if (result.created.length === 0) {
      console.log(`Rent cycle as of ${result.date}: nothing to create (every bill due by then exists).`);
      return;
    }
    console.log(`Rent cycle as of ${result.date}: created ${result.created.length} bill${result.created.length === 1 ? '' : 's'}.`);
    for (const b of result.created) {
      const what = b.kind === 'rent' ? 'Rent Bill' : 'Late Fee ';
      console.log(
        `  ${what}  ${b.propertyTitle}, Room ${b.roomNumber}  ${b.tenantName}  ${monthInWords(b.period)}  ${formatPaise(b.amountPaise)}  due ${b.dueDate}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
