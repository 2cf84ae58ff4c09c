import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0020 (leases and the rent cycle)', () => {
  it(
    "gives every tenancy today's terms and starts its cycle after its latest Rent Bill, never back-billing",
    { timeout: 120_000 },
    async () => {
      const all = migrationFiles();
      const target = all.find((f) => f.includes('_leases_and_rent_cycle')) as string;
      expect(target).toBeDefined();
      const db = new PGlite();
      for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
      const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      const [o, t, p, r1, r2, r3, billed, bare, ended, g] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(id);
      await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash) values
        ('${o}', 'owner', 'o1', 'Owner', 'o@example.com', '+911234567890', 'c', 'h1', '1234', 'a', 'x'),
        ('${t}', 'tenant', 't1', 'Tenant', 't@example.com', '+911234567891', 'c', 'h2', '1234', 'a', 'x');
      insert into properties (id, owner_id, title, description, street, city, state, pincode, property_type)
        values ('${p}', '${o}', 'T', 'D', 'S', 'C', 'St', '560001', 'Villa');
      insert into rooms (id, property_id, room_number, room_type, tenant_type, floor, rent_paise, max_occupancy, is_furnished, has_attached_bath, description) values
        ('${r1}', '${p}', '1', '1BHK', 'Both', 1, 850000, 2, true, true, 'd'),
        ('${r2}', '${p}', '2', '1BHK', 'Both', 1, 900000, 2, true, true, 'd'),
        ('${r3}', '${p}', '3', '1BHK', 'Both', 1, 900000, 2, true, true, 'd');
      insert into tenancies (id, room_id, tenant_id, owner_id, rent_paise, move_in_date, move_out_date) values
        ('${billed}', '${r1}', '${t}', '${o}', 850000, '2025-03-30', null),
        ('${bare}', '${r2}', '${t}', '${o}', 900000, '2026-06-12', null),
        ('${ended}', '${r3}', '${t}', '${o}', 900000, '2024-01-05', '2024-12-31');
      insert into bill_groups (id, room_id, property_id, bill_date, due_date) values ('${g}', '${r1}', '${p}', '2026-10-01', '2026-10-11');
      insert into bill_items (id, group_id, room_id, property_id, tenancy_id, tenant_id, bill_type, amount_paise, rent_period) values
        ('${id(11)}', '${g}', '${r1}', '${p}', '${billed}', '${t}', 'Rent Bill', 850000, '2026-10-01'),
        ('${id(12)}', '${g}', '${r1}', '${p}', '${billed}', '${t}', 'Rent Bill', 850000, '2026-09-01');
    `);
      await apply(db, target);
      const rows = await db.query<{ id: string; auto_rent: boolean; rent_cycle_from: string }>(
        `select id, auto_rent, rent_cycle_from::text from tenancies order by id`,
      );
      const nextMonth = await db.query<{ m: string }>(
        `select (date_trunc('month', (now() at time zone 'Asia/Kolkata')::date) + interval '1 month')::date::text as m`,
      );
      expect(rows.rows).toEqual([
        { id: billed, auto_rent: true, rent_cycle_from: '2026-11-01' },
        { id: bare, auto_rent: true, rent_cycle_from: nextMonth.rows[0]?.m },
        { id: ended, auto_rent: true, rent_cycle_from: nextMonth.rows[0]?.m },
      ]);
      const terms = await db.query(
        `select tenancy_id, effective_from::text, rent_paise::int, deposit_paise::int, rent_due_day, start_date::text, term_months, increment_bp, notice_months, late_fee_kind
       from lease_terms order by tenancy_id`,
      );
      expect(terms.rows).toEqual([
        {
          tenancy_id: billed,
          effective_from: '2025-03-01',
          rent_paise: 850000,
          deposit_paise: 0,
          rent_due_day: 28,
          start_date: '2025-03-30',
          term_months: 11,
          increment_bp: 0,
          notice_months: 0,
          late_fee_kind: null,
        },
        {
          tenancy_id: bare,
          effective_from: '2026-06-01',
          rent_paise: 900000,
          deposit_paise: 0,
          rent_due_day: 12,
          start_date: '2026-06-12',
          term_months: 11,
          increment_bp: 0,
          notice_months: 0,
          late_fee_kind: null,
        },
        {
          tenancy_id: ended,
          effective_from: '2024-01-01',
          rent_paise: 900000,
          deposit_paise: 0,
          rent_due_day: 5,
          start_date: '2024-01-05',
          term_months: 11,
          increment_bp: 0,
          notice_months: 0,
          late_fee_kind: null,
        },
      ]);
      // A new tenancy must say where its cycle starts.
      await expect(
        db.exec(
          `insert into tenancies (id, room_id, tenant_id, owner_id, rent_paise, move_in_date) values ('${id(20)}', '${r3}', '${t}', '${o}', 100, '2026-01-01')`,
        ),
      ).rejects.toThrow(/rent_cycle_from/);
      await db.close();
    },
  );
});
