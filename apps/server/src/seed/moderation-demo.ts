import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { properties, reports } from '../db/schema.js';
import { createAdmin, createReport } from '../modules/moderation/index.js';
import { DEFAULT_PASSWORD } from './factories.js';
import type { DemoPeople } from './demo.js';

/** The demo's moderator (ADR 037): listed with the other demo logins, made as `npm run admin` makes one. */
export const DEMO_ADMIN_EMAIL = 'admin@kiraya.demo';

/** The listing the demo's tenants reported, so the moderators' queue is not empty. */
export const DEMO_REPORTED_TITLE = 'Andheri West Sea Breeze Flats';

const HOUR = 3_600_000;

/**
 * The moderation part of the demo (issue 26): a moderator account, and one listing with two reports of different
 * reasons from two tenants, made through the services (the same rules as the API), a day and a few hours old.
 */
export async function seedModerationDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const made = await createAdmin(deps, DEMO_ADMIN_EMAIL, DEFAULT_PASSWORD);
  if (made.code !== 0) throw new Error(`demo moderator: ${made.line}`);
  const [listing] = await deps.db.select({ id: properties.id }).from(properties).where(eq(properties.title, DEMO_REPORTED_TITLE)).limit(1);
  const [first, second] = [people.tenants[0], people.tenants[2]];
  if (!listing || !first || !second) return;
  const plan = [
    {
      reporter: first._id,
      reason: 'broker' as const,
      details: 'The person who answered said he is a property agent and asked for one month of brokerage.',
      hoursAgo: 30,
    },
    {
      reporter: second._id,
      reason: 'moneyBeforeVisit' as const,
      details: 'Asked me to send a ₹5,000 token amount by UPI before I could see the flat.',
      hoursAgo: 5,
    },
  ];
  for (const p of plan) {
    const r = await createReport(
      deps,
      { userId: p.reporter, role: 'tenant' },
      {
        targetType: 'property',
        targetId: listing.id,
        reason: p.reason,
        details: p.details,
      },
    );
    await deps.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - p.hoursAgo * HOUR) })
      .where(eq(reports.id, r._id));
  }
}
