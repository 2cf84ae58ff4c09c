import { operatorConfig, runCli } from '../lib/cli.js';
import { type Summary, runBackup, runRestore } from './backup.js';
import { BackupError, formatBytes } from './manifest.js';
import { secretsReminder } from './secrets.js';

/**
 * Operators (ADR 027), from the repository root, with the server's configuration (DATA_DIR, DATABASE_URL,
 * S3_*):
 *
 *   npm run backup -- <dir>             the database, every upload and a manifest into a new directory
 *   npm run restore -- <dir> [--force]  checks the backup, then restores it into an empty database and store
 *
 * Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong arguments.
 */
const USAGE = 'Usage: npm run backup -- <dir>\n       npm run restore -- <dir> [--force]';

runCli(async (argv) => {
  // npm runs workspace scripts in the workspace folder: paths (the directory, a relative DATA_DIR) are
  // the operator's, relative to where they typed the command (lib/cli.ts).
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  if (
    (command !== 'backup' && command !== 'restore') ||
    args.length !== 1 ||
    args[0]?.startsWith('-') ||
    (force && command !== 'restore')
  ) {
    console.error(USAGE);
    return 2;
  }
  const dir = args[0] as string;
  // The same loader as the server. The backup needs neither secret: placeholders keep loadConfig from
  // requiring them in production or writing new ones into DATA_DIR.
  const placeholder = 'backup-needs-no-secret-backup-needs-no-secret';
  // No database is created here either: a backup refuses a directory with none, a restore fills an empty one.
  const config = operatorConfig(process.env, {
    JWT_SECRET: process.env.JWT_SECRET || placeholder,
    DATA_KEY: process.env.DATA_KEY || placeholder,
  });
  // A backup holds every tenant's personal data: its files are the operator's alone (pg_dump's too).
  if (command === 'backup') process.umask(0o077);
  const t0 = performance.now();
  const progress = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  let summary: Summary;
  try {
    summary = command === 'backup' ? await runBackup(config, dir, progress) : await runRestore(config, dir, { force }, progress);
  } catch (e) {
    if (e instanceof BackupError) {
      console.error(`${command === 'backup' ? 'Backup' : 'Restore'} refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
  console.log(
    `${command === 'backup' ? 'Backed up' : 'Restored'} ${summary.tables} tables, ${summary.rows} rows, ${summary.uploads} uploads, ${formatBytes(summary.bytes)} in ${summary.seconds} s.`,
  );
  // The backup holds no secret (ADR 027): the secret files of DATA_DIR are kept apart and brought to a restored server.
  const reminder = secretsReminder(command, config.dataDir, process.env);
  if (reminder) console.log(reminder);
  return 0;
});
