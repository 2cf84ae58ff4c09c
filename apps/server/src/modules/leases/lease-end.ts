import { APP_LINKS, LEASE_END_NOTICE_DAYS } from '@kiraya/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { leaseEndNotices, properties, rooms, tenancies, users } from '../../db/schema.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { addDaysIso } from './cycle-math.js';
import { agreedTermEnd, termsVersions } from './service.js';

/**
 * Notice of lease end (issue 22 item 5): from 30 days before a current tenancy's term ends (the agreed end: an
 * accepted renewal moves it) up to that day, the owner and the tenant are each notified once. "Once" is the
 * primary key of `lease_end_notices` (tenancy, term end), inserted with ON CONFLICT DO NOTHING in the transaction
 * that notifies: whichever run or instance inserts it notifies, every other finds it there. A tenancy already
 * leaving (a move-out date recorded) gets none. A step of the rent cycle run.
 */

export type LeaseEndNotice = {
  tenancyId: string;
  roomId: string;
  roomNumber: string;
  propertyTitle: string;
  tenantName: string;
  termEndsOn: string;
};

type Deps = Pick<AppDeps, 'db'>;

async function currentTenancies(db: Db, only?: string[]) {
  return db
    .select({
      id: tenancies.id,
      roomId: tenancies.roomId,
      tenantId: tenancies.tenantId,
      ownerId: tenancies.ownerId,
      roomNumber: rooms.roomNumber,
      propertyId: rooms.propertyId,
      propertyTitle: properties.title,
      tenantName: users.fullName,
    })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(users, eq(users.id, tenancies.tenantId))
    .where(and(isNull(tenancies.moveOutDate), isNull(tenancies.leavingOn), only ? inArray(tenancies.id, only) : undefined))
    .orderBy(asc(tenancies.moveInDate), asc(tenancies.id));
}

/** Raises the notices due by `date` that no run raised yet; answers the ones this run raised. */
export async function raiseLeaseEndNotices(deps: Deps, date: string, only?: string[]): Promise<LeaseEndNotice[]> {
  const list = await currentTenancies(deps.db, only);
  const versions = await termsVersions(
    deps.db,
    list.map((t) => t.id),
  );
  // The notices already raised, so a run does not open a transaction for each of them again (the key still decides).
  const done = new Set(
    list.length
      ? (
          await deps.db
            .select({ id: leaseEndNotices.tenancyId, end: leaseEndNotices.termEndsOn })
            .from(leaseEndNotices)
            .where(
              inArray(
                leaseEndNotices.tenancyId,
                list.map((t) => t.id),
              ),
            )
        ).map((n) => `${n.id}/${n.end}`)
      : [],
  );
  const out: LeaseEndNotice[] = [];
  for (const t of list) {
    const vs = versions.get(t.id);
    if (!vs?.length) continue;
    const end = agreedTermEnd(vs, date);
    if (date < addDaysIso(end, -LEASE_END_NOTICE_DAYS) || date > end || done.has(`${t.id}/${end}`)) continue;
    const raised = await inTransaction(deps.db, async (tx) => {
      // Still current and not leaving (a Vacate or "let it end" since the list was read gets none).
      const [still] = await tx
        .select({ id: tenancies.id })
        .from(tenancies)
        .where(and(eq(tenancies.id, t.id), isNull(tenancies.moveOutDate), isNull(tenancies.leavingOn)));
      if (!still) return false;
      const claimed = await tx
        .insert(leaseEndNotices)
        .values({ tenancyId: t.id, termEndsOn: end })
        .onConflictDoNothing()
        .returning({ id: leaseEndNotices.tenancyId });
      if (claimed.length === 0) return false;
      const room = { roomNumber: t.roomNumber, propertyTitle: t.propertyTitle };
      await notify(tx, {
        userId: t.tenantId,
        note: { text: 'leaseEndingTenant', ...room, endsOn: end },
        link: APP_LINKS.tenantRoom(t.roomId),
      });
      await notify(tx, {
        userId: t.ownerId,
        note: { text: 'leaseEndingOwner', ...room, tenantName: t.tenantName, endsOn: end },
        link: APP_LINKS.ownerRooms(t.propertyId),
      });
      await publishLive(tx, [t.tenantId, t.ownerId], { kind: 'tenancy', id: t.id, roomId: t.roomId });
      return true;
    });
    if (raised)
      out.push({
        tenancyId: t.id,
        roomId: t.roomId,
        roomNumber: t.roomNumber,
        propertyTitle: t.propertyTitle,
        tenantName: t.tenantName,
        termEndsOn: end,
      });
  }
  return out;
}
