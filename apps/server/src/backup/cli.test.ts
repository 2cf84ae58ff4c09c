import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** The command's answers (ADR 027): a refusal is one line and exit code 1, wrong arguments exit 2. */
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kiraya-backup-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((ok) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '', S3_BUCKET: '', INIT_CWD: dir, ...env } },
      (err, stdout, stderr) => ok({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe.skipIf(process.env.KIRAYA_TEST_DB === 'postgres')('npm run backup / restore', () => {
  it('refuses a folder that is no backup with exit code 1, wrong arguments with 2, and writes nothing', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const [refused, usage] = await Promise.all([run(['restore', '.']), run(['backup', '--force', 'x'])]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`Restore refused: No manifest.json in ${dir}: not a Kiraya backup, or one that did not finish.\n`);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run backup -- <dir>/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
