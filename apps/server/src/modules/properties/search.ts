import { rupeesToPaise } from '@kiraya/contract';
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { propertyListQuerySchema } from '@kiraya/contract';
import type { Db } from '../../db/index.js';
import { properties, rooms } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql.js';

type Query = z.output<typeof propertyListQuerySchema>;

const INT4_MAX = 2_147_483_647;
/** Kilometres per degree of latitude. */
const KM_PER_DEGREE = 111.045;

/**
 * Whether pg_trgm is installed in this database (migrations 0011 and 0036 create it where they may; db/index.ts
 * loads it into PGlite). Asked once per database; without it, locality search is exact and full text only.
 */
const trgmByDb = new WeakMap<object, Promise<boolean>>();
export function hasTrgm(db: Db): Promise<boolean> {
  let known = trgmByDb.get(db);
  if (!known) {
    known = db
      .execute(sql`select 1 as one from pg_extension where extname = 'pg_trgm'`)
      .then((r) => ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])).length > 0)
      .catch(() => false);
    trgmByDb.set(db, known);
  }
  return known;
}

/** The full-text document of a listing: title, description, locality and city (the index properties_fts_idx, 0036). */
const ftsDocument = sql`to_tsvector('simple'::regconfig, ${properties.title} || ' ' || ${properties.description} || ' ' || ${properties.locality} || ' ' || ${properties.city})`;

/** Great-circle distance in km from a point to the listing (haversine), null without coordinates. */
export const distanceKm = (lat: number, lng: number): SQL<number> =>
  sql<number>`(12742 * asin(sqrt(power(sin(radians(${properties.latitude} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${properties.latitude})) * power(sin(radians(${properties.longitude} - ${lng}) / 2), 2))))`;

/**
 * The WHERE conditions of the search beyond "listed" (B1, B31, ADR 048), each an indexable condition where one
 * exists: text (full text, words, typo-tolerant locality), city, state, type, rent (a room's), BHK (the property's or a
 * room's), furnishing, who may rent (`any` listings match every kind), available by, deposit, veg, pets, parking
 * (a car space also takes a two-wheeler), every amenity, locality, and a radius around `near`.
 */
export async function searchConditions(db: Db, v: Query): Promise<SQL[]> {
  const where: SQL[] = [];
  const trgm = await hasTrgm(db);
  const q = (v.q ?? '').toLowerCase().trim();
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length) {
    const each = words.map((w) =>
      trgm
        ? sql`(${properties.searchText} like ${`%${escapeLike(w)}%`} or (length(${w}) >= 4 and lower(${properties.locality}) % ${w}))`
        : sql`${properties.searchText} like ${`%${escapeLike(w)}%`}`,
    );
    where.push(sql`(${ftsDocument} @@ plainto_tsquery('simple'::regconfig, ${q}) or (${and(...each)}))`);
  }
  const city = v.city?.toLowerCase();
  const state = v.state?.toLowerCase();
  if (city) where.push(sql`lower(${properties.city}) = ${city}`);
  if (state) where.push(sql`lower(${properties.state}) = ${state}`);
  if (v.propertyType) where.push(eq(properties.propertyType, v.propertyType));
  if (v.minRent !== undefined || v.maxRent !== undefined) {
    // Rent is an int4 column: a bound beyond it means "no bound", not an out-of-range database error.
    const lo = Math.min(rupeesToPaise(v.minRent ?? 0, 'Minimum rent'), INT4_MAX);
    const hi = v.maxRent === undefined ? INT4_MAX : Math.min(rupeesToPaise(v.maxRent, 'Maximum rent'), INT4_MAX);
    where.push(
      sql`exists (select 1 from ${rooms} where ${rooms.propertyId} = ${properties.id} and ${rooms.archivedAt} is null and ${rooms.hiddenAt} is null and ${rooms.rentPaise} between ${lo} and ${hi})`,
    );
  }
  if (v.bhk?.length) {
    where.push(
      sql`(${inArray(properties.configuration, v.bhk)} or exists (select 1 from ${rooms} where ${rooms.propertyId} = ${properties.id} and ${rooms.archivedAt} is null and ${rooms.hiddenAt} is null and ${inArray(rooms.configuration, v.bhk)}))`,
    );
  }
  if (v.furnishing) where.push(eq(properties.furnishing, v.furnishing));
  if (v.tenantType && v.tenantType !== 'any') where.push(inArray(properties.tenantType, [v.tenantType, 'any']));
  if (v.availableBy) where.push(lte(properties.availableFrom, v.availableBy));
  if (v.maxDeposit !== undefined)
    where.push(lte(properties.depositPaise, Math.min(rupeesToPaise(v.maxDeposit, 'Maximum deposit'), INT4_MAX)));
  if (v.veg !== undefined) where.push(eq(properties.veg, v.veg));
  if (v.pets !== undefined) where.push(eq(properties.pets, v.pets));
  if (v.parking === 'car') where.push(eq(properties.parking, 'car'));
  if (v.parking === 'two-wheeler') where.push(inArray(properties.parking, ['two-wheeler', 'car']));
  if (v.amenities?.length) {
    // Amenities are stored as typed ("WiFi", "wifi"): compared in lower case, each must be there.
    const list = sql.join(
      v.amenities.map((a) => sql`${a}`),
      sql`, `,
    );
    where.push(sql`lower(${properties.amenities}::text)::text[] @> array[${list}]::text[]`);
  }
  const locality = v.locality?.toLowerCase().trim();
  if (locality) {
    where.push(
      trgm
        ? sql`(lower(${properties.locality}) = ${locality} or lower(${properties.locality}) % ${locality})`
        : sql`lower(${properties.locality}) = ${locality}`,
    );
  }
  if (v.near) {
    const r = v.radiusKm ?? 5;
    const dLat = r / KM_PER_DEGREE;
    const dLng = r / (KM_PER_DEGREE * Math.max(Math.cos((v.near.lat * Math.PI) / 180), 0.01));
    // The box first (properties_latlng_idx), then the circle.
    where.push(
      sql`${properties.latitude} between ${v.near.lat - dLat} and ${v.near.lat + dLat}`,
      sql`${properties.longitude} between ${v.near.lng - dLng} and ${v.near.lng + dLng}`,
      sql`${distanceKm(v.near.lat, v.near.lng)} <= ${r}`,
    );
  }
  return where;
}

/** The filters that decide the count (page, limit and sort do not): the key of the cached total (ADR 007). */
export function countKey(v: Query): string {
  const { page: _p, limit: _l, sort: _s, ...filters } = v;
  return JSON.stringify(filters);
}

/**
 * Locality suggestions (GET /localities, ADR 048): listed localities starting with the text, then (with pg_trgm)
 * those that look like it, each with its city and its number of listings, most listings first.
 */
export async function suggestLocalities(
  db: Db,
  listed: SQL,
  text: string,
  city: string,
  limit: number,
): Promise<{ locality: string; city: string; count: number }[]> {
  const q = text.toLowerCase().trim();
  const trgm = q.length >= 3 && (await hasTrgm(db));
  const starts = sql`lower(${properties.locality}) like ${`${escapeLike(q)}%`}`;
  const match = q ? (trgm ? sql`(${starts} or lower(${properties.locality}) % ${q})` : starts) : sql`true`;
  const rows = await db
    .select({ locality: properties.locality, city: properties.city, count: sql<number>`count(*)::int` })
    .from(properties)
    .where(and(listed, sql`${properties.locality} <> ''`, match, city ? sql`lower(${properties.city}) = ${city.toLowerCase()}` : undefined))
    .groupBy(properties.locality, properties.city)
    .orderBy(sql`bool_or(${starts}) desc`, sql`count(*) desc`, properties.locality)
    .limit(limit);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
