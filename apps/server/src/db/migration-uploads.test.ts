import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { apply, migrationFiles } from '../test/migrations.js';

describe('migration uploads (images → files + link tables)', () => {
  it('moves every image row into files and its property or room link, and the triggers still work', { timeout: 120_000 }, async () => {
    const all = migrationFiles();
    const target = all.find((f) => f.includes('_uploads'));
    expect(target).toBeDefined();
    const db = new PGlite();
    for (const f of all.slice(0, all.indexOf(target as string))) await apply(db, f);
    const u = '00000000-0000-7000-8000-000000000001';
    const p = '00000000-0000-7000-8000-000000000002';
    const r = '00000000-0000-7000-8000-000000000003';
    await db.exec(`
      insert into users (id, role, username, full_name, email, phone_number, aadhaar_cipher, aadhaar_hash, aadhaar_last4, address, password_hash)
        values ('${u}', 'owner', 'owner1', 'Owner One', 'o@example.com', '+911234567890', 'c', 'h', '1234', 'a', 'x');
      insert into properties (id, owner_id, title, description, street, city, state, pincode, property_type)
        values ('${p}', '${u}', 'T', 'D', 'S', 'C', 'St', '560001', 'Villa');
      insert into rooms (id, property_id, room_number, room_type, tenant_type, floor, rent_paise, max_occupancy, is_furnished, has_attached_bath, description)
        values ('${r}', '${p}', '1', '1BHK', 'Both', 1, 850000, 2, true, true, 'd');
      insert into images (id, property_id, room_id, position, display_key, thumb_key, width, height) values
        ('00000000-0000-7000-8000-0000000000a1', '${p}', null, 0, 'properties/p/a1-display.webp', 'properties/p/a1-thumb.webp', 800, 600),
        ('00000000-0000-7000-8000-0000000000a2', '${p}', null, 1, 'properties/p/a2-display.webp', 'properties/p/a2-thumb.webp', 640, 480),
        ('00000000-0000-7000-8000-0000000000b1', '${p}', '${r}', 0, 'rooms/r/b1-display.webp', 'rooms/r/b1-thumb.webp', 300, 200);
    `);
    await apply(db, target as string);
    const files = await db.query<{ id: string; kind: string; key: string; thumb_key: string; width: number; uploaded_by: string }>(
      'select id, kind, key, thumb_key, width, uploaded_by from files order by id',
    );
    expect(files.rows).toHaveLength(3);
    expect(files.rows[0]).toMatchObject({
      kind: 'image',
      key: 'properties/p/a1-display.webp',
      thumb_key: 'properties/p/a1-thumb.webp',
      width: 800,
      uploaded_by: u,
    });
    const pi = await db.query<{ file_id: string; position: number }>('select file_id, position from property_images order by position');
    expect(pi.rows.map((x) => x.file_id.slice(-2))).toEqual(['a1', 'a2']);
    const ri = await db.query<{ file_id: string; room_id: string }>('select file_id, room_id from room_images');
    expect(ri.rows).toEqual([{ file_id: '00000000-0000-7000-8000-0000000000b1', room_id: r }]);
    expect((await db.query(`select 1 from pg_tables where tablename = 'images'`)).rows).toHaveLength(0);
    // The derived figures (migration 0002) still follow the rooms; deleting the room takes its link with it.
    await db.exec(`delete from rooms where id = '${r}'`);
    const stats = await db.query<{ room_count: number }>(`select room_count from properties where id = '${p}'`);
    expect(stats.rows[0]?.room_count).toBe(0);
    expect((await db.query('select 1 from room_images')).rows).toHaveLength(0);
    await db.close();
  });
});
