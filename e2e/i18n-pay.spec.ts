import { mkdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { formatLongDate } from '@kiraya/contract/dates';
import { expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Issue 27, "Done when": a tenant switches to Hindi, pays part of a bill through the sandbox and opens the receipt in
 * Hindi. Arjun (demo owner) invites a fresh tenant to room 704 of Andheri West Sea Breeze Flats (no other journey
 * uses it) and bills it (Rent ₹32,000 + Maintenance ₹450) through the API. The tenant switches to Hindi the way the
 * header and Profile switch does, through PATCH /users/locale (which stores the choice and sets the `kiraya_lang`
 * cookie the page follows), pays ₹10,000 of ₹32,450, and reads the receipt and the HRA rent receipt in Hindi:
 * Hindi headings, ₹ amounts with Latin digits, Hindi month names; each prints on one A4 page, and axe finds nothing.
 * Screenshots at 1280 and 390 px go to I18N_SHOTS_DIR when it is set.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'arjun@kiraya.demo';
const PROPERTY = 'Andheri West Sea Breeze Flats';
const ROOM = '704';
const SHOTS = process.env.I18N_SHOTS_DIR ?? '';
const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
/** A date as the Hindi pages write it: Hindi month, Latin digits ("1 नवंबर 2026"). */
const hindiDay = formatLongDate(day, 'hi-IN');
const HINDI_MONTH = '(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर)';

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let base = '';

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
/** Screenshots at 1280 and 390 px wide. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}
/** The page printed to A4 (Chromium's print to PDF, the print styles applied): how many sheets it takes. */
async function a4Pages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

test.beforeAll(async ({ browser, baseURL }) => {
  base = baseURL as string;
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
  const propertyId = props.find((p) => p.title === PROPERTY)?._id ?? '';
  expect(propertyId).toBeTruthy();
  const rooms = (await ok(await owner.request.get(`/api/v1/rooms/${propertyId}`))) as { _id: string; roomNumber: string }[];
  const roomId = rooms.find((r) => r.roomNumber === ROOM)?._id ?? '';
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
          { billType: 'Rent Bill', amount: 32000 },
          { billType: 'Maintenance Bill', amount: 450 },
        ],
      },
    }),
  );
});
test.afterAll(async () => {
  await ownerCtx.close();
  await tenantCtx.close();
});

test('the tenant switches to Hindi: the choice is stored and the pages follow it', async () => {
  // The dashboards' header switch: it stores the choice on the account and in the cookie.
  await tenant.goto('/TenantDashboard/Billings');
  await expect(tenant.getByRole('heading', { level: 1, name: 'Billings' })).toBeVisible();
  const saved = tenant.waitForResponse((r) => r.url().endsWith('/api/v1/users/locale') && r.request().method() === 'PATCH');
  await tenant.getByRole('group', { name: 'Language' }).first().getByRole('button', { name: 'हिन्दी' }).click();
  const res = await saved;
  expect(res.ok(), await res.text()).toBeTruthy();
  expect((await res.json()).message).toBe('भाषा सेव हो गई');
  await expect(tenant.getByRole('heading', { level: 1, name: 'बिलिंग' })).toBeVisible();
  expect((await tenantCtx.cookies()).find((c) => c.name === 'kiraya_lang')?.value).toBe('hi-IN');
  await tenant.goto('/TenantDashboard/Billings');
  await expect(tenant.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(tenant.getByRole('heading', { level: 1, name: 'बिलिंग' })).toBeVisible();
  await expect(tenant).toHaveTitle('बिलिंग · Kiraya');
});

test('pays part of the bill through the sandbox checkout, in Hindi', async () => {
  // On from the Billings page the last test opened, moving through the app as a tenant does.
  await tenant
    .getByRole('button', { name: new RegExp(hindiDay) })
    .first()
    .click();
  await expect(tenant.getByText('किराया बिल', { exact: true }).first()).toBeVisible();
  await expect(tenant.getByText('भुगतान बाकी').first()).toBeVisible();
  await tenant.getByRole('link', { name: 'भुगतान करें: किराया बिल' }).first().click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/PayBill\//);
  await expect(tenant.getByRole('heading', { level: 1, name: 'बिल का भुगतान करें' })).toBeVisible();
  await expect(tenant.getByText('मासिक किराया')).toContainText('₹32,000.00');
  await expect(tenant.getByTestId('still-owed')).toHaveText('₹32,450.00');
  await expect(tenant.getByText(`आपने ${hindiDay} के बिल चुने हैं`, { exact: false })).toBeVisible();
  const amount = tenant.getByLabel('राशि (₹)');
  await expect(amount).toHaveValue('32450.00');
  await amount.fill('10000');
  await expect(tenant.getByTestId(/^settles-/).first()).toBeVisible();
  await shots(tenant, 'pay-screen-hi');
  await tenant.getByRole('button', { name: 'अभी भुगतान करें' }).click();
  const dialog = tenant.getByRole('dialog', { name: 'Kiraya सैंडबॉक्स' });
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText('₹10,000.00');
  await expect(dialog).toContainText('Arjun');
  await dialog.getByLabel('UPI आईडी').fill('tenant@okbank');
  await shot(tenant, 'sandbox-dialog-hi-1280');
  await dialog.getByRole('button', { name: '₹10,000.00 का भुगतान करें' }).click();
  const done = tenant.getByTestId('payment-confirmation');
  await expect(done.getByRole('heading', { name: 'भुगतान सफल रहा' })).toBeVisible();
  await expect(done.getByTestId('balance-left')).toHaveText('₹22,450.00');
  await expect(done.getByText(/^KR-\d{4}-\d{6}$/)).toBeVisible();
  const payments = (await ok(await tenant.request.get('/api/v1/payments/mine'))) as { amount: number }[];
  expect(payments.map((p) => p.amount)).toEqual([10000]);
  await done.getByRole('link', { name: 'रसीद देखें' }).click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/Receipts\//);
});

test('the receipt reads in Hindi, prints on one A4 page and passes axe', async () => {
  const main = tenant.getByRole('main');
  await expect(tenant.getByRole('heading', { level: 1, name: 'भुगतान रसीद' })).toBeVisible();
  await expect(tenant).toHaveTitle('भुगतान रसीद · Kiraya');
  await expect(tenant.getByTestId('receipt-amount')).toHaveText('₹10,000.00');
  await expect(main).toContainText('रसीद नंबर');
  await expect(main).toContainText(`कमरा ${ROOM}, ${PROPERTY}`);
  await expect(main.getByRole('heading', { name: 'चुकाए गए बिल' })).toBeVisible();
  await expect(main.getByRole('row', { name: new RegExp(`किराया बिल ${hindiDay} ₹`) })).toBeVisible();
  await expect(main.getByText('तरीका', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^(ऑनलाइन|UPI \(गेटवे से\))$/);
  await expect(main.getByText('Kiraya सैंडबॉक्स')).toBeVisible();
  // Paid today: the date and time in India, a Hindi month with Latin digits.
  await expect(main.getByText(new RegExp(`^\\d{1,2} ${HINDI_MONTH} \\d{4}, \\d{1,2}:\\d{2}$`))).toBeVisible();
  await expect(main).not.toContainText('Payment Receipt');
  await expect(tenant.getByRole('button', { name: 'प्रिंट करें' })).toBeVisible();
  await shots(tenant, 'receipt-hi');
  await expectNoAxeViolations(tenant);
  expect(await a4Pages(tenant)).toBe(1);
});

test('the HRA rent receipt for the financial year reads in Hindi and prints on one A4 page', async () => {
  // Back from the receipt to Billings, then to the rent receipts (the Back link's words come from the routes).
  await tenant.locator('main a[href="/TenantDashboard/Billings"]').first().click();
  await tenant.getByRole('link', { name: 'किराया रसीदें (HRA)' }).click();
  await expect(tenant.getByRole('heading', { level: 1, name: 'किराया रसीदें' })).toBeVisible();
  await tenant.getByLabel('कमरा').selectOption({ label: `कमरा ${ROOM} · ${PROPERTY}` });
  const year = tenant.getByRole('radio', { name: 'वित्त वर्ष' });
  await year.click();
  await expect(year).toBeChecked();
  const sheet = tenant.getByRole('article', { name: 'किराया रसीद' });
  await expect(sheet.getByRole('heading', { name: 'किराया रसीद' })).toBeVisible();
  await expect(sheet).toContainText(/वित्त वर्ष \d{4}-\d{2} \(1 अप्रैल \d{4} से 31 मार्च \d{4}\)/);
  await expect(tenant.getByTestId('rent-paid')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await expect(sheet).toContainText('ज़रूरी नहीं');
  await expect(sheet).toContainText(/मकान मालिक के हस्ताक्षर \(.+\)/);
  await expect(sheet).toContainText(new RegExp(`तारीख़: \\d{1,2} ${HINDI_MONTH} \\d{4}`));
  await expect(sheet).not.toContainText('Rent Receipt');
  await shots(tenant, 'rent-receipt-hi');
  await expectNoAxeViolations(tenant);
  expect(await a4Pages(tenant)).toBe(1);
});
