import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0028 (verification)', () => {
  it(
    'verifies the demo accounts (emails; owners also their phones) and leaves real accounts unverified',
    { timeout: 120_000 },
    async () => {
      const all = migrationFiles();
      const target = all.find((f) => f.includes('_verification')) as string;
      expect(target).toBeDefined();
      const db = new PGlite();
      for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
      const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash) values
        ('${id(1)}', 'owner', 'priya', 'Priya', 'priya@kiraya.demo', '+911234567890', 'c', 'h1', '1234', 'a', 'x'),
        ('${id(2)}', 'tenant', 'rahul', 'Rahul', 'rahul@kiraya.demo', '+911234567891', 'c', 'h2', '1234', 'a', 'x'),
        ('${id(3)}', 'owner', 'real', 'Real', 'real@example.com', '+911234567892', 'c', 'h3', '1234', 'a', 'x');
    `);
      await apply(db, target);
      const rows = await db.query<{ username: string; email: boolean; phone: boolean; pending: string | null }>(
        `select username, email_verified_at is not null as email, phone_verified_at is not null as phone, pending_email as pending
         from users order by username`,
      );
      expect(rows.rows).toEqual([
        { username: 'priya', email: true, phone: true, pending: null },
        { username: 'rahul', email: true, phone: false, pending: null },
        { username: 'real', email: false, phone: false, pending: null },
      ]);
      // The public cache hears of a verification (and still of a username change), not of other user columns.
      const heard: string[] = [];
      await db.listen('kiraya_public', (p) => heard.push(p));
      await db.exec(`update users set phone_verified_at = now() where id = '${id(3)}'`);
      await db.exec(`update users set email_verified_at = null where id = '${id(3)}'`);
      await db.exec(`update users set address = 'b' where id = '${id(3)}'`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(['users', 'users']);
      await db.close();
    },
  );
});
