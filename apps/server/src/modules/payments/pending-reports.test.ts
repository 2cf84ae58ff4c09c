import { MSG, ownerWaitingSchema, paymentReportSchema, paySummarySchema, tenantRoomSchema } from '@kiraya/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notifications } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, type BillsOf, createBilledRoom, expectError, okData, type Person } from '../../test/support.js';

/**
 * Issue 34 items 2 and 3: a reported UPI payment is shown to the tenant as pending with what is left after
 * it (and is not reported twice), and the owner's notification and home open the report itself.
 */
let ctx: TestContext;
let owner: Person;
let otherOwner: Person;
let tenant: Person;
let propertyId: string;
const { get, post } = apiAs(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
});
afterAll(() => ctx.close());

const rent = (billDate: string, amount: number): BillsOf => ({ billDate, bills: [{ billType: 'Rent Bill', amount }] });
let utrN = 300_000_000_000;
const utr = () => String(++utrN);
const report = (body: object) => post(tenant, '/payments/report', { paidOn: '2026-02-05', reference: utr(), ...body });
const summaryOf = async (roomId: string) => paySummarySchema.parse(okData(await get(tenant, `/payments/room/${roomId}/summary`)));
const myRoom = async (roomId: string) =>
  z
    .array(tenantRoomSchema)
    .parse(okData(await get(tenant, '/tenant/room-details')))
    .find((r) => r.roomId === roomId);
const waiting = async (who: Person = owner) => ownerWaitingSchema.parse(okData(await get(who, '/statistics/owner/waiting')));

describe('a pending UPI report, as the tenant sees it', () => {
  it('shows on the Pay screen and My Rooms with what is left after it; another report may not cover it twice', async () => {
    const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, {
      groups: [rent('2026-01-01', 1000), rent('2026-02-01', 1000)],
    });
    const before = await summaryOf(roomId);
    expect(before).toMatchObject({ balance: 2000, reported: null, balanceAfterReported: 2000 });
    expect((await myRoom(roomId))?.reported).toBeNull();

    okData(await report({ roomId, amount: 1500 }), 201, MSG.paymentReported);
    // Still owed until the owner confirms; what is left after the report is named apart.
    expect(await summaryOf(roomId)).toMatchObject({
      balance: 2000,
      reported: { amount: 1500, paidOn: '2026-02-05', count: 1 },
      balanceAfterReported: 500,
    });
    expect(await myRoom(roomId)).toMatchObject({ outstanding: 200_000, reported: { amount: 150_000, paidOn: '2026-02-05', count: 1 } });

    // The same money cannot be reported again: at most what is left after the pending report.
    expectError(await report({ roomId, amount: 600 }), 'AMOUNT_TOO_HIGH', MSG.reportTooHigh('₹500.00'), 'amount');
    okData(await report({ roomId, amount: 500, paidOn: '2026-02-06' }), 201);
    expect(await summaryOf(roomId)).toMatchObject({ reported: { amount: 2000, paidOn: '2026-02-06', count: 2 }, balanceAfterReported: 0 });
    expectError(await report({ roomId, amount: 1 }), 'CONFLICT', MSG.alreadyReported, 'amount');
  });
});

describe("the owner's way to a report", () => {
  it('the notification opens the report itself, which only its owner can read; the home lists it until it is decided', async () => {
    const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, { groups: [rent('2026-01-01', 1000)] });
    const r = paymentReportSchema.parse(okData(await report({ roomId, amount: 400 }), 201));
    const [n] = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user._id), eq(notifications.kind, 'paymentReported')))
      .orderBy(desc(notifications.createdAt));
    expect(n?.link).toBe(`/OwnerDashboard/PaymentReports/${r._id}`);

    const one = paymentReportSchema.parse(okData(await get(owner, `/payments/upi-reports/${r._id}`), 200, MSG.reportFetched));
    expect(one).toMatchObject({ _id: r._id, status: 'pending', amount: 400, room: { _id: roomId } });
    expectError(await get(otherOwner, `/payments/upi-reports/${r._id}`), 'NOT_FOUND', MSG.reportNotFound);
    expectError(await get(owner, '/payments/upi-reports/not-an-id'), 'NOT_FOUND', MSG.reportNotFound);
    expect((await get(tenant, `/payments/upi-reports/${r._id}`)).statusCode).toBe(403);
    expect((await get(undefined, `/payments/upi-reports/${r._id}`)).statusCode).toBe(401);

    const w = await waiting();
    expect(w.reports.map((x) => x._id)).toContain(r._id);
    // The room's January rent is past its due date: the room is listed as overdue, with the date it fell due.
    expect(w.overdue.find((o) => o.room._id === roomId)).toMatchObject({ overdue: 1000, tenant: { _id: tenant.user._id } });
    expect((await waiting(otherOwner)).reports).toEqual([]);
    expect((await get(tenant, '/statistics/owner/waiting')).statusCode).toBe(403);

    okData(await post(owner, `/payments/confirm-report/${r._id}`, {}), 200, MSG.reportConfirmed);
    expect((await waiting()).reports.map((x) => x._id)).not.toContain(r._id);
    expect((await summaryOf(roomId)).reported).toBeNull();
  });
});
