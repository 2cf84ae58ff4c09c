import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { claimPgliteDir, PgliteInUseError, requestCommand } from './backup/pglite-guard.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import {
  ADMIN_USAGE,
  ADMIN_VERB,
  type CommandResult,
  encodeAdminCommand,
  parseAdminArgs,
  runAdminCommand,
} from './modules/moderation/index.js';

/**
 * Operators: moderators' accounts (issue 26, ADR 037), on the server's database (DATABASE_URL, or the PGlite database
 * under DATA_DIR), migrations applied as at start. One line out; exit 0 done, 1 refused, 2 wrong usage. While a server
 * holds the PGlite directory, the command asks it to run it (the operator-only local socket of `npm run backup`).
 *
 *   npm run admin -- create --email mod@example.com --password Secret123
 *   npm run admin -- remove --email mod@example.com
 *   npm run admin -- backfill-photos
 */
async function run(argv: string[]): Promise<CommandResult> {
  const command = parseAdminArgs(argv);
  if (!command) return { code: 2, line: ADMIN_USAGE };
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
      return JSON.parse(await requestCommand(pgliteDir, ADMIN_VERB, encodeAdminCommand(command))) as CommandResult;
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
      return await runAdminCommand(app.deps, command);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await guard?.close();
  }
}

run(process.argv.slice(2)).then(
  ({ code, line }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
