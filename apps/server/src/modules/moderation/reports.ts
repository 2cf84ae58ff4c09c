import {
  APP_LINKS,
  MSG,
  MY_REPORTS_MAX,
  REPORTS_PER_HOUR,
  type CreateReportBody,
  type Report,
  type ReportTargetType,
  createReportBodySchema,
} from '@kiraya/contract';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { type ReportRow, reports, rooms, users } from '../../db/schema.js';
import { type Caller, propertyAccess, roomAccess } from '../../lib/access.js';
import { AppError, badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { notify } from '../notifications/index.js';

type Deps = Pick<AppDeps, 'db'>;

export const toReport = (r: ReportRow): Report => ({
  _id: r.id,
  targetType: r.targetType,
  targetId: r.targetId,
  reason: r.reason as Report['reason'],
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The account a report is about (its `subject`), after checking the reporter may report it: a listing the reporter can
 * see (paused, hidden and archived ones are 404 to strangers, as everywhere) that is not their own, or another person's
 * account (moderators' accounts are not reportable).
 */
async function subjectOf(db: Db, reporter: NonNullable<Caller>, type: ReportTargetType, id: string): Promise<string> {
  if (type === 'property') {
    const { property, relation } = await propertyAccess(db, reporter, id, 'listed');
    if (relation === 'owner') throw badRequest(MSG.reportOwnListing, 'targetId');
    return property.ownerId;
  }
  if (type === 'room') {
    const { property, relation } = await roomAccess(db, reporter, id, 'listed');
    if (relation === 'owner') throw badRequest(MSG.reportOwnListing, 'targetId');
    return property.ownerId;
  }
  if (!isUuid(id)) throw notFound(MSG.reportTargetNotFound);
  if (id === reporter.userId) throw badRequest(MSG.reportSelf, 'targetId');
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  if (!user || user.role === 'admin') throw notFound(MSG.reportTargetNotFound);
  return user.id;
}

/**
 * POST /reports (issue 26 item 1): one open report per reporter and target (the partial unique index `reports_open_uq`
 * makes two concurrent posts one row and a 409), at most REPORTS_PER_HOUR an hour per reporter, counted in the
 * database under the reporter's row lock (every instance sees the same count).
 */
export async function createReport(deps: Deps, reporter: NonNullable<Caller>, body: CreateReportBody): Promise<Report> {
  const v = createReportBodySchema.parse(body);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const subjectId = await subjectOf(tx, reporter, v.targetType, v.targetId);
      await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.userId)).for('update');
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporter.userId),
            eq(reports.targetType, v.targetType),
            eq(reports.targetId, v.targetId),
            eq(reports.status, 'open'),
          ),
        )
        .limit(1);
      if (open) throw conflict(MSG.reportDuplicate, 'targetId');
      const [recent] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.reporterId, reporter.userId), gt(reports.createdAt, sql`now() - interval '1 hour'`)));
      if (Number(recent?.n ?? 0) >= REPORTS_PER_HOUR)
        throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyReports, [{ path: '', message: MSG.tooManyReports }]);
      const [row] = await tx
        .insert(reports)
        .values({
          id: newId(),
          reporterId: reporter.userId,
          targetType: v.targetType,
          targetId: v.targetId,
          subjectId,
          reason: v.reason,
          details: v.details,
        })
        .returning();
      return toReport(row as ReportRow);
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

/** GET /reports/mine: the caller's reports, newest first (pages show "Reported" on what has an open one). */
export async function myReports(deps: Deps, reporterId: string): Promise<Report[]> {
  const rows = await deps.db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MY_REPORTS_MAX);
  return rows.map(toReport);
}

/**
 * Closes open reports (a moderator's action, in its transaction) and tells each reporter the outcome, in words that
 * name nobody and nothing private: action taken, or no reason to act. Returns how many were closed.
 */
export async function closeReports(
  tx: Db,
  where: ReturnType<typeof and>,
  outcome: 'dismissed' | 'actioned',
  by: { adminId: string; note: string },
): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ status: outcome, resolvedAt: new Date(), resolvedBy: by.adminId, resolutionNote: by.note })
    .where(and(eq(reports.status, 'open'), where))
    .returning();
  if (closed.length === 0) return 0;
  const roles = new Map(
    (
      await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(
          inArray(
            users.id,
            closed.map((r) => r.reporterId),
          ),
        )
    ).map((u) => [u.id, u.role]),
  );
  // A room's outcome opens its property's page.
  const roomIds = closed.filter((r) => r.targetType === 'room').map((r) => r.targetId);
  const propertyOf = new Map(
    roomIds.length
      ? (await tx.select({ id: rooms.id, propertyId: rooms.propertyId }).from(rooms).where(inArray(rooms.id, roomIds))).map((r) => [
          r.id,
          r.propertyId,
        ])
      : [],
  );
  for (const r of closed) {
    const propertyId = r.targetType === 'property' ? r.targetId : r.targetType === 'room' ? propertyOf.get(r.targetId) : undefined;
    await notify(tx, {
      userId: r.reporterId,
      note: { text: 'reportResolved', outcome },
      link: propertyId ? APP_LINKS.property(propertyId) : APP_LINKS.dashboard(roles.get(r.reporterId) ?? 'tenant'),
    });
  }
  return closed.length;
}
