import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';
import { type KirayaServer, startServer } from './server';

/**
 * Journey of issue 24 (payouts through Razorpay Route) with the sandbox: the demo owner adds a bank account
 * for payouts in Profile (masked once saved) and sees the linked account go from created through under review
 * to activated on its own; a fresh tenant of one of their rooms pays ₹4,321 online; on Billings the owner sees
 * the payment transferred to their account and then settled, with a settlement date and a UTR.
 *
 * Its own server (like leases.spec.ts): the sandbox's step is 6 s (an account activates 12 s after it is
 * made; a transfer settles 6 s after it is made) and the payout sync runs every second, so the states come
 * in a fixed order whatever the machine's speed. Screenshots (1280 and 390 px wide) go to PAYOUTS_SHOTS_DIR.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.PAYOUTS_SHOTS_DIR ?? '';
const ACCOUNT = '50100987654321';

let server: KirayaServer | undefined;
let base = '';
let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let roomId = '';
let tenantName = '';

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

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startServer({
    env: {
      RENT_CYCLE_INTERVAL_SECONDS: '0',
      PAYOUTS_SANDBOX_STEP_SECONDS: '6',
      PAYOUT_SYNC_INTERVAL_SECONDS: '1',
    },
  });
  base = server.url;

  const t = newUser('tenant');
  tenantName = t.fullName;
  ownerCtx = await browser.newContext({ baseURL: base });
  tenantCtx = await browser.newContext({ baseURL: base });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await signUpViaApi(tenantCtx.request, t, base);
  await loginViaApi(owner, DEMO.owner, base, '/OwnerDashboard');
  const me = await loginViaApi(tenant, t.email, base, '/TenantDashboard', t.password);
  const headers = { origin: base };
  // A vacant room of the demo owner's, let to the fresh tenant and billed ₹5,000.
  const props = (await ok(await owner.request.get('/api/v1/properties/fetch-properties'))) as { _id: string }[];
  let propertyId = '';
  for (const p of props) {
    const rooms = (await ok(await owner.request.get(`/api/v1/rooms/${p._id}`))) as { _id: string; roomStatus: string }[];
    const vacant = rooms.find((r) => r.roomStatus === 'vacant');
    if (vacant) {
      propertyId = p._id;
      roomId = vacant._id;
      break;
    }
  }
  expect(roomId).toBeTruthy();
  const request = await ok(await owner.request.post('/api/v1/requests/send', { data: { roomId, tenantId: me._id }, headers }));
  await ok(await tenant.request.patch(`/api/v1/requests/accept/${request._id}`, { headers }));
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    await owner.request.post('/api/v1/bills/add-bill', {
      headers,
      data: { propertyId, roomId, billDate: day, bills: [{ billType: 'Rent Bill', amount: 5000 }] },
    }),
  );
});
test.afterAll(async () => {
  await ownerCtx?.close();
  await tenantCtx?.close();
  await server?.stop();
});

test('the owner adds payout details in Profile; the account is masked and activates on its own', async () => {
  test.setTimeout(90_000);
  await owner.goto('/OwnerDashboard/Profile');
  const section = owner.getByRole('region', { name: 'Payout account' });
  await section.getByRole('button', { name: 'Add bank account' }).click();
  const form = section.getByRole('form', { name: 'Payout account' });
  await form.getByLabel('Account holder name').fill('Priya Sharma');
  await form.getByLabel('Account number', { exact: true }).fill(ACCOUNT);
  await form.getByLabel('Account number again').fill('50100987654322');
  await form.getByLabel('IFSC').fill('HDFC1001234');
  await form.getByLabel('PAN').fill('ABCDE1234F');
  await form.getByLabel('Your password').fill('Kiraya123');
  await form.getByRole('button', { name: 'Save payout account' }).click();
  // The contract's rules, in the browser: the IFSC's shape and the number typed twice.
  await expect(form.getByText('IFSC must be 11 characters')).toBeVisible();
  await expect(form.getByText('The two account numbers do not match.')).toBeVisible();
  await form.getByLabel('Account number again').fill(ACCOUNT);
  await form.getByLabel('IFSC').fill('hdfc0001234');
  await shot(owner, 'payout-form-desktop');
  await form.getByRole('button', { name: 'Save payout account' }).click();
  await expect(section.getByText('••••4321')).toBeVisible();
  await expect(section).not.toContainText(ACCOUNT);
  await expect(section.getByText('HDFC0001234')).toBeVisible();
  const status = section.getByTestId('payout-status');
  await expect(status).toHaveText(/Created|Under review/);
  await expect(status).toHaveText('Under review', { timeout: 20_000 });
  await expect(status).toHaveText('Activated', { timeout: 20_000 });
  await expectNoAxeViolations(owner);
  await shot(owner, 'payout-account-desktop');
  await owner.setViewportSize({ width: 390, height: 844 });
  await shot(owner, 'payout-account-mobile');
  await owner.setViewportSize({ width: 1280, height: 800 });
  // Never the number, not even to its owner.
  const got = await owner.request.get('/api/v1/payouts/account');
  expect(await got.text()).not.toContain(ACCOUNT);
});

test('the tenant pays; the owner sees the payment transferred, then settled with a UTR', async () => {
  test.setTimeout(90_000);
  const headers = { origin: base };
  const order = await ok(await tenant.request.post('/api/v1/bills/create-order', { headers, data: { roomId, amount: 4321 } }));
  const paid = await ok(
    await tenant.request.post('/api/v1/payments/sandbox/pay', { headers, data: { orderId: order.id, outcome: 'success' } }),
  );
  await ok(await tenant.request.post('/api/v1/bills/verify-payment', { headers, data: paid }));

  await owner.goto('/OwnerDashboard/Billings');
  const payouts = owner.getByRole('region', { name: 'Payouts' });
  const row = payouts.getByRole('row').filter({ hasText: tenantName });
  await expect(row).toContainText('₹4,321.00');
  await expect(row).toContainText(/Transferred/);
  await expect(row).toContainText('Settled', { timeout: 20_000 });
  await expect(row).toContainText(/UTR SBXN\d{12}/);
  await expect(payouts.getByRole('link', { name: 'Export payouts (CSV)' })).toBeVisible();
  await expectNoAxeViolations(owner);
  await shot(owner, 'payouts-desktop');
  await owner.setViewportSize({ width: 390, height: 844 });
  await shot(owner, 'payouts-mobile');
  const csv = await owner.request.get('/api/v1/payouts/export');
  expect(csv.ok()).toBeTruthy();
  expect(await csv.text()).toMatch(/SBXN\d{12}/);
});
