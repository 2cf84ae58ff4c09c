import { runCli, withOperatorApp } from './lib/cli.js';
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
 * It never creates a database, and says on stderr which one it opened (lib/cli.ts).
 *
 *   npm run admin -- create --email mod@example.com --password Secret123
 *   npm run admin -- remove --email mod@example.com
 *   npm run admin -- backfill-photos
 */
runCli(async (argv) => {
  const command = parseAdminArgs(argv);
  const { code, line }: CommandResult = command
    ? await withOperatorApp({
        run: (deps) => runAdminCommand(deps, command),
        server: { verb: ADMIN_VERB, arg: encodeAdminCommand(command), answer: (text) => JSON.parse(text) as CommandResult },
      })
    : { code: 2, line: ADMIN_USAGE };
  (code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
  return code;
});
