import type { AppDeps } from '../../deps.js';
import { backfillPhotoHashes, type CommandResult, createAdmin, removeAdmin } from './accounts.js';

/**
 * `npm run admin` (ADR 037): the operator's command for moderators' accounts.
 *
 *   npm run admin -- create --email mod@example.com --password Secret123
 *   npm run admin -- remove --email mod@example.com
 *   npm run admin -- backfill-photos
 *
 * It prints one line and exits 0 when done, 1 when refused, 2 on wrong usage. While a server holds the PGlite
 * directory the command asks that server to run it (the operator-only local socket of `npm run backup`, ADR 027).
 */
export const ADMIN_VERB = 'ADMIN';

export type AdminCommand =
  | { cmd: 'create'; email: string; password: string }
  | { cmd: 'remove'; email: string }
  | { cmd: 'backfill-photos' };

export const ADMIN_USAGE = [
  'Usage:',
  '  npm run admin -- create --email <email> --password <password>',
  '  npm run admin -- remove --email <email>',
  '  npm run admin -- backfill-photos',
].join('\n');

/** The value of `--name value` or `--name=value`; undefined when absent, '' when given without a value. */
function option(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  if (arg.includes('=')) return arg.slice(arg.indexOf('=') + 1);
  const next = argv[i + 1];
  return next && !next.startsWith('--') ? next : '';
}

/** The command the arguments ask for, or null (wrong usage). `--remove` is taken for `remove` (the spelling). */
export function parseAdminArgs(argv: string[]): AdminCommand | null {
  const words = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && /^--(email|password)$/.test(argv[i - 1] ?? '')));
  const cmd = argv.includes('--remove') ? 'remove' : argv.includes('--create') ? 'create' : words[0];
  const email = option(argv, 'email');
  const password = option(argv, 'password');
  if (cmd === 'create' && email && password && words.length <= 1) return { cmd, email, password };
  if (cmd === 'remove' && email && password === undefined && words.length <= 1) return { cmd, email };
  if (cmd === 'backfill-photos' && email === undefined && password === undefined && words.length === 1) return { cmd };
  return null;
}

export async function runAdminCommand(deps: AppDeps, c: AdminCommand): Promise<CommandResult> {
  if (c.cmd === 'create') return createAdmin(deps, c.email, c.password);
  if (c.cmd === 'remove') return removeAdmin(deps, c.email);
  const n = await backfillPhotoHashes(deps);
  return { code: 0, line: n ? `Hashed ${n} listing photos.` : 'Every listing photo has its hash already.' };
}

/** The command as the local socket carries it: one word (base64url JSON), no spaces. */
export const encodeAdminCommand = (c: AdminCommand): string => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decodeAdminCommand(arg: string): AdminCommand | null {
  try {
    const v = JSON.parse(Buffer.from(arg, 'base64url').toString('utf8')) as Record<string, unknown>;
    const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
    const argv = [String(v.cmd ?? ''), ...(str('email') ? ['--email', str('email') as string] : [])];
    if (str('password')) argv.push('--password', str('password') as string);
    return parseAdminArgs(argv);
  } catch {
    return null;
  }
}

/** The running server's side of the socket: runs the command and answers its result as JSON. */
export async function adminOnRequest(deps: AppDeps, arg: string): Promise<string> {
  const c = decodeAdminCommand(arg);
  const result: CommandResult = c ? await runAdminCommand(deps, c) : { code: 2, line: ADMIN_USAGE };
  return JSON.stringify(result);
}
