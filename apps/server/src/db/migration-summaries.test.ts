import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0027 (the daily summary off by default)', () => {
  it('drops the summary setting that saving any email setting wrote as true, and keeps every other one', { timeout: 120_000 }, async () => {
    const all = migrationFiles();
    const target = all.find((f) => f.includes('_summaries_off_by_default')) as string;
    expect(target).toBeDefined();
    const db = new PGlite();
    for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
    const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash, email_prefs) values
        ('${id(1)}', 'owner', 'o1', 'Owner', 'o@example.com', '+911234567890', 'c', 'h1', '1234', 'a', 'x',
          '{"reminders": true, "payments": false, "messages": true, "invitations": true, "summaries": true}'),
        ('${id(2)}', 'tenant', 't1', 'Tenant', 't@example.com', '+911234567891', 'c', 'h2', '1234', 'a', 'x', '{}');
    `);
    await apply(db, target);
    const rows = await db.query<{ id: string; email_prefs: Record<string, boolean> }>(`select id, email_prefs from users order by id`);
    expect(rows.rows).toEqual([
      { id: id(1), email_prefs: { reminders: true, payments: false, messages: true, invitations: true } },
      { id: id(2), email_prefs: {} },
    ]);
    await db.close();
  });
});
