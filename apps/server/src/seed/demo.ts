import type { Role } from '@kiraya/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { users } from '../db/schema.js';
import { DEFAULT_PASSWORD, createUser } from './factories.js';
import { seedContactsDemo } from './contacts-demo.js';
import { type DemoOptions, type SeedProgress, seedPropertiesDemo } from './properties-demo.js';
import { seedTenancyDemo } from './tenancy-demo.js';
import { seedBillsDemo } from './bills-demo.js';
import { seedLeasesDemo } from './leases-demo.js';
import { seedPaymentsDemo } from './payments-demo.js';
import { seedDocumentsDemo } from './documents-demo.js';
import { seedMessagesDemo } from './messages-demo.js';
import { DEMO_ADMIN_EMAIL, seedModerationDemo } from './moderation-demo.js';

export type DemoAccount = { role: Role; email: string; username: string; fullName: string };

/** B16: the demo people. Properties, rooms and photos are added by the property seeder. */
export const DEMO_OWNERS = [
  {
    username: 'priya_owner',
    fullName: 'Priya Raghavan',
    email: 'priya@kiraya.demo',
    address: '14 Indiranagar 100 Feet Road, Bengaluru, Karnataka 560038',
  },
  {
    username: 'arjun_owner',
    fullName: 'Arjun Mehta',
    email: 'arjun@kiraya.demo',
    address: '7 Koregaon Park Lane 5, Pune, Maharashtra 411001',
  },
] as const;

export const DEMO_TENANTS = [
  { username: 'rahul_t', fullName: 'Rahul Verma', email: 'rahul@kiraya.demo', address: '22 Sector 15, Noida, Uttar Pradesh 201301' },
  { username: 'sneha_t', fullName: 'Sneha Kulkarni', email: 'sneha@kiraya.demo', address: '5 Shivaji Nagar, Pune, Maharashtra 411005' },
  {
    username: 'imran_t',
    fullName: 'Imran Qureshi',
    email: 'imran@kiraya.demo',
    address: '9 Banjara Hills Road 2, Hyderabad, Telangana 500034',
  },
] as const;

export type DemoSeedResult = { password: string; accounts: DemoAccount[] };

export type DemoPeople = { owners: { _id: string; email: string }[]; tenants: { _id: string; email: string }[] };

/** Each feature's demo data, in order; later features append their seeder here. */
const FEATURE_SEEDERS: {
  label: string;
  seed: (deps: AppDeps, people: DemoPeople, progress: SeedProgress, options: DemoOptions) => Promise<void>;
}[] = [
  { label: 'properties', seed: seedPropertiesDemo },
  { label: 'contacts', seed: seedContactsDemo },
  { label: 'tenancies', seed: seedTenancyDemo },
  { label: 'bills', seed: seedBillsDemo },
  { label: 'leases', seed: seedLeasesDemo },
  { label: 'payments', seed: seedPaymentsDemo },
  { label: 'documents', seed: seedDocumentsDemo },
  { label: 'messages', seed: seedMessagesDemo },
  // A moderator, and a reported listing in the moderators' queue (issue 26).
  { label: 'moderation', seed: seedModerationDemo },
];

/** Reports seeding progress: a step label, and how far it is (done of total). */
export type DemoProgress = (step: string, done: number, total: number) => void;

/**
 * Loads the demo into an empty database; returns what was created, or null when there was data already.
 * The accounts are created side by side (password hashing is the slow part and runs off the main thread).
 */
/** The demo goes only into a database with no accounts at all. */
export async function databaseIsEmpty(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(
  deps: AppDeps,
  progress: DemoProgress = () => undefined,
  options: DemoOptions = {},
): Promise<DemoSeedResult | null> {
  if (!(await databaseIsEmpty(deps))) return null;
  const people = [...DEMO_OWNERS.map((o) => ['owner', o] as const), ...DEMO_TENANTS.map((t) => ['tenant', t] as const)];
  let done = 0;
  progress('accounts', 0, people.length);
  const created = await Promise.all(
    people.map(async ([role, p]) => {
      // Demo accounts are verified (ADR 033): every email, and the owners' phones (their listings show "Verified owner").
      const user = await createUser(
        deps,
        role,
        { ...p, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD },
        { email: true, phone: role === 'owner' },
      );
      progress('accounts', ++done, people.length);
      return user;
    }),
  );
  const owners = created.filter((u) => u.role === 'owner');
  const tenants = created.filter((u) => u.role === 'tenant');
  for (const { label, seed } of FEATURE_SEEDERS) await seed(deps, { owners, tenants }, (d, t) => progress(label, d, t), options);
  await skipDemoHistoryMail(deps);
  const admin = (await existingDemoAccounts(deps))?.accounts.filter((a) => a.role === 'admin') ?? [];
  return { password: DEFAULT_PASSWORD, accounts: [...demoAccounts(created), ...admin] };
}

/**
 * The demo's months of history raised an email for every past event (issue 25, through `notify`). Sending them
 * all at the first start would render hundreds of emails while the server starts (issue 21's memory goal)
 * about events nobody is waiting to hear of: the newest ten stay queued for the development mailbox, the rest
 * are skipped, as a message whose category is switched off is.
 */
export const DEMO_MAIL_KEPT = 10;
async function skipDemoHistoryMail(deps: Pick<AppDeps, 'db'>): Promise<void> {
  await deps.db.execute(sql`
    update outbox_messages set status = 'skipped', last_error = 'demo history', lease_until = null
    where status = 'pending'
      and id not in (select id from outbox_messages where status = 'pending' order by created_at desc, id desc limit ${DEMO_MAIL_KEPT})`);
}

const demoAccounts = (list: { role: Role; email: string; username: string; fullName: string }[]): DemoAccount[] =>
  list.map((u) => ({ role: u.role, email: u.email, username: u.username, fullName: u.fullName }));

/** The demo accounts that still exist (every start prints them while they do), in the demo's order. */
export async function existingDemoAccounts(deps: Pick<AppDeps, 'db'>): Promise<DemoSeedResult | null> {
  const emails: string[] = [...[...DEMO_OWNERS, ...DEMO_TENANTS].map((p) => p.email), DEMO_ADMIN_EMAIL];
  const rows = await deps.db
    .select({ role: users.role, email: users.email, username: users.username, fullName: users.fullName })
    .from(users)
    .where(inArray(users.email, emails));
  if (rows.length === 0) return null;
  rows.sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
  return { password: DEFAULT_PASSWORD, accounts: demoAccounts(rows as DemoAccount[]) };
}
