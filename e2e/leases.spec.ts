import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Locator, Page } from '@playwright/test';
import { isoToDayMonthYear, todayInIndia } from '@kiraya/contract/dates';
import { formatPaise } from '@kiraya/contract/money';
import { DEMO, expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';
import { type KirayaServer, startServer } from './server';

/**
 * Journey of issue 22 (leases): the demo owner invites a fresh tenant to a vacant room with lease terms (rent,
 * a deposit above 2 months' rent, so the warning shows, a yearly increment and a flat late fee); the tenant
 * reads the terms on Requests and accepts; the rent cycle raises the first, prorated Rent Bill; the tenant
 * pays it from My Rooms' Pay button through the sandbox checkout; the owner reads the lease on Tenant Details.
 *
 * The rent cycle is run by the operator's command, `npm run rent-cycle`, while the server runs: the command
 * cannot open the PGlite directory the server holds, so it asks the server to run the cycle (ADR 027, 028).
 * The shared e2e server is not used (other journeys add their Rent Bills by hand and count them; a cycle
 * would add theirs): this journey starts its own server on a fresh data directory, its schedule off.
 * Screenshots (1280 and 390 px wide) go to LEASES_SHOTS_DIR when set.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.LEASES_SHOTS_DIR ?? '';
const RENT_RUPEES = 12000;
const RENT_PAISE = 1_200_000;
/** The deposit the owner asks (₹36,000): billed when the tenant accepts, paid with the first rent (ADR 029). */
const DEPOSIT_PAISE = 3_600_000;

let server: KirayaServer | undefined;
let serverDataDir = '';
let base = '';
let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
const t = newUser('tenant');
let propertyId = '';
let roomNumber = '';
let roomId = '';
const today = todayInIndia();
/** The unpaid bill's part the deposit nets (rupees), as the settle form proposed it (ADR 041). */
let unpaid = 0;
const rupees = (r: number) => formatPaise(Math.round(r * 100));

/** The first month's rent from `today` to the month's end, by days, rounded half up to the paisa (ADR 028). */
function proratedPaise(): number {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const days = dim - Number(today.slice(8, 10)) + 1;
  return Math.floor((RENT_PAISE * days * 2 + dim) / (dim * 2));
}

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

const roomCard = (page: Page, room: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('button', { name: new RegExp(`^Room ${room}\\b`) }) });
async function openRoom(page: Page): Promise<Locator> {
  await page.goto(`${base}/OwnerDashboard/rooms/${propertyId}`);
  const card = roomCard(page, roomNumber);
  const header = card.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) });
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await card.getByRole('tab', { name: 'Tenant Details' }).click();
  return card;
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
  // A vacant room of the demo owner's.
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
      roomNumber = vacant.roomNumber;
      roomId = vacant._id;
      break;
    }
  }
  expect(roomNumber).toBeTruthy();
});
test.afterAll(async () => {
  await ownerCtx?.close();
  await tenantCtx?.close();
  await server?.stop();
});

test('the owner invites the tenant with lease terms; a deposit above 2 months is warned, not refused', async () => {
  const card = await openRoom(owner);
  await card.getByRole('button', { name: 'Assign Tenant' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Search Tenant' });
  await expect(dialog.getByRole('textbox', { name: /^Monthly rent/ })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: /^Monthly rent/ }).fill(String(RENT_RUPEES));
  await dialog.getByRole('textbox', { name: /^Security deposit/ }).fill('36000');
  await expect(dialog.getByRole('note').filter({ hasText: 'Model Tenancy Act' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Lease start', exact: true }).fill(isoToDayMonthYear(today));
  await expect(dialog.getByRole('textbox', { name: /^Term \(months\)/ })).toHaveValue('11');
  await dialog.getByRole('textbox', { name: /^Yearly increment/ }).fill('5');
  await dialog.getByRole('combobox', { name: /^Late fee/ }).selectOption('flat');
  await dialog.getByRole('textbox', { name: /^Late fee \(₹\)/ }).fill('500');
  await dialog.getByRole('textbox', { name: /^Grace days/ }).fill('3');
  await dialog.getByRole('searchbox').fill(t.username);
  await expect(dialog.getByRole('button', { name: `Add ${t.username}` })).toBeVisible();
  await shot(owner, 'assign-tenant-terms');
  await expectNoAxeViolations(owner);
  await dialog.getByRole('button', { name: `Add ${t.username}` }).click();
  await expect(owner.getByText('Request sent')).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Request sent to ${t.username}` })).toBeDisabled();
});

test('the tenant reads the terms on Requests and accepts them', async () => {
  await tenant.goto(`${base}/TenantDashboard/Requests`);
  const terms = tenant.getByRole('group', { name: /^Lease terms for Room / });
  await expect(terms).toContainText('₹12,000.00');
  await expect(terms).toContainText('₹36,000.00');
  await expect(terms).toContainText('11 months');
  await expect(terms).toContainText('5% each year');
  await expect(terms).toContainText('₹500.00, 3 days after the due date');
  await expect(tenant.getByRole('note').filter({ hasText: 'Model Tenancy Act' })).toBeVisible();
  await shot(tenant, 'tenant-request-terms');
  await expectNoAxeViolations(tenant);
  await tenant.getByRole('button', { name: /^Accept Room / }).click();
  await expect(tenant.getByRole('article').getByText('Accepted', { exact: true })).toBeVisible();
});

test('the rent cycle raises the first, prorated Rent Bill', async () => {
  const expected = proratedPaise();
  const rentBills = async () => {
    const groups = (await ok(await tenant.request.get('/api/v1/bills/tenant'))) as { bills: { billType: string; amount: number }[] }[];
    return groups.flatMap((g) => g.bills).filter((b) => b.billType === 'Rent Bill').length;
  };
  expect(await rentBills()).toBe(0);
  // The operator's command, while the server holds the database: the server runs the cycle and answers.
  const cycle = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/rent-cycle.ts'], {
      env: { ...process.env, DATA_DIR: serverDataDir, NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const first = cycle();
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/^Rent cycle as of \d{4}-\d{2}-\d{2}: created \d+ bills?\./);
  expect(first.stdout).toContain(`Room ${roomNumber}  ${t.fullName}`);
  expect(first.stdout).toContain(formatPaise(expected));
  expect(await rentBills()).toBe(1);
  const second = cycle();
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toContain('nothing to create');
  expect(await rentBills()).toBe(1);
  await tenant.goto(`${base}/TenantDashboard/MyRooms`);
  const tile = tenant.getByRole('listitem').filter({ hasText: `Room ${roomNumber}` });
  // What the room owes now: the Deposit bill raised when the tenant accepted, and the first rent.
  await expect(tile.getByTestId('outstanding')).toHaveText(formatPaise(DEPOSIT_PAISE + expected));
  await expect(tile.getByTestId('deposit-line')).toHaveText('Deposit of ₹36,000.00 not paid yet');
  // The card's monthly rent is the lease's, not the room's listed rent.
  await expect(tile).toContainText('₹12,000.00');
  await expect(tile.getByRole('link', { name: `Pay ${formatPaise(DEPOSIT_PAISE + expected)} for Room ${roomNumber}` })).toBeVisible();
  await shot(tenant, 'my-rooms-pay');
  await expectNoAxeViolations(tenant);
});

test("the tenant pays the room's balance (the deposit and the first rent) from My Rooms' Pay button", async () => {
  const expected = formatPaise(DEPOSIT_PAISE + proratedPaise());
  await tenant.getByRole('link', { name: `Pay ${expected} for Room ${roomNumber}` }).click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/PayBill\//);
  await expect(tenant.getByTestId('still-owed')).toHaveText(expected);
  await tenant.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Kiraya Sandbox' });
  await dialog.getByLabel('UPI ID').fill('tenant@okbank');
  await dialog.getByRole('button', { name: `Pay ${expected}` }).click();
  await expect(tenant.getByTestId('payment-confirmation')).toBeVisible();
  await expect(tenant.getByTestId('balance-left')).toHaveText('₹0.00');
  await tenant.goto(`${base}/TenantDashboard/MyRooms`);
  const tile = tenant.getByRole('listitem').filter({ hasText: `Room ${roomNumber}` });
  await expect(tile.getByTestId('outstanding')).toHaveText('₹0.00');
  await expect(tile.getByRole('link', { name: /^Pay / })).toHaveCount(0);
  await expect(tile.getByTestId('deposit-line')).toHaveText('Deposit held: ₹36,000.00');
});

test('the owner reads the lease on Tenant Details, with automatic rent on', async () => {
  const card = await openRoom(owner);
  const lease = card.getByRole('region', { name: 'Lease' });
  await expect(lease).toContainText('₹12,000.00');
  await expect(lease).toContainText('₹500.00, 3 days after the due date');
  await expect(lease.getByRole('checkbox', { name: 'Raise Rent Bills automatically' })).toBeChecked();
  await lease.scrollIntoViewIfNeeded();
  await shot(owner, 'owner-lease');
  await expectNoAxeViolations(owner);
});

test('the owner vacates the room, settles the deposit with one deduction and opens the settlement statement', async () => {
  // A Maintenance Bill the tenant leaves unpaid: proposed as a named "unpaid bills" deduction (ADR 041).
  await ok(
    await owner.request.post('/api/v1/bills/add-bill', {
      data: { propertyId, roomId, billDate: today, bills: [{ billType: 'Maintenance Bill', amount: 30000 }] },
    }),
  );
  // Next month's rent, raised on its due day by the rent cycle, is for a period after the move-out: recording the
  // move-out cancels it (kept in the ledger, marked cancelled), ADR 041.
  const lease = await ok(await owner.request.get(`/api/v1/leases/room/${roomId}`));
  const next = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1));
  const dueNext = `${next.toISOString().slice(0, 8)}${String(Math.min(lease.terms.rentDueDay as number, 28)).padStart(2, '0')}`;
  const cycle = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/rent-cycle.ts', '--date', dueNext], {
    env: { ...process.env, DATA_DIR: serverDataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(cycle.status, cycle.stderr).toBe(0);
  expect(cycle.stdout).toContain(`Room ${roomNumber}  ${t.fullName}`);
  const card = await openRoom(owner);
  await card.getByRole('button', { name: 'Vacate' }).click();
  const vacate = owner.getByRole('dialog', { name: `Vacate room ${roomNumber}` });
  // The date defaults to the end of the notice period (ADR 041); today, inside it, needs a reason.
  await vacate.getByRole('textbox', { name: /^Move-out date/ }).fill(isoToDayMonthYear(today));
  await vacate.getByRole('textbox', { name: /^Reason for the earlier move-out/ }).fill('The tenant leaves early by agreement.');
  await vacate.getByRole('button', { name: 'Vacate' }).click();
  await expect(vacate).toBeHidden();
  const rentBills = (
    (await ok(await tenant.request.get('/api/v1/bills/tenant'))) as { bills: { billType: string; cancelled?: unknown }[] }[]
  )
    .flatMap((g) => g.bills)
    .filter((b) => b.billType === 'Rent Bill');
  expect(rentBills.filter((b) => b.cancelled)).toHaveLength(1);
  await card.getByRole('tab', { name: 'Billing Details' }).click();
  const panel = card.getByRole('region', { name: 'Security deposit' });
  await expect(panel.getByTestId('deposit-held')).toHaveText('₹36,000.00');
  await panel.getByRole('button', { name: 'Settle deposit' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Settle deposit' });
  // The unpaid bill comes proposed, named; what the move-out's credit did not cover of it (read, not assumed).
  await expect(dialog.getByRole('textbox', { name: /^Reason/ }).first()).toHaveValue(/^Maintenance Bill, /);
  unpaid = Number(
    await dialog
      .getByRole('textbox', { name: /^Amount/ })
      .first()
      .inputValue(),
  );
  expect(unpaid).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Add deduction' }).click();
  await dialog
    .getByRole('textbox', { name: /^Reason/ })
    .last()
    .fill('Repainting the bedroom wall');
  await dialog
    .getByRole('textbox', { name: /^Amount/ })
    .last()
    .fill('2500');
  await expect(dialog.getByTestId('settle-sum')).toContainText('add up to the deposit held (₹36,000.00)');
  await dialog.getByRole('textbox', { name: /^Refund amount/ }).fill(String(33500 - unpaid));
  await expect(dialog.getByTestId('settle-sum')).toContainText('It adds up.');
  await dialog.getByRole('combobox', { name: 'Paid by' }).selectOption('upi');
  await dialog.getByRole('textbox', { name: /^Reference/ }).fill('UTR445566778899');
  await shot(owner, 'settle-deposit');
  await expectNoAxeViolations(owner);
  await dialog.getByRole('button', { name: 'Settle deposit' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Settled', { exact: true })).toBeVisible();
  await panel.getByRole('link', { name: 'Settlement statement' }).click();
  await expect(owner).toHaveURL(new RegExp(`/OwnerDashboard/Deposit/${roomId}$`));
  await expect(owner.getByRole('heading', { name: 'Deposit Settlement Statement' })).toBeVisible();
  await expect(owner.getByTestId('statement-deduction').last()).toContainText('Repainting the bedroom wall');
  await expect(owner.getByTestId('statement-deduction').first()).toContainText('Maintenance Bill, ');
  await expect(owner.getByTestId('statement-refund')).toHaveText(rupees(33500 - unpaid));
  await expect(owner.getByTestId('statement-identity')).toHaveText(
    `Deposit held ₹36,000.00 = deductions ${rupees(2500 + unpaid)} + refund ${rupees(33500 - unpaid)}`,
  );
  await shot(owner, 'deposit-statement-owner');
  await expectNoAxeViolations(owner);
});

test('the tenant, moved out, opens the statement from My Room and disputes the deduction', async () => {
  await tenant.goto(`${base}/TenantDashboard/MyRooms/${roomId}`);
  const panel = tenant.getByRole('region', { name: 'Security deposit' });
  await expect(panel).toContainText(`${rupees(33500 - unpaid)} by UPI`);
  await panel.getByRole('link', { name: 'Settlement statement' }).click();
  await expect(tenant.getByTestId('statement-identity')).toHaveText(
    `Deposit held ₹36,000.00 = deductions ${rupees(2500 + unpaid)} + refund ${rupees(33500 - unpaid)}`,
  );
  await expect(tenant.getByText(/UPI, reference UTR445566778899, paid on/)).toBeVisible();
  await tenant.getByRole('button', { name: 'Dispute deduction 2' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Dispute a deduction' });
  await dialog.getByRole('textbox', { name: /^Why you dispute it/ }).fill('The wall was already stained when I moved in.');
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dialog).toBeHidden();
  await expect(tenant.getByTestId('statement-deduction').last().getByText('Disputed')).toBeVisible();
  await shot(tenant, 'deposit-statement-tenant');
  await expectNoAxeViolations(tenant);
  // The owner reads the dispute in the room's conversation.
  const threads = (await ok(await owner.request.get(`/api/v1/messages/room/${roomId}`))) as { lastMessage: { text: string } | null }[];
  expect(threads.map((x) => x.lastMessage?.text ?? '').join('\n')).toContain('I dispute the deposit deduction "Damage: Repainting');
});
