import {
  auditQuerySchema,
  EMAIL_CATEGORIES,
  LEASE_TERM_FIELDS,
  MSG,
  NUMBER_BOUNDS,
  checkUsernameQuerySchema,
  paymentReportsQuerySchema,
  reasonBodySchema,
  recordPaymentBodySchema,
  deletePropertyBodySchema,
  deleteRoomBodySchema,
  settleDepositBodySchema,
  loginBodySchema,
  newRoomFieldsSchema,
  pausePropertyBodySchema,
  payoutDetailsBodySchema,
  propertyFieldsSchema,
  propertyListQuerySchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  registerBodySchema,
  roomFieldsSchema,
  roomStatusBodySchema,
  updateAccountBodySchema,
  userSearchQuerySchema,
} from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, rooms, users } from '../db/schema.js';
import { createAdmin } from '../modules/moderation/index.js';
import { fakeAadhaar, fakePhone, userInput } from '../seed/factories.js';
import { createProperty, createRoom, propertyInput, roomInput, sampleImage } from '../seed/property-factories.js';
import { TEST_ORIGIN, type TestContext, cookieHeader, createTestContext, signedIn } from './harness.js';
import {
  HOSTILE_KEYS,
  HungRequestError,
  type JsonText,
  MEGABYTE_STRING,
  RAW_BODIES,
  type Route,
  dataFingerprint,
  encodeHostile,
  envelopeProblem,
  fillPath,
  hostileJsonValue,
  hostileString,
  injectWithin,
  multipartBody,
  objectText,
  pathParams,
  routeTable,
} from './hostile.js';

/**
 * Hostile input over every endpoint (ADR 011): the routes come from the app's own table and are called
 * as a visitor, a tenant and an owner with hostile path parameters, queries and bodies (JSON, raw and
 * multipart). Whatever is sent: never a 500, never a hang, the error envelope on every 4xx, and a
 * refused mutating request leaves users, properties, rooms, images and stored files as they were.
 * HOSTILE_SEED and HOSTILE_RUNS change the random part's seed and size.
 */

/** `admin`: a moderator (ADR 037), who alone reaches /admin: the sweep calls those routes as one. */
type Caller = 'visitor' | 'tenant' | 'owner' | 'admin';
const CALLERS: Caller[] = ['visitor', 'tenant', 'owner', 'admin'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API = '/api/v1';

/**
 * The fields each known route reads, taken from the contract's schemas (a field added there is swept
 * here too); a route missing here (a new one) still gets hostile path parameters, queries and bodies.
 */
type RouteFields = { query?: string[]; json?: string[]; form?: string[]; image?: string };
const keys = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);
const ACCOUNT_FIELDS = keys(updateAccountBodySchema).filter((k) => k !== 'role');
const FIELDS: Record<string, RouteFields> = {
  [`GET ${API}/properties/fetch-all-properties`]: { query: keys(propertyListQuerySchema) },
  [`GET ${API}/users/search`]: { query: keys(userSearchQuerySchema) },
  [`GET ${API}/users/check-username`]: { query: keys(checkUsernameQuerySchema) },
  [`POST ${API}/users/register`]: { json: keys(registerBodySchema) },
  [`POST ${API}/users/login`]: { json: keys(loginBodySchema) },
  [`POST ${API}/users/logout`]: { json: ['refreshToken'] },
  [`POST ${API}/users/refresh-token`]: { json: ['refreshToken'] },
  [`PUT ${API}/users/update-account-details`]: { json: keys(updateAccountBodySchema) },
  // Email (issue 25)
  [`POST ${API}/users/forgot-password`]: { json: ['email'] },
  [`POST ${API}/users/reset-password`]: { json: ['token', 'password', 'confirmPassword'] },
  [`PUT ${API}/users/email-settings`]: { json: [...EMAIL_CATEGORIES] },
  [`PATCH ${API}/users/locale`]: { json: ['locale'] },
  [`POST ${API}/users/unsubscribe`]: { query: ['u', 'c', 's'] },
  // Verification (ADR 033)
  [`POST ${API}/users/verify-email`]: { json: ['token'] },
  [`POST ${API}/users/phone/confirm-code`]: { json: ['code'] },
  // Web Push (issue 27): a browser's subscription, and switching it off.
  [`POST ${API}/push/subscribe`]: { json: keys(pushSubscribeBodySchema) },
  [`POST ${API}/push/unsubscribe`]: { json: keys(pushUnsubscribeBodySchema) },
  [`POST ${API}/properties/add-new-property`]: { form: keys(propertyFieldsSchema), image: 'propertyImages' },
  [`PUT ${API}/properties/update-property/:id`]: { form: [...keys(propertyFieldsSchema), 'removeImageIds'], image: 'propertyImages' },
  [`PATCH ${API}/properties/pause-property/:id`]: { json: keys(pausePropertyBodySchema) },
  [`POST ${API}/properties/delete-property`]: { json: keys(deletePropertyBodySchema) },
  [`POST ${API}/rooms/new-room`]: { form: keys(newRoomFieldsSchema), image: 'roomImages' },
  [`PUT ${API}/rooms/update-room/:id`]: { form: [...keys(roomFieldsSchema), 'removeImageIds'], image: 'roomImages' },
  [`POST ${API}/rooms/delete-room`]: { json: keys(deleteRoomBodySchema) },
  [`PATCH ${API}/rooms/room-status/:id`]: { json: keys(roomStatusBodySchema) },
  // Leases (issue 22): the terms on Assign Tenant, the owner's edit and the automatic rent switch.
  [`POST ${API}/requests/send`]: { json: ['roomId', 'tenantId', 'terms'] },
  // Inviting by email (issue 25 item 7).
  [`POST ${API}/tenancy/invite-by-email`]: { json: ['roomId', 'email', 'terms'] },
  [`POST ${API}/tenancy/cancel-email-invite/:roomId`]: { json: ['inviteId'] },
  [`PUT ${API}/leases/terms/:roomId`]: { json: [...LEASE_TERM_FIELDS] },
  [`PUT ${API}/leases/auto-rent/:roomId`]: { json: ['enabled'] },
  // Lease renewal (issue 22 item 5): the proposal's optional new terms.
  [`POST ${API}/leases/renewal/:roomId`]: {
    json: ['termMonths', 'rent', 'incrementPercent', 'noticeMonths', 'lateFee', 'securityDeposit'],
  },
  // Deposits (issue 22 item 4, ADR 029): the settlement's fields. (The tenant's dispute and the photo upload are swept
  // with hostile parameters and bodies as every route is; the field sweep calls as the owner, with form fields.)
  [`POST ${API}/deposits/settle/:roomId`]: { json: keys(settleDepositBodySchema) },
  // Payouts (issue 24): the bank account details, with the password again.
  [`PUT ${API}/payouts/account`]: { json: keys(payoutDetailsBodySchema) },
  // Rent paid outside the gateway (issue 23): the owner's side (the sweep runs as the owner).
  [`POST ${API}/payments/record`]: { json: keys(recordPaymentBodySchema) },
  [`GET ${API}/payments/upi-reports`]: { query: keys(paymentReportsQuerySchema) },
  [`POST ${API}/payments/reject-report/:id`]: { json: keys(reasonBodySchema) },
  [`POST ${API}/payments/reverse/:id`]: { json: keys(reasonBodySchema) },
  // Reports and moderators (issue 26, ADR 037): the /admin routes are swept as a moderator.
  [`POST ${API}/reports`]: { json: ['targetType', 'targetId', 'reason', 'details'] },
  [`POST ${API}/admin/actions`]: { json: ['action', 'targetType', 'targetId', 'reason'] },
  [`GET ${API}/admin/audit`]: { query: keys(auditQuerySchema) },
};
/** Who sweeps a route's fields: a moderator for /admin, the owner otherwise. */
const sweeper = (route: Route): Caller => (route.url.startsWith(`${API}/admin/`) ? 'admin' : 'owner');
const routeKey = (r: Route) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;
const fieldsOf = (r: Route): RouteFields => FIELDS[routeKey(r)] ?? {};

/** Placeholders resolved when a request is sent, so a recreated fixture is picked up. */
const REF = { property: 'REF:property', room: 'REF:room' } as const;

type Body =
  | { kind: 'none' }
  | { kind: 'json'; entries: [string, JsonText][] }
  | { kind: 'raw'; contentType: string; body: string }
  | { kind: 'multipart'; entries: [string, string][]; image: boolean };
type HostileRequest = {
  route: Route;
  caller: Caller;
  params: Record<string, string>;
  query: [string, string][];
  body: Body;
  origin?: string;
};

let ctx: TestContext;
let routes: Route[];
let jpeg: Buffer;
const session: Record<
  Exclude<Caller, 'visitor'>,
  { cookie: string; email: string; password: string; id: string; account: Record<string, string> }
> = {} as never;
const fx = { propertyId: '', roomId: '' };

async function signIn(role: 'tenant' | 'owner' | 'admin') {
  const s = role === 'admin' ? await signedInModerator() : await signedIn(ctx, role);
  session[role] = {
    cookie: s.cookie,
    email: s.user.email,
    password: s.user.password,
    id: s.user._id,
    account: {
      fullName: s.user.fullName,
      email: s.user.email,
      phoneNumber: s.user.phoneNumber,
      aadharCardNumber: s.user.aadharCardNumber,
      address: s.user.address,
    },
  };
}

/** A moderator made by the operator command, signed in, shaped as signedIn's answer. */
async function signedInModerator() {
  const email = `mod.${Date.now()}@example.test`;
  const made = await createAdmin(ctx.deps, email, 'Moderate123');
  if (made.code !== 0) throw new Error(made.line);
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email, password: 'Moderate123' } });
  const user = res.json().data.user;
  return { user: { ...user, password: 'Moderate123' }, cookie: cookieHeader(res) };
}

async function relogin(role: 'tenant' | 'owner' | 'admin') {
  const s = session[role];
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/users/login`, payload: { email: s.email, password: s.password } });
  if (res.statusCode !== 200) throw new Error(`re-login failed: ${res.body}`);
  s.cookie = cookieHeader(res);
}

/** The owner's property (with one image) and one vacant room in it, recreated when a request removed them. */
async function ensureFixtures() {
  const db = ctx.database.db;
  const [p] = fx.propertyId ? await db.select({ id: properties.id }).from(properties).where(eq(properties.id, fx.propertyId)) : [];
  if (!p) fx.propertyId = (await createProperty(ctx.deps, session.owner.id, {}, [jpeg]))._id;
  const [r] = fx.roomId ? await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, fx.roomId)) : [];
  if (!r) fx.roomId = (await createRoom(ctx.deps, session.owner.id, fx.propertyId, {}, [jpeg]))._id;
}

/** Valid values for a route's fields, for the caller: hostile requests change some of them. */
function baseline(route: Route, caller: Caller): Record<string, string> {
  const key = routeKey(route);
  const who = caller === 'visitor' ? session.tenant : session[caller];
  if (key.endsWith('/register')) {
    const u = userInput('tenant', { phoneNumber: fakePhone(), aadharCardNumber: fakeAadhaar() });
    return { ...u };
  }
  if (key.endsWith('/login')) return { email: who.email, password: who.password };
  if (key.endsWith('/update-account-details')) return { ...who.account };
  if (key.endsWith('/add-new-property')) return propertyInput();
  if (key.endsWith('/update-property/:id')) return { ...propertyInput(), removeImageIds: '' };
  if (key.endsWith('/new-room')) return roomInput(REF.property);
  if (key.endsWith('/update-room/:id')) {
    const { propertyId: _, ...fields } = roomInput(REF.property);
    return { ...fields, removeImageIds: '' };
  }
  if (key.endsWith('/pause-property/:id')) return { isPaused: 'true' };
  if (key.endsWith('/delete-property')) return { propertyId: REF.property };
  if (key.endsWith('/delete-room')) return { roomId: REF.room };
  if (key.endsWith('/room-status/:id')) return { roomStatus: 'maintenance' };
  if (key.endsWith('/fetch-all-properties'))
    return { q: 'nest', city: 'Bengaluru', minRent: '1000', maxRent: '20000', page: '1', limit: '12' };
  if (key.endsWith('/search')) return { query: 'tenant' };
  if (key.endsWith('/check-username')) return { username: 'someone' };
  if (key.endsWith('/payments/record'))
    return { roomId: REF.room, amount: '100', method: 'cash', paidOn: '2026-01-05', reference: 'R1', note: 'Cash at the door' };
  if (key.endsWith('/reject-report/:id') || key.endsWith('/reverse/:id')) return { reason: 'Not received.' };
  // Moderation (ADR 037): a report of the fixture's listing (the owner's own: a 400), a dismissal (nothing open: a 409).
  if (key === `POST ${API}/reports`) return { targetType: 'property', targetId: REF.property, reason: 'other', details: 'Hostile check' };
  if (key === `POST ${API}/admin/actions`)
    return { action: 'dismiss', targetType: 'property', targetId: REF.property, reason: 'Hostile check' };
  if (key === `GET ${API}/admin/audit`) return { before: '2030-01-01T00:00:00Z', limit: '10' };
  return {};
}

/** A baseline value as JSON: booleans stay booleans. */
const jsonValue = (field: string, v: string): JsonText => (field === 'isPaused' ? v : JSON.stringify(v));
const defaultParam = (route: Route, name: string) => (name === 'propertyId' || route.url.includes('propert') ? REF.property : REF.room);

const resolve = (s: string) => s.replaceAll(REF.property, fx.propertyId).replaceAll(REF.room, fx.roomId);

async function toInject(req: HostileRequest): Promise<InjectOptions> {
  const url = fillPath(req.route.url, Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, resolve(v)])));
  const qs = req.query.map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(resolve(v))}`).join('&');
  const headers: Record<string, string> = {};
  if (req.caller !== 'visitor') headers.cookie = session[req.caller].cookie;
  if (req.origin) headers.origin = req.origin;
  let payload: string | Buffer | undefined;
  const b = req.body;
  if (b.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = resolve(objectText(b.entries));
  } else if (b.kind === 'raw') {
    headers['content-type'] = b.contentType;
    payload = b.body;
  } else if (b.kind === 'multipart') {
    const field = fieldsOf(req.route).image ?? 'propertyImages';
    const form = await multipartBody(
      b.entries.map(([k, v]) => [k, resolve(v)]),
      b.image ? [{ field, data: jpeg }] : [],
    );
    headers['content-type'] = form.contentType;
    payload = form.payload;
  }
  return { method: req.route.method as InjectOptions['method'], url: qs ? `${url}?${qs}` : url, headers, payload };
}

const abbreviate = (s: string, max = 240) => (s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s);
const describeRequest = (req: HostileRequest, opts: InjectOptions) => {
  const body =
    typeof opts.payload === 'string'
      ? opts.payload
      : opts.payload
        ? `multipart ${JSON.stringify((req.body as { entries: [string, string][] }).entries.map(([k, v]) => [k, abbreviate(v, 60)]))}`
        : '';
  const type = opts.headers?.['content-type'] ? `[${String(opts.headers['content-type']).split(';')[0]}] ` : '';
  return `${req.caller} ${opts.method} ${abbreviate(String(opts.url))} ${type}${abbreviate(body)}`;
};

/** Answers seen per route, to show the suite reached the routes' own checks rather than only the sign-in guard. */
const seen = new Map<string, Set<number>>();

/**
 * Sends one hostile request and returns what is wrong with the answer (null when nothing is).
 * After an accepted mutating request the fixtures and sessions are restored for the next one.
 */
async function probe(req: HostileRequest): Promise<string | null> {
  const opts = await toInject(req);
  const what = describeRequest(req, opts);
  const mutating = MUTATING.has(req.route.method);
  const before = mutating ? await dataFingerprint(ctx) : '';
  let res: Awaited<ReturnType<typeof injectWithin>>;
  try {
    res = await injectWithin(ctx.app, opts, 5_000);
  } catch (e) {
    if (e instanceof HungRequestError) return `HUNG: ${what}`;
    return `inject threw ${(e as Error).message}: ${what}`;
  }
  const statuses = seen.get(routeKey(req.route)) ?? new Set<number>();
  statuses.add(res.statusCode);
  seen.set(routeKey(req.route), statuses);
  if (res.statusCode >= 500) return `${res.statusCode}: ${what} → ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    if (req.route.method !== 'HEAD') {
      const problem = envelopeProblem(res);
      if (problem) return `${res.statusCode} ${problem}: ${what}`;
    }
    if (mutating && (await dataFingerprint(ctx)) !== before) return `refused (${res.statusCode}) but data changed: ${what}`;
    return null;
  }
  if (mutating) {
    const key = routeKey(req.route);
    if (req.caller !== 'visitor' && (key.endsWith('/logout') || key.endsWith('/refresh-token'))) await relogin(req.caller);
    if (req.caller !== 'visitor' && key.endsWith('/update-account-details')) {
      const data = res.json().data as Record<string, string>;
      const s = session[req.caller];
      s.email = data.email as string;
      // An owner's PAN comes back null when not given: only text fields are sent again.
      for (const f of ACCOUNT_FIELDS) if (typeof data[f] === 'string') s.account[f] = data[f];
    }
    await ensureFixtures();
  }
  return null;
}

beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = await sampleImage();
  await signIn('owner');
  await signIn('tenant');
  await signIn('admin');
  // An established owner: the new-account listing limit (ADR 037) is not what this suite is about.
  await ctx.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, session.owner.id));
  await ensureFixtures();
  routes = routeTable(ctx.app);
}, 60_000);
afterAll(() => ctx?.close());

describe('the route table', () => {
  it('lists every API endpoint, so the suite covers new ones without being told', () => {
    const keys = new Set(routes.map(routeKey));
    for (const key of Object.keys(FIELDS)) expect(keys, key).toContain(key);
    expect(routes.filter((r) => r.url.startsWith(API)).length).toBeGreaterThanOrEqual(Object.keys(FIELDS).length);
  });
});

describe('the hardening issue, request by request', () => {
  const get = (url: string, caller: Caller = 'visitor') =>
    injectWithin(ctx.app, { method: 'GET', url, headers: caller === 'visitor' ? {} : { cookie: session[caller].cookie } });
  const expect400 = async (res: Awaited<ReturnType<typeof injectWithin>>, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(envelopeProblem(res)).toBeNull();
    expect(res.json().message).toBe(message);
  };
  const nul = encodeURIComponent('a\u0000b');

  it('refuses NUL in the list filters and the tenant search with the field message', async () => {
    await expect400(await get(`${API}/properties/fetch-all-properties?q=${nul}`), MSG.textControlChars('Search text'));
    await expect400(await get(`${API}/properties/fetch-all-properties?city=${nul}`), MSG.textControlChars('City'));
    await expect400(await get(`${API}/properties/fetch-all-properties?state=${nul}`), MSG.textControlChars('State'));
    await expect400(await get(`${API}/users/search?query=${nul}`, 'owner'), MSG.textControlChars('Search text'));
  });

  it('refuses rent filters past the rent bound, and paging past its bounds', async () => {
    const list = `${API}/properties/fetch-all-properties`;
    const min = MSG.rentFilterFormat('Minimum rent', NUMBER_BOUNDS.rentMaxLabel);
    const max = MSG.rentFilterFormat('Maximum rent', NUMBER_BOUNDS.rentMaxLabel);
    await expect400(await get(`${list}?minRent=21474836.48`), min);
    await expect400(await get(`${list}?maxRent=30000000`), max);
    await expect400(await get(`${list}?maxRent=1e308`), max);
    await expect400(await get(`${list}?minRent=0x10`), min);
    await expect400(await get(`${list}?page=0x10`), MSG.wholeNumber('Page', 1, NUMBER_BOUNDS.pageMax));
    await expect400(await get(`${list}?page=99999999999`), MSG.wholeNumber('Page', 1, NUMBER_BOUNDS.pageMax));
    await expect400(await get(`${list}?limit=1e1`), MSG.wholeNumber('Limit', 1, 50));
    const ok = await get(`${list}?minRent=0&maxRent=${NUMBER_BOUNDS.rentMaxRupees}&page=${NUMBER_BOUNDS.pageMax}`);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses NUL in register, login and account fields without touching the data', async () => {
    const before = await dataFingerprint(ctx);
    const post = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST', caller: Caller = 'visitor') =>
      injectWithin(ctx.app, {
        method,
        url,
        payload: payload as object,
        headers: caller === 'visitor' ? {} : { cookie: session[caller].cookie },
      });
    await expect400(
      await post(`${API}/users/register`, userInput('tenant', { address: 'a\u0000b' })),
      MSG.textControlChars('Address', true),
    );
    await expect400(await post(`${API}/users/register`, userInput('tenant', { email: 'a\u0000b@example.test' })), MSG.emailFormat);
    await expect400(await post(`${API}/users/login`, { email: 'a\u0000@example.test', password: 'x' }), MSG.emailFormat);
    await expect400(
      await post(`${API}/users/update-account-details`, { ...session.tenant.account, address: '\u0000' }, 'PUT', 'tenant'),
      MSG.textControlChars('Address', true),
    );
    await expect400(
      await post(`${API}/users/update-account-details`, { ...session.tenant.account, fullName: 'a'.repeat(200_000) }, 'PUT', 'tenant'),
      MSG.fullNameFormat,
    );
    expect(await dataFingerprint(ctx)).toBe(before);
  });

  it('refuses NUL, hex and blank numbers in property and room forms without touching the data', async () => {
    const before = await dataFingerprint(ctx);
    const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, imageField: string) => {
      const form = await multipartBody(Object.entries(fields), [{ field: imageField, data: jpeg }]);
      return injectWithin(ctx.app, {
        method,
        url,
        payload: form.payload,
        headers: { 'content-type': form.contentType, cookie: session.owner.cookie },
      });
    };
    for (const field of ['title', 'street', 'city', 'state', 'landmark', 'description', 'amenities']) {
      const label = { amenities: 'Amenities', description: 'Description' }[field] ?? `${field[0]?.toUpperCase()}${field.slice(1)}`;
      const message = MSG.textControlChars(label, field === 'description');
      await expect400(
        await send('POST', `${API}/properties/add-new-property`, propertyInput({ [field]: 'x\u0000y' }), 'propertyImages'),
        message,
      );
      await expect400(
        await send('PUT', `${API}/properties/update-property/${fx.propertyId}`, propertyInput({ [field]: '\u0000' }), 'propertyImages'),
        message,
      );
    }
    const room = (o: Record<string, string>) => roomInput(fx.propertyId, o);
    const newRoom = (o: Record<string, string>) => send('POST', `${API}/rooms/new-room`, room(o), 'roomImages');
    await expect400(await newRoom({ roomNumber: '1\u00000' }), MSG.textControlChars('Room number'));
    await expect400(await newRoom({ roomType: '\u0000' }), MSG.textControlChars('Room type'));
    await expect400(await newRoom({ description: 'a\u0000' }), MSG.textControlChars('Description', true));
    await expect400(await newRoom({ floor: '0x10' }), MSG.wholeNumber('Floor', NUMBER_BOUNDS.floorMin, NUMBER_BOUNDS.floorMax));
    await expect400(await newRoom({ floor: '   ' }), MSG.roomStepRequired);
    await expect400(await newRoom({ maxOccupancy: '0x10' }), MSG.wholeNumber('Allowed members', 1, 50));
    await expect400(await newRoom({ rentAmount: '0x10' }), MSG.rentAmountFormat(NUMBER_BOUNDS.rentMaxLabel));
    const { propertyId: _, ...fields } = room({ floor: 'Infinity' });
    await expect400(
      await send('PUT', `${API}/rooms/update-room/${fx.roomId}`, fields, 'roomImages'),
      MSG.wholeNumber('Floor', NUMBER_BOUNDS.floorMin, NUMBER_BOUNDS.floorMax),
    );
    expect(await dataFingerprint(ctx)).toBe(before);
  });
});

/** The sweep's values: each replaces one field of a valid request, one at a time. */
const SWEEP_STRINGS = ['a\u0000b', '\u001b[2J', 'x\uD800', '0x10', '1e308', ' ', '21474836.48', 'x'.repeat(5_000)];
const SWEEP_JSON: JsonText[] = ['1e308', 'null', '{"__proto__":{"x":1}}', '["\\u0000"]'];

describe('every field of every endpoint, one hostile value at a time (as the owner)', () => {
  it('never answers 500, never hangs, and refuses with the envelope, leaving the data alone', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const f = fieldsOf(route);
      if (route.method === 'HEAD' || !(f.query || f.json || f.form)) continue;
      const params = Object.fromEntries(pathParams(route.url).map((p) => [p, defaultParam(route, p)]));
      const names = f.query ?? f.json ?? f.form ?? [];
      for (const name of names) {
        const values: { text: string; json?: JsonText }[] = [
          ...SWEEP_STRINGS.map((text) => ({ text })),
          ...(f.json ? SWEEP_JSON.map((json) => ({ text: '', json })) : []),
          ...(f.form ? [{ text: 'x'.repeat(150_000) }] : []),
          ...(f.json ? [{ text: MEGABYTE_STRING }] : []),
        ];
        for (const v of values) {
          const caller = sweeper(route);
          const base = baseline(route, caller);
          let req: HostileRequest;
          if (f.query) {
            const query = Object.entries({ ...base, [name]: v.text });
            req = { route, caller, params, query, body: { kind: 'none' } };
          } else if (f.json) {
            const entries = Object.entries(base).map(([k, x]): [string, JsonText] => [
              k,
              k === name ? (v.json ?? JSON.stringify(v.text)) : jsonValue(k, x),
            ]);
            if (!(name in base)) entries.push([name, v.json ?? JSON.stringify(v.text)]);
            req = { route, caller, params, query: [], body: { kind: 'json', entries } };
          } else {
            const entries = Object.entries({ ...base, [name]: v.text });
            req = { route, caller, params, query: [], body: { kind: 'multipart', entries, image: route.method === 'POST' } };
          }
          const problem = await probe(req);
          if (problem) problems.push(problem);
        }
      }
    }
    expect(problems).toEqual([]);
    for (const key of Object.keys(FIELDS)) {
      const answers = [...(seen.get(key) ?? [])];
      expect(
        answers.some((c) => c !== 401 && c !== 403),
        `${key} answered only ${answers}`,
      ).toBe(true);
    }
  }, 120_000);

  it('treats prototype names as plain field names, in JSON and in multipart', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => MUTATING.has(r.method))) {
      const params = Object.fromEntries(pathParams(route.url).map((p) => [p, defaultParam(route, p)]));
      const base = Object.entries(baseline(route, sweeper(route)));
      for (const key of HOSTILE_KEYS.filter((k) => k !== '__proto__')) {
        const json = base.map(([k, v]): [string, JsonText] => [k, jsonValue(k, v)]);
        for (const body of [
          { kind: 'json', entries: [...json, [key, '"x"']] },
          { kind: 'multipart', entries: [...base, [key, 'x']], image: false },
        ] as Body[]) {
          const problem = await probe({ route, caller: sweeper(route), params, query: [], body });
          if (problem) problems.push(problem);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses bodies that are not the object a route expects', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => MUTATING.has(r.method))) {
      const params = Object.fromEntries(pathParams(route.url).map((p) => [p, defaultParam(route, p)]));
      for (const raw of RAW_BODIES) {
        const problem = await probe({ route, caller: sweeper(route), params, query: [], body: { kind: 'raw', ...raw } });
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** One random hostile request to any route, as any caller. */
const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({ routeIndex: fc.nat(), caller: fc.constantFrom(...CALLERS) })
  .chain(({ routeIndex, caller }) => {
    const route = routes[routeIndex % routes.length] as Route;
    const f = fieldsOf(route);
    const base = baseline(route, caller);
    const param = fc.oneof(fc.constant(REF.property), fc.constant(REF.room), hostileString);
    const params = fc.record(Object.fromEntries(pathParams(route.url).map((p) => [p, param])) as Record<string, fc.Arbitrary<string>>);
    const fieldNames = [...(f.query ?? f.json ?? f.form ?? []), ...HOSTILE_KEYS];
    /** Each field: left out, valid, hostile, or sent twice. */
    const fieldValues = (names: string[]) =>
      fc
        .array(
          fc.tuple(
            fc.constantFrom(...names),
            fc.oneof(
              { weight: 2, arbitrary: fc.constant<string[] | null>(null) },
              { weight: 3, arbitrary: hostileString.map((s) => [s]) },
              { weight: 1, arbitrary: fc.tuple(hostileString, hostileString).map((t) => [...t]) },
            ),
          ),
          { maxLength: 4 },
        )
        .map((changes) => {
          const out: [string, string][] = Object.entries(base);
          for (const [name, values] of changes) {
            if (values === null) {
              const i = out.findIndex(([k]) => k === name);
              if (i >= 0) out.splice(i, 1);
              continue;
            }
            const kept = out.filter(([k]) => k !== name);
            out.length = 0;
            out.push(...kept, ...values.map((v): [string, string] => [name, v]));
          }
          return out;
        });
    const query = f.query
      ? fieldValues(fieldNames)
      : fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS, 'id', 'page'), hostileString), { maxLength: 2 });
    const jsonEntries = fc
      .tuple(
        fc.constant(Object.entries(base).map(([k, v]): [string, JsonText] => [k, jsonValue(k, v)])),
        fc.array(fc.tuple(fc.constantFrom(...fieldNames), hostileJsonValue), { maxLength: 4 }),
      )
      .map(([entries, changes]) => [...entries.filter(([k]) => !changes.some(([c]) => c === k)), ...changes]);
    const bodies: fc.Arbitrary<Body>[] = [
      fc.constant<Body>({ kind: 'none' }),
      jsonEntries.map((entries): Body => ({ kind: 'json', entries })),
      fc.constantFrom(...RAW_BODIES).map((raw): Body => ({ kind: 'raw', ...raw })),
    ];
    if (f.form || MUTATING.has(route.method)) {
      bodies.push(fc.tuple(fieldValues(fieldNames), fc.boolean()).map(([entries, image]): Body => ({ kind: 'multipart', entries, image })));
    }
    const origin = fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constant(TEST_ORIGIN) },
      { weight: 1, arbitrary: fc.constantFrom('null', 'http://evil.example', 'http://localhost:3000.evil.example') },
    );
    return fc.record({
      route: fc.constant(route),
      caller: fc.constant(caller),
      params,
      query: MUTATING.has(route.method) ? fc.constant([]) : query,
      body: route.method === 'GET' || route.method === 'HEAD' ? fc.constant<Body>({ kind: 'none' }) : fc.oneof(...bodies),
      origin,
    });
  });

describe('random hostile requests to every endpoint, as a visitor, a tenant, an owner and a moderator', () => {
  it('never answer 500, never hang, refuse with the envelope and leave the data alone', async () => {
    const seed = Number(process.env.HOSTILE_SEED ?? 20261122);
    const numRuns = Number(process.env.HOSTILE_RUNS ?? 300);
    // Every problem is collected (not only the first), each with the exact request that caused it.
    const problems = new Set<string>();
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (req) => {
        const problem = await probe(req);
        if (problem) problems.add(problem);
      }),
      { seed, numRuns },
    );
    expect([...problems]).toEqual([]);
  }, 120_000);
});
