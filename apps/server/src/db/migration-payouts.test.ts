import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration 0024 (payouts)', () => {
  it('gives every gateway payment already recorded its payout, held; offline payments get none', { timeout: 120_000 }, async () => {
    const all = migrationFiles();
    const target = all.find((f) => f.includes('_payouts')) as string;
    expect(target).toBeDefined();
    const db = new PGlite();
    for (const f of all.slice(0, all.indexOf(target))) await apply(db, f);
    const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    const [o, t, p, r, ten, ord, pay, g, b] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(id);
    await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash) values
        ('${o}', 'owner', 'o1', 'Owner', 'o@example.com', '+911234567890', 'c', 'h1', '1234', 'a', 'x'),
        ('${t}', 'tenant', 't1', 'Tenant', 't@example.com', '+911234567891', 'c', 'h2', '1234', 'a', 'x');
      insert into properties (id, owner_id, title, description, street, city, state, pincode, property_type)
        values ('${p}', '${o}', 'T', 'D', 'S', 'C', 'St', '560001', 'Villa');
      insert into rooms (id, property_id, room_number, room_type, tenant_type, floor, rent_paise, max_occupancy, is_furnished, has_attached_bath, description)
        values ('${r}', '${p}', '1', '1BHK', 'Both', 1, 850000, 2, true, true, 'd');
      insert into tenancies (id, room_id, tenant_id, owner_id, rent_paise, move_in_date, rent_cycle_from) values ('${ten}', '${r}', '${t}', '${o}', 850000, '2025-03-30', '2026-11-01');
      insert into bill_groups (id, room_id, property_id, bill_date, due_date) values ('${g}', '${r}', '${p}', '2026-10-01', '2026-10-11');
      insert into bill_items (id, group_id, room_id, property_id, tenancy_id, tenant_id, bill_type, amount_paise, paid_paise, rent_period)
        values ('${b}', '${g}', '${r}', '${p}', '${ten}', '${t}', 'Rent Bill', 850000, 850000, '2026-10-01');
      insert into payment_orders (id, gateway, gateway_order_id, room_id, property_id, tenancy_id, tenant_id, owner_id, amount_paise, status, bill_item_ids)
        values ('${ord}', 'sandbox', 'order_1', '${r}', '${p}', '${ten}', '${t}', '${o}', 850000, 'paid', array['${b}']::uuid[]);
      insert into payments (id, order_id, gateway, gateway_payment_id, receipt_number, room_id, property_id, tenancy_id, tenant_id, owner_id, amount_paise, method, source, paid_at)
        values ('${pay}', '${ord}', 'sandbox', 'pay_1', 'KR-2026-000001', '${r}', '${p}', '${ten}', '${t}', '${o}', 850000, 'upi', 'verify', now());
      insert into payment_allocations (payment_id, bill_item_id, amount_paise) values ('${pay}', '${b}', 850000);
    `);
    await db.exec(`
      insert into payments (id, kind, receipt_number, room_id, property_id, tenancy_id, tenant_id, owner_id, amount_paise, method, source, paid_at, paid_on, reference, recorded_by)
        values ('${id(10)}', 'offline', 'KR-2026-000002', '${r}', '${p}', '${ten}', '${t}', '${o}', 100, 'cash', 'recorded', now(), '2026-10-02', 'X1', '${o}');
    `);
    await apply(db, target);
    const rows = await db.query(`select payment_id, owner_id, amount_paise, state, fee_paise, transfer_id from payment_transfers`);
    expect(rows.rows).toEqual([{ payment_id: pay, owner_id: o, amount_paise: 850000, state: 'held', fee_paise: null, transfer_id: null }]);
    // One payout per payment; a state outside the four (and processing) is refused.
    await expect(
      db.exec(`insert into payment_transfers (id, payment_id, owner_id, amount_paise) values ('${id(20)}', '${pay}', '${o}', 1)`),
    ).rejects.toThrow(/payment_transfers_payment_uq/);
    await expect(
      db.exec(
        `insert into payment_transfers (id, payment_id, owner_id, amount_paise, state) values ('${id(21)}', '${id(10)}', '${o}', 1, 'lost')`,
      ),
    ).rejects.toThrow(/payment_transfers_state_ck/);
    await db.close();
  });
});
