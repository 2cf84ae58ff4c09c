import { APP_LINKS, formatPaise, MSG, paiseToRupees, type RoomCredit } from '@kiraya/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/index.js';
import { creditRefunds, tenancies } from '../../db/schema.js';
import { asOwner, type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { creditPaise, lockTenancy } from '../../lib/ledger.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import type { Deps } from './service.js';

/**
 * A room's credit (issue 19): what its tenancy paid beyond what its bills took, less refunds (lib/ledger.ts).
 * The tenancy is the room's current one, else its latest; a tenant sees only their own.
 */
async function creditTenancy(db: Db, caller: NonNullable<Caller>, roomId: string, need: 'owner' | 'owner-or-tenant-or-former') {
  const { room, relation } = await roomAccess(db, caller, roomId, need, { archived: need !== 'owner' });
  const [t] = await db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, room.id), relation === 'owner' ? undefined : eq(tenancies.tenantId, caller.userId)))
    .orderBy(sql`${tenancies.moveOutDate} desc nulls first`, desc(tenancies.moveInDate))
    .limit(1);
  return { room, tenancy: t ?? null };
}

async function view(db: Db, roomId: string, tenancyId: string | null): Promise<RoomCredit> {
  if (!tenancyId) return { roomId, tenancyId: null, credit: 0, refunds: [] };
  const [credit, refunds] = await Promise.all([
    creditPaise(db, tenancyId),
    db.select().from(creditRefunds).where(eq(creditRefunds.tenancyId, tenancyId)).orderBy(asc(creditRefunds.createdAt)),
  ]);
  return {
    roomId,
    tenancyId,
    credit: paiseToRupees(credit),
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: paiseToRupees(r.amountPaise),
      reference: r.reference,
      note: r.note,
      refundedOn: r.refundedOn,
    })),
  };
}

/** GET /payments/room/:id/credit: for the room's owner, and for its tenant (current or former: their own tenancy). */
export async function roomCredit(deps: Pick<Deps, 'db'>, caller: NonNullable<Caller>, roomId: string): Promise<RoomCredit> {
  const { room, tenancy } = await creditTenancy(deps.db, caller, roomId, 'owner-or-tenant-or-former');
  return view(deps.db, room.id, tenancy?.id ?? null);
}

/**
 * POST /payments/refund-credit: the owner records giving back (part of) a tenant's credit, with its reference.
 * At most the credit; the tenancy row is locked (as when credit is applied), so two refunds never spend it twice.
 */
export async function refundCredit(
  deps: Pick<Deps, 'db'>,
  ownerId: string,
  body: { roomId: string; amount: number; reference: string; note?: string },
): Promise<RoomCredit> {
  return inTransaction(deps.db, async (tx) => {
    const { room, tenancy } = await creditTenancy(tx, asOwner(ownerId) as NonNullable<Caller>, body.roomId, 'owner');
    if (!tenancy) throw new AppError('CONFLICT', MSG.noCredit);
    await lockTenancy(tx, tenancy.id);
    const credit = await creditPaise(tx, tenancy.id);
    if (credit <= 0) throw new AppError('CONFLICT', MSG.noCredit);
    if (body.amount > credit) throw badRequest(MSG.refundTooHigh(formatPaise(credit)), 'amount');
    await tx.insert(creditRefunds).values({
      id: newId(),
      tenancyId: tenancy.id,
      roomId: room.id,
      ownerId,
      tenantId: tenancy.tenantId,
      amountPaise: body.amount,
      reference: body.reference,
      note: body.note || null,
      refundedOn: todayInIndia(),
    });
    await notify(tx, {
      userId: tenancy.tenantId,
      note: { text: 'creditRefunded', amountPaise: body.amount, roomNumber: room.roomNumber, reference: body.reference },
      link: APP_LINKS.tenantBillings,
    });
    await publishLive(tx, [ownerId, tenancy.tenantId], { kind: 'payments', id: tenancy.id, roomId: room.id });
    return view(tx, room.id, tenancy.id);
  });
}
