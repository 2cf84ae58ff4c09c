import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, dateArg, describeDatabase, operatorDataDir, requireExistingPglite, withOperatorApp } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'kiraya-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the operator commands start-up (lib/cli.ts)', () => {
  it('takes a relative DATA_DIR, and the default ./data, from where npm was started', () => {
    expect(operatorDataDir({ INIT_CWD: '/srv/kiraya' })).toBe('/srv/kiraya/data');
    expect(operatorDataDir({ INIT_CWD: '/srv/kiraya', DATA_DIR: 'state' })).toBe('/srv/kiraya/state');
    expect(operatorDataDir({ INIT_CWD: '/srv/kiraya', DATA_DIR: '/var/lib/kiraya' })).toBe('/var/lib/kiraya');
  });

  it('names the database it opens, never the password', () => {
    expect(describeDatabase({ INIT_CWD: '/srv/kiraya' })).toBe('PGlite in /srv/kiraya/data/db');
    expect(describeDatabase({ DATABASE_URL: 'postgres://kiraya:s3cret@db.internal:5432/kiraya' })).toBe(
      'PostgreSQL db.internal:5432/kiraya',
    );
  });

  it('reads --date in both spellings and refuses anything but a calendar date', () => {
    expect(dateArg(['--date', '2026-12-31'])).toBe('2026-12-31');
    expect(dateArg(['--date=2026-02-28'])).toBe('2026-02-28');
    expect(dateArg([])).toBeUndefined();
    expect(() => dateArg(['--date', '2026-02-30'])).toThrow(CliError);
    expect(() => dateArg(['--date'])).toThrow('--date must be a date as YYYY-MM-DD (got nothing).');
  });

  it('refuses a PGlite directory without a database before it creates or writes anything', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const env = { INIT_CWD: empty, DATABASE_URL: '' };
    expect(() => requireExistingPglite(env)).toThrow(
      `No database in ${join(empty, 'data', 'db')}: an operator command does not create one.`,
    );
    await expect(withOperatorApp({ run: async () => 'ran' }, env)).rejects.toThrow(CliError);
    expect(readdirSync(empty)).toEqual([]);
    // A directory a server made passes (PGlite's own marker file).
    mkdirSync(join(empty, 'data', 'db'), { recursive: true });
    writeFileSync(join(empty, 'data', 'db', 'PG_VERSION'), '17\n');
    expect(() => requireExistingPglite(env)).not.toThrow();
    expect(() => requireExistingPglite({ DATABASE_URL: 'postgres://x@h/db', INIT_CWD: join(dir, 'nowhere') })).not.toThrow();
  });

  // `npm run rent-cycle` without DATA_DIR, where no server ever ran, used to make a new empty database in ./data and
  // print "nothing to create".
  it('`npm run rent-cycle` where no server ran: exit 1, says so, and leaves no ./data behind', async () => {
    const cwd = join(dir, 'elsewhere');
    mkdirSync(cwd);
    const cli = fileURLToPath(new URL('../rent-cycle.ts', import.meta.url));
    // npm runs the script in apps/server (this process's folder) and says where it was started in INIT_CWD.
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: cwd, DATABASE_URL: '' };
    delete env.DATA_DIR;
    const out = await new Promise<{ code: number; stdout: string; stderr: string }>((ok) =>
      execFile(process.execPath, ['--import', 'tsx', cli, '--date', '2026-12-31'], { env }, (err, stdout, stderr) =>
        ok({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(out).toMatchObject({ code: 1, stdout: '' });
    expect(out.stderr).toBe(
      `No database in ${join(cwd, 'data', 'db')}: an operator command does not create one. Set DATA_DIR to the server's data directory (npm start uses ./data in the folder it was started from), or DATABASE_URL.\n`,
    );
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  }, 120_000);
});
