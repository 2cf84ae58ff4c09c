import {
  API_BASE,
  DEPOSIT_BILL_TYPE,
  ownerBillingsSchema,
  ownerCollectionSchema,
  ownerStatisticsSchema,
  ownerWaitingSchema,
  paymentReportSchema,
  rupeesToPaise,
} from '@kiraya/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayInIndia } from '../../lib/dates.js';
import { DEFAULT_PASSWORD } from '../../seed/factories.js';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { runRentCycle } from '../leases/index.js';

/**
 * Issue 34 item 8, on the demo: the owner's home, Statistics, Billings and the CSV export count the same
 * bills and payments, and each figure says what it counts. The rent cycle runs today first (it raises next
 * month's rent a few days ahead: a bill dated after this month), and the owner confirms the demo's pending
 * UPI report (money that arrived this month for an older bill).
 */
let ctx: TestContext;
let auth: { authorization: string };
const today = todayInIndia();
const month = today.slice(0, 7);
const paise = (rupees: number) => rupeesToPaise(rupees);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 120 });
  await runRentCycle({ ...ctx.deps, config: ctx.deps.config } as Parameters<typeof runRentCycle>[0], today);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/users/login`,
    payload: { email: 'priya@kiraya.demo', password: DEFAULT_PASSWORD },
  });
  auth = { authorization: `Bearer ${res.json().data.accessToken}` };
}, 180_000);
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const csv = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/statistics/owner/export?${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const [head, ...rows] = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const cols = (head as string).split(',');
  return rows.map((line) => Object.fromEntries(line.split(',').map((v, i) => [cols[i], v])) as Record<string, string>);
};

it('holds the owner home, Statistics, Billings and the CSV to the same totals for the demo', { timeout: 120_000 }, async () => {
  // The demo's pending UPI report, confirmed today: money that arrived this month.
  const waiting = ownerWaitingSchema.parse(await get('/statistics/owner/waiting'));
  const pending = waiting.reports[0];
  expect(pending).toBeTruthy();
  const confirmed = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/payments/confirm-report/${pending?._id}`, headers: auth });
  expect(paymentReportSchema.parse(confirmed.json().data).status).toBe('confirmed');

  const stats = ownerStatisticsSchema.parse(await get('/statistics/owner'));
  const home = ownerCollectionSchema.parse(await get('/statistics/owner/collection'));
  const all = ownerBillingsSchema.parse(await get('/statistics/owner/billings'));
  const thisMonth = ownerBillingsSchema.parse(await get(`/statistics/owner/billings?month=${month}`));
  const bills = await csv('kind=bills');
  const monthPayments = await csv(`kind=payments&month=${month}`);
  const last = stats.months[stats.months.length - 1];
  expect(last?.month).toBe(month);

  // Statistics: "Billed (12 months)" is the sum of the chart's bars, and so is "Collected on these bills" (it said
  // ₹37,500 billed next to "No bills in the last 12 months" when the only bills were dated ahead).
  expect(paise(stats.totals.billed)).toBe(sum(stats.months.map((m) => paise(m.billed))));
  expect(paise(stats.totals.collected)).toBe(sum(stats.months.map((m) => paise(m.collected))));
  expect(paise(stats.totals.received)).toBe(sum(stats.months.map((m) => paise(m.received))));
  // A bill dated after this month exists (the cycle raised it ahead) and is in no 12-month figure.
  const ahead = bills.filter((b) => (b['Bill date'] as string).slice(0, 7) > month);
  expect(ahead.length).toBeGreaterThan(0);
  const inWindow = bills.filter(
    (b) => (b['Bill date'] as string).slice(0, 7) >= (stats.months[0]?.month as string) && (b['Bill date'] as string).slice(0, 7) <= month,
  );
  const notDeposit = (b: Record<string, string>) => b['Bill type'] !== DEPOSIT_BILL_TYPE;
  expect(paise(stats.totals.billed)).toBe(sum(inWindow.filter(notDeposit).map((b) => paise(Number(b['Amount (INR)'])))));

  // Outstanding and overdue: the same on Statistics, Billings (every bill), the CSV and the owner home.
  expect(paise(all.totals.outstanding)).toBe(paise(stats.totals.outstanding));
  expect(sum(bills.map((b) => paise(Number(b['Outstanding (INR)']))))).toBe(paise(stats.totals.outstanding));
  expect(sum(bills.map((b) => paise(Number(b['Amount (INR)']))))).toBe(paise(all.totals.amount));
  expect(paise(home.totals.overdue)).toBe(paise(stats.totals.overdue));

  // This month: billed by bill date, the same on the home, the chart and Billings for the month.
  expect(paise(home.totals.billed)).toBe(paise(last?.billed ?? 0));
  expect(paise(thisMonth.totals.amount)).toBe(paise(home.totals.billed));
  // Collected this month by payment date: the confirmed report counts in the month it arrived (the home said ₹0.00).
  expect(paise(home.totals.collected)).toBe(paise(pending?.amount ?? 0));
  expect(paise(home.totals.collected)).toBe(paise(last?.received ?? 0));
  expect(paise(thisMonth.paymentsTotal)).toBe(paise(home.totals.collected));
  expect(sum(monthPayments.filter((p) => p.Reversed === 'no').map((p) => paise(Number(p['Amount (INR)']))))).toBe(
    paise(home.totals.collected),
  );
  // The rooms add up to the totals.
  expect(sum(home.rooms.map((r) => paise(r.collected)))).toBe(paise(home.totals.collected));
  expect(sum(home.rooms.map((r) => paise(r.billed)))).toBe(paise(home.totals.billed));
});
