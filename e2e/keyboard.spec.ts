import type { APIResponse, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, expect, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Keyboard only (issue 35 items 2, 3 and 5; ADR 044): a tenant signs in, opens a bill and pays it, and an owner adds a
 * property, with Tab, Shift+Tab, Enter, Space and typing; focus is where a screen reader expects it: on each wizard
 * step's heading, never on the page behind a dialog, back on "Add Property" when the wizard closes, on "Payment
 * successful" after paying. The one step no keyboard can take in a headless browser, choosing a photo in the system's
 * file picker, is done by setting the file input. Arjun (demo owner) invites a fresh tenant to a vacant room of his
 * that no other journey uses and bills it through the API.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const OWNER = 'arjun@kiraya.demo';
const PROPERTY = 'Andheri West Sea Breeze Flats';
/** Rooms other journeys take (payments 705, i18n-pay 704). */
const TAKEN = ['704', '705'];

// biome-ignore lint/suspicious/noExplicitAny: API answers are checked by the assertions that use them.
async function ok(res: APIResponse): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: unknown }).data;
}

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails when it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await focused(target), `reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

test('a tenant signs in and pays a bill with the keyboard alone; focus lands on "Payment successful"', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  const headers = { origin: base };
  const t = newUser('tenant');
  await signUpViaApi(page.request, t, base);

  // Arjun invites the tenant to a vacant room and bills it (API: not what is tested here).
  const owner = await page.context().browser()?.newContext({ baseURL: base });
  if (!owner) throw new Error('no browser');
  const login = await owner.request.post('/api/v1/users/login', { data: { email: OWNER, password: DEMO_PASSWORD }, headers });
  expect(login.ok()).toBeTruthy();
  const props = (await ok(await owner.request.get('/api/v1/properties/fetch-properties'))) as { _id: string; title: string }[];
  type Room = { _id: string; roomNumber: string; roomStatus: string };
  let room: Room | undefined;
  let propertyId = '';
  // The last vacant room of his listings (other journeys take the first ones, and 704 and 705 by number).
  for (const p of [...props].reverse()) {
    const rooms = (await ok(await owner.request.get(`/api/v1/rooms/${p._id}`))) as Room[];
    room = rooms.filter((r) => r.roomStatus === 'vacant' && !(p.title === PROPERTY && TAKEN.includes(r.roomNumber))).at(-1);
    propertyId = p._id;
    if (room) break;
  }
  expect(room, 'a vacant room').toBeTruthy();

  // Sign-in: Tab to the email field, type, Tab to the password, Enter.
  await page.goto('/auth');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(t.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }), { max: 3 });
  await page.keyboard.type(t.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/TenantDashboard$/);
  const me = (await ok(await page.request.get('/api/v1/users/get-current-user'))) as { _id: string };

  const request = await ok(await owner.request.post('/api/v1/requests/send', { data: { roomId: room?._id, tenantId: me._id }, headers }));
  await ok(await page.request.patch(`/api/v1/requests/accept/${request._id}`, { headers }));
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    await owner.request.post('/api/v1/bills/add-bill', {
      headers,
      data: { propertyId, roomId: room?._id, billDate: day, tenantId: me._id, bills: [{ billType: 'Rent Bill', amount: 9000 }] },
    }),
  );
  await owner.close();

  // Billings: open the bill group, then its Pay link, with Enter.
  await page.goto('/TenantDashboard/Billings');
  const group = page.locator('button[aria-expanded]').filter({ hasText: '₹9,000.00' }).first();
  await expect(group).toBeVisible();
  await tabTo(page, group);
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const pay = page.getByRole('link', { name: 'Pay Rent Bill' }).first();
  await tabTo(page, pay, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/TenantDashboard\/PayBill\//);

  // Pay: the amount is what is owed; Tab to Pay Now; the sandbox window takes focus and keeps it.
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(page.getByLabel('Amount (₹)')).toHaveValue('9000.00');
  await tabTo(page, payNow);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Kiraya Sandbox' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('UPI ID'), { max: 15 });
  await page.keyboard.type('tenant@okbank');
  await tabTo(page, dialog.getByRole('button', { name: 'Pay ₹9,000.00' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeFocused();
});

test('an owner adds a property with the keyboard alone: each step takes focus, Tab stays in the wizard, focus returns to "Add Property"', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const o = newUser('owner');
  await signUpViaApi(page.request, o, base);
  await loginViaApi(page, o.email, base, '/OwnerDashboard/Properties', o.password);
  const opener = page.getByRole('button', { name: 'Add Property' }).first();
  await expect(opener).toBeVisible();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/Property Name/)).toBeFocused();
  await page.keyboard.type('Keyboard Court');
  await tabTo(page, dialog.getByLabel(/Amenities/), { max: 3 });
  await page.keyboard.type('WiFi, Lift');
  const next = dialog.getByRole('button', { name: 'Next' });
  await tabTo(page, next, { max: 3 });
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('heading', { name: /Step 2 of 4/ })).toBeFocused();
  for (const [label, value] of [
    ['Street', '3 Lake Road'],
    ['City', 'Pune'],
    ['State', 'Maharashtra'],
    ['Pincode', '411001'],
  ] as const) {
    await tabTo(page, dialog.getByLabel(label), { max: 6 });
    await page.keyboard.type(value);
  }
  await tabTo(page, next, { max: 6 });
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('heading', { name: /Step 3 of 4/ })).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Villa' }), { max: 12 });
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByLabel(/Property Description/), { max: 10 });
  await page.keyboard.type('A quiet villa near the lake.');
  // Past the listing facts (ADR 048): each a field of its own in the tab order.
  await tabTo(page, next, { max: 60 });
  await page.keyboard.press('Enter');

  // Next became a Submit that waits for a photo: focus is on the new step's heading, not on the page behind.
  await expect(dialog.getByRole('heading', { name: /Step 4 of 4/ })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 60, b: 140 } } })
    .png()
    .toBuffer();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer });
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }), { max: 12, back: true });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
