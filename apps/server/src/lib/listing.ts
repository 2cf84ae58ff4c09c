import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { properties, rooms } from '../db/schema.js';

/**
 * What the public may see of a listing (ADR 004, 022, 037), in one place for every public surface (the list and
 * search, the property page and its rooms, the sitemap, the server-rendered pages, Recently Viewed): a property is
 * listed unless paused, archived, hidden by a moderator, or its owner is suspended; a room of a listed property
 * unless archived or hidden. The people related to a listing (its owner, its tenants) still reach it through the
 * access rule (lib/access.ts).
 */

/** Whether the property's owner is suspended (a correlated subquery on the owner's row). */
export const ownerSuspended: SQL<boolean> = sql<boolean>`exists (select 1 from users su where su.id = ${properties.ownerId} and su.suspended_at is not null)`;

/** The property is shown to the public. */
export const propertyListed: SQL = and(
  eq(properties.isPaused, false),
  isNull(properties.archivedAt),
  isNull(properties.hiddenAt),
  sql`not ${ownerSuspended}`,
) as SQL;

/** The room is shown to the public (its property must be listed too). */
export const roomListed: SQL = and(isNull(rooms.archivedAt), isNull(rooms.hiddenAt)) as SQL;
