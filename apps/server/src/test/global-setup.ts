import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.js';
import { startS3Server } from './s3.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    /** KIRAYA_TEST_BLOBS=s3: the test S3 server every test app stores its uploads on (a bucket each). */
    s3Endpoint: string;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a fresh copy of it
 * (a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`) instead of truncating tables.
 */
export default async function setup(project: TestProject) {
  const s3 = process.env.KIRAYA_TEST_BLOBS === 's3' ? await startS3Server() : null;
  project.provide('s3Endpoint', s3?.endpoint ?? '');
  const closeDb = await setupDatabase(project);
  return async () => {
    await closeDb?.();
    await s3?.close();
  };
}

async function setupDatabase(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  // The project's `env` reaches its test workers, not this process: read it from the project.
  if ((project.config.env?.KIRAYA_TEST_DB ?? process.env.KIRAYA_TEST_DB) === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const name = `kiraya_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: tplUrl.toString(), max: 1 });
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kiraya-tpl-'));
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return undefined;
}
