import type { EmailCategory } from '@kiraya/contract';
import { addCalendarDays, startOfIndianDay } from '@kiraya/contract/calendar';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/index.js';
import { APP_TIME_ZONE, todayInIndia } from '../../lib/dates.js';
import { IS_OWED_SQL, OVERDUE_SQL, OWED_SQL } from '../../lib/ledger.js';
import { rowsOf } from '../../lib/sql.js';
import { enqueue } from './queue.js';

type Deps = Pick<AppDeps, 'db'>;

/**
 * The owners' daily summary (issue 25 item 5, ADR 036). An owner who turned "Daily summary" on gets one email a
 * day, from SUMMARY_HOUR_IST on, about the day before; the per-event emails of SUMMARY_REPLACES are skipped for
 * them (the summary tells of them). Security emails, reminders and messages are never replaced.
 */
export const SUMMARY_HOUR_IST = 8;
export const SUMMARY_REPLACES: readonly EmailCategory[] = ['payments', 'invitations'];

const hourInIndia = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: APP_TIME_ZONE }).format(now));

/** An owner's bills with their groups (not aliased: the ledger's fragments name bill_items and bill_groups). */
const OVERDUE_BILLS = sql`bill_groups join bill_items on bill_items.group_id = bill_groups.id join properties pr on pr.id = bill_groups.property_id`;

export type SummaryResult = { day: string | null; queued: string[] };

/**
 * Queues the summary of `today`'s previous day for every owner with summaries on, once per owner and day (the
 * outbox's unique key `summary:<owner>:<day>`): the worker's hourly round on every instance and the operator
 * command may all run it. Without `today`, nothing happens before SUMMARY_HOUR_IST in India. An owner with
 * nothing to tell (no payment, report, answered request, unread message or overdue bill) gets no email.
 */
export async function queueDailySummaries(deps: Deps, opts: { today?: string; now?: Date } = {}): Promise<SummaryResult> {
  const now = opts.now ?? new Date();
  if (!opts.today && hourInIndia(now) < SUMMARY_HOUR_IST) return { day: null, queued: [] };
  const today = opts.today ?? todayInIndia(now);
  const day = addCalendarDays(today, -1);
  const from = startOfIndianDay(day).toISOString();
  const to = startOfIndianDay(today).toISOString();
  // Overdue and owed are the ledger's rules (lib/ledger.ts, ADR 046); a bill that owes nothing is not told of.
  const overdueOwed = sql`${OVERDUE_SQL(today)} and ${IS_OWED_SQL}`;
  const res = await deps.db.execute(sql`
    select u.id as "ownerId",
      (select count(*)::int from payments p where p.owner_id = u.id and p.reversed_at is null
         and p.paid_at >= ${from} and p.paid_at < ${to}) as "paymentsCount",
      (select coalesce(sum(p.amount_paise), 0)::bigint from payments p where p.owner_id = u.id and p.reversed_at is null
         and p.paid_at >= ${from} and p.paid_at < ${to}) as "paymentsPaise",
      (select count(*)::int from payment_reports r where r.owner_id = u.id and r.status = 'pending') as "reportsWaiting",
      (select count(*)::int from requests q where q.owner_id = u.id and q.status in ('accepted', 'rejected')
         and q.responded_at >= ${from} and q.responded_at < ${to}) as "requestsAnswered",
      (select count(*)::int from notifications n where n.user_id = u.id and n.kind = 'message' and n.read_at is null) as "unreadMessages",
      (select count(distinct bill_groups.id)::int from ${OVERDUE_BILLS} where pr.owner_id = u.id and ${overdueOwed}) as "overdueCount",
      (select coalesce(sum(${OWED_SQL}), 0)::bigint from ${OVERDUE_BILLS} where pr.owner_id = u.id and ${overdueOwed}) as "overduePaise"
    from users u
    where u.role = 'owner' and (u.email_prefs ->> 'summaries') = 'true'`);
  const queued: string[] = [];
  for (const r of rowsOf<{
    ownerId: string;
    paymentsCount: number;
    paymentsPaise: string | number;
    reportsWaiting: number;
    requestsAnswered: number;
    unreadMessages: number;
    overdueCount: number;
    overduePaise: string | number;
  }>(res)) {
    const data = {
      date: day,
      payments: { count: Number(r.paymentsCount), paise: Number(r.paymentsPaise) },
      reportsWaiting: Number(r.reportsWaiting),
      requestsAnswered: Number(r.requestsAnswered),
      unreadMessages: Number(r.unreadMessages),
      overdue: { count: Number(r.overdueCount), paise: Number(r.overduePaise) },
      link: '/OwnerDashboard',
    };
    const anything = data.payments.count + data.reportsWaiting + data.requestsAnswered + data.unreadMessages + data.overdue.count > 0;
    if (!anything) continue;
    const isNew = await inTransaction(deps.db, (tx) =>
      enqueue(tx, {
        eventKey: `summary:${r.ownerId}:${day}`,
        to: { userId: r.ownerId },
        template: 'dailySummary',
        category: 'summaries',
        data,
      }),
    );
    if (isNew) queued.push(r.ownerId);
  }
  return { day, queued };
}
