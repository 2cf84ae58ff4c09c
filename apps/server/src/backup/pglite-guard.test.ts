import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PgliteInUseError, claimPgliteDir, guardAddress, requestCommand, requestDump } from './pglite-guard.js';

/** One process at a time on a PGlite directory, and dumps only for whoever can read DATA_DIR (ADR 027). */
const dataDir = mkdtempSync(join(tmpdir(), 'kiraya-guard-'));
const dbDir = join(dataDir, 'db');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ask = (line: string) =>
  new Promise<string>((ok) => {
    const s = connect(guardAddress(dbDir));
    let got = '';
    s.on('data', (d) => {
      got += d.toString();
    });
    s.on('close', () => ok(got));
    s.on('error', () => ok(got));
    s.write(line);
  });

it('a second claim of a directory is refused until the first is released', async () => {
  const first = await claimPgliteDir(dbDir);
  await expect(claimPgliteDir(dbDir)).rejects.toBeInstanceOf(PgliteInUseError);
  await expect(claimPgliteDir(join(dataDir, '.', 'db'))).rejects.toThrow(/open in another process/);
  await first.close();
  const again = await claimPgliteDir(dbDir);
  await again.close();
});

it('answers a dump only to a request carrying the token from DATA_DIR; a backup or restore holding it answers busy', async () => {
  const guard = await claimPgliteDir(dbDir);
  try {
    await expect(requestDump(dbDir)).rejects.toThrow(/does not serve backups/);
    writeFileSync(join(dataDir, '.backup-token'), 'stale');
    await expect(requestDump(dbDir)).rejects.toThrow(/busy: a backup or restore holds the database/);
    guard.serveDumps(async () => Buffer.from('the dump'));
    const token = readFileSync(join(dataDir, '.backup-token'), 'utf8');
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(statSync(join(dataDir, '.backup-token')).mode & 0o077).toBe(0);
    expect((await requestDump(dbDir)).toString()).toBe('the dump');
    expect(await ask('DUMP wrong-token\n')).toBe('ERR wrong token\n');
    expect(await ask('DUMP\n')).toBe('ERR wrong token\n');
    expect(await ask('HELLO\n')).toBe('ERR unknown request\n');
    expect(await ask('x'.repeat(10_000))).toBe('');
    expect(await ask(`DUMP ${token}\n`)).toBe('OK 8\nthe dump');
  } finally {
    await guard.close();
  }
  expect(() => readFileSync(join(dataDir, '.backup-token'))).toThrow();
});

it('a failing dump is reported to the backup, not a crash of the server', async () => {
  const guard = await claimPgliteDir(dbDir);
  guard.serveDumps(async () => {
    throw new Error('disk\nfull');
  });
  try {
    await expect(requestDump(dbDir)).rejects.toThrow('The running server refused the dump: the dump failed: disk full');
  } finally {
    await guard.close();
  }
});

it('runs an operator command for whoever has the token (npm run rent-cycle while the server runs), refusing the rest', async () => {
  const guard = await claimPgliteDir(dbDir);
  const seen: string[] = [];
  try {
    guard.serveDumps(async () => Buffer.from('the dump'));
    guard.serveCommand('RENT-CYCLE', async (arg) => {
      seen.push(arg);
      if (arg === '2026-13-01') throw new Error('--date must be a date');
      return `ran as of ${arg || 'today'}\n`;
    });
    expect(() => guard.serveCommand('DUMP', async () => '')).toThrow(/bad command name/);
    expect(() => guard.serveCommand('rm -rf', async () => '')).toThrow(/bad command name/);
    expect(await requestCommand(dbDir, 'RENT-CYCLE', '2026-12-31')).toBe('ran as of 2026-12-31\n');
    expect(await requestCommand(dbDir, 'RENT-CYCLE')).toBe('ran as of today\n');
    await expect(requestCommand(dbDir, 'RENT-CYCLE', '2026-13-01')).rejects.toThrow(
      'The running server refused the command: rent-cycle failed: --date must be a date',
    );
    await expect(requestCommand(dbDir, 'RENT-CYCLE', 'a b')).rejects.toThrow(/no spaces/);
    expect(await ask('RENT-CYCLE wrong-token 2026-12-31\n')).toBe('ERR wrong token\n');
    await expect(requestCommand(dbDir, 'OTHER')).rejects.toThrow(/unknown request/);
    expect(seen).toEqual(['2026-12-31', '', '2026-13-01']);
  } finally {
    await guard.close();
  }
});
