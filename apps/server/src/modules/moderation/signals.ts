import { type LinkedAccount, type ReusedPhoto, SIGNAL_WINDOWS, type Signals } from '@kiraya/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/index.js';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Reused photos listed per account at most (the closest first). */
const REUSED_PHOTOS_MAX = 20;
/** Linked accounts listed per kind at most. */
const LINKED_MAX = 50;

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function query<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * Other accounts that have (or had) one of this account's phone numbers or Aadhaar hashes (account_identifiers, ADR
 * 037). Moderators see who they are, never the number: the Aadhaar is compared by its keyed hash only.
 */
async function linkedAccounts(db: Db, userId: string, kind: 'phone' | 'aadhaar'): Promise<LinkedAccount[]> {
  const rows = await query<{ id: string; username: string; full_name: string; role: string; suspended: boolean }>(
    db,
    sql`
      select distinct u.id, u.username, u.full_name, u.role, (u.suspended_at is not null) as suspended
      from account_identifiers mine
      join account_identifiers other on other.kind = mine.kind and other.value = mine.value and other.user_id <> mine.user_id
      join users u on u.id = other.user_id
      where mine.user_id = ${userId} and mine.kind = ${kind} and u.role <> 'admin'
      order by u.username
      limit ${LINKED_MAX}`,
  );
  return rows.map((r) => ({ userId: r.id, username: r.username, fullName: r.full_name, role: r.role, suspended: r.suspended === true }));
}

/** Properties this account created in the last SIGNAL_WINDOWS.recentDays days, and in how many cities. */
async function recentListings(db: Db, userId: string): Promise<{ properties: number; cities: number }> {
  const [r] = await query<{ properties: number; cities: number }>(
    db,
    sql`
      select count(*)::int as properties, count(distinct lower(city))::int as cities
      from properties
      where owner_id = ${userId} and created_at > now() - make_interval(days => ${SIGNAL_WINDOWS.recentDays})`,
  );
  return { properties: Number(r?.properties ?? 0), cities: Number(r?.cities ?? 0) };
}

/**
 * Photos of this owner's listings (property and room photos) within SIGNAL_WINDOWS.photoDistance bits of a photo of
 * another owner's listing, by their 64-bit perceptual hashes (files.phash): the Hamming distance is
 * bit_count(a XOR b) in SQL. Every listing photo of other owners is compared, which a moderator's request can afford
 * (a scan of the listing photos; no index can answer "within k bits"). Featureless pictures are left out.
 */
async function reusedPhotos(deps: Deps, userId: string): Promise<ReusedPhoto[]> {
  const rows = await query<{
    key: string;
    thumb_key: string | null;
    property_id: string;
    other_key: string;
    other_thumb_key: string | null;
    other_property_id: string;
    other_owner_id: string;
    other_owner_name: string;
    distance: number;
  }>(
    deps.db,
    sql`
      with photos as (
        select f.id, f.key, f.thumb_key, f.phash, p.id as property_id, p.owner_id
        from property_images pi join files f on f.id = pi.file_id join properties p on p.id = pi.property_id
        where f.phash is not null
        union all
        select f.id, f.key, f.thumb_key, f.phash, p.id as property_id, p.owner_id
        from room_images ri join files f on f.id = ri.file_id join rooms r on r.id = ri.room_id join properties p on p.id = r.property_id
        where f.phash is not null
      ),
      -- A featureless picture (a plain colour) is stored as 0 (lib/images.ts): it says nothing about reuse.
      mine as (select * from photos where owner_id = ${userId} and phash not in (0, -1))
      select m.key, m.thumb_key, m.property_id, o.key as other_key, o.thumb_key as other_thumb_key,
             o.property_id as other_property_id, o.owner_id as other_owner_id, u.full_name as other_owner_name,
             bit_count((m.phash # o.phash)::bit(64))::int as distance
      from mine m
      join photos o on o.owner_id <> m.owner_id and bit_count((m.phash # o.phash)::bit(64)) <= ${SIGNAL_WINDOWS.photoDistance}
      join users u on u.id = o.owner_id
      order by distance, m.key, o.key
      limit ${REUSED_PHOTOS_MAX}`,
  );
  return rows.map((r) => ({
    imageUrl: deps.blobs.url(r.thumb_key ?? r.key),
    propertyId: r.property_id,
    otherImageUrl: deps.blobs.url(r.other_thumb_key ?? r.other_key),
    otherPropertyId: r.other_property_id,
    otherOwnerId: r.other_owner_id,
    otherOwnerName: r.other_owner_name,
    distance: Number(r.distance),
  }));
}

/** Reports about this account and its listings, every status: how many, and how many of each reason. */
async function reportCounts(db: Db, userId: string): Promise<Signals['reports']> {
  const rows = await query<{ reason: string; n: number }>(
    db,
    sql`select reason, count(*)::int as n from reports where subject_id = ${userId} group by reason order by reason`,
  );
  const byReason: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byReason[r.reason] = Number(r.n);
    total += Number(r.n);
  }
  return { total, byReason };
}

const NO_SIGNALS = (userId: string): Signals => ({
  userId,
  samePhone: [],
  sameAadhaar: [],
  recentListings: { properties: 0, cities: 0 },
  reusedPhotos: [],
  reports: { total: 0, byReason: {} },
});

/**
 * The signals of one account (issue 26 item 4): shown to moderators beside the reports, never acted on automatically.
 * `userId` null (a target whose account is gone): none.
 */
export async function signalsOf(deps: Deps, userId: string | null): Promise<Signals> {
  if (!userId) return NO_SIGNALS('');
  const [samePhone, sameAadhaar, recent, photos, counts] = await Promise.all([
    linkedAccounts(deps.db, userId, 'phone'),
    linkedAccounts(deps.db, userId, 'aadhaar'),
    recentListings(deps.db, userId),
    reusedPhotos(deps, userId),
    reportCounts(deps.db, userId),
  ]);
  return { userId, samePhone, sameAadhaar, recentListings: recent, reusedPhotos: photos, reports: counts };
}
