import {
  APP_LINKS,
  type AuditEntry,
  type AuditQuery,
  auditQuerySchema,
  MSG,
  type ModerationActionBody,
  moderationActionBodySchema,
  type ModerationTarget,
  type ModerationTargetDetail,
  QUEUE_MAX,
  type QueueItem,
  type QueueReport,
  type ReportTargetType,
} from '@kiraya/contract';
import { and, asc, desc, eq, lt, min, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import {
  type ModerationAuditRow,
  moderationAudit,
  type PropertyRow,
  properties,
  propertyImages,
  reports,
  roomImages,
  type RoomRow,
  rooms,
  type UserRow,
  users,
  files,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { notify } from '../notifications/index.js';
import { endAllSessions } from '../users/index.js';
import { closeReports } from './reports.js';
import { signalsOf } from './signals.js';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/** Thumbnails a target shows at most. */
const TARGET_IMAGES = 6;

/** A target as loaded: its rows (absent when it no longer exists) and the account it belongs to. */
type Loaded = {
  type: ReportTargetType;
  id: string;
  property?: PropertyRow;
  room?: RoomRow;
  /** The user reported, or the listing's owner. */
  subject?: UserRow;
};

async function userRow(db: Db, id: string, lock = false): Promise<UserRow | undefined> {
  const q = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Loads a target (locked, for an action) with its account; `undefined` rows when it does not exist. */
async function loadTarget(db: Db, type: ReportTargetType, id: string, lock = false): Promise<Loaded> {
  const out: Loaded = { type, id };
  if (!isUuid(id)) return out;
  if (type === 'user') {
    out.subject = await userRow(db, id, lock);
    return out;
  }
  if (type === 'room') {
    const q = db.select({ room: rooms, property: properties }).from(rooms).innerJoin(properties, eq(properties.id, rooms.propertyId));
    const [row] = lock ? await q.where(eq(rooms.id, id)).for('update') : await q.where(eq(rooms.id, id));
    if (!row) return out;
    out.room = row.room;
    out.property = row.property;
  } else {
    const q = db.select().from(properties).where(eq(properties.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) return out;
    out.property = row;
  }
  out.subject = out.property ? await userRow(db, out.property.ownerId, lock) : undefined;
  return out;
}

const exists = (t: Loaded) => (t.type === 'user' ? !!t.subject : t.type === 'room' ? !!t.room : !!t.property);

/** Thumbnails of a room's photos then its property's (a property: its own), at most TARGET_IMAGES. */
async function thumbnails(deps: Deps, t: Loaded): Promise<string[]> {
  const out: { key: string; thumb: string | null }[] = [];
  if (t.room) {
    out.push(
      ...(await deps.db
        .select({ key: files.key, thumb: files.thumbKey })
        .from(roomImages)
        .innerJoin(files, eq(files.id, roomImages.fileId))
        .where(eq(roomImages.roomId, t.room.id))
        .orderBy(asc(roomImages.position))
        .limit(TARGET_IMAGES)),
    );
  }
  if (t.property && out.length < TARGET_IMAGES) {
    out.push(
      ...(await deps.db
        .select({ key: files.key, thumb: files.thumbKey })
        .from(propertyImages)
        .innerJoin(files, eq(files.id, propertyImages.fileId))
        .where(eq(propertyImages.propertyId, t.property.id))
        .orderBy(asc(propertyImages.position))
        .limit(TARGET_IMAGES - out.length)),
    );
  }
  return out.map((f) => deps.blobs.url(f.thumb ?? f.key));
}

/** The target as moderators see it: what it is, whose it is, whether it is hidden or its account suspended. */
async function describe(deps: Deps, t: Loaded): Promise<ModerationTarget> {
  if (!exists(t)) return { title: 'No longer on Kiraya', exists: false };
  if (t.type === 'user') {
    const u = t.subject as UserRow;
    return { title: u.fullName, username: u.username, role: u.role, suspended: u.suspendedAt !== null, exists: true };
  }
  const p = t.property as PropertyRow;
  const owner = t.subject;
  const hiddenAt = t.room ? t.room.hiddenAt : p.hiddenAt;
  return {
    title: t.room ? `Room ${t.room.roomNumber} · ${p.title}` : p.title,
    city: p.city,
    propertyId: p.id,
    ownerId: p.ownerId,
    ownerName: owner?.fullName ?? '',
    images: await thumbnails(deps, t),
    hidden: hiddenAt !== null,
    hiddenReason: t.room ? t.room.hiddenReason : p.hiddenReason,
    suspended: owner?.suspendedAt != null,
    exists: true,
  };
}

type ReportWithReporter = { report: typeof reports.$inferSelect; reporterName: string };

const toQueueReport = ({ report: r, reporterName }: ReportWithReporter): QueueReport => ({
  _id: r.id,
  reason: r.reason as QueueReport['reason'],
  details: r.details,
  reporterId: r.reporterId,
  reporterName,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
});

/** Reports matching `where`, with the reporters' names, oldest first. */
async function reportsWhere(db: Db, where: SQL | undefined): Promise<ReportWithReporter[]> {
  return db
    .select({ report: reports, reporterName: users.fullName })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(where)
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

function reasonCounts(list: QueueReport[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of list) out[r.reason] = (out[r.reason] ?? 0) + 1;
  return out;
}

/** One queue item of a loaded target and its reports; signals of its account (a gone target: its reports' subject). */
async function item(deps: Deps, t: Loaded, list: ReportWithReporter[]): Promise<QueueItem> {
  const shown = list.map(toQueueReport);
  const open = list.filter((r) => r.report.status === 'open');
  const subjectId = t.subject?.id ?? list.find((r) => r.report.subjectId)?.report.subjectId ?? null;
  const [target, signals] = await Promise.all([describe(deps, t), signalsOf(deps, subjectId)]);
  return {
    targetType: t.type,
    targetId: t.id,
    target,
    reports: shown,
    reasonCounts: reasonCounts(shown),
    firstReportedAt: open[0] ? open[0].report.createdAt.toISOString() : null,
    signals,
  };
}

const targetIs = (type: ReportTargetType, id: string) => and(eq(reports.targetType, type), eq(reports.targetId, id));

/**
 * GET /admin/queue: open reports grouped by target, the target reported first at the top (at most QUEUE_MAX targets),
 * each with what it is, its open reports, the count of each reason and the signals of its account.
 */
export async function queue(deps: Deps): Promise<QueueItem[]> {
  const first = min(reports.createdAt);
  const groups = await deps.db
    .select({ type: reports.targetType, id: reports.targetId, first })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(asc(first), asc(reports.targetId))
    .limit(QUEUE_MAX);
  if (groups.length === 0) return [];
  const open = await reportsWhere(deps.db, and(eq(reports.status, 'open'), or(...groups.map((g) => targetIs(g.type, g.id)))));
  const byTarget = new Map<string, ReportWithReporter[]>();
  for (const r of open) {
    const key = `${r.report.targetType}:${r.report.targetId}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), r]);
  }
  const out: QueueItem[] = [];
  // One target at a time: each costs a handful of queries (its rows, photos and the five signals).
  for (const g of groups) out.push(await item(deps, await loadTarget(deps.db, g.type, g.id), byTarget.get(`${g.type}:${g.id}`) ?? []));
  return out;
}

/** The audit entries about a target (a user: also those that touched them through their listings). */
async function auditOf(db: Db, type: ReportTargetType, id: string): Promise<AuditEntry[]> {
  const about = and(eq(moderationAudit.targetType, type), eq(moderationAudit.targetId, id));
  return auditRows(db, type === 'user' ? or(about, eq(moderationAudit.subjectId, id)) : about, 200);
}

/** GET /admin/targets/{type}/{id}: one target, reported or not, with all its reports and its audit entries. */
export async function targetDetail(deps: Deps, type: ReportTargetType, id: string): Promise<ModerationTargetDetail> {
  const t = await loadTarget(deps.db, type, id);
  const list = isUuid(id) ? await reportsWhere(deps.db, targetIs(type, id)) : [];
  if (!exists(t) && list.length === 0) throw notFound(MSG.moderationTargetNotFound);
  const base = await item(deps, t, list);
  return { ...base, audit: await auditOf(deps.db, type, id) };
}

const toAudit = (r: ModerationAuditRow & { adminName: string }): AuditEntry => ({
  _id: r.id,
  adminId: r.adminId,
  adminName: r.adminName,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

async function auditRows(db: Db, where: SQL | undefined, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({ row: moderationAudit, adminName: users.fullName })
    .from(moderationAudit)
    .innerJoin(users, eq(users.id, moderationAudit.adminId))
    .where(where)
    .orderBy(desc(moderationAudit.createdAt), desc(moderationAudit.id))
    .limit(limit);
  return rows.map((r) => toAudit({ ...r.row, adminName: r.adminName }));
}

/** GET /admin/audit: the audit log, newest first, `limit` entries older than `before`. */
export async function auditLog(deps: Deps, q: AuditQuery): Promise<AuditEntry[]> {
  const v = auditQuerySchema.parse(q);
  return auditRows(deps.db, v.before ? lt(moderationAudit.createdAt, new Date(v.before)) : undefined, v.limit);
}

/** Why a listing is hidden or shown again: its owner hears it, with the moderators' reason (ADR 037). */
async function tellOwner(tx: Db, t: Loaded, hidden: boolean, reason: string): Promise<void> {
  const p = t.property as PropertyRow;
  const listing = { roomNumber: t.room ? t.room.roomNumber : null, propertyTitle: p.title };
  await notify(tx, {
    userId: p.ownerId,
    // Put into words when read, in the owner's language (issue 27); the reason stays as the moderator wrote it.
    note: hidden ? { text: 'listingHidden', ...listing, reason } : { text: 'listingRestored', ...listing },
    link: APP_LINKS.ownerRooms(p.id),
  });
}

export type ActionResult = { auditId: string; endedSessions: string[] };

/**
 * POST /admin/actions (issue 26 item 3): one action, its effects and its audit row in ONE transaction, the target and
 * its account locked.
 *
 * - dismiss: closes the target's open reports, no action (409 when none is open).
 * - hide: hides a property or a room (400 for a user; 409 when hidden already); closes its open reports as actioned;
 *   the owner is told why.
 * - suspend: suspends the user (a listing: its owner; 409 when suspended already): no sign-in, every session ended on
 *   every instance, listings gone from public pages; closes the target's open reports and every open report about the
 *   account as actioned.
 * - restore: a listing: shows it again if hidden, else lifts its owner's suspension; a user: lifts the suspension
 *   (409 when there is nothing to restore). The owner of a listing shown again is told.
 *
 * Moderators' accounts cannot be acted on (400). Every report closed tells its reporter the outcome.
 */
export async function act(deps: Pick<AppDeps, 'db'>, adminId: string, body: ModerationActionBody): Promise<ActionResult> {
  const v = moderationActionBodySchema.parse(body);
  return inTransaction(deps.db, async (tx) => {
    const t = await loadTarget(tx, v.targetType, v.targetId, true);
    if (!exists(t)) {
      // A listing deleted since it was reported: its reports can still be dismissed.
      const [open] = isUuid(v.targetId)
        ? await tx
            .select({ id: reports.id })
            .from(reports)
            .where(and(targetIs(v.targetType, v.targetId), eq(reports.status, 'open')))
            .limit(1)
        : [];
      if (v.action !== 'dismiss' || !open) throw notFound(MSG.moderationTargetNotFound);
    }
    const subject = t.subject;
    if (subject?.role === 'admin') throw badRequest(MSG.moderationOnAdmin, 'targetId');
    const by = { adminId, note: v.reason };
    const thisTarget = targetIs(v.targetType, v.targetId);
    const now = new Date();
    let endedSessions: string[] = [];
    if (v.action === 'dismiss') {
      if ((await closeReports(tx, thisTarget, 'dismissed', by)) === 0) throw conflict(MSG.moderationNothingToDismiss);
    } else if (v.action === 'hide') {
      if (v.targetType === 'user') throw badRequest(MSG.moderationHideUser, 'targetType');
      if (t.room) {
        if (t.room.hiddenAt) throw conflict(MSG.moderationAlreadyHidden);
        await tx.update(rooms).set({ hiddenAt: now, hiddenReason: v.reason, updatedAt: now }).where(eq(rooms.id, t.room.id));
      } else {
        if (t.property?.hiddenAt) throw conflict(MSG.moderationAlreadyHidden);
        await tx.update(properties).set({ hiddenAt: now, hiddenReason: v.reason, updatedAt: now }).where(eq(properties.id, v.targetId));
      }
      await closeReports(tx, thisTarget, 'actioned', by);
      await tellOwner(tx, t, true, v.reason);
    } else if (v.action === 'suspend') {
      const user = subject as UserRow;
      if (user.suspendedAt) throw conflict(MSG.moderationAlreadySuspended);
      await tx.update(users).set({ suspendedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      endedSessions = await endAllSessions(tx, user.id);
      await closeReports(tx, or(thisTarget, eq(reports.subjectId, user.id)), 'actioned', by);
    } else {
      const listingHidden = t.room ? t.room.hiddenAt : v.targetType === 'property' ? t.property?.hiddenAt : null;
      if (listingHidden) {
        if (t.room) await tx.update(rooms).set({ hiddenAt: null, hiddenReason: null, updatedAt: now }).where(eq(rooms.id, t.room.id));
        else await tx.update(properties).set({ hiddenAt: null, hiddenReason: null, updatedAt: now }).where(eq(properties.id, v.targetId));
        await tellOwner(tx, t, false, v.reason);
      } else if (subject?.suspendedAt) {
        await tx.update(users).set({ suspendedAt: null, updatedAt: now }).where(eq(users.id, subject.id));
      } else {
        throw conflict(MSG.moderationNotRestorable);
      }
    }
    const auditId = newId();
    await tx.insert(moderationAudit).values({
      id: auditId,
      adminId,
      action: v.action,
      targetType: v.targetType,
      targetId: v.targetId,
      subjectId: subject?.id ?? null,
      reason: v.reason,
      createdAt: now,
    });
    return { auditId, endedSessions };
  });
}
