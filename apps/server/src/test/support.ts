import {
  API_BASE,
  type BillGroup,
  billGroupSchema,
  ERROR_STATUS,
  type ErrorCode,
  type Locale,
  type RegisterBody,
  type RequestBody,
} from '@kiraya/contract';
import { crc32 } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { userInput } from '../seed/factories.js';
import { createRoom, occupyRoom } from '../seed/property-factories.js';
import type { signedIn, TestContext } from './harness.js';

/** The one test-support module of the server tests: requests, envelopes, cookies and forms (the app itself: harness.ts). */

export const USERS = '/api/v1/users';

/** The real limits of config.ts, for the rate-limit tests (the harness defaults are generous). */
export const REAL_LIMITS = {
  signupsPerHour: 20,
  failedLoginsPerMinute: 10,
  failedLoginsPerAccountPer15Minutes: 50,
  loginsPerIpPerMinute: 120,
};

export type Call = { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; payload?: unknown; query?: Record<string, string> };

export function call(ctx: TestContext, path: string, { method = 'GET', headers, payload, query }: Call = {}) {
  return ctx.app.inject({
    method,
    url: `${USERS}${path}`,
    headers,
    query,
    ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });
}

export const register = (ctx: TestContext, body: unknown, headers?: Record<string, string>) =>
  call(ctx, '/register', { method: 'POST', payload: body, headers });
export const login = (ctx: TestContext, email: string, password: string, headers?: Record<string, string>) =>
  call(ctx, '/login', { method: 'POST', payload: { email, password }, headers });

/** A complete, valid sign-up body with unique values. */
export const signupBody = (overrides: Partial<RegisterBody> = {}): RegisterBody => userInput('tenant', overrides);

/** Asserts the success envelope and returns its data. */
export function okData<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200, message?: string): T {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'statusCode', 'success']);
  expect(body).toMatchObject({ statusCode: status, success: true });
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  return body.data as T;
}

/**
 * Asserts the error envelope: the machine-readable `code` and its status (ERROR_STATUS, ADR 009), the
 * message, and (when given) the field it names.
 */
export function expectError(res: LightMyRequestResponse, code: ErrorCode, message: string, path?: string): void {
  const status = ERROR_STATUS[code];
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, code, success: false, message });
  expect(Array.isArray(body.errors)).toBe(true);
  if (path !== undefined) expect(body.errors).toContainEqual({ path, message });
}

/** A set-cookie of the response by name. */
export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** True when the response tells the browser to drop the cookie. */
export function clearsCookie(res: LightMyRequestResponse, name: string): boolean {
  const c = cookieOf(res, name);
  return !!c && c.value === '' && !!c.expires && c.expires.getTime() <= Date.now();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const refreshCookie = (token: string) => ({ cookie: `refreshToken=${token}` });

export type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  for (const f of files)
    fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.filename ?? 'photo.jpg');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

/** Sends a multipart request as the given cookie (or as a visitor without one). */
export async function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string | undefined,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
) {
  const body = await multipart(fields, files);
  return ctx.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}

/** One PNG chunk: length, type, data and the CRC of type and data (for hand-built PNGs in tests and benches). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small picture (64 × 48) to build test photos from. */
export const photoPixels = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).composite([
    { input: Buffer.from('<svg width="20" height="20"><rect width="20" height="20" fill="#123"/></svg>'), left: 5, top: 7 },
  ]);

/** A phone-like JPEG: EXIF with GPS, the camera and a rotation, an XMP packet and a comment ("Secret …"). */
export async function phoneJpeg(orientation = 6): Promise<Buffer> {
  const jpeg = await photoPixels()
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Model X', Copyright: 'Secret Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 0/1' },
    })
    .withMetadata({ orientation })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/>Secret XMP</x:xmpmeta>')
    .toBuffer();
  // A comment segment right after SOI.
  const text = Buffer.from('Secret comment', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, text.length + 2]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
}

/** Where the `n`th segment after a JPEG's SOI ends (1-based). */
export function jpegSegmentEnd(jpeg: Buffer, n: number): number {
  let i = 2;
  for (let k = 0; k < n; k++) i += 2 + jpeg.readUInt16BE(i + 2);
  return i;
}

/** A signed-in test user: the user, their cookie header and access token (harness.ts signedIn). */
export type Person = Awaited<ReturnType<typeof signedIn>>;

/** The headers of a request as `who` (their session cookie), or none for a visitor. */
export const as = (who?: Person) => (who ? { cookie: who.cookie } : {});

/**
 * `who` switches Kiraya to `locale` (PATCH /users/locale, issue 27) and is answered in it from then on: their
 * cookie header gets the re-signed access token (its `lng` is the new language) and the language cookie.
 */
export async function switchLocale(ctx: TestContext, who: Person, locale: Locale): Promise<void> {
  const res = await ctx.app.inject({ method: 'PATCH', url: `${API_BASE}/users/locale`, headers: as(who), payload: { locale } });
  expect(res.statusCode, res.body).toBe(200);
  const jar = new Map(who.cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as const));
  for (const c of res.cookies) jar.set(c.name, c.value);
  who.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * GET and POST under API_BASE as a signed-in person or a visitor (undefined), for files whose context is made
 * in beforeAll: `const { get, post } = apiAs(() => ctx)`.
 */
export function apiAs(ctx: () => TestContext) {
  return {
    get: (who: Person | undefined, url: string) => ctx().app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers: as(who) }),
    post: (who: Person | undefined, url: string, payload?: object) =>
      ctx().app.inject({ method: 'POST', url: `${API_BASE}${url}`, headers: as(who), ...(payload ? { payload } : {}) }),
  };
}

/** One bill group of POST /bills/add-bill, without the room. */
export type BillsOf = Pick<RequestBody<'addBill'>, 'billDate' | 'bills'>;

/**
 * A room of `propertyId` that `tenant` lives in (from `moveIn`), billed by `owner` through POST /bills/add-bill,
 * one call per group (by default one ₹1,000 rent bill of 1 January 2026): the start of most payment tests.
 */
export async function createBilledRoom(
  ctx: TestContext,
  owner: Person,
  tenant: Person,
  propertyId: string,
  {
    moveIn = '2025-12-01',
    groups = [{ billDate: '2026-01-01', bills: [{ billType: 'Rent Bill', amount: 1000 }] }],
  }: { moveIn?: string; groups?: BillsOf[] } = {},
): Promise<{ roomId: string; groups: BillGroup[] }> {
  const roomId = (await createRoom(ctx.deps, owner.user._id, propertyId))._id;
  await occupyRoom(ctx.deps, roomId, tenant.user._id, moveIn);
  const made: BillGroup[] = [];
  for (const g of groups) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/bills/add-bill`,
      headers: { cookie: owner.cookie },
      payload: { propertyId, roomId, ...g },
    });
    made.push(billGroupSchema.parse(okData(res, 201)));
  }
  return { roomId, groups: made };
}
