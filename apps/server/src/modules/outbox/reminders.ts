import { APP_LINKS } from '@kiraya/contract';
import { addCalendarDays } from '@kiraya/contract/calendar';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { inTransaction } from '../../db/index.js';
import { todayInIndia } from '../../lib/dates.js';
import { OWED_SQL } from '../../lib/ledger.js';
import { rowsOf } from '../../lib/sql.js';
import { enqueue } from './queue.js';
import type { RentReminderData } from './templates/emails.js';

type Deps = Pick<AppDeps, 'db'>;

/** Days from the due date each reminder is for: 3 days before, the day itself, 3 days after. */
const STAGES: { stage: RentReminderData['stage']; offsetDays: number }[] = [
  { stage: 'due3', offsetDays: 3 },
  { stage: 'due', offsetDays: 0 },
  { stage: 'overdue3', offsetDays: -3 },
];

export type ReminderResult = { date: string; queued: { groupId: string; tenantId: string; stage: RentReminderData['stage'] }[] };

/**
 * Rent reminders (issue 25) as of `date` (India's today by default): for every bill group due in 3 days, today,
 * or 3 days ago that a tenant still owes on, one email to that tenant, once per group, tenant and stage (the
 * outbox's unique key): running it again, or on several instances, queues nothing new.
 */
export async function queueRentReminders(deps: Deps, date: string = todayInIndia()): Promise<ReminderResult> {
  const queued: ReminderResult['queued'] = [];
  for (const { stage, offsetDays } of STAGES) {
    const due = addCalendarDays(date, offsetDays);
    // What is owed is the ledger's rule (lib/ledger.ts, ADR 046): a bill paid beyond its amount owes nothing
    // and lowers nothing else. bill_items is not aliased: the ledger's fragments name it.
    const res = await deps.db.execute(sql`
      select g.id as "groupId", g.due_date::text as "dueDate", bill_items.tenant_id as "tenantId", g.room_id as "roomId",
             r.room_number as "roomNumber", p.title as "propertyName",
             sum(${OWED_SQL})::bigint as "owed"
      from bill_groups g
      join bill_items on bill_items.group_id = g.id
      join rooms r on r.id = g.room_id
      join properties p on p.id = g.property_id
      where g.due_date = ${due}
      group by g.id, g.due_date, bill_items.tenant_id, g.room_id, r.room_number, p.title
      having sum(${OWED_SQL}) > 0`);
    for (const row of rowsOf<{
      groupId: string;
      dueDate: string;
      tenantId: string;
      roomId: string;
      roomNumber: string;
      propertyName: string;
      owed: string | number;
    }>(res)) {
      const isNew = await inTransaction(deps.db, (tx) =>
        enqueue(tx, {
          eventKey: `reminder:${row.groupId}:${stage}`,
          to: { userId: row.tenantId },
          template: 'rentReminder',
          category: 'reminders',
          data: {
            stage,
            amountPaise: Number(row.owed),
            dueDate: row.dueDate,
            roomNumber: row.roomNumber,
            propertyName: row.propertyName,
            link: APP_LINKS.tenantRoom(row.roomId),
          },
        }),
      );
      if (isNew) queued.push({ groupId: row.groupId, tenantId: row.tenantId, stage });
    }
  }
  return { date, queued };
}

/** The operator command's verb (`npm run outbox`), answered by the server holding a PGlite directory. */
export const OUTBOX_VERB = 'OUTBOX';
