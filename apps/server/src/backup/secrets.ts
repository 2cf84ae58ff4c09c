import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secrets a server keeps in DATA_DIR when the environment does not give them (config.ts). Backups hold none of
 * them (ADR 027): the operator keeps them apart, and gives them to a restored server. `.vapid` is kept in production
 * too (ADR 035), so its reminder does not depend on DATA_KEY coming from the environment.
 */
export const KEPT_SECRETS = [
  { file: '.data_key', env: ['DATA_KEY'], need: 'encrypted fields (Aadhaar numbers, PANs, bank accounts) cannot be read without it' },
  { file: '.jwt_secret', env: ['JWT_SECRET'], need: 'without it everyone signs in again' },
  { file: '.vapid', env: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], need: "browsers' push subscriptions are bound to it" },
] as const;

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * What `npm run backup` / `npm run restore` remind the operator of, or null: after a backup, the secret files of
 * DATA_DIR that the environment does not override (keep a copy apart); after a restore, those missing from DATA_DIR
 * that the environment does not give (bring the backed-up server's).
 */
export function secretsReminder(command: 'backup' | 'restore', dataDir: string, env: NodeJS.ProcessEnv): string | null {
  const fromFiles = KEPT_SECRETS.filter((s) => !s.env.some((name) => env[name]));
  if (command === 'backup') {
    const kept = fromFiles.filter((s) => existsSync(join(dataDir, s.file)));
    if (kept.length === 0) return null;
    return `Keep a copy of ${list(kept.map((s) => join(dataDir, s.file)))} apart from the backups, which do not hold them: ${kept.map((s) => `${s.file}: ${s.need}`).join('; ')}.`;
  }
  const missing = fromFiles.filter((s) => !existsSync(join(dataDir, s.file)));
  if (missing.length === 0) return null;
  return `Before starting the server here, give it the backed-up server's ${list(missing.flatMap((s) => [...s.env]))} (or copy its DATA_DIR/${list(missing.map((s) => s.file))} into ${dataDir}): ${missing.map((s) => `${s.file}: ${s.need}`).join('; ')}.`;
}
