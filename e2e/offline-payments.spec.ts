import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Locator, Page } from '@playwright/test';
import { addCalendarDays } from '@kiraya/contract/calendar';
import { todayInIndia } from '@kiraya/contract/dates';
import { formatPaise } from '@kiraya/contract/money';
import { DEMO, expect, loginViaApi, test } from './fixtures';
import { type KirayaServer, startServer } from './server';

/**
 * Journey of issue 23 (rent paid outside the gateway), on the demo: the demo owner records a cash payment
 * on Billing Details and the tenant sees the bill settled and opens its receipt; the tenant pays by UPI
 * straight to the owner's UPI ID (the Pay screen's link and QR code) and reports it with its UTR, and sees it
 * pending (ADR 042); the owner opens it from the bell's notification and confirms it there; both see it in
 * their statistics; the owner reverses the cash payment. Its own server on a
 * fresh data directory (it changes the demo's ledger). Screenshots go to OFFLINE_SHOTS_DIR when set.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '';
let server: KirayaServer | undefined;
let base = '';
let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let roomId = '';
let roomNumber = '';
let propertyId = '';
let cashPaise = 0;
let cashReceipt = '';
const UTR = `9${String(Date.now()).slice(-11)}`;

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

async function billingDetails(page: Page): Promise<Locator> {
  await page.goto(`${base}/OwnerDashboard/rooms/${propertyId}`);
  const header = page.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) });
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const card = page.getByRole('article').filter({ has: header });
  await card.getByRole('tab', { name: 'Billing Details' }).click();
  return card;
}
const summary = async () => ok(await tenant.request.get(`/api/v1/payments/room/${roomId}/summary`));

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startServer({
    env: {
      RENT_CYCLE_INTERVAL_SECONDS: '0',
    },
  });
  base = server.url;
  ownerCtx = await browser.newContext({ baseURL: base });
  tenantCtx = await browser.newContext({ baseURL: base });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await loginViaApi(owner, DEMO.owner, base, '/OwnerDashboard');
  await loginViaApi(tenant, DEMO.tenant, base, '/TenantDashboard');
  const rooms = (await ok(await tenant.request.get('/api/v1/tenant/room-details'))) as {
    roomId: string;
    room: { roomNumber: string };
    property_id: { _id: string };
  }[];
  // A room of the tenant's whose owner (the demo owner) takes UPI straight to their UPI ID, with bills owed.
  for (const r of rooms) {
    const s = await ok(await tenant.request.get(`/api/v1/payments/room/${r.roomId}/summary`));
    if (s.ownerUpi && s.owed.length >= 2) {
      roomId = r.roomId;
      roomNumber = r.room.roomNumber;
      propertyId = r.property_id._id;
      break;
    }
  }
  expect(roomId).toBeTruthy();
});
test.afterAll(async () => {
  await ownerCtx?.close();
  await tenantCtx?.close();
  await server?.stop();
});

test('the owner records a cash payment; the tenant sees the bill settled and opens the receipt', async () => {
  const before = await summary();
  const oldest = before.owed[0] as { billId: string; owed: number };
  expect(oldest).toBeTruthy();
  cashPaise = Math.round(oldest.owed * 100);
  const card = await billingDetails(owner);
  await card.getByRole('button', { name: 'Record payment' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill((cashPaise / 100).toFixed(2));
  await dialog.getByRole('combobox', { name: /^Method/ }).selectOption('cash');
  await dialog.getByRole('textbox', { name: /^Note/ }).fill('Handed over at the door');
  await shot(owner, 'record-payment');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(owner.getByText('Payment recorded')).toBeVisible();
  const payments = card.getByRole('region', { name: 'Payments received' });
  await expect(payments.getByTestId('payment-method').first()).toHaveText('Cash');
  const after = await summary();
  expect(Math.round(after.balance * 100)).toBe(Math.round(before.balance * 100) - cashPaise);
  expect((after.owed as { billId: string }[]).some((b) => b.billId === oldest.billId)).toBe(false);
  // The tenant: the payment is on their room page, with its receipt.
  await tenant.goto(`${base}/TenantDashboard/MyRooms/${roomId}`);
  const list = tenant.getByRole('region', { name: 'Payments' });
  await expect(list.getByTestId('payment-method').first()).toHaveText('Cash');
  await list
    .getByRole('link', { name: /^Receipt KR-/ })
    .first()
    .click();
  await expect(tenant.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
  await expect(tenant.getByTestId('receipt-amount')).toHaveText(formatPaise(cashPaise));
  await expect(tenant.getByText('Cash', { exact: true })).toBeVisible();
  cashReceipt = (await tenant.locator('dd.font-mono').first().textContent()) ?? '';
  expect(cashReceipt).toMatch(/^KR-\d{4}-\d{6}$/);
  await shot(tenant, 'cash-receipt');
});

test('the tenant pays the owner by UPI and reports it with the UTR; the owner confirms it; both see it in statistics', async () => {
  const s = await summary();
  const bill = s.owed[0] as { billId: string; owed: number };
  expect(bill).toBeTruthy();
  const amountPaise = Math.round(bill.owed * 100);
  await tenant.goto(`${base}/TenantDashboard/PayBill/${bill.billId}`);
  const upi = tenant.getByRole('region', { name: 'Pay with a UPI app' });
  await expect(upi.getByTestId('upi-link')).toHaveAttribute(
    'href',
    /^upi:\/\/pay\?pa=priya\.demo%40okhdfcbank&pn=.+&am=\d+\.\d{2}&cu=INR&tn=/,
  );
  await expect(upi.locator('svg').first()).toBeVisible();
  await upi.getByRole('button', { name: 'I have paid — report it' }).click();
  const form = upi.getByRole('form', { name: 'Report a UPI payment' });
  await form.getByRole('textbox', { name: /^Amount paid/ }).fill((amountPaise / 100).toFixed(2));
  await form.getByRole('textbox', { name: /^UTR/ }).fill(UTR);
  await shot(tenant, 'pay-with-upi');
  await form.getByRole('button', { name: 'Report payment' }).click();
  await expect(tenant.getByText('Payment reported. Your owner will confirm it.')).toBeVisible();
  await expect(upi.getByText(UTR)).toBeVisible();
  // The Pay screen shows the report as pending (with the demo's own pending report), with what is left after
  // them (ADR 042), and so does My Rooms.
  await expect(tenant.getByTestId('pay-reported')).toContainText('reported in 2 payments');
  await expect(tenant.getByTestId('left-after-reported')).toBeVisible();
  await shot(tenant, 'pay-reported');
  await tenant.goto(`${base}/TenantDashboard/MyRooms`);
  await expect(tenant.getByTestId('reported').first()).toContainText('waiting for the owner');
  await shot(tenant, 'my-rooms-reported');
  // While the report waits, the rent cycle runs 40 days on, past the next due day and its grace: no late fee is
  // raised on this tenancy (ADR 041). The operator's command asks the running server to run it (ADR 027).
  const lateFees = async () =>
    ((await ok(await tenant.request.get('/api/v1/bills/tenant'))) as { room: { _id: string }; bills: { billType: string }[] }[])
      .filter((g) => g.room._id === roomId)
      .flatMap((g) => g.bills)
      .filter((b) => b.billType === 'Late Fee').length;
  const feesBefore = await lateFees();
  const past = addCalendarDays(todayInIndia(), 40);
  const cycle = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/rent-cycle.ts', '--date', past], {
    env: { ...process.env, DATA_DIR: server?.dataDir ?? '', NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(cycle.status, cycle.stderr).toBe(0);
  expect(cycle.stdout).toContain(`Rent cycle as of ${past}`);
  expect(await lateFees()).toBe(feesBefore);
  const tenantPaidBefore = (await ok(await tenant.request.get('/api/v1/statistics/tenant'))).totals.paid as number;
  // The owner's home lists it; the bell's "Payment to confirm" opens the report itself, confirmed from there.
  await owner.goto(`${base}/OwnerDashboard`);
  const amount = formatPaise(amountPaise).replace(/[.$^*+?()[\]{}|\\]/g, '\\$&');
  await expect(
    owner.getByRole('region', { name: /^Waiting for you/ }).getByRole('link', { name: new RegExp(`^Confirm or reject ${amount} from`) }),
  ).toBeVisible();
  await shot(owner, 'owner-home-waiting');
  await owner.getByRole('button', { name: /^Notifications/ }).click();
  await owner
    .getByRole('menuitem', { name: new RegExp(`Payment to confirm: ${amount}`) })
    .first()
    .click();
  await expect(owner).toHaveURL(/\/OwnerDashboard\/PaymentReports\//);
  await expect(owner.getByText(UTR)).toBeVisible();
  await shot(owner, 'payments-to-confirm');
  await owner.getByRole('button', { name: `Confirm UTR ${UTR}` }).click();
  await expect(owner.getByText('Payment confirmed')).toBeVisible();
  await expect(owner.getByTestId('report-status')).toHaveText('Confirmed');
  // Statistics: the owner's latest payments list it as UPI direct; the tenant's paid total counts it.
  await owner.goto(`${base}/OwnerDashboard/Statistics`);
  await expect(owner.getByRole('cell', { name: 'UPI direct' }).first()).toBeVisible();
  await shot(owner, 'owner-statistics');
  const tenantPaidAfter = (await ok(await tenant.request.get('/api/v1/statistics/tenant'))).totals.paid as number;
  expect(Math.round(tenantPaidAfter * 100)).toBe(Math.round(tenantPaidBefore * 100) + amountPaise);
  await tenant.goto(`${base}/TenantDashboard/Statistics`);
  await expect(tenant.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the owner reverses the cash payment: the receipt says reversed and the bill is owed again', async () => {
  const before = await summary();
  const card = await billingDetails(owner);
  await card.getByRole('button', { name: `Reverse ${cashReceipt}` }).click();
  const dialog = owner.getByRole('dialog', { name: 'Reverse payment' });
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Recorded for the wrong room');
  await dialog.getByRole('button', { name: 'Reverse payment' }).click();
  await expect(owner.getByText('Payment reversed')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Payments received' }).getByText('Recorded for the wrong room')).toBeVisible();
  await shot(owner, 'reversed');
  const after = await summary();
  expect(Math.round(after.balance * 100)).toBe(Math.round(before.balance * 100) + cashPaise);
  await tenant.goto(`${base}/TenantDashboard/MyRooms/${roomId}`);
  await tenant
    .getByRole('region', { name: 'Payments' })
    .getByRole('link', { name: `Receipt ${cashReceipt}` })
    .click();
  await expect(tenant.getByTestId('receipt-reversed')).toContainText('Recorded for the wrong room');
});
