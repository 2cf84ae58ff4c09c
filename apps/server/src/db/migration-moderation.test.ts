import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0030 (moderation)', () => {
  it(
    'starts the identifier history from existing accounts, makes the audit log append-only and tells the cache of suspensions',
    { timeout: 120_000 },
    async () => {
      const all = migrationFiles();
      const target = all.find((f) => f.includes('_moderation')) as string;
      expect(target).toBeDefined();
      const db = new PGlite();
      for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
      const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash) values
        ('${id(1)}', 'owner', 'priya', 'Priya', 'priya@example.com', '+911234567890', 'c', 'h1', '1234', 'a', 'x'),
        ('${id(2)}', 'tenant', 'rahul', 'Rahul', 'rahul@example.com', '+911234567891', 'c', 'h2', '1234', 'a', 'x');
    `);
      await apply(db, target);
      const ids = await db.query<{ user_id: string; kind: string; value: string }>(
        'select user_id, kind, value from account_identifiers order by user_id, kind',
      );
      expect(ids.rows).toEqual([
        { user_id: id(1), kind: 'aadhaar', value: 'h1' },
        { user_id: id(1), kind: 'phone', value: '+911234567890' },
        { user_id: id(2), kind: 'aadhaar', value: 'h2' },
        { user_id: id(2), kind: 'phone', value: '+911234567891' },
      ]);
      await db.exec(`insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash)
      values ('${id(3)}', 'admin', 'mod', 'Kiraya moderator', 'mod@example.com', '+00000000001', 'c', 'h3', '', 'a', 'x')`);
      await db.exec(`insert into moderation_audit (id, admin_id, action, target_type, target_id, reason)
      values ('${id(4)}', '${id(3)}', 'suspend', 'user', '${id(1)}', 'Broker')`);
      for (const stmt of [
        "update moderation_audit set reason = 'changed'",
        'delete from moderation_audit',
        'truncate moderation_audit',
        `delete from users where id = '${id(3)}'`,
      ])
        await expect(db.exec(stmt), stmt).rejects.toThrow();
      expect((await db.query('select reason from moderation_audit')).rows).toEqual([{ reason: 'Broker' }]);
      // A suspension drops every instance's public cache (a suspended owner's listings leave the public pages).
      const heard: string[] = [];
      await db.listen('kiraya_public', (p) => heard.push(p));
      await db.exec(`update users set suspended_at = now() where id = '${id(1)}'`);
      await db.exec(`update users set address = 'b' where id = '${id(1)}'`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(['users']);
      await db.close();
    },
  );
});
