import { expect, gotoReady, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';

/** Journey of issue "Properties and rooms": owner adds, edits and fills a property; visitor and tenant find it; owner deletes. */

const stamp = Date.now().toString(36);
const TITLE = `Kestrel Court ${stamp}`;
const CITY = `Nashik${stamp}`;

async function image(name: string, colour: { r: number; g: number; b: number }, format: 'png' | 'jpeg') {
  const img = sharp({ create: { width: 320, height: 240, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

/** Signs in through the API (the cookies land in the page's context) and stores the user as the app does. */
async function signIn(page: Page, request: APIRequestContext, email: string, baseURL: string) {
  const res = await request.post('/api/v1/users/login', { data: { email, password: 'Kiraya123' }, headers: { origin: baseURL } });
  expect(res.ok()).toBeTruthy();
  const { data } = await res.json();
  await gotoReady(page, '/properties');
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), data.user);
}

/** WCAG 2 A/AA axe check, toasts included. */
async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let owner: BrowserContext;
let ownerPage: Page;
let propertyId = '';

test.beforeAll(async ({ browser, baseURL }) => {
  owner = await browser.newContext({ baseURL });
  ownerPage = await owner.newPage();
  await signIn(ownerPage, ownerPage.request, 'priya@kiraya.demo', baseURL as string);
});
test.afterAll(async () => {
  await owner.close();
});

test('owner adds a property with two images through the wizard', async () => {
  const page = ownerPage;
  await page.goto('/OwnerDashboard/Properties');
  await expect(page.getByRole('heading', { level: 1, name: 'Properties Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All fields are required');
  await dialog.getByLabel('Property Name').fill(TITLE);
  await dialog.getByLabel('Amenities').fill('WiFi, Covered parking for two cars, Lift');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByLabel('Street').fill('21 Gangapur Road');
  await dialog.getByLabel('City').fill(CITY);
  await dialog.getByLabel('State').fill('Maharashtra');
  await dialog.getByLabel('Pincode').fill('422013');
  await dialog.getByLabel('Landmark').fill('Opposite Lake Garden');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill all required fields');
  await dialog.getByRole('button', { name: 'Duplex' }).click();
  await dialog.getByLabel('Property Description').fill('Two-storey duplex with a shared terrace.');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog
    .locator('input[type=file]')
    .setInputFiles([
      await image('front.png', { r: 30, g: 120, b: 110 }, 'png'),
      await image('hall.jpg', { r: 200, g: 150, b: 60 }, 'jpeg'),
    ]);
  await expect(dialog.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Property Submitted Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toBeVisible();
  await expect(card.getByText('Covered parking...')).toBeVisible();
  const href = await card.getByRole('link', { name: `Edit ${TITLE}` }).getAttribute('href');
  propertyId = href?.split('/').pop() ?? '';
  expect(propertyId).not.toBe('');
  await axe(page);
});

test('owner edits the property: text and images (B14)', async () => {
  const page = ownerPage;
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Property' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(TITLE);
  await page.getByLabel('Description').fill('Two-storey duplex with a shared terrace and a garden.');
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await page.locator('input[type=file]').setInputFiles([await image('garden.png', { r: 60, g: 160, b: 60 }, 'png')]);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Data updated!!')).toBeVisible();
  await expect(page).toHaveURL(/\/OwnerDashboard\/Properties$/);
  await expect(page.getByRole('article').filter({ hasText: TITLE })).toContainText('and a garden.');
  const res = await page.request.get(`/api/v1/properties/${propertyId}`);
  expect((await res.json()).data.images).toHaveLength(2);
});

async function addRoom(page: Page, n: string, rent: string, tenantLabel: 'Family' | 'Bachelor' | 'All') {
  await page.getByRole('button', { name: 'Add new room' }).click();
  const d = page.getByRole('dialog', { name: 'Add New Room' });
  await d.getByLabel('Room Number').fill(n);
  await d.getByLabel('Room Type').fill('1bhk');
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByRole('alert')).toHaveText('All fields are required');
  await d.getByLabel('Tenant Type').selectOption({ label: tenantLabel });
  await d.getByLabel('Floor').fill('1');
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByLabel('Allowed Members').fill('2');
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByLabel('Furnished', { exact: true }).check();
  await d.getByLabel('Attached', { exact: true }).check();
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByLabel('Description').fill(`Room ${n} with a balcony.`);
  await d.getByLabel('Rent Amount / Month').fill(rent);
  await d.getByRole('button', { name: 'Next' }).click();
  await d.locator('input[type=file]').setInputFiles([await image(`room-${n}.png`, { r: 90, g: 90, b: 200 }, 'png')]);
  await d.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Room Submitted Successfully').first()).toBeVisible();
  await expect(d).toBeHidden();
}

test('owner adds two rooms and sees them on the Rooms Dashboard', async () => {
  const page = ownerPage;
  await page.getByRole('article').filter({ hasText: TITLE }).getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('No rooms found')).toBeVisible();
  await addRoom(page, '101', '8500', 'All');
  await addRoom(page, '102', '12000', 'Family');
  const r101 = page.getByRole('button', { name: /Room 101/ });
  await expect(r101).toContainText('Any');
  await expect(r101).toContainText('₹8,500/month');
  await expect(r101).toContainText('Vacant');
  await expect(page.getByRole('button', { name: /Room 102/ })).toContainText('Family');
  await r101.click();
  await expect(page.getByRole('tab', { name: 'Tenant Details' })).toBeVisible();
  await expect(page.getByText('No Tenant Assigned')).toBeVisible();
  await axe(page);
});

test('a visitor finds the property by text and by a filter, and opens its rooms', async ({ page }) => {
  await gotoReady(page, '/properties');
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(`Kestrel Court ${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=Kestrel/);
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toBeVisible();
  await expect(card).toContainText('from ₹8,500/month');
  await expect(card).toContainText('priya_owner');

  await page.getByLabel('Property type').selectOption('Villa');
  await expect(page.getByText('No properties match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Villa' }).click();
  await page.getByRole('button', { name: 'Remove filter “Kestrel' }).click();
  await page.getByLabel('Property type').selectOption('Duplex');
  await page.getByLabel('City').fill(CITY);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`propertyType=Duplex.*city=${CITY}`));
  await page.reload();
  await expect(page.getByRole('button', { name: `Remove filter City: ${CITY}` })).toBeVisible();
  await expect(card).toBeVisible();
  await axe(page);

  await card.getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${propertyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(`${CITY}, Maharashtra`)).toBeVisible();
  await expect(page.getByText('₹8,500/month')).toBeVisible();
  await expect(page.getByText('₹12,000/month')).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Send Message' }).first().click();
  await expect(page).toHaveURL(/\/auth\?why=message&next=%2Fproperties%2F/);
});

test('a visitor filters for a 2 BHK furnished flat for a family under ₹25,000 in Indiranagar (ADR 048)', async ({ page }) => {
  await gotoReady(page, '/properties?minRent=0&maxRent=25000');
  // A typo in the locality is forgiven (pg_trgm).
  await page.getByLabel('Locality').fill('Indranagar');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByLabel('BHK or sharing').selectOption('2BHK');
  await page.getByLabel('Furnishing').selectOption('furnished');
  await page.getByLabel('Who may rent').selectOption('family');
  await expect(page).toHaveURL(/locality=Indranagar&bhk=2BHK&furnishing=furnished&tenantType=family&minRent=0&maxRent=25000/);
  const card = page.getByRole('article').filter({ hasText: 'Indiranagar Lake View Apartments' });
  await expect(card).toContainText('2 BHK · Furnished · Family · Indiranagar');
  await expect(page.getByText('1 property found')).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Furnished' }).click();
  await expect(page).not.toHaveURL(/furnishing=/);
});

test('a tenant finds the property through Search and opens its rooms', async ({ page, baseURL }) => {
  await signIn(page, page.request, 'rahul@kiraya.demo', baseURL as string);
  await page.goto('/TenantDashboard/Search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Properties' })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(TITLE);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await card.getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/TenantDashboard/Search/${propertyId}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Room 101' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Phone Number' }).first().click();
  await expect(page).toHaveURL(/\/TenantDashboard\/OwnerDetails$/);
});

test('owner deletes a room and then the property through the confirmation dialog', async () => {
  const page = ownerPage;
  await page.goto(`/OwnerDashboard/rooms/${propertyId}`);
  await page.getByRole('button', { name: /Room 102/ }).click();
  await page.getByRole('button', { name: 'Delete room' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Room deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /Room 102/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Room 101/ })).toBeVisible();

  await page.goto('/OwnerDashboard/Properties');
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Property deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});
