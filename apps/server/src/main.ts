import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.js';
import { claimPgliteDir, consistentDump } from './backup/pglite-guard.js';
import { devMailboxStartNotice, loadConfig, paymentsStartNotice } from './config.js';
import { openDatabase } from './db/index.js';
import { loggerOptions } from './lib/logger.js';
import { configureSharp } from './lib/sharp-settings.js';
import { RENT_CYCLE_VERB, rentCycleOnRequest } from './modules/leases/index.js';
import { OUTBOX_VERB, outboxCommand } from './modules/outbox/index.js';
import { ADMIN_VERB, adminOnRequest, backfillPhotoHashes } from './modules/moderation/index.js';
import { type DemoSeedResult, databaseIsEmpty, existingDemoAccounts, seedDemoIfEmpty } from './seed/demo.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Progress lines on stdout (the start script runs the server with LOG_LEVEL=warn). */
const t0 = Number(process.env.KIRAYA_STARTED_AT) || Date.now(); // the prepare process counts from its parent's start
const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s]`;
const step = (msg: string) => console.log(`${stamp()} ${msg}`);

/**
 * The demo's progress as one line: on a terminal it is rewritten in place ("Loading demo data: rooms 3 of 8"), in
 * a log (no terminal) it is written once, when loading starts. `end` closes the line.
 */
function demoProgress() {
  const tty = process.stdout.isTTY === true;
  let last = '';
  return {
    update(what: string, done: number, total: number) {
      if (!tty) {
        if (!last) step('Loading demo data…');
        last = 'started';
        return;
      }
      const line = `${stamp()} Loading demo data: ${what} ${done} of ${total}`;
      if (line !== last) process.stdout.write(`\r\x1b[2K${line}`);
      last = line;
    },
    end() {
      if (tty && last) process.stdout.write('\n');
    },
  };
}

function printDemoAccounts(demo: DemoSeedResult) {
  console.log(`\nDemo accounts (password for all, unless changed: ${demo.password}):`);
  for (const a of demo.accounts) console.log(`  ${a.role.padEnd(6)}  ${a.email}`);
  console.log('');
}

/**
 * Set in the short-lived process that loads the demo into an empty database (issue 21): it opens the database,
 * seeds and exits, and the server proper starts on the loaded database as it would after a restart. Creating a
 * database and loading the demo grow memory that a process never gives back (PGlite's WebAssembly memory,
 * glibc's heap after sharp's image work); a server that did them itself kept 60 to 90 MB more for good.
 */
const PREPARE_ONLY = process.env.KIRAYA_PREPARE_ONLY === '1';

/** Until the server is up a stop request just exits; then it closes the server and the database. */
let stop: (reason: string) => Promise<void> = async () => process.exit(0);

/** Runs this same entry in prepare mode and waits for it; its progress lines go to this process's output. */
function prepareInChild(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, KIRAYA_PREPARE_ONLY: '1', KIRAYA_STARTED_AT: String(t0) },
      // The IPC channel lets the child stop when this process goes away (the 'disconnect' handler in main).
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    stop = async () => {
      child.kill('SIGTERM');
      process.exit(0);
    };
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`loading the demo data failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function main() {
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // Started by scripts/start.mjs with an IPC channel: stop when that script is gone, even if killed hard.
  if (process.send) process.on('disconnect', () => void stop('parent exited'));
  configureSharp();
  const webDist = [process.env.WEB_DIST, join(here, '../../web/dist'), join(here, '../../../apps/web/dist')]
    .filter((p): p is string => !!p)
    .map((p) => resolve(p))
    .find((p) => existsSync(join(p, 'index.html')));
  const config = loadConfig(process.env, webDist ? { webDist } : {});
  const pgliteDir = join(config.dataDir, 'db');
  let fresh = !config.databaseUrl && !existsSync(join(pgliteDir, 'PG_VERSION'));
  // The process loading the demo (PREPARE_ONLY) opens the database its parent already announced.
  if (!PREPARE_ONLY)
    step(
      config.databaseUrl
        ? 'Connecting to PostgreSQL and applying migrations…'
        : fresh
          ? `Creating the database in ${pgliteDir} (first start only, takes a few seconds)…`
          : `Opening the database in ${pgliteDir} and applying migrations…`,
    );
  // A dropped database connection (restart, failover) is logged and the pool reconnects on demand;
  // requests meanwhile answer 503. Without this listener pg-pool's 'error' event would end the process.
  let onPoolError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  const open = () =>
    openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, prepare: config.databasePrepare, onError: (err) => onPoolError(err) }
        : { kind: 'pglite', dataDir: pgliteDir },
    );
  if (fresh && config.demoData && !PREPARE_ONLY) {
    await prepareInChild();
    fresh = false;
    step('Opening the loaded database…');
  }
  // One process at a time on a PGlite directory (ADR 027): a running backup or restore stops this start.
  const guard = config.databaseUrl ? null : await claimPgliteDir(pgliteDir);
  let database = await open();
  if (config.databaseUrl && config.demoData && !PREPARE_ONLY && (await databaseIsEmpty({ db: database.db }))) {
    await prepareInChild();
  }
  if (fresh && !PREPARE_ONLY) {
    // Creating a PGlite database grows its WebAssembly memory to about 650 MB, which never shrinks;
    // a reopened instance needs half of that (ADR 007). The start script runs node with --expose-gc.
    step('Database created; reopening it…');
    await database.close();
    (globalThis as { gc?: () => void }).gc?.();
    database = await open();
    (globalThis as { gc?: () => void }).gc?.();
  }
  if (!PREPARE_ONLY) step('Database ready.');
  // `npm run backup` asks this process for a consistent copy of the PGlite database (ADR 027).
  guard?.serveDumps(() => consistentDump((database.db as unknown as { $client: PGlite }).$client));
  const app = await buildApp({
    config,
    db: database.db,
    logger: loggerOptions(config.logLevel),
    coldStart: !PREPARE_ONLY,
  });
  onPoolError = (err) => app.log.warn({ err }, 'database connection lost; reconnecting on the next request');
  const paymentsNotice = paymentsStartNotice(config);
  if (paymentsNotice) app.log.warn(paymentsNotice);
  const mailboxNotice = devMailboxStartNotice(config);
  if (mailboxNotice) app.log.warn(mailboxNotice);

  if (config.demoData) {
    if (config.isProduction)
      app.log.warn('DEMO_DATA=true in production: an empty database gets the demo accounts and their published password.');
    const progress = demoProgress();
    const seeded = await seedDemoIfEmpty(app.deps, progress.update);
    progress.end();
    if (seeded) step('Demo data loaded.');
    if (PREPARE_ONLY) {
      await app.close();
      await database.close();
      await guard?.close();
      process.exit(0);
    }
    const demo = seeded ?? (await existingDemoAccounts(app.deps));
    if (demo) printDemoAccounts(demo);
  }

  // `npm run rent-cycle` cannot open the PGlite directory this process holds: it asks this process instead (ADR 028),
  // once the demo seed is in (a cycle during the seed would collide with it).
  guard?.serveCommand(RENT_CYCLE_VERB, (date) => rentCycleOnRequest(app.deps, date));
  // `npm run outbox` likewise: rent reminders as of a date and a delivery round (issue 25).
  guard?.serveCommand(OUTBOX_VERB, (date) => outboxCommand(app.deps, date));
  // `npm run admin` likewise: moderators' accounts (ADR 037).
  guard?.serveCommand(ADMIN_VERB, (arg) => adminOnRequest(app.deps, arg));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      await guard?.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  stop = shutdown;

  await app.listen({ port: config.port, host: config.host });
  step(`Kiraya is running at ${config.publicUrl}`);
  // Listing photos stored before perceptual hashes existed get theirs, in the background (ADR 037); nothing to do
  // once every photo has one.
  backfillPhotoHashes(app.deps, app.log).catch((err: unknown) => app.log.warn({ err }, 'photo hash backfill stopped'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
