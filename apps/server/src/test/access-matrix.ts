import { API_BASE, MSG, type RegisterBody } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppDeps } from '../app.js';
import { inArray } from 'drizzle-orm';
import { leaseRenewals, leaseTerms, messages, messageThreads, properties, requests, rooms, tenancies, users } from '../db/schema.js';
import { PROPERTY_ALLOWS, REQUEST_ALLOWS, ROOM_ALLOWS } from '../lib/access.js';
import { newId } from '../lib/ids.js';
import { OBJECT_RULES, type PolicyEntry, type RoutePolicy } from '../plugins/policy.js';
import { ADMIN_NAME, createAdmin } from '../modules/moderation/index.js';
import { createUser, userInput } from '../seed/factories.js';

/**
 * The generated access matrix (ADR 012): every API route, called as every kind of caller, must answer
 * as its declared policy says, and no answer may carry another person's contact details, Aadhaar
 * number or any hash or ciphertext.
 */

/** `admin`: a moderator (ADR 037), made by the operator command; no other caller reaches the admin routes. */
export const WHO = ['visitor', 'tenant', 'roomTenant', 'otherTenant', 'otherOwner', 'owner', 'admin'] as const;
export type Who = (typeof WHO)[number];

type Person = { id: string; role: 'owner' | 'tenant' | 'admin'; input: RegisterBody; token: string };

/** The role a caller signs in with. */
const roleOf = (who: Exclude<Who, 'visitor'>): Person['role'] =>
  who === 'admin' ? 'admin' : who === 'owner' || who === 'otherOwner' ? 'owner' : 'tenant';

export type World = {
  app: FastifyInstance;
  deps: AppDeps;
  people: Record<Exclude<Who, 'visitor'>, Person>;
  /** A user no test caller is: login and refresh-token samples sign in as them. */
  spare: { email: string; password: string };
};

/**
 * The objects one route is called on: a property of `owner` with a room whose tenant is `roomTenant`
 * (with their current tenancy), and a pending request from `owner` inviting `roomTenant` to that room.
 */
export type Fixture = { propertyId: string; roomId: string; requestId: string; threadId: string; paused: boolean };

/** How to call one route (url relative to the route's own, params filled from the fixture). */
export type Sample = (
  f: Fixture,
  w: World,
  who: Who,
) => Promise<Omit<InjectOptions, 'method' | 'headers'> & { headers?: Record<string, string>; params?: Record<string, string> }>;

export type Violation = { route: string; who: Who; paused: boolean; problem: string };

async function person(app: FastifyInstance, deps: AppDeps, role: 'owner' | 'tenant'): Promise<Person> {
  const input = userInput(role);
  const user = await createUser(deps, role, input);
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/users/login`,
    payload: { email: input.email, password: input.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { id: user._id, role, input, token: (res.json() as { data: { accessToken: string } }).data.accessToken };
}

/** A moderator made as the operator command makes one, signed in; its `input` holds what it has of a sign-up's fields. */
async function moderator(app: FastifyInstance, deps: AppDeps): Promise<Person> {
  const base = userInput('tenant');
  const made = await createAdmin(deps, `mod.${base.email}`, base.password);
  if (made.code !== 0) throw new Error(`admin not created: ${made.line}`);
  const [row] = await deps.db
    .select()
    .from(users)
    .where(eq(users.email, `mod.${base.email}`.toLowerCase()));
  if (!row) throw new Error('admin not found');
  const input = {
    ...base,
    role: 'admin',
    username: row.username,
    fullName: ADMIN_NAME,
    email: row.email,
    phoneNumber: row.phoneNumber,
    aadharCardNumber: '',
    address: row.address,
  } as unknown as RegisterBody;
  const res = await app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email: row.email, password: base.password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return { id: row.id, role: 'admin', input, token: (res.json() as { data: { accessToken: string } }).data.accessToken };
}

/** The callers: two owners, the room's tenant, a tenant without a room and the tenant of another owner's room. */
export async function makeWorld(app: FastifyInstance, deps: AppDeps): Promise<World> {
  const [owner, otherOwner, tenant, roomTenant, otherTenant, admin] = await Promise.all([
    person(app, deps, 'owner'),
    person(app, deps, 'owner'),
    person(app, deps, 'tenant'),
    person(app, deps, 'tenant'),
    person(app, deps, 'tenant'),
    moderator(app, deps),
  ]);
  // Established accounts: the new-account listing limit (ADR 037) is not what the matrix is about.
  await deps.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(inArray(users.id, [owner.id, otherOwner.id]));
  await insertFixture(deps, otherOwner.id, otherTenant.id, false);
  const spareInput = userInput('tenant');
  await createUser(deps, 'tenant', spareInput);
  return {
    app,
    deps,
    people: { owner, otherOwner, tenant, roomTenant, otherTenant, admin },
    spare: { email: spareInput.email, password: spareInput.password },
  };
}

/** A property (listed or paused) with one room occupied by `tenantId`, written directly (no images needed). */
export async function insertFixture(deps: AppDeps, ownerId: string, tenantId: string, paused: boolean): Promise<Fixture> {
  const propertyId = newId();
  const roomId = newId();
  await deps.db.insert(properties).values({
    id: propertyId,
    ownerId,
    title: 'Matrix House',
    description: 'A property of the access matrix.',
    street: '1 Test Street',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    propertyType: 'Apartment/Flat',
    amenities: ['WiFi'],
    isPaused: paused,
  });
  await deps.db.insert(rooms).values({
    id: roomId,
    propertyId,
    roomNumber: '1',
    roomType: '1BHK',
    tenantType: 'Both',
    floor: 1,
    rentPaise: 800_000,
    maxOccupancy: 2,
    isFurnished: true,
    hasAttachedBath: true,
    description: 'A room of the access matrix.',
    status: 'occupied',
    tenantId,
    moveInDate: '2026-01-01',
  });
  await deps.db
    .insert(tenancies)
    .values({ id: newId(), roomId, tenantId, ownerId, rentPaise: 800_000, moveInDate: '2026-01-01', rentCycleFrom: '2026-01-01' });
  const requestId = newId();
  await deps.db.insert(requests).values({ id: requestId, roomId, ownerId, tenantId });
  // The room's conversation between its owner and its tenant (B7), with one message from the tenant.
  const threadId = newId();
  await deps.db.insert(messageThreads).values({ id: threadId, kind: 'room', roomId, ownerId, tenantId, lastMessageAt: new Date() });
  await deps.db.insert(messages).values({ id: newId(), threadId, senderId: tenantId, text: 'Hello from the matrix.' });
  return { propertyId, roomId, requestId, threadId, paused };
}

/** What a caller should get from a route with `policy` on `f`: allowed, or the exact refusal. */
export function expectedAnswer(policy: RoutePolicy, who: Who, f: Fixture): 'allowed' | 401 | 403 | 404 {
  if (policy.caller !== 'public') {
    if (who === 'visitor') return 401;
    const role = roleOf(who);
    if (policy.caller === 'owner' && role !== 'owner') return 403;
    if (policy.caller === 'tenant' && role !== 'tenant') return 403;
    if (policy.caller === 'admin' && role !== 'admin') return 403;
  }
  const rule = policy.object ? OBJECT_RULES[policy.object] : null;
  if (!rule) return 'allowed';
  // Any target of moderation, for moderators (the caller rule refused everyone else).
  if (rule.on === 'moderation') return 'allowed';
  if (rule.on === 'order' || rule.on === 'payment' || rule.on === 'report') {
    // A payment order is its tenant's; a payment its payer's and payee's (reversing it: the payee's only);
    // a payment report (issue 23) is decided by its owner: anyone else gets 404.
    const party =
      rule.on === 'order' ? who === 'roomTenant' : rule.need === 'owner' ? who === 'owner' : who === 'roomTenant' || who === 'owner';
    return party ? 'allowed' : 404;
  }
  if (rule.on === 'thread') return who === 'owner' || who === 'roomTenant' ? 'allowed' : 404;
  if (rule.on === 'request') {
    // A request is seen by its two parties only: anyone else gets 404, paused listing or not.
    const party = who === 'owner' ? 'owner' : who === 'roomTenant' ? 'invitee' : null;
    return party && REQUEST_ALLOWS[rule.need].includes(party) ? 'allowed' : 404;
  }
  if (rule.on === 'roomMember' || rule.on === 'document') {
    // A room's private things (ADR 020): its owner and current tenant (its money: its owner); anyone else 404, paused or not.
    return who === 'owner' || (who === 'roomTenant' && rule.need === 'owner-or-tenant') ? 'allowed' : 404;
  }
  const relation = who === 'owner' ? 'owner' : who === 'roomTenant' ? 'tenant' : 'none';
  const allows: readonly string[] = rule.on === 'room' ? ROOM_ALLOWS[rule.need] : PROPERTY_ALLOWS[rule.need];
  const visible = relation !== 'none' || !f.paused;
  if (!visible) return 404;
  if (allows.includes(relation)) return 'allowed';
  return who === 'visitor' ? 401 : 403;
}

/** The message a refusal carries (ADR 004): the role's message when the role is wrong, else the generic one. */
export function expectedMessage(policy: RoutePolicy, who: Who, status: 401 | 403 | 404): string {
  const rule = policy.object ? OBJECT_RULES[policy.object] : null;
  if (status === 401) return MSG.unauthorized;
  if (status === 404) {
    if (rule?.on === 'order') return MSG.orderNotFound;
    if (rule?.on === 'payment') return MSG.paymentNotFound;
    if (rule?.on === 'report') return MSG.reportNotFound;
    if (rule?.on === 'document') return MSG.documentNotFound;
    if (rule?.on === 'thread') return MSG.threadNotFound;
    return rule?.on === 'room' || rule?.on === 'roomMember'
      ? MSG.roomNotFound
      : rule?.on === 'request'
        ? MSG.requestNotFound
        : MSG.propertyNotFound;
  }
  const role = who === 'visitor' ? 'tenant' : roleOf(who);
  if (policy.caller === 'admin') return MSG.adminsOnly;
  const need = policy.caller === 'owner' || policy.caller === 'tenant' ? policy.caller : rule?.need;
  // The caller rule's own message for a moderator on an owner's or a tenant's route.
  if (role === 'admin' && (policy.caller === 'owner' || policy.caller === 'tenant'))
    return policy.caller === 'owner' ? MSG.ownersOnly : MSG.tenantsOnly;
  if (need === 'owner' && role === 'tenant') return MSG.ownersOnly;
  if (need === 'tenant' && role === 'owner') return MSG.tenantsOnly;
  return MSG.forbidden;
}

/** The fixture's rows as text, to prove a refused call changed nothing. */
async function snapshot(w: World, f: Fixture): Promise<string> {
  const [p] = await w.deps.db.select().from(properties).where(eq(properties.id, f.propertyId));
  const [r] = await w.deps.db.select().from(rooms).where(eq(rooms.id, f.roomId));
  const q = await w.deps.db.select().from(requests).where(eq(requests.roomId, f.roomId));
  const t = await w.deps.db.select().from(tenancies).where(eq(tenancies.roomId, f.roomId));
  // Lease terms (issue 22): a refused edit changed none.
  const l = t.length
    ? await w.deps.db
        .select()
        .from(leaseTerms)
        .where(
          inArray(
            leaseTerms.tenancyId,
            t.map((x) => x.id),
          ),
        )
    : [];
  // Renewals (issue 22 item 5): a refused proposal, answer or withdrawal changed none.
  const rn = await w.deps.db.select().from(leaseRenewals).where(eq(leaseRenewals.roomId, f.roomId));
  return JSON.stringify([p, r, q, t, l, rn]);
}

/** Every secret of every person: nobody's answer may show these. */
async function secrets(w: World): Promise<string[]> {
  const rows = await w.deps.db.select().from(users);
  const out: string[] = [];
  for (const r of rows) out.push(r.aadhaarCipher, r.aadhaarHash, r.passwordHash, r.panCipher ?? '');
  return out;
}

/** Another person's Aadhaar number and contact details that `who` may not see. */
function othersContacts(w: World, who: Who, policy?: RoutePolicy): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(w.people)) {
    if (name === who) continue;
    out.push(p.input.aadharCardNumber.replace(/\D/g, ''));
    // The owner of the room sees its tenant's contact details (never their Aadhaar number).
    if (who === 'owner' && name === 'roomTenant') continue;
    // A route that discloses the room owner's contact (Get Phone Number, B9) may show it to a tenant.
    if (policy?.discloses === 'roomOwnerContact' && name === 'owner' && w.people[who as Exclude<Who, 'visitor'>]?.role === 'tenant')
      continue;
    out.push(p.input.email.toLowerCase(), p.input.phoneNumber.replace(/\D/g, '').slice(-10));
  }
  // A moderator has no Aadhaar number: nothing to look for.
  return out.filter((c) => c.length > 0);
}

/** The id a route's `:id` names: a room for room rules, a request for request rules, a property otherwise. */
function idFor(policy: RoutePolicy, f: Fixture): string {
  const rule = policy.object ? OBJECT_RULES[policy.object] : null;
  // An order or a payment is made by the route's sample, which names it in `params`.
  if (rule?.on === 'order' || rule?.on === 'payment' || rule?.on === 'report') return ':id';
  if (rule?.on === 'thread') return f.threadId;
  return rule?.on === 'room' || rule?.on === 'roomMember' ? f.roomId : rule?.on === 'request' ? f.requestId : f.propertyId;
}

/**
 * Calls every route of `table` as every caller, on a listed fixture and (for routes with an object rule)
 * a paused one, and returns every answer that does not match its route's policy.
 */
export async function checkMatrix(w: World, table: PolicyEntry[], samples: Record<string, Sample>): Promise<Violation[]> {
  const violations: Violation[] = [];
  const secretList = await secrets(w);
  for (const entry of table) {
    const route = `${entry.method} ${entry.url}`;
    if (!entry.policy) {
      violations.push({ route, who: 'visitor', paused: false, problem: 'declares no policy' });
      continue;
    }
    const sample = samples[route];
    if (!sample) {
      violations.push({ route, who: 'visitor', paused: false, problem: 'has no sample request in the access matrix' });
      continue;
    }
    for (const paused of entry.policy.object && entry.policy.object !== 'self' ? [false, true] : [false]) {
      const f = await insertFixture(w.deps, w.people.owner.id, w.people.roomTenant.id, paused);
      const url = entry.url.replace(':propertyId', f.propertyId).replace(':roomId', f.roomId).replace(':id', idFor(entry.policy, f));
      let before = await snapshot(w, f);
      for (const who of WHO) {
        const { params, ...s } = await sample(f, w, who);
        // Other path parameters (a bill, a file) are named by the sample, which made the object in the fixture.
        let at = url;
        for (const [k, v] of Object.entries(params ?? {})) at = at.replace(`:${k}`, v);
        const auth: Record<string, string> = who === 'visitor' ? {} : { authorization: `Bearer ${w.people[who].token}` };
        const res = await w.app.inject({
          ...s,
          method: entry.method as InjectOptions['method'],
          url: s.url ? `${at}${s.url}` : at,
          headers: { ...auth, ...(s.headers ?? {}) },
        } as InjectOptions);
        const want = expectedAnswer(entry.policy, who, f);
        const got = res.statusCode;
        const add = (problem: string) => violations.push({ route, who, paused, problem });
        if (got >= 500) add(`answered ${got}: ${res.body.slice(0, 200)}`);
        else if (want === 'allowed' && (got === 401 || got === 403 || got === 404))
          add(`allowed caller got ${got}: ${res.body.slice(0, 200)}`);
        else if (want !== 'allowed' && got !== want) add(`expected ${want}, got ${got}`);
        else if (want !== 'allowed' && res.json().message !== expectedMessage(entry.policy, who, want))
          add(`refused with "${res.json().message}", expected "${expectedMessage(entry.policy, who, want)}"`);
        if (want !== 'allowed' && (await snapshot(w, f)) !== before) add('a refused call changed the property, its room or their requests');
        // An allowed call may change the fixture (a reject, a vacate); later refusals are compared with that.
        if (want === 'allowed') before = await snapshot(w, f);
        const body = res.body.toLowerCase();
        for (const secret of secretList) if (secret && body.includes(secret.toLowerCase())) add('answer carries a hash or ciphertext');
        for (const c of othersContacts(w, who, entry.policy))
          if (body.includes(c)) add(`answer carries another person's Aadhaar or contact (${c})`);
      }
    }
  }
  return violations;
}
