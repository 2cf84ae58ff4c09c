import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Locator, Page } from '@playwright/test';
import { formatLongDate, monthInWords, todayInIndia } from '@kiraya/contract/dates';
import { dayAfter, termEndOf } from '@kiraya/contract/leases';
import { DEMO, expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';
import { type KirayaServer, startServer } from './server';

/**
 * Journey of issue 22 item 5 (lease end and renewal): a fresh tenant takes a vacant room of the demo owner's on a
 * one-month lease at ₹12,000 with a 5 % yearly increment, so the term ends within the renewal window. The owner
 * opens the lease panel, sees "Term ends on …" and Renew, and proposes the next term: the rent defaults to
 * ₹12,600 (the increment applied, to the rupee); the tenant reads the proposal on their room and accepts it; both
 * lease panels show the new term end; the operator's `npm run rent-cycle -- --date` then bills ₹12,600 for the
 * first month after the old term.
 *
 * Like e2e/leases.spec.ts it starts its own server on a fresh data directory (schedule off), so the cycle it runs
 * touches no other journey's bills. Screenshots (1280 and 390 px wide) go to RENEWAL_SHOTS_DIR when set.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.RENEWAL_SHOTS_DIR ?? '';
const today = todayInIndia();
const end = termEndOf(today, 1);
const newStart = dayAfter(end);
const newEnd = termEndOf(newStart, 11);
/** The first month billed at the new rent: the month after the old term's last day. */
const firstNewPeriod = newStart.endsWith('-01')
  ? newStart
  : new Date(Date.UTC(Number(newStart.slice(0, 4)), Number(newStart.slice(5, 7)), 1)).toISOString().slice(0, 10);
const lastDayOf = (period: string) =>
  new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);

let server: KirayaServer | undefined;
let serverDataDir = '';
let base = '';
let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
const t = newUser('tenant');
let propertyId = '';
let roomId = '';
let roomNumber = '';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked by the assertions that use them.
async function ok(res: APIResponse): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: unknown }).data;
}
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function ownerLease(): Promise<Locator> {
  await owner.goto(`${base}/OwnerDashboard/rooms/${propertyId}`);
  const card = owner.getByRole('article').filter({ has: owner.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) }) });
  const header = card.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) });
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await card.getByRole('tab', { name: 'Tenant Details' }).click();
  return card.getByRole('region', { name: 'Lease' });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startServer({
    env: {
      RENT_CYCLE_INTERVAL_SECONDS: '0',
    },
  });
  base = server.url;
  serverDataDir = server.dataDir;

  ownerCtx = await browser.newContext({ baseURL: base });
  tenantCtx = await browser.newContext({ baseURL: base });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await signUpViaApi(tenantCtx.request, t, base);
  await loginViaApi(owner, DEMO.owner, base, '/OwnerDashboard');
  await loginViaApi(tenant, t.email, base, '/TenantDashboard', t.password);
  const props = (await ok(await owner.request.get('/api/v1/properties/fetch-properties'))) as { _id: string }[];
  for (const p of props) {
    const rooms = (await ok(await owner.request.get(`/api/v1/rooms/${p._id}`))) as {
      _id: string;
      roomNumber: string;
      roomStatus: string;
    }[];
    const vacant = rooms.find((r) => r.roomStatus === 'vacant');
    if (vacant) {
      propertyId = p._id;
      roomId = vacant._id;
      roomNumber = vacant.roomNumber;
      break;
    }
  }
  expect(roomNumber).toBeTruthy();
  // The tenancy (Assign Tenant and the tenant's accept are e2e/leases.spec.ts's journey): a one-month lease from today.
  const me = (await ok(await tenant.request.get('/api/v1/users/get-current-user'))) as { _id: string };
  const sent = (await ok(
    await owner.request.post('/api/v1/requests/send', {
      data: { roomId, tenantId: me._id, terms: { rent: 12000, startDate: today, termMonths: 1, incrementPercent: 5, noticeMonths: 0 } },
      headers: { origin: base },
    }),
  )) as { _id: string };
  await ok(await tenant.request.patch(`/api/v1/requests/accept/${sent._id}`, { headers: { origin: base } }));
});
test.afterAll(async () => {
  await ownerCtx?.close();
  await tenantCtx?.close();
  await server?.stop();
});

test('the owner sees the term end and proposes a renewal, the rent defaulting to the increment applied', async () => {
  const lease = await ownerLease();
  await expect(lease).toContainText(`Term ends on ${formatLongDate(end)}`);
  await lease.getByRole('button', { name: 'Renew' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Renew the lease' });
  await expect(dialog.getByRole('textbox', { name: /^Monthly rent/ })).toHaveValue('12600');
  await dialog.getByRole('textbox', { name: /^Term \(months\)/ }).fill('11');
  await expect(dialog).toContainText(`The new term starts on ${formatLongDate(newStart)} and ends on ${formatLongDate(newEnd)}`);
  await shot(owner, 'renew-dialog');
  await expectNoAxeViolations(owner);
  await dialog.getByRole('button', { name: 'Propose renewal' }).click();
  await expect(dialog).toBeHidden();
  const proposal = lease.getByRole('region', { name: 'Renewal proposed' });
  await expect(proposal).toContainText('Waiting for the tenant.');
  await expect(proposal).toContainText('₹12,600.00');
  await expect(lease.getByRole('button', { name: 'Renew' })).toHaveCount(0);
});

test('the tenant is told, reads the proposal on their room and accepts it', async () => {
  const bell = (await ok(await tenant.request.get('/api/v1/notifications/list'))) as { items: { kind: string; title: string }[] };
  expect(bell.items.some((n) => n.kind === 'leaseRenewal' && n.title.includes(`Room ${roomNumber}`))).toBe(true);
  // My Rooms' card points to it; the room page is where it is answered.
  await tenant.goto(`${base}/TenantDashboard/MyRooms`);
  const tile = tenant.getByRole('listitem').filter({ hasText: `Room ${roomNumber}` });
  await expect(tile).toContainText('Renewal proposed: ₹12,600.00 a month');
  await tile.getByRole('link', { name: 'Review it' }).click();
  await expect(tenant).toHaveURL(new RegExp(`/TenantDashboard/MyRooms/${roomId}$`));
  const lease = tenant.getByRole('region', { name: 'Lease' });
  const proposal = lease.getByRole('region', { name: 'Renewal proposed' });
  await expect(proposal).toContainText(`Your owner proposes a new term of 11 months from ${formatLongDate(newStart)}`);
  await expect(proposal.getByRole('group', { name: 'Proposed lease terms' })).toContainText('₹12,600.00');
  await shot(tenant, 'tenant-renewal-proposal');
  await expectNoAxeViolations(tenant);
  await proposal.getByRole('button', { name: 'Accept renewal' }).click();
  await expect(lease).toContainText(`Term ends on ${formatLongDate(newEnd)}`);
  await expect(lease).toContainText(`Renewed: the new term runs from ${formatLongDate(newStart)} to ${formatLongDate(newEnd)}`);
});

test("the owner's lease panel shows the new term end; the rent cycle bills the new rent from the month after the old term", async () => {
  const lease = await ownerLease();
  await expect(lease).toContainText(`Term ends on ${formatLongDate(newEnd)}`);
  await expect(lease).toContainText(`from the ${monthInWords(firstNewPeriod)} rent`);
  await lease.scrollIntoViewIfNeeded();
  await shot(owner, 'owner-lease-renewed');
  const cycle = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/rent-cycle.ts', '--date', lastDayOf(firstNewPeriod)], {
    env: { ...process.env, DATA_DIR: serverDataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(cycle.status, cycle.stderr).toBe(0);
  expect(cycle.stdout).toContain(`Room ${roomNumber}  ${t.fullName}  ${monthInWords(firstNewPeriod)}  ₹12,600.00`);
  const groups = (await ok(await tenant.request.get('/api/v1/bills/tenant'))) as {
    bills: { billType: string; amount: number; rentPeriod?: string | null }[];
  }[];
  const rent = groups.flatMap((g) => g.bills).filter((b) => b.billType === 'Rent Bill');
  expect(rent.map((b) => b.amount)).toContain(12600);
});
