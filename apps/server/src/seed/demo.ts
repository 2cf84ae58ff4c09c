import type { Role } from '@kiraya/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { users } from '../db/schema.js';
import { DEFAULT_PASSWORD, createUser } from './factories.js';
import { seedPropertiesDemo } from './properties-demo.js';

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
const FEATURE_SEEDERS: ((deps: AppDeps, people: DemoPeople) => Promise<void>)[] = [seedPropertiesDemo];

/** Loads the demo into an empty database; returns what was created, or null when there was data already. */
export async function seedDemoIfEmpty(deps: AppDeps): Promise<DemoSeedResult | null> {
  const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const owners = [];
  for (const o of DEMO_OWNERS)
    owners.push(await createUser(deps, 'owner', { ...o, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD }));
  const tenants = [];
  for (const t of DEMO_TENANTS)
    tenants.push(await createUser(deps, 'tenant', { ...t, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD }));
  for (const seed of FEATURE_SEEDERS) await seed(deps, { owners, tenants });
  return {
    password: DEFAULT_PASSWORD,
    accounts: [...owners, ...tenants].map((u) => ({ role: u.role, email: u.email, username: u.username, fullName: u.fullName })),
  };
}
