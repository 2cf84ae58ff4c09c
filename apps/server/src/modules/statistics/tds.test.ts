import { ownerStatisticsSchema, tenantStatisticsSchema } from '@kiraya/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenancies, users } from '../../db/schema.js';
import { createProperty } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { apiAs, type BillsOf, createBilledRoom, okData } from '../../test/support.js';
import { ownerStatistics, tenantStatistics } from './service.js';
import { financialYearOf, tdsNotices, tdsOfYear } from '../payments/index.js';

/** Section 194-IB on the statistics pages (issue 23): one computation, shared with the yearly rent receipt. */

let ctx: TestContext;
const { get, post } = apiAs(() => ctx);
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rent = (billDate: string, amount: number): BillsOf => ({ billDate, bills: [{ billType: 'Rent Bill', amount }] });

/** A fresh owner and tenant with one room billed `groups`, fully paid in cash on `paidOn`. */
async function paidRoom(groups: BillsOf[], { moveIn, paidOn }: { moveIn: string; paidOn: string }) {
  const [owner, tenant] = await Promise.all([signedIn(ctx, 'owner'), signedIn(ctx, 'tenant')]);
  const propertyId = (await createProperty(ctx.deps, owner.user._id))._id;
  const { roomId } = await createBilledRoom(ctx, owner, tenant, propertyId, { moveIn, groups });
  const total = groups.reduce((s, g) => s + g.bills.reduce((n, b) => n + Number(b.amount), 0), 0);
  okData(await post(owner, '/payments/record', { roomId, amount: Math.round(total * 100) / 100, method: 'cash', paidOn }), 201);
  return { owner, tenant, roomId };
}

describe('financialYearOf', () => {
  it('starts a financial year on 1 April', () => {
    expect(financialYearOf('2026-03-31')).toBe('FY2025-26');
    expect(financialYearOf('2026-04-01')).toBe('FY2026-27');
    expect(financialYearOf('2027-01-15')).toBe('FY2026-27');
  });
});

describe('TDS on the statistics pages', () => {
  it('counts rent bills by their financial year (1 April) and needs a monthly rent above ₹50,000, not equal to it', async () => {
    const { owner, tenant, roomId } = await paidRoom([rent('2026-03-01', 60_000), rent('2026-04-01', 50_000), rent('2026-05-01', 50_000)], {
      moveIn: '2026-03-01',
      paidOn: '2026-05-05',
    });
    // FY2026-27: the monthly rent is exactly ₹50,000, which is not above the threshold.
    expect(await tdsNotices(ctx.deps.db, { tenantId: tenant.user._id }, '2026-06-15')).toEqual([]);
    expect((await ownerStatistics(ctx.deps, owner.user._id, '2026-06-15')).tds).toEqual([]);
    const fy27 = await tdsOfYear(ctx.deps.db, { roomId, tenantId: tenant.user._id, period: 'FY2026-27' });
    expect(fy27).toMatchObject({ monthlyRentPaise: 5_000_000, yearRentPaise: 10_000_000, tds: null });
    // FY2025-26 (31 March is its last day): March's ₹60,000 rent is above it; 2% of the rent paid for the year.
    const march = (await tenantStatistics(ctx.deps, tenant.user._id, '2026-03-31')).tds;
    expect(march).toEqual([
      expect.objectContaining({
        room: expect.objectContaining({ _id: roomId }),
        tenant: { _id: tenant.user._id, fullName: tenant.user.fullName },
        period: 'FY2025-26',
        financialYear: 'Financial year 2025-26',
        ratePercent: 2,
        monthlyRent: 60_000,
        yearRent: 60_000,
        tax: 1_200,
        deductOn: '2026-03-31',
        ownerHasPan: false,
      }),
    ]);
    expect((await ownerStatistics(ctx.deps, owner.user._id, '2026-03-31')).tds).toEqual(march);
  });

  it('is owed on rent a paisa above ₹50,000, in integer paise rounded to the rupee', async () => {
    const { tenant } = await paidRoom([rent('2026-04-01', 50_000.01), rent('2026-05-01', 50_000.01)], {
      moveIn: '2026-04-01',
      paidOn: '2026-05-02',
    });
    const [n] = await tdsNotices(ctx.deps.db, { tenantId: tenant.user._id }, '2026-08-01');
    // 2% of ₹1,00,000.02 = ₹2,000.0004, deducted as ₹2,000.
    expect(n).toMatchObject({ monthlyRent: 50_000.01, yearRent: 100_000.02, tax: 2_000, ratePercent: 2 });
  });

  it('takes the rate in force on the deduction day: 5% before 1 October 2024, 2% from it; move-out is the deduction day', async () => {
    const months = ['2024-04-01', '2024-05-01', '2024-06-01', '2024-07-01', '2024-08-01', '2024-09-01'];
    const { tenant, roomId } = await paidRoom(
      months.map((m) => rent(m, 55_000)),
      { moveIn: '2024-04-01', paidOn: '2024-09-05' },
    );
    const year = () => tdsOfYear(ctx.deps.db, { roomId, tenantId: tenant.user._id, period: 'FY2024-25' });
    // Still living there: deducted on 31 March 2025, at 2%.
    expect(await year()).toMatchObject({ yearRentPaise: 33_000_000, deductOn: '2025-03-31', tds: { rateBp: 200, taxPaise: 660_000 } });
    const moveOut = (on: string) =>
      ctx.deps.db
        .update(tenancies)
        .set({ moveOutDate: on })
        .where(and(eq(tenancies.roomId, roomId), eq(tenancies.tenantId, tenant.user._id)));
    await moveOut('2024-09-30');
    expect(await year()).toMatchObject({ deductOn: '2024-09-30', tds: { rateBp: 500, taxPaise: 1_650_000 } });
    const [n] = (await tenantStatistics(ctx.deps, tenant.user._id, '2024-12-01')).tds;
    expect(n).toMatchObject({ ratePercent: 5, tax: 16_500, deductOn: '2024-09-30' });
    await moveOut('2024-10-01');
    expect(await year()).toMatchObject({ deductOn: '2024-10-01', tds: { rateBp: 200, taxPaise: 660_000 } });
  });

  it('is in both statistics answers for that tenant and room, says whether the owner gave a PAN and never shows it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const fyStart = `${financialYearOf(today).slice(2, 6)}-04-01`;
    const { owner, tenant, roomId } = await paidRoom([rent(fyStart, 75_000)], { moveIn: fyStart, paidOn: fyStart });
    const other = await signedIn(ctx, 'owner');
    const ownerSide = async () => ownerStatisticsSchema.parse(okData(await get(owner, '/statistics/owner')));
    const t1 = tenantStatisticsSchema.parse(okData(await get(tenant, '/statistics/tenant')));
    expect(t1.tds).toEqual([expect.objectContaining({ room: expect.objectContaining({ _id: roomId }), tax: 1_500, ownerHasPan: false })]);
    expect((await ownerSide()).tds).toEqual(t1.tds);
    expect(ownerStatisticsSchema.parse(okData(await get(other, '/statistics/owner'))).tds).toEqual([]);
    await ctx.deps.db
      .update(users)
      .set({ panCipher: ctx.deps.crypto.encrypt('ABCDE1234F') })
      .where(eq(users.id, owner.user._id));
    const res = await get(tenant, '/statistics/tenant');
    expect(res.body).not.toContain('ABCDE1234F');
    expect(tenantStatisticsSchema.parse(okData(res)).tds[0]?.ownerHasPan).toBe(true);
    expect((await ownerSide()).tds[0]?.ownerHasPan).toBe(true);
  });
});
