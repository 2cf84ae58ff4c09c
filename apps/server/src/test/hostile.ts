import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errorEnvelopeSchema } from '@kiraya/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import type { TestContext } from './harness.js';

/**
 * Tools for the hostile-input suite (hostile.test.ts): the app's route table, hostile values, a request
 * with a deadline, and a fingerprint of the data a refused request must leave alone.
 */

export type Route = { method: string; url: string };

/** Every route the app serves, read from Fastify's own table (printRoutes), so a new endpoint is covered without listing it here. */
export function routeTable(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /(\/\S*) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!m) continue;
    for (const method of (m[2] as string).split(',').map((s) => s.trim())) {
      if (method !== 'OPTIONS') out.push({ method, url: m[1] as string });
    }
  }
  return out;
}

/** The parameter names of a route path: ":id" and the wildcard "*". */
export const pathParams = (url: string): string[] => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent refuses) is sent
 * as the three bytes a careless client would produce (WTF-8), i.e. invalid UTF-8 the server must cope with.
 */
export function encodeHostile(s: string): string {
  return (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g) ?? [])
    .map((part) => {
      if (part.length > 1 || !/[\uD800-\uDFFF]/.test(part)) return encodeURIComponent(part);
      const n = part.charCodeAt(0);
      return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** Fills a route's parameters with the given raw values, percent-encoded as a client would send them. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => encodeHostile(values[name ?? '*'] ?? 'x'));
}

export const MEGABYTE_STRING = 'x'.repeat(1_048_576);

/** Strings chosen to break naive code: control characters, broken UTF-16, number look-alikes, prototype keys, injection text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f',
  '\u007f',
  '\u009b[31m',
  '\u001b[2J',
  '\uD800',
  'x\uDFFF',
  'a\uD83D',
  '\r\n',
  '\r',
  '\t',
  ' ',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\ufeff',
  '',
  '0x10',
  '1e308',
  '-1e308',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '21474836.48',
  '30000000',
  '99999999999999999999999',
  '1.005',
  '0.1e1',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, sent as is
  '${7*7}',
  // String.prototype.replace patterns: text that reaches a replacement string unguarded grows or breaks a page
  '$`',
  "$'",
  '$&',
  '$1',
  '$$',
  '$`'.repeat(40),
  '😀'.repeat(40),
  'İıßẞﬃ',
  '0198e7b2-6a3c-7cc1-8e6e-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5_000),
  '9'.repeat(400),
];

/** Object keys that trip code treating a parsed body as a plain map. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', ''];

/** Any UTF-16 code unit, lone surrogates and controls included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 })).map(([a, b]) => `${b}${a}${b}`) },
);

/** Nested JSON `depth` levels deep: arrays or objects. */
export const deepJson = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A JSON value, written as JSON text (so keys like __proto__ survive as own keys). */
export type JsonText = string;
const jsonOf = (v: unknown): JsonText => JSON.stringify(v) ?? 'null';

export const hostileJsonValue: fc.Arbitrary<JsonText> = fc.oneof(
  { weight: 6, arbitrary: hostileString.map(jsonOf) },
  { weight: 1, arbitrary: fc.constantFrom('1e308', '-1e308', '-0', '0', '-1', '2147483648', '1.5', '1e-7', 'true', 'false', 'null', '12') },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }).map(jsonOf) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS).map((k) => `{${jsonOf(k)}:{"polluted":true}}`) },
  { weight: 1, arbitrary: fc.constantFrom(deepJson(64, 'array'), deepJson(64, 'object'), '{}', '[]') },
);

/** JSON object text from entries, keeping duplicate and prototype keys as sent. */
export const objectText = (entries: [string, JsonText][]): string => `{${entries.map(([k, v]) => `${jsonOf(k)}:${v}`).join(',')}}`;

/** Whole bodies that are not the object a route expects. */
export const RAW_BODIES: readonly { contentType: string; body: string }[] = [
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '[{"email":"a@b.co"}]' },
  { contentType: 'application/json', body: '"just a string"' },
  { contentType: 'application/json', body: '1e308' },
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":1,}' },
  { contentType: 'application/json', body: '{"__proto__":{"role":"owner","isAdmin":true}}' },
  { contentType: 'application/json', body: '{"constructor":{"prototype":{"role":"owner"}}}' },
  { contentType: 'application/json', body: '{"toString":"x","valueOf":"y","hasOwnProperty":"z","isPaused":true}' },
  { contentType: 'application/json', body: deepJson(10_000, 'array') },
  { contentType: 'application/json', body: deepJson(2_000, 'object') },
  { contentType: 'application/json', body: `{"a":"${MEGABYTE_STRING}"}` },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
  { contentType: 'application/json', body: '\u0000' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { contentType: 'application/xml', body: '<a/>' },
  { contentType: 'multipart/form-data', body: 'no boundary' },
];

/** A multipart/form-data body as a browser's FormData would send it (valid framing; the values are up to the caller). */
export async function multipartBody(
  fields: [string, string][],
  files: { field: string; data: Buffer; filename?: string; type?: string }[] = [],
): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  for (const f of files)
    fd.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.filename ?? 'photo.jpg');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') as string };
}

export class HungRequestError extends Error {}

/** inject with a deadline: a request that has not answered after `ms` fails the test instead of hanging it. */
export async function injectWithin(app: FastifyInstance, opts: InjectOptions, ms = 5_000): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HungRequestError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([app.inject(opts), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with a 4xx answer's body, or null when it is the error envelope with its own status code. */
export function envelopeProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 120)}`;
  }
  const r = errorEnvelopeSchema.safeParse(body);
  if (!r.success) return `not the error envelope: ${res.body.slice(0, 200)}`;
  if (r.data.statusCode !== res.statusCode) return `statusCode ${r.data.statusCode} in a ${res.statusCode} answer`;
  return null;
}

/** A fingerprint of every row of users, properties, rooms, files and their image links, and of the stored blobs. */
export async function dataFingerprint(ctx: TestContext): Promise<string> {
  const table = (name: string, key = 'id') =>
    sql.raw(`(select md5(coalesce(string_agg(t::text, '|' order by t.${key}), '')) || ':' || count(*) from ${name} t)`);
  const res = (await ctx.database.db.execute(
    sql`select ${table('users')} as u, ${table('properties')} as p, ${table('rooms')} as r, ${table('files')} as f,
      ${table('property_images', 'file_id')} as pi, ${table('room_images', 'file_id')} as ri,
      ${table('reports')} as rp, ${table('moderation_audit')} as ma`,
  )) as unknown as { rows: Record<string, string>[] };
  const row = res.rows[0] ?? {};
  return `${row.u} ${row.p} ${row.r} ${row.f} ${row.pi} ${row.ri} ${row.rp} ${row.ma} blobs:${countFiles(join(ctx.config.dataDir, 'uploads'))}`;
}

function countFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}
