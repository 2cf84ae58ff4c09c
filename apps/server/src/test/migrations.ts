import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../db/index.js';

/** Runs one committed migration file statement by statement, as drizzle's migrator does. */
export async function apply(db: PGlite, file: string): Promise<void> {
  const text = readFileSync(join(migrationsFolder(), file), 'utf8');
  for (const stmt of text.split('--> statement-breakpoint')) if (stmt.trim()) await db.exec(stmt);
}

/** The committed migration files, in the order they run. */
export const migrationFiles = (): string[] =>
  readdirSync(migrationsFolder())
    .filter((f) => f.endsWith('.sql'))
    .sort();
