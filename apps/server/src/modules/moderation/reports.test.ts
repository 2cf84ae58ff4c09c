import { API_BASE, MSG, REPORTS_PER_HOUR, reportSchema } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, reports, rooms, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, expectError, okData, type Person, register, signupBody } from '../../test/support.js';
import { createAdmin } from './accounts.js';

let ctx: TestContext;
const { get, post } = apiAs(() => ctx);
let owner: Person;
let tenant: Person;
let other: Person;
let propertyId: string;
let roomId: string;

/** A listed property with one vacant room, written directly (no photos needed). */
export async function bareListing(c: TestContext, ownerId: string, o: { paused?: boolean } = {}) {
  const pid = newId();
  const rid = newId();
  await c.deps.db.insert(properties).values({
    id: pid,
    ownerId,
    title: `Report House ${pid.slice(-4)}`,
    description: 'A listing to report.',
    street: '3 Test Street',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    propertyType: 'Apartment/Flat',
    isPaused: o.paused ?? false,
  });
  await c.deps.db.insert(rooms).values({
    id: rid,
    propertyId: pid,
    roomNumber: '1',
    roomType: '1BHK',
    tenantType: 'Both',
    floor: 1,
    rentPaise: 900_000,
    maxOccupancy: 2,
    isFurnished: true,
    hasAttachedBath: true,
    description: 'A room to report.',
  });
  return { propertyId: pid, roomId: rid };
}

const report = (who: Person | undefined, body: object) => post(who, '/reports', body);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, tenant, other] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant'), signedIn(ctx, 'tenant')]);
  ({ propertyId, roomId } = await bareListing(ctx, owner.user._id));
});
afterAll(() => ctx.close());

describe('POST /reports', () => {
  it('takes a report of a listing and lists it in /reports/mine, newest first', async () => {
    const made = reportSchema.parse(
      okData(await report(tenant, { targetType: 'property', targetId: propertyId, reason: 'broker' }), 201, MSG.reportSent),
    );
    expect(made).toMatchObject({ targetType: 'property', targetId: propertyId, reason: 'broker', status: 'open' });
    const room = reportSchema.parse(
      okData(
        await report(tenant, { targetType: 'room', targetId: roomId, reason: 'other', details: 'The photos are of another flat.' }),
        201,
      ),
    );
    const mine = okData<unknown[]>(await get(tenant, '/reports/mine')).map((r) => reportSchema.parse(r));
    expect(mine.map((r) => r._id)).toEqual([room._id, made._id]);
    // Another person's list does not show them.
    expect(okData<unknown[]>(await get(other, '/reports/mine'))).toEqual([]);
    const [row] = await ctx.deps.db.select().from(reports).where(eq(reports.id, room._id));
    expect(row).toMatchObject({ subjectId: owner.user._id, details: 'The photos are of another flat.', reporterId: tenant.user._id });
  });

  it('refuses a second open report of the same target with a clear 409, and takes one of another target', async () => {
    const again = await report(tenant, { targetType: 'property', targetId: propertyId, reason: 'fakePhotos' });
    expectError(again, 'CONFLICT', MSG.reportDuplicate);
    // Someone else may report it too.
    okData(await report(other, { targetType: 'property', targetId: propertyId, reason: 'moneyBeforeVisit' }), 201);
    // Once the report is closed, the same person may report it again.
    await ctx.deps.db
      .update(reports)
      .set({ status: 'dismissed', resolvedAt: new Date() })
      .where(and(eq(reports.reporterId, tenant.user._id), eq(reports.targetId, propertyId)));
    okData(await report(tenant, { targetType: 'property', targetId: propertyId, reason: 'alreadyRented' }), 201);
  });

  it('refuses reporting yourself or your own listing (400), and what does not exist or is not listed (404)', async () => {
    expectError(
      await report(owner, { targetType: 'property', targetId: propertyId, reason: 'broker' }),
      'BAD_REQUEST',
      MSG.reportOwnListing,
    );
    expectError(await report(owner, { targetType: 'room', targetId: roomId, reason: 'broker' }), 'BAD_REQUEST', MSG.reportOwnListing);
    expectError(await report(tenant, { targetType: 'user', targetId: tenant.user._id, reason: 'abusive' }), 'BAD_REQUEST', MSG.reportSelf);
    expectError(await report(tenant, { targetType: 'property', targetId: newId(), reason: 'broker' }), 'NOT_FOUND', MSG.propertyNotFound);
    expectError(await report(tenant, { targetType: 'room', targetId: 'not-a-uuid', reason: 'broker' }), 'NOT_FOUND', MSG.roomNotFound);
    expectError(await report(tenant, { targetType: 'user', targetId: newId(), reason: 'abusive' }), 'NOT_FOUND', MSG.reportTargetNotFound);
    const paused = await bareListing(ctx, owner.user._id, { paused: true });
    expectError(
      await report(tenant, { targetType: 'property', targetId: paused.propertyId, reason: 'broker' }),
      'NOT_FOUND',
      MSG.propertyNotFound,
    );
    // Moderators are not reportable.
    const email = `mod.${newId()}@example.test`;
    await createAdmin(ctx.deps, email, 'Moderate123');
    const [admin] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expectError(
      await report(tenant, { targetType: 'user', targetId: admin?.id ?? '', reason: 'abusive' }),
      'NOT_FOUND',
      MSG.reportTargetNotFound,
    );
    // A user may be reported (from a conversation): the owner, by the tenant.
    okData(await report(tenant, { targetType: 'user', targetId: owner.user._id, reason: 'abusive', details: 'Rude replies.' }), 201);
  });

  it('checks the body: reason, target type, details for Other, no control characters', async () => {
    const base = { targetType: 'property', targetId: propertyId };
    expectError(await report(other, { ...base, reason: 'spam' }), 'BAD_REQUEST', MSG.reportReasonRequired);
    expectError(await report(other, { ...base, targetType: 'thread', reason: 'broker' }), 'BAD_REQUEST', MSG.reportTargetTypeInvalid);
    expectError(await report(other, { ...base, reason: 'other' }), 'BAD_REQUEST', MSG.reportDetailsRequired);
    expectError(
      await report(other, { ...base, reason: 'other', details: 'a\u0000b' }),
      'BAD_REQUEST',
      MSG.textControlChars('Details', true),
    );
    expectError(
      await report(other, { ...base, reason: 'other', details: 'x'.repeat(1001) }),
      'BAD_REQUEST',
      MSG.textTooLong('Details', 1000),
    );
  });

  it('is for signed-in people only', async () => {
    expectError(
      await report(undefined, { targetType: 'property', targetId: propertyId, reason: 'broker' }),
      'UNAUTHORIZED',
      MSG.unauthorized,
    );
    expectError(await get(undefined, '/reports/mine'), 'UNAUTHORIZED', MSG.unauthorized);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per account, then answers 429 with a message`, async () => {
    const reporter = await signedIn(ctx, 'tenant');
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => bareListing(ctx, owner.user._id)));
    for (const t of targets.slice(0, REPORTS_PER_HOUR))
      okData(await report(reporter, { targetType: 'property', targetId: t.propertyId, reason: 'wrongDetails' }), 201);
    const last = targets[REPORTS_PER_HOUR]?.propertyId as string;
    expectError(
      await report(reporter, { targetType: 'property', targetId: last, reason: 'wrongDetails' }),
      'TOO_MANY_REQUESTS',
      MSG.tooManyReports,
    );
    // An hour later the count starts again.
    await ctx.deps.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(reports.reporterId, reporter.user._id));
    okData(await report(reporter, { targetType: 'property', targetId: last, reason: 'wrongDetails' }), 201);
  });

  it('answers two reports of the same target sent at once with one row (the partial unique index)', async () => {
    const reporter = await signedIn(ctx, 'tenant');
    const target = await bareListing(ctx, owner.user._id);
    const body = { targetType: 'property', targetId: target.propertyId, reason: 'broker' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => report(reporter, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(MSG.reportDuplicate);
    const rows = await ctx.deps.db.select().from(reports).where(eq(reports.targetId, target.propertyId));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second open report (two writers racing past the check)', async () => {
    const target = await bareListing(ctx, owner.user._id);
    const row = { reporterId: other.user._id, targetType: 'property' as const, targetId: target.propertyId, reason: 'broker' };
    await ctx.deps.db.insert(reports).values({ id: newId(), ...row });
    await expect(ctx.deps.db.insert(reports).values({ id: newId(), ...row })).rejects.toThrow();
  });
});

describe('sign-up never makes a moderator', () => {
  it('refuses role admin with the role message, and creates nothing', async () => {
    const body = signupBody({ role: 'admin' as never });
    const res = await register(ctx, body);
    expectError(res, 'BAD_REQUEST', MSG.roleRequired);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email: body.email, password: body.password } }))
        .statusCode,
    ).toBe(401);
  });
});
