import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { claimPgliteDir, PgliteInUseError, requestCommand } from './backup/pglite-guard.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { OUTBOX_VERB, outboxCommand } from './modules/outbox/index.js';
import { isCalendarDate } from '@kiraya/contract';

/**
 * Operators (issue 25, ADR 030): queues the rent reminders due as of a date (3 days before, on, and 3 days after
 * each bill group's due date; each once) and runs one outbox delivery round. While a server holds the PGlite
 * directory, the server does it (as `npm run rent-cycle`).
 *
 *   npm run outbox -- --date 2026-12-02
 */
function parseDateArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--date' || a.startsWith('--date='));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  if (!value || !isCalendarDate(value)) throw new Error(`--date must be a date as YYYY-MM-DD (got ${value ?? 'nothing'}).`);
  return value;
}

async function main() {
  const date = parseDateArg(process.argv.slice(2));
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    METER_PHOTO_SWEEP_INTERVAL_SECONDS: '0',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
    RENT_CYCLE_INTERVAL_SECONDS: '0',
    OUTBOX_INTERVAL_SECONDS: '0',
  });
  const pgliteDir = join(config.dataDir, 'db');
  let guard: Awaited<ReturnType<typeof claimPgliteDir>> | null = null;
  if (!config.databaseUrl) {
    try {
      guard = await claimPgliteDir(pgliteDir);
    } catch (e) {
      if (!(e instanceof PgliteInUseError)) throw e;
      process.stdout.write(await requestCommand(pgliteDir, OUTBOX_VERB, date ?? ''));
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
      process.stdout.write(await outboxCommand(app.deps, date));
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
