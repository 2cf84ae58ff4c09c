import type { AppDeps } from '../../deps.js';
import { queueRentReminders } from './reminders.js';
import { deliverDue, pruneOutbox } from './service.js';
import { queueDailySummaries } from './summaries.js';
import { transportFor } from './transport.js';

/**
 * The outbox's scheduled work: the worker started on listen and `npm run outbox`. Both queue reminders and
 * summaries (reminders.ts, summaries.ts, which write through queue.ts) and then deliver (service.ts), so this
 * file sits above the three and none of them imports it.
 */
type Deps = Pick<AppDeps, 'db' | 'config'>;
type Log = { warn: (obj: object, msg: string) => void; error?: (obj: object, msg: string) => void };

const REMINDERS_EVERY_MS = 3_600_000;

/**
 * The worker: every instance delivers due messages on OUTBOX_INTERVAL_SECONDS once the server listens.
 * Rows are claimed with SKIP LOCKED, so instances never send the same message at once.
 */
export function startOutbox(deps: Deps, log: Log): () => void {
  const every = deps.config.mail.outboxIntervalMs;
  if (every <= 0) return () => {};
  // Pushes are delivered either way (ADR 035); email and SMS wait in the outbox until their transport is configured.
  if (!transportFor(deps.config)) log.warn({}, 'outbox: no SMTP_URL in production: email is not sent until it is configured');
  let running: Promise<unknown> | null = null;
  let remindedAt = 0;
  const round = async () => {
    // Rent reminders and daily summaries are queued once an hour (each once per bill group and stage whatever runs it), then delivered.
    if (Date.now() - remindedAt >= REMINDERS_EVERY_MS) {
      remindedAt = Date.now();
      await queueRentReminders(deps).catch((e) => log.warn({ err: e }, 'outbox: rent reminders failed; tried again in an hour'));
      // Owners' daily summaries, from 08:00 in India (once per owner and day whatever runs it).
      await queueDailySummaries(deps).catch((e) => log.warn({ err: e }, 'outbox: daily summaries failed; tried again in an hour'));
      await pruneOutbox(deps.db).catch((e) => log.warn({ err: e }, 'outbox: pruning old messages failed'));
    }
    return deliverDue(deps, { log });
  };
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((e) => log.warn({ err: e }, 'outbox: delivery round failed; it runs again'))
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

/** What `npm run outbox -- --date` did: reminders and daily summaries queued as of the date, then one delivery round. */
export async function outboxCommand(deps: Pick<AppDeps, 'db' | 'config'>, date?: string): Promise<string> {
  const r = await queueRentReminders(deps, date || undefined);
  // As of a date given: the summary of its previous day at once; else the worker's rule (from 08:00 in India).
  const s = await queueDailySummaries(deps, date ? { today: date } : {});
  const d = await deliverDue(deps);
  const summaries = s.day ? `Daily summaries of ${s.day}: ${s.queued.length} queued.` : 'Daily summaries: not before 08:00 in India.';
  return `Rent reminders as of ${r.date}: ${r.queued.length} queued.\n${summaries}\nOutbox: ${d.sent} sent, ${d.retried} to retry, ${d.failed} failed, ${d.skipped} skipped.\n`;
}
