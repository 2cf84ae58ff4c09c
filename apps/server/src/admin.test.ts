import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.js';
import { claimPgliteDir, consistentDump } from './backup/pglite-guard.js';
import { backupTestConfig } from './backup/test-support.js';
import { openDatabase } from './db/index.js';
import { users } from './db/schema.js';
import { newId } from './lib/ids.js';
import { ADMIN_VERB, adminOnRequest } from './modules/moderation/index.js';
import { createTestContext, type TestContext } from './test/harness.js';

/** `npm run admin` as an operator runs it (ADR 037): one line out; exit 0 done, 1 refused, 2 wrong usage. */
let ctx: TestContext;
const mod = () => `mod.${newId()}@example.test`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The command as an operator runs it (`npm run admin` runs this file with tsx). */
const cli = fileURLToPath(new URL('./admin.ts', import.meta.url));
const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((ok) => {
    execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      ok({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-admin-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // On PostgreSQL the test's own database; otherwise a PGlite database made in a temporary DATA_DIR.
  const env = () =>
    ctx.database.kind === 'postgres' && ctx.database.url
      ? { DATABASE_URL: ctx.database.url, DATA_DIR: join(dir, 'data') }
      : { DATABASE_URL: '', DATA_DIR: join(dir, 'data'), INIT_CWD: dir };
  // An operator command never creates a database (lib/cli.ts): on PGlite, the server's database is made first,
  // from the migrated template.
  beforeAll(async () => {
    if (ctx.database.kind === 'postgres') return;
    const made = await openDatabase(
      { kind: 'pglite', dataDir: join(dir, 'data', 'db'), loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) },
      { migrate: false },
    );
    await made.close();
  }, 120_000);

  it('prints one line: exit 0 when done, 1 when refused, 2 on wrong usage', async () => {
    const usage = await run(['create', '--email', 'x@example.test'], env());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage:/);
    const email = mod();
    const created = await run(['create', '--email', email, '--password', 'Moderate123'], env());
    expect(created, created.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(new RegExp(`^Moderator ${email} created .*\\n$`)),
    });
    expect(created.stdout.split('\n')).toHaveLength(2);
    // Which database it opened, on stderr (the output stays one line).
    expect(created.stderr).toMatch(
      ctx.database.kind === 'postgres' ? /^Database: PostgreSQL \S+\n$/ : /^Database: PGlite in .*kiraya-admin-cli-.*\/data\/db\n$/,
    );
    expect(created.stderr).not.toContain('@');
    const again = await run(['create', '--email', email, '--password', 'Moderate123'], env());
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(new RegExp(`\\n${email.replace(/\./g, '\\.')} is a moderator already\\.\\n$`)),
      stdout: '',
    });
    // Each run opens the database and applies migrations, as the server does: on PGlite, tens of seconds on a busy machine.
  }, 240_000);
});

describe.skipIf(process.env.KIRAYA_TEST_DB === 'postgres')('the command line while a server holds the PGlite directory', () => {
  it('asks that server to run it, over the operator-only socket (ADR 027)', async () => {
    const config = backupTestConfig();
    const dbDir = join(config.dataDir, 'db');
    // The server, as main.ts sets it up: claims the directory, serves dumps and the admin command.
    const guard = await claimPgliteDir(dbDir);
    const database = await openDatabase(
      { kind: 'pglite', dataDir: dbDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) },
      { migrate: false },
    );
    try {
      const server = await buildApp({ config, db: database.db });
      guard.serveDumps(() => consistentDump((database.db as unknown as { $client: Parameters<typeof consistentDump>[0] }).$client));
      guard.serveCommand(ADMIN_VERB, (arg) => adminOnRequest(server.deps, arg));
      const email = mod();
      const env = { DATABASE_URL: '', DATA_DIR: config.dataDir };
      const created = await run(['create', '--email', email, '--password', 'Moderate123'], env);
      expect(created, created.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining(`Moderator ${email} created`) });
      const [row] = await server.deps.db.select({ role: users.role }).from(users).where(eq(users.email, email));
      expect(row?.role).toBe('admin');
      expect(await run(['create', '--email', email, '--password', 'Moderate123'], env)).toMatchObject({ code: 1 });
      await server.close();
    } finally {
      await database.close();
      await guard.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
