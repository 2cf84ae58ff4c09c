import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { loggerOptions } from './lib/logger.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const webDist = [process.env.WEB_DIST, join(here, '../../web/dist'), join(here, '../../../apps/web/dist')]
    .filter((p): p is string => !!p)
    .map((p) => resolve(p))
    .find((p) => existsSync(join(p, 'index.html')));
  const config = loadConfig(process.env, webDist ? { webDist } : {});
  // A dropped database connection (restart, failover) is logged and the pool reconnects on demand;
  // requests meanwhile answer 503. Without this listener pg-pool's 'error' event would end the process.
  let onPoolError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, onError: (err) => onPoolError(err) }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  const app = await buildApp({
    config,
    db: database.db,
    logger: loggerOptions(config.logLevel),
  });
  onPoolError = (err) => app.log.warn({ err }, 'database connection lost; reconnecting on the next request');

  if (config.demoData) {
    if (config.isProduction)
      app.log.warn('DEMO_DATA=true in production: an empty database gets the demo accounts and their published password.');
    const seeded = await seedDemoIfEmpty(app.deps);
    if (seeded) {
      app.log.info('Loaded demo data into the empty database.');
      console.log(`\nDemo accounts (password for all: ${seeded.password}):`);
      for (const a of seeded.accounts) console.log(`  ${a.role.padEnd(6)}  ${a.email}`);
      console.log('');
    }
  }

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
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Kiraya is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
