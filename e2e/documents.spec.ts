import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, loginViaApi, test, unique } from './fixtures';

/**
 * Journey of issue 11 (documents, B7), two browser contexts: Rahul (tenant of room 101) uploads a PDF on
 * his room's page; Priya (owner) finds it in the room card's Documents tab and opens it: the PDF is served
 * inline from the same origin, sandboxed and nosniff. Then Rahul deletes it.
 */
test.describe.configure({ mode: 'serial' });

const PROPERTY = 'Indiranagar Lake View Apartments';
const ROOM = '101';
const NAME = `Lease ${unique()}.pdf`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let ownerCtx: BrowserContext;
let tenantCtx: BrowserContext;
let owner: Page;
let tenant: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  ownerCtx = await browser.newContext({ baseURL });
  tenantCtx = await browser.newContext({ baseURL });
  owner = await ownerCtx.newPage();
  tenant = await tenantCtx.newPage();
  await loginViaApi(owner, DEMO.owner, baseURL as string, '/OwnerDashboard');
  await loginViaApi(tenant, DEMO.tenant, baseURL as string, '/TenantDashboard');
});
test.afterAll(async () => {
  await ownerCtx.close();
  await tenantCtx.close();
});

test('the tenant uploads a document on their room page', async () => {
  const res = await tenant.request.get('/api/v1/tenant/room-details');
  const room = ((await res.json()).data as { roomId: string; room: { roomNumber: string } }[]).find((r) => r.room.roomNumber === ROOM);
  expect(room).toBeTruthy();
  await tenant.goto(`/TenantDashboard/MyRooms/${room?.roomId}`);
  const section = tenant.getByRole('region', { name: 'Documents' });
  await expect(section.getByRole('button', { name: 'Upload Documents' })).toBeVisible();
  await section.locator('input[type="file"]').setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: PDF });
  await expect(tenant.getByText('Document uploaded')).toBeVisible();
  await expect(section.getByRole('link', { name: `View ${NAME}` })).toBeVisible();
  await expect(section.getByRole('button', { name: `Delete ${NAME}` })).toBeVisible();
  await tenant.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(tenant);
});

test('the owner sees it in the Documents tab and opens it', async () => {
  const props = await owner.request.get('/api/v1/properties/fetch-properties');
  const propertyId = ((await props.json()).data as { _id: string; title: string }[]).find((p) => p.title === PROPERTY)?._id;
  expect(propertyId).toBeTruthy();
  await owner.goto(`/OwnerDashboard/rooms/${propertyId}`);
  const header = owner.getByRole('button', { name: new RegExp(`^Room ${ROOM}\\b`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const card = owner.getByRole('article').filter({ has: header });
  await card.getByRole('tab', { name: 'Documents' }).click();
  const view = card.getByRole('link', { name: `View ${NAME}` });
  await expect(view).toBeVisible();
  // Only the uploader deletes.
  await expect(card.getByRole('button', { name: `Delete ${NAME}` })).toHaveCount(0);
  const href = (await view.getAttribute('href')) as string;
  expect(href).toMatch(/^\/api\/v1\/documents\/file\/[0-9a-f-]{36}$/);
  const file = await owner.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toContain('inline;');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(file.headers()['content-security-policy']).toMatch(/^sandbox/);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  const [popup] = await Promise.all([owner.waitForEvent('popup'), view.click()]);
  expect(popup.url()).toContain(href);
  await popup.close();
  await owner.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(owner);
});

test('the tenant deletes it; the owner no longer sees it', async () => {
  const section = tenant.getByRole('region', { name: 'Documents' });
  await section.getByRole('button', { name: `Delete ${NAME}` }).click();
  await tenant.getByRole('alertdialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(tenant.getByText('Document deleted')).toBeVisible();
  await expect(section.getByRole('link', { name: `View ${NAME}` })).toHaveCount(0);
  await owner.reload();
  const header = owner.getByRole('button', { name: new RegExp(`^Room ${ROOM}\\b`) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const card = owner.getByRole('article').filter({ has: header });
  await card.getByRole('tab', { name: 'Documents' }).click();
  await expect(card.getByRole('link', { name: 'View Rent agreement.pdf' })).toBeVisible();
  await expect(card.getByRole('link', { name: `View ${NAME}` })).toHaveCount(0);
});
