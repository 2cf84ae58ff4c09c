import {
  APP_LINKS,
  dayAfter,
  type Lease,
  MSG,
  type proposeRenewalBodySchema,
  renewalRentPaise,
  termEndOf,
  termsProblems,
} from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { type LeaseRenewalRow, type LeaseTermsRow, leaseRenewals, leaseTerms, type TenancyRow } from '../../db/schema.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { publishLive } from '../../lib/live.js';
import { notify } from '../notifications/index.js';
import { addDaysIso, addMonths, monthlyRentOn, periodOf, termsFor } from './cycle-math.js';
import { renewalValues } from './renewal-view.js';
import { agreedTermEnd, currentTenancy, ensureTerms, leaseAnswer, nextOpenPeriod, termsVersions } from './service.js';
import { columnsOf, type TermsValues, valuesOf } from './terms.js';

/**
 * Lease end and renewal (issue 22 item 5, ADR 028). The owner proposes the next term (one open proposal per
 * tenancy), the tenant accepts or declines it once (the room is locked, then the proposal: of two accepts at
 * once one wins, the other is told there is nothing open), the owner may withdraw it. Accepted, it writes a
 * `lease_terms` row from the first period after the current term's end, with the new start date, so the term's
 * end moves and the cycle bills the new rent from that month. Or the owner lets the lease end: the move-out is
 * scheduled on the term's last day through the vacate flow, no earlier than the notice period allows.
 */

type Deps = Pick<AppDeps, 'db'>;
type ProposeValues = z.output<typeof proposeRenewalBodySchema>;

/** The first rent period a term starting on `start` bills in full: its month if it starts on the 1st, else the next. */
export const firstFullPeriod = (start: string): string => (start.endsWith('-01') ? periodOf(start) : addMonths(periodOf(start), 1));

/** The date `months` months after `day` (clamped to the month's last day). */
export function monthsAfter(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

type Held = {
  room: { id: string; roomNumber: string; propertyId: string };
  property: { title: string };
  t: TenancyRow;
  versions: LeaseTermsRow[];
};

/** Locks the room (the caller must have `need` on it) and reads its current tenancy and terms. */
async function hold(tx: Db, caller: Caller, roomId: string, need: 'owner' | 'tenant'): Promise<Held> {
  const { room, property } = await roomAccess(tx, caller, roomId, need, { lock: true });
  const t = await currentTenancy(tx, room.id, true);
  if (!t) throw notFound(MSG.leaseNoTenancy);
  return { room, property, t, versions: await ensureTerms(tx, t) };
}

async function openRenewal(tx: Db, tenancyId: string): Promise<LeaseRenewalRow | null> {
  const [r] = await tx
    .select()
    .from(leaseRenewals)
    .where(and(eq(leaseRenewals.tenancyId, tenancyId), eq(leaseRenewals.status, 'open')))
    .for('update');
  return r ?? null;
}

/** The room a lease notification names. */
const roomOf = (h: Held) => ({ roomNumber: h.room.roomNumber, propertyTitle: h.property.title });

/**
 * The day a renewal starts: the day after the term ends; a term that already ended runs on month to month
 * (ADR 041), so its renewal starts with next month, or the first period the cycle has not raised (`open`) if later.
 */
export function renewalStart(versions: LeaseTermsRow[], today: string, open: string): string {
  const after = dayAfter(agreedTermEnd(versions, today));
  if (after > today) return after;
  // Lapsed: from next month at the earliest (this month runs on month to month), or the first month not raised.
  const next = addMonths(periodOf(today), 1);
  return open > next ? open : next;
}

/**
 * The renewal's default terms: the terms that will be in force when it starts (a change the owner scheduled for
 * then included, ADR 041), the rent with one increment to the rupee (a rent the owner scheduled is kept as set).
 */
export function renewalTerms(versions: LeaseTermsRow[], body: ProposeValues, start: string, today = todayInIndia()): TermsValues {
  const end = agreedTermEnd(versions, today);
  const atEnd = termsFor(versions, periodOf(end)) as LeaseTermsRow;
  const atStart = termsFor(versions, firstFullPeriod(start)) as LeaseTermsRow;
  const base = valuesOf(atStart);
  const scheduled = atStart.effectiveFrom > periodOf(end) && atStart.effectiveFrom > periodOf(today);
  return {
    ...base,
    startDate: start,
    termMonths: body.termMonths ?? base.termMonths,
    rentPaise: body.rentPaise ?? (scheduled ? atStart.rentPaise : renewalRentPaise(monthlyRentOn(atEnd, end), base.incrementBp)),
    incrementBp: body.incrementBp ?? base.incrementBp,
    noticeMonths: body.noticeMonths ?? base.noticeMonths,
    lateFee: body.lateFee !== undefined ? body.lateFee : base.lateFee,
    depositPaise: body.depositPaise ?? base.depositPaise,
  };
}

/** POST /leases/renewal/:roomId: the owner proposes the next term; the tenant is told. */
export async function proposeRenewal(deps: Deps, caller: Caller, roomId: string, body: ProposeValues): Promise<Lease> {
  return inTransaction(deps.db, async (tx) => {
    const h = await hold(tx, caller, roomId, 'owner');
    const today = todayInIndia();
    if (h.t.leavingOn) throw conflict(MSG.renewalLeaving, 'roomId');
    if (await openRenewal(tx, h.t.id)) throw conflict(MSG.renewalOpenAlready, 'roomId');
    const start = renewalStart(h.versions, today, await nextOpenPeriod(tx, h.t, h.versions, today));
    const next = renewalTerms(h.versions, body, start, today);
    const problem = termsProblems(next)[0];
    if (problem) throw badRequest(problem.message, problem.path);
    await tx.insert(leaseRenewals).values({
      id: newId(),
      tenancyId: h.t.id,
      roomId: h.room.id,
      status: 'open',
      ...columnsOf(next),
      proposedBy: caller?.userId ?? null,
    });
    await notify(tx, {
      userId: h.t.tenantId,
      note: {
        text: 'renewalProposed',
        ...roomOf(h),
        rentPaise: next.rentPaise,
        termMonths: next.termMonths,
        startDate: next.startDate,
        endDate: termEndOf(next.startDate, next.termMonths),
      },
      link: APP_LINKS.tenantRoom(h.room.id),
    });
    await publishLive(tx, [h.t.tenantId, h.t.ownerId], { kind: 'tenancy', id: h.t.id, roomId: h.room.id });
    return leaseAnswer(tx, h.t, h.versions, today);
  });
}

/** The tenant's (accept, decline) or the owner's (withdraw) answer to the open proposal; answered once. */
async function decide(deps: Deps, caller: Caller, roomId: string, to: 'accepted' | 'declined' | 'withdrawn'): Promise<Lease> {
  return inTransaction(deps.db, async (tx) => {
    const h = await hold(tx, caller, roomId, to === 'withdrawn' ? 'owner' : 'tenant');
    const today = todayInIndia();
    const r = await openRenewal(tx, h.t.id);
    if (!r) throw conflict(MSG.renewalNoneOpen, 'roomId');
    let effectiveFrom: string | null = null;
    if (to === 'accepted') {
      if (h.t.leavingOn) throw conflict(MSG.renewalLeaving, 'roomId');
      // The owner changed the term since proposing (its end moved): the proposal no longer follows it. A term that
      // had already lapsed when proposed (month to month) is followed from a later start: no overlap is allowed.
      // The end as agreed on the eve of the renewal (a change scheduled before then counts, ADR 041).
      const eve = addDaysIso(r.startDate, -1);
      const after = dayAfter(agreedTermEnd(h.versions, eve > today ? eve : today));
      const proposedOn = todayInIndia(r.createdAt);
      if (r.startDate < after || (r.startDate > after && after > proposedOn)) throw conflict(MSG.renewalStale, 'roomId');
      // From the first period after the current term's end, or, accepted late, the first the cycle has not raised.
      const open = await nextOpenPeriod(tx, h.t, h.versions, today);
      const first = firstFullPeriod(r.startDate);
      effectiveFrom = first > open ? first : open;
      // Never over a change the owner scheduled after proposing (ADR 041): both stay on the owner's lease page
      // (`upcoming` and `renewal`) until the owner proposes again from the terms that will be in force.
      const from = effectiveFrom;
      if (h.versions.some((v) => v.effectiveFrom > from || (v.effectiveFrom === from && v.createdAt > r.createdAt)))
        throw conflict(MSG.renewalTermsScheduled, 'roomId');
      const values = renewalValues(r);
      await tx
        .insert(leaseTerms)
        .values({ id: newId(), tenancyId: h.t.id, effectiveFrom, ...columnsOf(values), createdBy: caller?.userId ?? null })
        .onConflictDoUpdate({
          target: [leaseTerms.tenancyId, leaseTerms.effectiveFrom],
          set: { ...columnsOf(values), createdBy: caller?.userId ?? null },
        });
    }
    await tx.update(leaseRenewals).set({ status: to, decidedAt: new Date(), effectiveFrom }).where(eq(leaseRenewals.id, r.id));
    const endsOn = termEndOf(r.startDate, r.termMonths);
    if (to === 'withdrawn')
      await notify(tx, { userId: h.t.tenantId, note: { text: 'renewalWithdrawn', ...roomOf(h) }, link: APP_LINKS.tenantRoom(h.room.id) });
    else
      await notify(tx, {
        userId: h.t.ownerId,
        note:
          to === 'accepted'
            ? { text: 'renewalAccepted', ...roomOf(h), rentPaise: r.rentPaise, from: effectiveFrom as string, endsOn }
            : { text: 'renewalDeclined', ...roomOf(h) },
        link: APP_LINKS.ownerRooms(h.room.propertyId),
      });
    await publishLive(tx, [h.t.tenantId, h.t.ownerId], { kind: 'tenancy', id: h.t.id, roomId: h.room.id });
    const versions = (await termsVersions(tx, [h.t.id])).get(h.t.id) ?? h.versions;
    return leaseAnswer(tx, h.t, versions, today);
  });
}

export const acceptRenewal = (deps: Deps, caller: Caller, roomId: string) => decide(deps, caller, roomId, 'accepted');
export const declineRenewal = (deps: Deps, caller: Caller, roomId: string) => decide(deps, caller, roomId, 'declined');
export const withdrawRenewal = (deps: Deps, caller: Caller, roomId: string) => decide(deps, caller, roomId, 'withdrawn');

/**
 * The tenancy module's vacate flow, passed in by app.ts (leasesRoutes' option): tenancy writes a new tenancy's
 * terms through this module, so this module does not import tenancy back (ADR 047).
 */
export type VacateRoom = (deps: AppDeps, ownerId: string, roomId: string, on: string) => Promise<unknown>;

/**
 * POST /leases/let-end/:roomId: the owner lets the lease end. The move-out is scheduled through the vacate flow on
 * the term's last day, or, when the notice period runs later than that, on the day it runs out; an open renewal
 * is withdrawn and the tenant is told. Answers the lease with its `leavingOn`.
 */
export async function letLeaseEnd(
  deps: AppDeps,
  caller: Caller,
  roomId: string,
  vacateRoom: VacateRoom,
): Promise<{ lease: Lease; on: string }> {
  const today = todayInIndia();
  const on = await inTransaction(deps.db, async (tx) => {
    const h = await hold(tx, caller, roomId, 'owner');
    if (h.t.leavingOn) throw conflict(MSG.leaseEndingAlready, 'roomId');
    const current = valuesOf(termsFor(h.versions, periodOf(today)) as LeaseTermsRow);
    const end = agreedTermEnd(h.versions);
    const notice = monthsAfter(today, current.noticeMonths);
    // Never today: a move-out today is Vacate's "now", not a lease running out.
    return [end, notice, dayAfter(today)].reduce((a, b) => (a > b ? a : b));
  });
  // The vacate flow records the date (leaving_on) under its own lock of the room, as Vacate does.
  await vacateRoom(deps, caller?.userId as string, roomId, on);
  return inTransaction(deps.db, async (tx) => {
    const h = await hold(tx, caller, roomId, 'owner');
    const t = h.t;
    const r = await openRenewal(tx, t.id);
    if (r) await tx.update(leaseRenewals).set({ status: 'withdrawn', decidedAt: new Date() }).where(eq(leaseRenewals.id, r.id));
    await notify(tx, {
      userId: t.tenantId,
      note: { text: 'leaseLetEnd', ...roomOf(h), on },
      link: APP_LINKS.tenantRoom(h.room.id),
    });
    await publishLive(tx, [t.tenantId, t.ownerId], { kind: 'tenancy', id: t.id, roomId: h.room.id });
    const versions = (await termsVersions(tx, [t.id])).get(t.id) ?? [];
    return { lease: await leaseAnswer(tx, t, versions, today), on };
  });
}
