import type { BrowserContext, Locator, Page } from '@playwright/test';
import { isoToDayMonthYear, todayInIndia } from '@kiraya/contract/dates';
import { DEMO, expect, expectNoAxeViolations, gotoReady, loginViaApi, type NewUser, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journey of issue 8 (tenancy), two browser contexts: the owner invites a fresh tenant to two rooms; the
 * tenant accepts one (only that row changes) and finds it in My Rooms; the owner sees the tenant in Tenant
 * Details; the tenant rejects the other (only that row changes) and the owner sees it rejected; the owner
 * vacates the room and the public page shows it vacant. axe runs on every new screen.
 */

test.describe.configure({ mode: 'serial' });

const FIRST = { property: 'Gachibowli Studio Residences', room: 'S-4' };
const SECOND = { property: 'Koramangala Bachelor Nest', room: 'A2' };

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenantPage: Page;
let tenant: NewUser;
const propertyIds: Record<string, string> = {};

/** axe once transitions (a toast sliding in, a dialog opening) have finished, so colours are final. */
async function axe(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(page);
}

const roomCard = (page: Page, room: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('button', { name: new RegExp(`^Room ${room}\\b`) }) });

async function openRoom(page: Page, property: string, room: string): Promise<Locator> {
  await page.goto(`/OwnerDashboard/rooms/${propertyIds[property]}`);
  const card = roomCard(page, room);
  const header = card.getByRole('button', { name: new RegExp(`^Room ${room}\\b`) });
  await expect(header).toBeVisible();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await card.getByRole('tab', { name: 'Tenant Details' }).click();
  return card;
}

async function invite(page: Page, property: string, room: string, username: string) {
  const card = await openRoom(page, property, room);
  await card.getByRole('button', { name: 'Assign Tenant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Tenant' });
  await dialog.getByRole('searchbox').fill('no-such-tenant-zz');
  await expect(dialog.getByText('No tenant has this username, phone number or email.')).toBeVisible();
  await dialog.getByRole('searchbox').fill(username);
  await dialog.getByRole('button', { name: `Add ${username}` }).click();
  await expect(page.getByText('Request sent')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: tenant.fullName })).toContainText(
    'Pending',
  );
  await expect(dialog.getByRole('button', { name: `Request sent to ${username}` })).toBeDisabled();
  return dialog;
}

test.beforeAll(async ({ browser, baseURL }) => {
  tenant = newUser('tenant');
  ownerCtx = await browser.newContext({ baseURL });
  tenantCtx = await browser.newContext({ baseURL });
  owner = await ownerCtx.newPage();
  tenantPage = await tenantCtx.newPage();
  await signUpViaApi(tenantPage.request, tenant, baseURL as string);
  await loginViaApi(owner, DEMO.owner, baseURL as string, '/OwnerDashboard');
  await loginViaApi(tenantPage, tenant.email, baseURL as string, '/TenantDashboard', tenant.password);
  const res = await owner.request.get('/api/v1/properties/fetch-properties');
  expect(res.ok()).toBeTruthy();
  for (const p of (await res.json()).data as { _id: string; title: string }[]) propertyIds[p.title] = p._id;
  expect(propertyIds[FIRST.property] && propertyIds[SECOND.property]).toBeTruthy();
});
test.afterAll(async () => {
  await ownerCtx.close();
  await tenantCtx.close();
});

test('a new tenant has no rooms and no requests', async () => {
  await tenantPage.goto('/TenantDashboard/MyRooms');
  await expect(tenantPage.getByText('No Rooms Found')).toBeVisible();
  await expect(tenantPage.getByRole('link', { name: 'Search Properties' })).toBeVisible();
  await axe(tenantPage);
  await tenantPage.goto('/TenantDashboard/Requests');
  await expect(tenantPage.getByText('No requests available')).toBeVisible();
  await axe(tenantPage);
});

test('the owner searches the tenant and invites them to two rooms', async () => {
  const dialog = await invite(owner, FIRST.property, FIRST.room, tenant.username);
  await axe(owner);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await invite(owner, SECOND.property, SECOND.room, tenant.username);
  await owner.getByRole('dialog', { name: 'Search Tenant' }).getByRole('button', { name: 'Close' }).click();
  // The room's card lists the invitation with its status too.
  await expect(roomCard(owner, SECOND.room).getByRole('list', { name: 'Invitations' })).toContainText('Pending');
  await axe(owner);
});

test('the tenant accepts one invitation: only that row changes, and the room is in My Rooms', async () => {
  await tenantPage.goto('/TenantDashboard');
  await expect(tenantPage.getByRole('link', { name: /Requests ?\(2 pending requests\)/ })).toBeVisible();
  await axe(tenantPage);
  await tenantPage.getByRole('link', { name: /Requests/ }).click();
  await expect(tenantPage).toHaveURL(/\/TenantDashboard\/Requests$/);
  const first = tenantPage.getByRole('article').filter({ hasText: `Room ${FIRST.room}` });
  const second = tenantPage.getByRole('article').filter({ hasText: `Room ${SECOND.room}` });
  await expect(first).toContainText('Priya');
  await expect(first).toContainText(FIRST.property);
  await axe(tenantPage);

  await first.getByRole('button', { name: /^Accept/ }).click();
  await expect(tenantPage.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expect(first.getByText('Accepted')).toBeVisible();
  await expect(first.getByRole('button')).toHaveCount(0);
  await expect(second.getByRole('button', { name: /^Accept/ })).toBeEnabled();
  await expect(second.getByRole('button', { name: /^Reject/ })).toBeEnabled();
  await axe(tenantPage);

  await tenantPage.goto('/TenantDashboard');
  await tenantPage.getByRole('link', { name: /My Rooms/ }).click();
  // The room's tile (the deposit billed at acceptance also gives it a "Pay … for Room …" link, ADR 029).
  const card = tenantPage.getByRole('link', { name: new RegExp(`^Room ${FIRST.room}`) });
  await expect(card).toContainText(FIRST.property);
  await axe(tenantPage);
  await card.click();
  await expect(tenantPage.getByRole('heading', { level: 1, name: `Room ${FIRST.room}` })).toBeVisible();
  await expect(tenantPage.getByText('Last Bill', { exact: true })).toBeVisible();
  await tenantPage.getByRole('button', { name: /Billing History/ }).click();
  // The lease's security deposit (Assign Tenant offers one month's rent) is billed when the tenant accepts (ADR 029).
  await expect(tenantPage.getByRole('heading', { level: 3, name: /\b1 bill\b/ })).toBeVisible();
  await axe(tenantPage);
  await tenantPage.getByRole('link', { name: 'Back to Rooms' }).click();
  await expect(tenantPage).toHaveURL(/\/TenantDashboard\/MyRooms$/);
});

test('the owner sees the tenant in Tenant Details, with Vacate instead of Assign Tenant and Delete', async () => {
  const card = await openRoom(owner, FIRST.property, FIRST.room);
  await expect(card.getByText(tenant.fullName)).toBeVisible();
  await expect(card.getByText('Current Tenant')).toBeVisible();
  await expect(card.getByText(tenant.email)).toBeVisible();
  await expect(card.getByText(/^XXXX XXXX \d{4}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Vacate' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Assign Tenant' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete room' })).toHaveCount(0);
  await axe(owner);
});

test('the tenant rejects the second invitation: only that row changes; the owner sees it rejected', async () => {
  await tenantPage.goto('/TenantDashboard/Requests');
  const second = tenantPage.getByRole('article').filter({ hasText: `Room ${SECOND.room}` });
  await second.getByRole('button', { name: /^Reject/ }).click();
  // Reject asks first (issue 19).
  await tenantPage.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(second.getByText('Rejected')).toBeVisible();
  await expect(second.getByRole('button')).toHaveCount(0);
  await expect(tenantPage.getByRole('article').filter({ hasText: `Room ${FIRST.room}` })).toHaveCount(0);
  await axe(tenantPage);

  const card = await openRoom(owner, SECOND.property, SECOND.room);
  await expect(card.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: tenant.fullName })).toContainText(
    'Rejected',
  );
});

test('the owner vacates the room and the public page shows it vacant', async ({ browser, baseURL }) => {
  const card = await openRoom(owner, FIRST.property, FIRST.room);
  await card.getByRole('button', { name: 'Vacate' }).click();
  const dialog = owner.getByRole('dialog', { name: `Vacate room ${FIRST.room}` });
  await expect(dialog.getByRole('textbox', { name: /^Move-out date/ })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  // It defaults to the end of the lease's notice period (ADR 041); moving out today needs a reason.
  await dialog.getByRole('textbox', { name: /^Move-out date/ }).fill(isoToDayMonthYear(todayInIndia()));
  await dialog.getByRole('textbox', { name: /^Reason for the earlier move-out/ }).fill('The tenant leaves early by agreement.');
  await axe(owner);
  await dialog.getByRole('button', { name: 'Vacate' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('No Tenant Assigned')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Assign Tenant' })).toBeVisible();

  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await gotoReady(page, `/properties/${propertyIds[FIRST.property]}`);
  const room = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Room ${FIRST.room}` }) });
  await expect(room.getByText('Available', { exact: true })).toBeVisible();
  await visitor.close();

  // The former tenant keeps the tenancy as history.
  await tenantPage.goto('/TenantDashboard/MyRooms');
  await expect(tenantPage.getByText('No Rooms Found')).toBeVisible();
  await expect(tenantPage.getByRole('region', { name: 'Past tenancies' })).toContainText(`Room ${FIRST.room}`);
});
