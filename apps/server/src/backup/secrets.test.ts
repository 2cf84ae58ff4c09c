import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secretsReminder } from './secrets.js';

/** ADR 027: backups hold no secret; the commands name every secret file of DATA_DIR the operator must keep apart. */
describe('the backup and restore commands on the secrets kept in DATA_DIR', () => {
  const dirs: string[] = [];
  const dataDir = (...files: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'kiraya-secrets-'));
    dirs.push(dir);
    for (const f of files) writeFileSync(join(dir, f), 'x', { mode: 0o600 });
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('after a backup, names each secret file the environment does not override, .vapid included', () => {
    const dir = dataDir('.data_key', '.jwt_secret', '.vapid');
    const all = secretsReminder('backup', dir, {});
    expect(all).toContain(`Keep a copy of ${join(dir, '.data_key')}, ${join(dir, '.jwt_secret')} and ${join(dir, '.vapid')} apart`);
    expect(all).toMatch(/\.vapid: browsers' push subscriptions are bound to it/);
    // Production gives DATA_KEY and JWT_SECRET; the generated VAPID pair is still a file to keep.
    const production = secretsReminder('backup', dir, { DATA_KEY: 'k', JWT_SECRET: 'j' });
    expect(production).toContain(`Keep a copy of ${join(dir, '.vapid')} apart`);
    expect(production).not.toContain('.data_key');
    expect(secretsReminder('backup', dir, { DATA_KEY: 'k', JWT_SECRET: 'j', VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'q' })).toBeNull();
    // A push key never used yet has no file: nothing to keep.
    expect(secretsReminder('backup', dataDir('.data_key'), {})).toMatch(/^Keep a copy of \S+\.data_key apart/);
    expect(secretsReminder('backup', dataDir(), {})).toBeNull();
  });

  it('after a restore, names the secrets the new place has neither in the environment nor in DATA_DIR', () => {
    const empty = dataDir();
    const all = secretsReminder('restore', empty, {});
    expect(all).toContain(
      "give it the backed-up server's DATA_KEY, JWT_SECRET, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or copy its DATA_DIR/.data_key, .jwt_secret and .vapid into",
    );
    expect(secretsReminder('restore', empty, { DATA_KEY: 'k', JWT_SECRET: 'j' })).toContain(
      "give it the backed-up server's VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or copy its DATA_DIR/.vapid into",
    );
    expect(secretsReminder('restore', dataDir('.data_key', '.jwt_secret', '.vapid'), {})).toBeNull();
  });
});
