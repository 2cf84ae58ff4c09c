import { describe, expect, it } from 'vitest';
import { createPool, statementName } from './index.js';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.KIRAYA_TEST_DB === 'postgres' && !!url;
if (!onPostgres) console.log('prepared: skipped (runs in the server-pg project, with TEST_DATABASE_URL)');

const statements = async (pool: ReturnType<typeof createPool>) =>
  (await pool.query('select name, statement from pg_prepared_statements order by name')).rows as { name: string; statement: string }[];

describe.skipIf(!onPostgres)('named prepared statements (DATABASE_PREPARED_STATEMENTS)', () => {
  it('prepares a parameterised query once on a connection and reuses it; plain texts stay unnamed', async () => {
    const pool = createPool({ url: url as string, max: 1 });
    try {
      const text = 'select $1::int + 1 as n';
      for (let i = 0; i < 3; i++) expect((await pool.query({ text, values: [i] })).rows).toEqual([{ n: i + 1 }]);
      // The same text, a different shape of call (values apart, rows as arrays): the same statement.
      expect((await pool.query({ text, rowMode: 'array' }, [41])).rows).toEqual([[42]]);
      expect(await statements(pool)).toEqual([{ name: statementName(text), statement: text }]);
      // Two texts never share a name.
      expect(statementName('select $1::int')).not.toBe(statementName(text));
    } finally {
      await pool.end();
    }
  });

  it('a transaction on a pooled client uses them too, and a failed statement leaves the name usable', async () => {
    const pool = createPool({ url: url as string, max: 1 });
    try {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await expect(client.query({ text: 'select 1 / $1::int as q', values: [0] })).rejects.toThrow(/division by zero/);
        await client.query('rollback');
        expect((await client.query({ text: 'select 1 / $1::int as q', values: [1] })).rows).toEqual([{ q: 1 }]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('prepares nothing when turned off', async () => {
    const pool = createPool({ url: url as string, max: 1, prepare: false });
    try {
      await pool.query({ text: 'select $1::int as n', values: [1] });
      expect(await statements(pool)).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
