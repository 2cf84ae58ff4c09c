import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journey of issue 10 (payments), two browser contexts. Arjun (demo owner) invites a fresh tenant to room
 * 705 of Andheri West Sea Breeze Flats and bills it (Rent ₹22,000 + Maintenance ₹500) through the API. The tenant
 * pays ₹10,000 through the sandbox checkout, sees the Rent Bill partly paid, dismisses a checkout ("Payment
 * window closed", nothing recorded), pays the rest and opens the receipt; the owner sees both payments.
 * Screenshots of the Pay screen, the sandbox dialog and the receipt (desktop and 390 px) go to SHOTS.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'arjun@kiraya.demo';
const PROPERTY = 'Andheri West Sea Breeze Flats';
const ROOM = '705';
const SHOTS = process.env.PAYMENTS_SHOTS_DIR ?? '';
const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
const longDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00`));

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let propertyId = '';
let roomId = '';

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked by the assertions that use them.
async function ok(res: APIResponse): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: unknown }).data;
}
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
async function axe(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(page);
}
async function openPayScreen() {
  await tenant.goto('/TenantDashboard/Billings');
  await tenant
    .getByRole('button', { name: new RegExp(longDay) })
    .first()
    .click();
  await tenant.getByRole('link', { name: 'Pay Rent Bill' }).first().click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/PayBill\//);
  await expect(tenant.getByRole('heading', { name: 'Pay Bill' })).toBeVisible();
}
const payments = async () => (await ok(await tenant.request.get('/api/v1/payments/mine'))) as { _id: string; amount: number }[];

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL as string;
  const t = newUser('tenant');
  ownerCtx = await browser.newContext({ baseURL });
  tenantCtx = await browser.newContext({ baseURL });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await signUpViaApi(tenantCtx.request, t, base);
  await loginViaApi(owner, OWNER, base, '/OwnerDashboard');
  const me = await loginViaApi(tenant, t.email, base, '/TenantDashboard', t.password);
  const headers = { origin: base };

  const props = (await ok(await owner.request.get('/api/v1/properties/fetch-properties'))) as { _id: string; title: string }[];
  propertyId = props.find((p) => p.title === PROPERTY)?._id ?? '';
  expect(propertyId).toBeTruthy();
  const rooms = (await ok(await owner.request.get(`/api/v1/rooms/${propertyId}`))) as { _id: string; roomNumber: string }[];
  roomId = rooms.find((r) => r.roomNumber === ROOM)?._id ?? '';
  expect(roomId).toBeTruthy();
  const request = await ok(await owner.request.post('/api/v1/requests/send', { data: { roomId, tenantId: me._id }, headers }));
  await ok(await tenant.request.patch(`/api/v1/requests/accept/${request._id}`, { headers }));
  await ok(
    await owner.request.post('/api/v1/bills/add-bill', {
      headers,
      data: {
        propertyId,
        roomId,
        billDate: day,
        tenantId: me._id,
        bills: [
          { billType: 'Rent Bill', amount: 22000 },
          { billType: 'Maintenance Bill', amount: 500 },
        ],
      },
    }),
  );
});
test.afterAll(async () => {
  await ownerCtx.close();
  await tenantCtx.close();
});

test('the tenant pays part of the bill group through the sandbox checkout', async () => {
  await openPayScreen();
  await expect(tenant.getByText('Monthly rent')).toContainText('₹22,000.00');
  await expect(tenant.getByTestId('still-owed')).toHaveText('₹22,500.00');
  const amount = tenant.getByLabel('Amount (₹)');
  await expect(amount).toHaveValue('22500.00');
  await amount.fill('-5');
  await expect(amount).toHaveValue('0');
  await expect(tenant.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  await amount.fill('10000');
  await shot(tenant, 'pay-screen-desktop');
  await axe(tenant);
  await tenant.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Kiraya Sandbox' });
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText('₹10,000.00');
  await expect(dialog).toContainText('Paying Arjun');
  await dialog.getByLabel('UPI ID').fill('tenant@okbank');
  await shot(tenant, 'sandbox-dialog-desktop');
  await axe(tenant);
  await dialog.getByRole('button', { name: 'Pay ₹10,000.00' }).click();
  // A confirmation with what was paid, its receipt number and what the room still owes (issue 19).
  const done = tenant.getByTestId('payment-confirmation');
  await expect(done.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(done.getByTestId('balance-left')).toHaveText('₹12,500.00');
  await expect(done.getByText(/^KR-\d{4}-\d{6}$/)).toBeVisible();
  await shot(tenant, 'payment-confirmation-desktop');
  expect((await payments()).map((p) => p.amount)).toEqual([10000]);
});

test('the bill shows partly paid; a dismissed checkout shows "Payment window closed" and records nothing', async () => {
  await tenant.goto('/TenantDashboard/Billings');
  await tenant
    .getByRole('button', { name: new RegExp(longDay) })
    .first()
    .click();
  // Payments settle the oldest bills first (B10): ₹10,000 leaves one bill of the group partly paid.
  await expect(tenant.getByText(/^Partly paid ₹[\d,.]+ of ₹[\d,.]+$/)).toBeVisible();
  await openPayScreen();
  await expect(tenant.getByTestId('still-owed')).toHaveText('₹12,500.00');
  await tenant.setViewportSize({ width: 390, height: 844 });
  await shot(tenant, 'pay-screen-mobile');
  await tenant.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Kiraya Sandbox' });
  await expect(dialog).toBeVisible();
  await shot(tenant, 'sandbox-dialog-mobile');
  await tenant.keyboard.press('Escape');
  await expect(tenant.getByText('Payment window closed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/PayBill\//);
  expect(await payments()).toHaveLength(1);
  await tenant.setViewportSize({ width: 1280, height: 800 });
});

test('the tenant pays the rest and opens the receipt', async () => {
  await openPayScreen();
  await expect(tenant.getByLabel('Amount (₹)')).toHaveValue('12500.00');
  await tenant.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Kiraya Sandbox' });
  await dialog.getByRole('tab', { name: 'Card' }).click();
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pay ₹12,500.00' }).click();
  await expect(tenant.getByTestId('payment-confirmation')).toBeVisible();
  await expect(tenant.getByTestId('balance-left')).toHaveText('₹0.00');

  await tenant.goto('/TenantDashboard/Billings');
  await tenant
    .getByRole('button', { name: new RegExp(longDay) })
    .first()
    .click();
  await expect(tenant.getByRole('link', { name: 'Pay Rent Bill' })).toHaveCount(0);
  const list = tenant.getByRole('region', { name: 'Payments' });
  await expect(list.getByRole('link', { name: /^Receipt / })).toHaveCount(2);
  await list
    .getByRole('listitem')
    .filter({ hasText: '₹10,000.00' })
    .getByRole('link', { name: /^Receipt / })
    .click();
  await expect(tenant.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
  await expect(tenant.getByTestId('receipt-amount')).toHaveText('₹10,000.00');
  await expect(tenant.getByRole('main')).toContainText(`Room ${ROOM}`);
  await expect(tenant.getByRole('button', { name: 'Print' })).toBeVisible();
  await shot(tenant, 'receipt-desktop');
  await axe(tenant);
  await tenant.setViewportSize({ width: 390, height: 844 });
  await shot(tenant, 'receipt-mobile');
  await tenant.setViewportSize({ width: 1280, height: 800 });
});

test('the tenant prints an HRA rent receipt for the financial year', async () => {
  await tenant.goto('/TenantDashboard/Billings');
  await tenant.getByRole('link', { name: 'Rent receipts (HRA)' }).click();
  await expect(tenant.getByRole('heading', { name: 'Rent Receipts' })).toBeVisible();
  await tenant.getByLabel('Room').selectOption({ label: `Room ${ROOM} · ${PROPERTY}` });
  const year = tenant.getByRole('radio', { name: 'Financial year' });
  await year.click();
  await expect(year).toBeChecked();
  const sheet = tenant.getByRole('article', { name: 'Rent receipt' });
  await expect(sheet).toContainText('Financial year');
  // ₹10,000 then ₹12,000 of the second payment settled the ₹22,000 Rent Bill; the Maintenance Bill is not rent.
  await expect(tenant.getByTestId('rent-paid')).toHaveText('₹22,000.00');
  await expect(sheet).toContainText('not required');
  await expect(sheet.getByRole('row')).toHaveCount(3);
  await expect(tenant.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await axe(tenant);
});

test('the owner sees both payments in the room card and opens a receipt', async () => {
  await owner.goto(`/OwnerDashboard/rooms/${propertyId}`);
  const header = owner.getByRole('button', { name: new RegExp(`^Room ${ROOM}\\b`) });
  const card = owner.getByRole('article').filter({ has: header });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await card.getByRole('tab', { name: 'Billing Details' }).click();
  const received = card.getByRole('region', { name: 'Payments received' });
  await expect(received.getByRole('link', { name: /^Receipt / })).toHaveCount(2);
  await expect(received).toContainText('₹10,000.00');
  await expect(received).toContainText('₹12,500.00');
  await received
    .getByRole('listitem')
    .filter({ hasText: '₹12,500.00' })
    .getByRole('link', { name: /^Receipt / })
    .click();
  await expect(owner).toHaveURL(/\/OwnerDashboard\/Receipts\//);
  await expect(owner.getByTestId('receipt-amount')).toHaveText('₹12,500.00');
});
