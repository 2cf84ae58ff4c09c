import { API_BASE, ownerBillingsSchema, ownerCollectionSchema, ownerStatisticsSchema, tenantStatisticsSchema } from '@kiraya/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billGroups, billItems, properties, rooms, tenancies, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { recordLedgerPayment } from '../../seed/ledger-factories.js';
import { createProperty, createRoom, occupyRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { csvCell, csvLine } from '../../lib/csv.js';
import { ownerBillings, ownerCollection, ownerExport, ownerStatistics, tenantStatistics } from './service.js';

/**
 * A hand-built fixture with known totals (today is 2026-11-15 in India):
 *   R1 (tenant T1 since 2026-09-01): Sep Rent 8000 + Electricity 1234.50 (paid by P1 on 20 Sep),
 *     Oct Rent 8000 (3000.25 paid by P2 at 2026-10-31 20:00 UTC = 1 Nov 01:30 IST), Nov Rent 8000 unpaid.
 *   R2 (tenant T2 since 2026-10-01): Nov Water 450.75 unpaid, due 20 Nov (not overdue).
 *   R3 vacant in a second property. No bills before September.
 */
const TODAY = '2026-11-15';
let ctx: TestContext;
type Person = Awaited<ReturnType<typeof signedIn>>;
let owner: Person;
let otherOwner: Person;
let t1: Person;
let t2: Person;
let p1: string;
let p2: string;
let r1: string;
let r2: string;
let r3: string;

async function tenancyOf(roomId: string) {
  const [t] = await ctx.deps.db
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)));
  if (!t) throw new Error('no tenancy');
  return t;
}

async function bill(roomId: string, billDate: string, dueDate: string, items: [string, number][]): Promise<string[]> {
  const t = await tenancyOf(roomId);
  const [room] = await ctx.deps.db.select().from(rooms).where(eq(rooms.id, roomId));
  const groupId = newId();
  await ctx.deps.db.insert(billGroups).values({ id: groupId, roomId, propertyId: room?.propertyId as string, billDate, dueDate });
  const ids = items.map(() => newId());
  await ctx.deps.db.insert(billItems).values(
    items.map(([billType, amountPaise], i) => ({
      id: ids[i] as string,
      groupId,
      roomId,
      propertyId: room?.propertyId as string,
      tenancyId: t.id,
      tenantId: t.tenantId,
      billType,
      amountPaise,
    })),
  );
  return ids;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, otherOwner, t1, t2] = await Promise.all([
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'owner'),
    signedIn(ctx, 'tenant'),
    signedIn(ctx, 'tenant'),
  ]);
  p1 = (await createProperty(ctx.deps, owner.user._id, { title: 'Sunrise Residency' }))._id;
  p2 = (await createProperty(ctx.deps, owner.user._id, { title: 'Lake View' }))._id;
  r1 = (await createRoom(ctx.deps, owner.user._id, p1, { roomNumber: '101' }))._id;
  r2 = (await createRoom(ctx.deps, owner.user._id, p1, { roomNumber: '102' }))._id;
  r3 = (await createRoom(ctx.deps, owner.user._id, p2, { roomNumber: '1' }))._id;
  await ctx.deps.db
    .update(rooms)
    .set({ createdAt: new Date('2026-08-15T06:00:00Z') })
    .where(inArray(rooms.id, [r1, r2, r3]));
  await occupyRoom(ctx.deps, r1, t1.user._id, '2026-09-01');
  await occupyRoom(ctx.deps, r2, t2.user._id, '2026-10-01');
  await bill(r1, '2026-09-01', '2026-09-11', [
    ['Rent Bill', 800_000],
    ['Electricity Bill', 123_450],
  ]);
  await bill(r1, '2026-10-01', '2026-10-11', [['Rent Bill', 800_000]]);
  await bill(r1, '2026-11-01', '2026-11-11', [['Rent Bill', 800_000]]);
  await bill(r2, '2026-11-05', '2026-11-20', [['Water Bill', 45_075]]);
  const tn1 = (await tenancyOf(r1)).id;
  await recordLedgerPayment(ctx.deps, {
    tenancyId: tn1,
    paidAt: new Date('2026-09-20T10:00:00Z'),
    // Settles September's rent and electricity, the oldest bills.
    amountPaise: 800_000 + 123_450,
  });
  await recordLedgerPayment(ctx.deps, {
    tenancyId: tn1,
    paidAt: new Date('2026-10-31T20:00:00Z'),
    // Part of October's rent, then the oldest bill owed.
    amountPaise: 300_025,
  });
  // Another owner's room and bill: never in this owner's figures.
  const op = (await createProperty(ctx.deps, otherOwner.user._id))._id;
  const or = (await createRoom(ctx.deps, otherOwner.user._id, op))._id;
  const stranger = await signedIn(ctx, 'tenant');
  await occupyRoom(ctx.deps, or, stranger.user._id, '2026-10-01');
  await bill(or, '2026-11-01', '2026-11-11', [['Rent Bill', 999_900]]);
});
afterAll(() => ctx.close());

describe('owner statistics', () => {
  it('sums billed, collected and received per month (India calendar), with empty months at zero', async () => {
    const s = ownerStatisticsSchema.parse(await ownerStatistics(ctx.deps, owner.user._id, TODAY));
    expect(s.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const by = Object.fromEntries(s.months.map((m) => [m.month, m]));
    expect(by['2026-08']).toEqual({ month: '2026-08', billed: 0, collected: 0, received: 0, occupiedRooms: 0, totalRooms: 3 });
    expect(by['2026-07']).toMatchObject({ billed: 0, totalRooms: 0, occupiedRooms: 0 });
    expect(by['2026-09']).toEqual({
      month: '2026-09',
      billed: 9234.5,
      collected: 9234.5,
      received: 9234.5,
      occupiedRooms: 1,
      totalRooms: 3,
    });
    expect(by['2026-10']).toEqual({ month: '2026-10', billed: 8000, collected: 3000.25, received: 0, occupiedRooms: 2, totalRooms: 3 });
    // The second payment was captured at 01:30 on 1 November in India: November's money.
    expect(by['2026-11']).toEqual({ month: '2026-11', billed: 8450.75, collected: 0, received: 3000.25, occupiedRooms: 2, totalRooms: 3 });
    expect(s.totals).toEqual({
      billed: 25685.25,
      collected: 12234.75,
      received: 12234.75,
      depositReceived: 0,
      outstanding: 13450.5,
      overdue: 12999.75,
    });
    expect(s.outstandingByProperty).toEqual([{ _id: p1, title: 'Sunrise Residency', outstanding: 13450.5, overdue: 12999.75 }]);
    expect(s.outstandingByRoom.map((r) => [r.room.roomNumber, r.outstanding, r.overdue])).toEqual([
      ['101', 12999.75, 12999.75],
      ['102', 450.75, 0],
    ]);
    expect(s.latestPayments.map((p) => p.amount)).toEqual([3000.25, 9234.5]);
    expect(s.latestPayments[0]).toMatchObject({
      tenant: { _id: t1.user._id },
      room: { roomNumber: '101' },
      property: { title: 'Sunrise Residency' },
    });
    expect(s.rooms).toEqual({ total: 3, occupied: 2 });
  });

  it('is all zeros for an owner with nothing yet', async () => {
    const fresh = await signedIn(ctx, 'owner');
    const s = await ownerStatistics(ctx.deps, fresh.user._id, TODAY);
    expect(s.months).toHaveLength(12);
    expect(s.months.every((m) => m.billed === 0 && m.received === 0 && m.totalRooms === 0)).toBe(true);
    expect(s.totals).toEqual({ billed: 0, collected: 0, received: 0, depositReceived: 0, outstanding: 0, overdue: 0 });
    expect(s.outstandingByRoom).toEqual([]);
    expect(s.latestPayments).toEqual([]);
  });
});

describe("this month's collection (owner home)", () => {
  it('sums billed, collected and pending of this month per room, overdue from any month, overdue rooms first', async () => {
    const c = ownerCollectionSchema.parse(await ownerCollection(ctx.deps, owner.user._id, TODAY));
    expect(c.month).toBe('2026-11');
    // R1: November rent 8000 unpaid (due 11 Nov, overdue), October's 4999.75 still owed (overdue).
    // R2: November water 450.75 due 20 Nov (pending, not overdue). R3 is vacant with no bills: left out.
    // Collected is by payment date (ADR 042): R1's 3000.25 arrived in November, for October's rent.
    expect(c.rooms.map((r) => [r.room.roomNumber, r.tenant?._id, r.billed, r.collected, r.pending, r.overdue])).toEqual([
      ['101', t1.user._id, 8000, 3000.25, 8000, 12999.75],
      ['102', t2.user._id, 450.75, 0, 450.75, 0],
    ]);
    expect(c.totals).toEqual({ billed: 8450.75, collected: 3000.25, pending: 8450.75, overdue: 12999.75 });
    // The Statistics' "Received" of the month is the same figure.
    const s = ownerStatisticsSchema.parse(await ownerStatistics(ctx.deps, owner.user._id, TODAY));
    expect(s.months.find((m) => m.month === '2026-11')?.received).toBe(c.totals.collected);
    // In October: R1's October rent was billed, and nothing was paid in October (the payment came in November).
    const oct = await ownerCollection(ctx.deps, owner.user._id, '2026-10-20');
    expect(oct.rooms.map((r) => [r.room.roomNumber, r.billed, r.collected, r.pending, r.overdue])).toEqual([
      ['101', 8000, 0, 4999.75, 4999.75],
      ['102', 0, 0, 0, 0],
    ]);
  });

  it('is only the owner’s own, and empty for a new owner', async () => {
    const url = `${API_BASE}/statistics/owner/collection`;
    const fresh = await signedIn(ctx, 'owner');
    const mine = okData(await ctx.app.inject({ method: 'GET', url, headers: { cookie: fresh.cookie } }));
    expect(ownerCollectionSchema.parse(mine)).toMatchObject({ rooms: [], totals: { billed: 0, collected: 0, pending: 0, overdue: 0 } });
    const other = ownerCollectionSchema.parse(await ownerCollection(ctx.deps, otherOwner.user._id, TODAY));
    expect(other.rooms.map((r) => r.billed)).toEqual([9999]);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: t1.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('owner billings', () => {
  it('lists every bill of the owner with totals, and filters by property, room, status and month', async () => {
    const all = ownerBillingsSchema.parse(await ownerBillings(ctx.deps, owner.user._id, {}, TODAY));
    expect(all.totals).toEqual({ count: 5, amount: 25685.25, paid: 12234.75, outstanding: 13450.5 });
    expect(all.paymentsTotal).toBe(12234.75);
    expect(all.properties.map((p) => [p.title, p.rooms.map((r) => r.roomNumber)])).toEqual([
      ['Lake View', ['1']],
      ['Sunrise Residency', ['101', '102']],
    ]);
    const partly = await ownerBillings(ctx.deps, owner.user._id, { status: 'partly_paid' }, TODAY);
    expect(partly.bills.map((b) => [b.billDate, b.billType, b.paid, b.outstanding, b.status, b.overdue])).toEqual([
      ['2026-10-01', 'Rent Bill', 3000.25, 4999.75, 'partly_paid', true],
    ]);
    const overdue = await ownerBillings(ctx.deps, owner.user._id, { status: 'overdue' }, TODAY);
    expect(overdue.totals).toEqual({ count: 2, amount: 16000, paid: 3000.25, outstanding: 12999.75 });
    expect((await ownerBillings(ctx.deps, owner.user._id, { status: 'paid' }, TODAY)).totals.count).toBe(2);
    expect((await ownerBillings(ctx.deps, owner.user._id, { status: 'unpaid' }, TODAY)).totals.count).toBe(2);
    const nov = await ownerBillings(ctx.deps, owner.user._id, { month: '2026-11' }, TODAY);
    expect(nov.bills.map((b) => b.billType).sort()).toEqual(['Rent Bill', 'Water Bill']);
    expect(nov.payments.map((p) => p.amount)).toEqual([3000.25]);
    expect((await ownerBillings(ctx.deps, owner.user._id, { roomId: r2 }, TODAY)).totals).toEqual({
      count: 1,
      amount: 450.75,
      paid: 0,
      outstanding: 450.75,
    });
    const lake = await ownerBillings(ctx.deps, owner.user._id, { propertyId: p2 }, TODAY);
    expect([lake.totals.count, lake.payments.length]).toEqual([0, 0]);
    // Another owner's property id filters to nothing (never their bills).
    const [theirs] = await ctx.deps.db.select().from(properties).where(eq(properties.ownerId, otherOwner.user._id));
    expect((await ownerBillings(ctx.deps, owner.user._id, { propertyId: theirs?.id }, TODAY)).totals.count).toBe(0);
  });

  it('answers over HTTP for owners only, and refuses a malformed filter with 400', async () => {
    const url = `${API_BASE}/statistics/owner/billings`;
    const ok = await ctx.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(okData<{ totals: { count: number } }>(ok).totals.count).toBe(5);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: t1.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `${url}?month=2026-13`, headers: { cookie: owner.cookie } })).statusCode).toBe(400);
    expectError(
      await ctx.app.inject({ method: 'GET', url: `${url}?roomId=nope`, headers: { cookie: owner.cookie } }),
      'BAD_REQUEST',
      'Choose one of your rooms.',
      'roomId',
    );
  });
});

describe('tenant statistics', () => {
  it('sums spending per month by bill type, payments made, and lists what is due next (overdue marked)', async () => {
    const s = tenantStatisticsSchema.parse(await tenantStatistics(ctx.deps, t1.user._id, TODAY));
    const by = Object.fromEntries(s.months.map((m) => [m.month, m]));
    expect(by['2026-09']).toEqual({
      month: '2026-09',
      byType: [
        { billType: 'Electricity Bill', amount: 1234.5 },
        { billType: 'Rent Bill', amount: 8000 },
      ],
      total: 9234.5,
    });
    expect(by['2026-08']).toEqual({ month: '2026-08', byType: [], total: 0 });
    expect(s.paidByMonth.filter((p) => p.amount > 0)).toEqual([
      { month: '2026-09', amount: 9234.5 },
      { month: '2026-11', amount: 3000.25 },
    ]);
    expect(s.dueNext.map((d) => [d.billDate, d.outstanding, d.overdue])).toEqual([
      ['2026-10-01', 4999.75, true],
      ['2026-11-01', 8000, true],
    ]);
    expect(s.totals).toEqual({ billed: 25234.5, paid: 12234.75, outstanding: 12999.75, overdue: 12999.75 });
    const other = await tenantStatistics(ctx.deps, t2.user._id, TODAY);
    expect(other.dueNext.map((d) => [d.billType, d.outstanding, d.overdue])).toEqual([['Water Bill', 450.75, false]]);
    expect(other.totals).toEqual({ billed: 450.75, paid: 0, outstanding: 450.75, overdue: 0 });
  });
});

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(1234.5)).toBe('1234.50');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1.00,');
  });

  it('exports the owner’s bills and payments as an attachment, names and titles escaped', async () => {
    await ctx.deps.db.update(properties).set({ title: 'Sunrise, "A" Block' }).where(eq(properties.id, p1));
    await ctx.deps.db.update(users).set({ fullName: '=cmd|calc' }).where(eq(users.id, t1.user._id));
    const bills = await ownerExport(ctx.deps, owner.user._id, 'bills', {}, TODAY);
    const lines = bills.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Bill date,Due date,Property,Room,Tenant,Bill type,Amount (INR),Paid (INR),Outstanding (INR),Status,Overdue');
    expect(lines).toHaveLength(6);
    expect(lines).toContain(
      `2026-10-01,2026-10-11,"Sunrise, ""A"" Block",101,'=cmd|calc,Rent Bill,8000.00,3000.25,4999.75,Partly paid,yes`,
    );
    const pays = await ownerExport(ctx.deps, owner.user._id, 'payments', {}, TODAY);
    const pl = pays.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(pl[0]).toBe('Paid at (IST),Receipt,Property,Room,Tenant,Amount (INR),Method,Reversed');
    expect(pl[1]).toMatch(/^2026-11-01 01:30,KR-2026-\d{6},"Sunrise, ""A"" Block",101,'=cmd\|calc,3000\.25,UPI \(gateway\),no$/);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/statistics/owner/export?kind=payments`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kiraya-payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain('3000.25');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/statistics/owner/export?kind=x`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/statistics/owner/export?kind=bills`, headers: { cookie: t1.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Billings totals over every bill (issue 19)', () => {
  it('sums every matching bill in SQL, however many, while the list pages', async () => {
    const own = await signedIn(ctx, 'owner');
    const tenant = await signedIn(ctx, 'tenant');
    const pid = (await createProperty(ctx.deps, own.user._id))._id;
    const rid = (await createRoom(ctx.deps, own.user._id, pid))._id;
    await occupyRoom(ctx.deps, rid, tenant.user._id, '2024-01-01');
    // 450 bills of ₹1.01: more than two pages, and more than the old 2,000-row cap would have hidden at scale.
    for (let g = 0; g < 15; g++) {
      const day = `2025-${String((g % 12) + 1).padStart(2, '0')}-${String(Math.floor(g / 12) + 1).padStart(2, '0')}`;
      await bill(
        rid,
        day,
        day,
        Array.from({ length: 30 }, () => ['Other', 101] as [string, number]),
      );
    }
    const first = await ownerBillings(ctx.deps, own.user._id, {}, TODAY);
    expect(first.totals).toEqual({ count: 450, amount: 454.5, paid: 0, outstanding: 454.5 });
    expect(first.bills).toHaveLength(200);
    expect(first).toMatchObject({ page: 1, pageCount: 3 });
    const last = await ownerBillings(ctx.deps, own.user._id, { page: 3 }, TODAY);
    expect(last.bills).toHaveLength(50);
    expect(last.totals.count).toBe(450);
    const ids = new Set(
      [...first.bills, ...(await ownerBillings(ctx.deps, own.user._id, { page: 2 }, TODAY)).bills, ...last.bills].map((b) => b._id),
    );
    expect(ids.size).toBe(450);
    const res = await ctx.app.inject({ url: `${API_BASE}/statistics/owner/billings?page=0`, headers: { cookie: own.cookie } });
    expect(res.statusCode).toBe(400);
  });
});
