import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isCalendarDate } from '@kiraya/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { claimPgliteDir, PgliteInUseError, requestCommand } from '../backup/pglite-guard.js';
import { type Config, loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import type { AppDeps } from '../deps.js';
import { rowsOf } from './sql.js';

/**
 * The command-line start-up every operator command shares (`npm run rent-cycle`, `outbox`, `admin`,
 * `sweep:meter-photos`, `backup`/`restore`): where DATA_DIR is, which database the command opens, the guard of
 * a PGlite directory a server holds, and the exit code. An app built here is never listened on, so no
 * scheduled job starts in it (every module starts its jobs on listen).
 */

/** Thrown to end a command with a message on stderr and exit code 1 (refused), not a stack trace. */
export class CliError extends Error {}

/**
 * DATA_DIR as the operator means it: npm runs workspace scripts in apps/server, so a relative DATA_DIR (and the
 * default `./data`) is taken from where npm was started (INIT_CWD), as `npm start` does.
 */
export function operatorDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR?.trim() || './data');
}

/** The database a command would open, in words: PGlite's directory, or PostgreSQL's host and database without the password. */
export function describeDatabase(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) return `PGlite in ${join(operatorDataDir(env), 'db')}`;
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * An operator command never creates a database: run where no server ever started (no DATA_DIR, a wrong one), it
 * would otherwise make a new empty one and report that there was nothing to do. Throws CliError for a PGlite
 * directory with no database; a PostgreSQL database without Kiraya's tables is checked once it is open.
 */
export function requireExistingPglite(env: NodeJS.ProcessEnv = process.env): void {
  if (env.DATABASE_URL?.trim()) return;
  const dir = join(operatorDataDir(env), 'db');
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new CliError(
      `No database in ${dir}: an operator command does not create one. Set DATA_DIR to the server's data directory (npm start uses ./data in the folder it was started from), or DATABASE_URL.`,
    );
}

/** The server's configuration for an operator command, its DATA_DIR resolved as operatorDataDir says. */
export function operatorConfig(env: NodeJS.ProcessEnv = process.env, extra: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ ...env, ...extra, DATA_DIR: operatorDataDir(env) });
}

/** `--date YYYY-MM-DD` or `--date=YYYY-MM-DD`; undefined when not given. */
export function dateArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--date' || a.startsWith('--date='));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  if (!value || !isCalendarDate(value)) throw new CliError(`--date must be a date as YYYY-MM-DD (got ${value ?? 'nothing'}).`);
  return value;
}

export type OperatorRun<T> = {
  /** What the command does on the opened app. */
  run: (deps: AppDeps) => Promise<T>;
  /** When a server holds the PGlite directory: the verb it answers (pglite-guard's serveCommand), its argument, and how its answer reads. */
  server?: { verb: string; arg: string; answer: (text: string) => T };
  /** Say which database was opened (stderr): on by default. */
  quiet?: boolean;
};

/**
 * Opens the database the server uses (never a new one), builds the app on it, runs the command and closes both.
 * On a PGlite directory a server holds, asks that server to run it instead (ADR 027's operator-only socket).
 */
export async function withOperatorApp<T>(cmd: OperatorRun<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  requireExistingPglite(env);
  const config = operatorConfig(env);
  const said = (how: string) => cmd.quiet || process.stderr.write(`Database: ${describeDatabase(env)}${how}\n`);
  const pgliteDir = join(config.dataDir, 'db');
  let guard: Awaited<ReturnType<typeof claimPgliteDir>> | null = null;
  if (!config.databaseUrl) {
    try {
      guard = await claimPgliteDir(pgliteDir);
    } catch (e) {
      if (!(e instanceof PgliteInUseError) || !cmd.server) throw e;
      said(' (held by the running server, which runs the command)');
      return cmd.server.answer(await requestCommand(pgliteDir, cmd.server.verb, cmd.server.arg));
    }
  }
  try {
    const open = (migrate: boolean) =>
      openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl, prepare: config.databasePrepare }
          : { kind: 'pglite', dataDir: pgliteDir },
        { migrate },
      );
    if (config.databaseUrl) {
      // Migrations are applied as at start, but only to a database a server has already made Kiraya's.
      const probe = await open(false);
      try {
        const [row] = rowsOf<{ made: boolean }>(
          await probe.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as made`),
        );
        const made = row?.made === true;
        if (!made)
          throw new CliError(
            `${describeDatabase(env)} has no Kiraya tables: an operator command does not create them. Check DATABASE_URL, or start the server once.`,
          );
      } finally {
        await probe.close();
      }
    }
    const database = await open(true);
    said('');
    const app = await buildApp({ config, db: database.db });
    try {
      return await cmd.run(app.deps);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await guard?.close();
  }
}

/**
 * Runs a command's main: its number is the exit code (0 done, 1 refused, 2 wrong usage). A CliError or any other
 * error prints its message (a stack trace only for the unexpected) and exits 1.
 */
export function runCli(main: (argv: string[]) => Promise<number | undefined>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (err: unknown) => {
      console.error(err instanceof CliError ? err.message : err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    },
  );
}
