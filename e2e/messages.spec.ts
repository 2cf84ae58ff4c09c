import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, gotoReady, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journey of issue 11 (messages, B7), two browser contexts that never reload: Rahul sends a maintenance
 * request from his room's Maintenance Request tile and Priya sees it in the room's Messages tab, answers,
 * and Rahul sees the answer; a new tenant sends an enquiry with Send Message on a room card, Priya answers
 * it, and the tenant's bell shows the notification. Live delivery: server-sent events (ADR 017).
 */
test.describe.configure({ mode: 'serial' });

const PROPERTY = 'Indiranagar Lake View Apartments';
const ROOM = '101';

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;
let propertyId = '';
const stamp = Date.now().toString(36);

async function roomMessages(page: Page, roomNumber: string) {
  await page.goto(`/OwnerDashboard/rooms/${propertyId}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) }) });
  await card.getByRole('button', { name: new RegExp(`^Room ${roomNumber}\\b`) }).click();
  await card.getByRole('tab', { name: 'Messages' }).click();
  return card;
}

test.beforeAll(async ({ browser, baseURL }) => {
  ownerCtx = await browser.newContext();
  tenantCtx = await browser.newContext();
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await loginViaApi(owner, DEMO.owner, baseURL as string, '/OwnerDashboard');
  const mine = await owner.request.get('/api/v1/properties/fetch-properties');
  propertyId = ((await mine.json()).data as { _id: string; title: string }[]).find((p) => p.title === PROPERTY)?._id ?? '';
  expect(propertyId).not.toBe('');
});
test.afterAll(async () => {
  await ownerCtx?.close();
  await tenantCtx?.close();
});

test('a maintenance request and its answer reach the other side without a reload', async ({ baseURL }) => {
  const card = await roomMessages(owner, ROOM);
  await expect(card.getByRole('log', { name: 'Messages with Rahul Verma' })).toBeVisible();

  await loginViaApi(tenant, DEMO.tenant, baseURL as string, '/TenantDashboard/MyRooms');
  await tenant
    .getByRole('link', { name: new RegExp(`Room ${ROOM}`) })
    .first()
    .click();
  await tenant.getByRole('link', { name: /Maintenance Request/ }).click();
  await expect(tenant).toHaveURL(/\/TenantDashboard\/Messages\?room=.+&mode=maintenance/);
  await expect(tenant.getByRole('checkbox', { name: 'Maintenance request' })).toBeChecked();
  const request = `The geyser in the bathroom does not heat (${stamp}).`;
  await tenant.getByLabel('Message to Priya Raghavan').fill(request);
  await tenant.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(tenant.getByRole('log').getByText(request)).toBeVisible();

  // The owner's open tab shows it (live), marked as a maintenance request.
  const ownerLog = card.getByRole('log', { name: 'Messages with Rahul Verma' });
  const arrived = ownerLog.getByRole('listitem').filter({ hasText: request });
  await expect(arrived).toBeVisible();
  await expect(arrived.getByText('Maintenance request')).toBeVisible();

  const answer = `A plumber will come tomorrow at 10 (${stamp}).`;
  await card.getByLabel('Message to Rahul Verma').fill(answer);
  await card.getByLabel('Message to Rahul Verma').press('Enter');
  await expect(ownerLog.getByText(answer)).toBeVisible();
  await expect(tenant.getByRole('log').getByText(answer)).toBeVisible();
  await expectNoAxeViolations(tenant);
});

test('an enquiry from a room card is answered from the room’s Messages tab; the tenant’s bell counts it', async ({ baseURL }) => {
  const asker = newUser('tenant');
  await signUpViaApi(tenant.request, asker, baseURL as string);
  await loginViaApi(tenant, asker.email, baseURL as string, '/TenantDashboard', asker.password);
  await gotoReady(tenant, `/TenantDashboard/Search/${propertyId}`);
  const available = tenant
    .getByRole('article')
    .filter({ has: tenant.getByText('Available', { exact: true }) })
    .first();
  const roomNumber = ((await available.getByRole('heading').first().textContent()) ?? '').replace('Room ', '').trim();
  await available.getByRole('button', { name: 'Send Message' }).click();
  await expect(tenant.getByRole('heading', { name: 'New message to the owner' })).toBeVisible();
  const question = `Is this room free from next month? (${stamp})`;
  await tenant.getByLabel('Message', { exact: true }).fill(question);
  await tenant.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(tenant.getByRole('log', { name: 'Messages with Priya Raghavan' }).getByText(question)).toBeVisible();
  await expect(tenant.getByTestId('bell-count')).toHaveCount(0);

  const card = await roomMessages(owner, roomNumber);
  // The room may have other conversations (the demo's enquiry): open this tenant's.
  const pick = card.getByRole('button', { name: new RegExp(asker.fullName) });
  if (await pick.count()) await pick.click();
  const log = card.getByRole('log', { name: `Messages with ${asker.fullName}` });
  await expect(log.getByText(question)).toBeVisible();
  const reply = `Yes, from the 1st. Parking is included (${stamp}).`;
  await card.getByLabel(`Message to ${asker.fullName}`).fill(reply);
  await card.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(tenant.getByRole('log').getByText(reply)).toBeVisible();
  // The tenant has the conversation open: the reply is read there, and so is its notification.
  await expect(tenant.getByTestId('bell-count')).toHaveCount(0);

  // Away from the conversation, the next reply is counted on the bell.
  await tenant.goto('/TenantDashboard');
  const later = `The room is yours if you want it (${stamp}).`;
  await card.getByLabel(`Message to ${asker.fullName}`).fill(later);
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(tenant.getByTestId('bell-count')).toHaveText('1');
  await tenant.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  await expect(tenant.getByRole('menuitem', { name: /New message from Priya Raghavan/ }).first()).toBeVisible();
  await expectNoAxeViolations(owner);
});
