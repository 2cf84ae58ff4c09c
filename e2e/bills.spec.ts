import type { BrowserContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectNoAxeViolations, loginViaApi, test } from './fixtures';

/**
 * Journey of issue 9 (bills), two browser contexts: the owner uploads a group (Rent Bill + Electricity Bill
 * with both meter photos) for Rahul's room 101; Rahul sees the group with its total, opens a meter photo
 * and reaches the Pay route; My Rooms shows Last Bill and Billing History; the next upload prefills the
 * previous reading (B11); the owner edits and deletes unpaid bills (B5). axe runs on the new screens.
 */
test.describe.configure({ mode: 'serial' });

const PROPERTY = 'Indiranagar Lake View Apartments';
const ROOM = '101';
const RENT = 18500;

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let propertyId = '';
let lastCurrent = 0;
// A bill date of its own (the 3rd of next month), so the demo's monthly groups never share it and the
// month has no Rent Bill yet (one Rent Bill per month, issue 19).
const next = new Date();
next.setUTCDate(1);
next.setUTCMonth(next.getUTCMonth() + 1);
const day = `${next.toISOString().slice(0, 8)}03`;
const longDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00`));

async function photo(name: string, r: number) {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
async function axe(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(page);
}
const group = (scope: Page | Locator): Locator => scope.getByRole('button', { name: new RegExp(longDay) }).first();

async function billingTab(page: Page): Promise<Locator> {
  await page.goto(`/OwnerDashboard/rooms/${propertyId}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: new RegExp(`^Room ${ROOM}\\b`) }) });
  const header = card.getByRole('button', { name: new RegExp(`^Room ${ROOM}\\b`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await card.getByRole('tab', { name: 'Billing Details' }).click();
  return card;
}

test.beforeAll(async ({ browser, baseURL }) => {
  ownerCtx = await browser.newContext({ baseURL });
  tenantCtx = await browser.newContext({ baseURL });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await loginViaApi(owner, DEMO.owner, baseURL as string, '/OwnerDashboard');
  await loginViaApi(tenant, DEMO.tenant, baseURL as string, '/TenantDashboard');
  const res = await owner.request.get('/api/v1/properties/fetch-properties');
  expect(res.ok()).toBeTruthy();
  propertyId = ((await res.json()).data as { _id: string; title: string }[]).find((p) => p.title === PROPERTY)?._id ?? '';
  expect(propertyId).toBeTruthy();
});
test.afterAll(async () => {
  await ownerCtx.close();
  await tenantCtx.close();
});

test('the owner uploads a Rent Bill and an Electricity Bill with both meter photos', async () => {
  const card = await billingTab(owner);
  await card.getByRole('button', { name: 'Upload Bill' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Upload Bills' });
  await dialog.getByRole('textbox', { name: /^Bill Date/ }).fill(day.split('-').reverse().join('/'));
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue(`${RENT}.00`);
  await dialog.getByRole('button', { name: 'Add Another Bill' }).click();
  const second = dialog.getByRole('group').nth(1);
  await second.getByLabel(/Bill Type/).selectOption('Electricity Bill');
  const previous = Number((await second.getByLabel(/Previous Reading/).inputValue()) || '0');
  await second.getByLabel(/Previous Reading/).fill(String(previous));
  lastCurrent = previous + 150;
  await second.getByLabel(/Current Reading/).fill(String(lastCurrent));
  await second.getByLabel(/Rate per Unit/).fill('8');
  await expect(second.getByLabel(/^Amount/)).toHaveValue('1200.00');
  await second.getByLabel(/Current meter photo/).setInputFiles(await photo('current.jpg', 200));
  await expect(owner.getByText('current meter photo uploaded successfully')).toBeVisible();
  await second.getByLabel(/Previous meter photo/).setInputFiles(await photo('previous.jpg', 120));
  await expect(owner.getByText('previous meter photo uploaded successfully')).toBeVisible();
  await axe(owner);
  await dialog.getByRole('button', { name: 'Upload Bills' }).click();
  await expect(owner.getByText('Bills uploaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const g = group(card);
  await expect(g).toContainText('2 bills');
  await expect(g).toContainText(`₹${(RENT + 1200).toLocaleString('en-IN')}.00`);
  await axe(owner);
});

test('the tenant sees the group with its total, opens a meter photo and reaches Pay', async () => {
  await tenant.goto('/TenantDashboard/Billings');
  await expect(tenant.getByRole('heading', { name: 'Billings' })).toBeVisible();
  const g = group(tenant);
  await expect(g).toContainText(`₹${(RENT + 1200).toLocaleString('en-IN')}.00`);
  await g.click();
  await axe(tenant);
  const [popup] = await Promise.all([
    tenant.waitForEvent('popup'),
    tenant.getByRole('button', { name: 'View current meter photo' }).first().click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/bills/meter-photo/');
  await popup.close();
  await tenant.getByRole('link', { name: 'Pay Electricity Bill' }).first().click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/PayBill\/[^/]+$/);
});

test("My Rooms shows the room's Last Bill and its Billing History", async () => {
  const res = await tenant.request.get('/api/v1/tenant/room-details');
  const room = ((await res.json()).data as { roomId: string; room: { roomNumber: string } }[]).find((r) => r.room.roomNumber === ROOM);
  expect(room).toBeTruthy();
  await tenant.goto(`/TenantDashboard/MyRooms/${room?.roomId}`);
  await expect(tenant.getByText('Last Bill').locator('..')).toContainText(longDay);
  await tenant.getByRole('button', { name: /Billing History/ }).click();
  await expect(group(tenant)).toContainText('2 bills');
  await axe(tenant);
});

test('next month the previous reading is prefilled, and the owner edits the unpaid Electricity Bill', async () => {
  const card = await billingTab(owner);
  await card.getByRole('button', { name: 'Upload Bill' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Upload Bills' });
  await dialog.getByLabel(/Bill Type/).selectOption('Electricity Bill');
  await expect(dialog.getByLabel(/Previous Reading/)).toHaveValue(String(lastCurrent));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await group(card).click();
  await card.getByRole('button', { name: 'Edit Electricity Bill' }).first().click();
  const edit = owner.getByRole('dialog', { name: 'Edit Bill' });
  await edit.getByLabel(/Rate per Unit/).fill('9');
  await expect(edit.getByLabel(/^Amount/)).toHaveValue('1350.00');
  await edit.getByRole('button', { name: 'Save Bill' }).click();
  await expect(owner.getByText('Bill updated successfully')).toBeVisible();
  await expect(group(card)).toContainText(`₹${(RENT + 1350).toLocaleString('en-IN')}.00`);
});

test('the owner deletes the unpaid Rent Bill of the group', async () => {
  const card = await billingTab(owner);
  await group(card).click();
  await card.getByRole('button', { name: 'Delete Rent Bill' }).first().click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText('Rent Bill deleted successfully')).toBeVisible();
  await expect(group(card)).toContainText('1 bill');
  await expect(group(card)).toContainText('₹1,350.00');
});
