import { MSG } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTenant } from '../../seed/factories.js';
import { type TestContext, createTestContext, signedIn } from '../../test/harness.js';
import { call, expectError, okData } from '../../test/support.js';

let ctx: TestContext;
let ownerCookie: string;
let priya: Awaited<ReturnType<typeof createTenant>>;
let priyanka: Awaited<ReturnType<typeof createTenant>>;
let rahul: Awaited<ReturnType<typeof createTenant>>;
let ownerPriya: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  ownerCookie = (await signedIn(ctx, 'owner')).cookie;
  priya = await createTenant(ctx.deps, { username: 'Priya_Sharma', email: 'priya.s@example.test', phoneNumber: '9811122233' });
  priyanka = await createTenant(ctx.deps, { username: 'priyanka.m', email: 'pm@example.test' });
  rahul = await createTenant(ctx.deps, { username: 'rahul-v', email: 'rahul.v@example.test', phoneNumber: '+44 7911123456' });
  ownerPriya = await createOwner(ctx.deps, { username: 'priya_owner', email: 'priya.owner@example.test', phoneNumber: '9811100000' });
});
afterAll(() => ctx.close());

type Hit = { _id: string; username: string };
const search = (query: string | undefined, cookie = ownerCookie) =>
  call(ctx, '/search', { headers: { cookie }, query: query === undefined ? {} : { query } });
const names = async (query: string) => okData<Hit[]>(await search(query), 200, 'Search results').map((h) => h.username);

describe('GET /users/search', () => {
  it('is for owners only: a tenant gets 403, a visitor 401', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    expectError(await search('priya', tenant.cookie), 'FORBIDDEN', 'Only house owners can do this.');
    expectError(await call(ctx, '/search', { query: { query: 'priya' } }), 'UNAUTHORIZED', MSG.unauthorized);
  });

  it('answers [] for an empty, blank or missing query', async () => {
    expect(okData(await search(''))).toEqual([]);
    expect(okData(await search('   '))).toEqual([]);
    expect(okData(await search(undefined))).toEqual([]);
  });

  it('finds tenants whose username contains the text, in any case', async () => {
    expect((await names('priya')).sort()).toEqual(['Priya_Sharma', 'priyanka.m']);
    expect((await names('PRIYA')).sort()).toEqual(['Priya_Sharma', 'priyanka.m'].sort());
    expect(await names('anka')).toEqual(['priyanka.m']);
    expect(await names('sharma')).toEqual(['Priya_Sharma']);
  });

  it('answers only tenants, never owners', async () => {
    expect(await names('priya_owner')).toEqual([]);
    expect(await names(ownerPriya.email)).toEqual([]);
    expect(await names('9811100000')).toEqual([]);
  });

  it('answers _id, username, full name and a masked phone (issue 19), nothing more', async () => {
    const hits = okData<Hit[]>(await search('Priya_Sharma'));
    expect(hits).toEqual([{ _id: priya._id, username: 'Priya_Sharma', fullName: priya.fullName, maskedPhone: '••••2233' }]);
    expect(Object.keys(hits[0] ?? {}).sort()).toEqual(['_id', 'fullName', 'maskedPhone', 'username']);
    expect(JSON.stringify(hits)).not.toContain('9811122233');
  });

  it('asks for at least 3 characters: one or two (a wildcard, a letter) find nobody (issue 19)', async () => {
    for (const q of ['_', '%', 'p', 'pr', '__', ' a ']) expect(await names(q)).toEqual([]);
    expect((await names('pri')).sort()).toEqual(['Priya_Sharma', 'priyanka.m']);
    expect(await names('___')).toEqual([]);
  });

  it('matches an email only exactly (any case), never by a part of it', async () => {
    expect(await names('priya.s@example.test')).toEqual(['Priya_Sharma']);
    expect(await names('PRIYA.S@EXAMPLE.TEST')).toEqual(['Priya_Sharma']);
    expect(await names('@example.test')).toEqual([]);
    expect(await names('priya.s@example')).toEqual([]);
    expect(await names('rahul.v')).toEqual([]);
  });

  it('matches a phone number only exactly, in any format', async () => {
    for (const q of ['9811122233', '+919811122233', '+91 98111 22233', '098111-22233']) expect(await names(q)).toEqual(['Priya_Sharma']);
    expect(await names('98111')).toEqual([]);
    expect(await names('+44 7911 123456')).toEqual(['rahul-v']);
    expect(await names('7911123456')).toEqual([]); // that is +91, not +44
  });

  it('treats LIKE wildcards literally', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('priya%')).toEqual([]);
    expect(await names('a_s')).toEqual(['Priya_Sharma']);
    expect(await names('a%s')).toEqual([]);
    expect(await names('\\\\\\')).toEqual([]);
  });

  it('answers at most 10 results', async () => {
    for (let i = 0; i < 12; i++) await createTenant(ctx.deps, { username: `bulk_tenant_${i}` });
    expect(await names('bulk_tenant')).toHaveLength(10);
  });

  it('answers 400 for a query over 100 characters', async () => {
    expectError(await search('x'.repeat(101)), 'BAD_REQUEST', 'Search text must be at most 100 characters.', 'query');
  });

  it('finds a tenant by username whatever the other fields hold', async () => {
    expect(await names(rahul.username)).toEqual(['rahul-v']);
    expect(await names(priyanka.email)).toEqual(['priyanka.m']);
  });
});
