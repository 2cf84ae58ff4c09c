import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0022 (lease renewals and lease-end notices)', () => {
  it(
    'runs on a database with tenancies and terms; one open renewal per tenancy, one notice per term end',
    { timeout: 120_000 },
    async () => {
      const all = migrationFiles();
      const target = all.find((f) => f.includes('_lease_renewals')) as string;
      expect(target).toBeDefined();
      const db = new PGlite();
      for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
      const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      const [o, t, p, r, ten] = [1, 2, 3, 4, 5].map(id);
      await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash) values
        ('${o}', 'owner', 'o1', 'Owner', 'o@example.com', '+911234567890', 'c', 'h1', '1234', 'a', 'x'),
        ('${t}', 'tenant', 't1', 'Tenant', 't@example.com', '+911234567891', 'c', 'h2', '1234', 'a', 'x');
      insert into properties (id, owner_id, title, description, street, city, state, pincode, property_type)
        values ('${p}', '${o}', 'T', 'D', 'S', 'C', 'St', '560001', 'Villa');
      insert into rooms (id, property_id, room_number, room_type, tenant_type, floor, rent_paise, max_occupancy, is_furnished, has_attached_bath, description) values
        ('${r}', '${p}', '1', '1BHK', 'Both', 1, 850000, 2, true, true, 'd');
      insert into tenancies (id, room_id, tenant_id, owner_id, rent_paise, move_in_date, rent_cycle_from) values
        ('${ten}', '${r}', '${t}', '${o}', 850000, '2026-01-15', '2026-01-01');
      insert into lease_terms (id, tenancy_id, effective_from, rent_paise, deposit_paise, rent_due_day, start_date, term_months, increment_bp, notice_months)
        values ('${id(6)}', '${ten}', '2026-01-01', 850000, 0, 15, '2026-01-15', 11, 0, 1);
    `);
      await apply(db, target);
      const renewal = (n: number, status: string) =>
        `insert into lease_renewals (id, tenancy_id, room_id, status, start_date, rent_paise, deposit_paise, rent_due_day, term_months, increment_bp, notice_months)
       values ('${id(n)}', '${ten}', '${r}', '${status}', '2026-12-15', 900000, 0, 15, 11, 0, 1)`;
      await db.exec(renewal(10, 'open'));
      await expect(db.exec(renewal(11, 'open'))).rejects.toThrow(/lease_renewals_open_uq/);
      await db.exec(renewal(12, 'declined'));
      await db.exec(renewal(13, 'withdrawn'));
      await db.exec(`insert into lease_end_notices (tenancy_id, term_ends_on) values ('${ten}', '2026-12-14')`);
      const again = await db.query(
        `insert into lease_end_notices (tenancy_id, term_ends_on) values ('${ten}', '2026-12-14') on conflict do nothing returning tenancy_id`,
      );
      expect(again.rows).toEqual([]);
      await expect(db.exec(renewal(14, 'declined').replace('900000', '50'))).rejects.toThrow(/lease_renewals_bounds_ck/);
      await db.close();
    },
  );
});
