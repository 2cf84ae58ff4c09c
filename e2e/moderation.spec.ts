import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, gotoReady, type NewUser, newUser, signUpViaApi, test, unique } from './fixtures';

/**
 * Journey of issue 26 (items 1, 3, 4, 5; ADR 037): a tenant reports a listing as a broker (a visitor first, sent to sign
 * in and brought back to the open report dialog); a moderator made by `npm run admin` signs in, sees the report in the
 * queue and, on the listing, its signals (a photo also used in another owner's listing, the owner's recent listings),
 * hides it with a reason; the listing is gone from /properties and its page answers 404; the owner sees why, from the
 * notification; the tenant hears the outcome; the audit log keeps the action. Axe checks each moderator page.
 * Screenshots (1280 and 390 px wide) go to MODERATION_SHOTS_DIR when set.
 */
const SHOTS = process.env.MODERATION_SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const ADVICE = 'Never pay a deposit or token amount before you have seen the room and met the owner';
const REASON = 'Broker posing as owner: asked two tenants for a token amount before any visit.';

/** A photo with a pattern of its own (its perceptual hash matches no other spec's plain colours). */
async function patternPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="#f5efe0"/>
    <rect x="30" y="40" width="180" height="260" fill="#1d4e89"/>
    <circle cx="340" cy="120" r="80" fill="#d1495b"/>
    <polygon points="250,330 460,330 360,190" fill="#2e933c"/>
    <rect x="60" y="80" width="40" height="60" fill="#ffd23f"/>
  </svg>`;
  return { name: 'front.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

/** Signs a fresh account in on a request context of its own (cookies kept there). */
async function apiAs(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, u: { email: string; password: string }) {
  const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post('/api/v1/users/login', { data: { email: u.email, password: u.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** A listing with the pattern photo and one room; answers its id. */
async function listWithPhoto(api: APIRequestContext, title: string, city: string): Promise<string> {
  const photo = await patternPhoto();
  const created = await api.post('/api/v1/properties/add-new-property', {
    multipart: {
      title,
      description: 'Two rooms over a quiet lane, near the market.',
      street: '4 Temple Street',
      city,
      state: 'Karnataka',
      pincode: '570001',
      landmark: 'Near the clock tower',
      amenities: 'WiFi, Water purifier',
      propertyType: 'Apartment/Flat',
      propertyImages: photo,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const propertyId = ((await created.json()) as { data: { _id: string } }).data._id;
  const room = await api.post('/api/v1/rooms/new-room', {
    multipart: {
      propertyId,
      roomNumber: 'A-1',
      roomType: '1BHK',
      tenantType: 'Both',
      floor: '1',
      rentAmount: '9000',
      maxOccupancy: '2',
      isFurnitured: 'true',
      hasAttachedBath: 'true',
      description: 'A bright room with a balcony.',
      roomImages: photo,
    },
  });
  expect(room.status(), await room.text()).toBe(201);
  return propertyId;
}

/** `npm run admin -- create` against the e2e server's data directory (the running server runs it, ADR 037). */
function createModerator(dataDir: string, email: string, password: string) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin.ts', 'create', '--email', email, '--password', password],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }, encoding: 'utf8', timeout: 90_000 },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
}

test.describe.configure({ mode: 'serial' });

const stamp = unique();
const TITLE = `Broker Nest ${stamp}`;
const CITY = 'Mysuru';
let owner: NewUser;
let other: NewUser;
let tenant: NewUser;
let propertyId = '';
let otherPropertyId = '';
let otherOwnerApi: APIRequestContext;
const moderator = { email: `moderator.${stamp}@example.com`, password: 'Moderate123' };
let tenantCtx: BrowserContext;
let tenantPage: Page;

test.beforeAll(async ({ playwright, baseURL, browser }) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  owner = newUser('owner');
  other = newUser('owner');
  tenant = newUser('tenant');
  const visitor = await playwright.request.newContext({ baseURL: base });
  for (const u of [owner, other, tenant]) await signUpViaApi(visitor, u, base);
  await visitor.dispose();
  // Another owner listed the same photo first: the reported listing reuses it.
  otherOwnerApi = await apiAs(playwright, base, other);
  otherPropertyId = await listWithPhoto(otherOwnerApi, `Lake View Homes ${stamp}`, 'Pune');
  const ownerApi = await apiAs(playwright, base, owner);
  propertyId = await listWithPhoto(ownerApi, TITLE, CITY);
  await ownerApi.dispose();
  tenantCtx = await browser.newContext({ baseURL: base });
  tenantPage = await tenantCtx.newPage();
});
test.afterAll(async () => {
  await tenantCtx?.close();
  await otherOwnerApi?.dispose();
});

test('a visitor who clicks Report signs in and comes back to the report dialog; the tenant reports the listing as a broker', async () => {
  const page = tenantPage;
  await gotoReady(page, `/properties/${propertyId}`);
  await expect(page.getByRole('complementary', { name: 'Safety advice' })).toContainText(ADVICE);
  await page.getByRole('button', { name: 'Report this listing' }).click();
  await expect(page).toHaveURL(/\/auth\?why=report&next=/);
  await expect(page.getByText('Sign in to report this listing to Kiraya.', { exact: false })).toBeVisible();
  await page.getByLabel('Email').fill(tenant.email);
  await page.getByLabel('Password').fill(tenant.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(new RegExp(`/properties/${propertyId}#report-property-${propertyId}$`));
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose why you are reporting this.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Broker posing as owner' }).check();
  await dialog
    .getByLabel(/Details/)
    .fill('He said he is the owner, but the guard says the flat belongs to someone else. He wants ₹5,000 first.');
  await shot(page, 'report-dialog');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. A moderator will look at your report.', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();
  const reported = page.getByRole('button', { name: 'Reported' });
  await expect(reported).toHaveAttribute('aria-disabled', 'true');

  // Reported stays after a reload (GET /reports/mine); a second report of the same listing is refused by the server.
  await gotoReady(page, `/properties/${propertyId}`);
  await expect(page.getByRole('button', { name: 'Reported' })).toBeVisible();
  const again = await page.request.post('/api/v1/reports', {
    data: { targetType: 'property', targetId: propertyId, reason: 'broker' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('You have already reported this. We will tell you what we decide.');
});

test('a moderator made by `npm run admin` sees the report with its signals and hides the listing with a reason', async ({
  browser,
  baseURL,
  kiraya,
}) => {
  test.setTimeout(120_000);
  createModerator(kiraya.dataDir, moderator.email, moderator.password);
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  try {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(moderator.email);
    await page.getByLabel('Password').fill(moderator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/AdminDashboard$/);

    // The queue: the listing, its owner, the reports by reason, when first reported.
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    const row = page.getByRole('article').filter({ hasText: TITLE });
    await expect(row).toContainText(`Owner: ${owner.fullName}`);
    await expect(row.getByRole('list', { name: 'Reports by reason' })).toContainText('Broker posing as owner');
    await expect(row).toContainText('1 open report');
    await expect(row).toContainText('first reported');
    await shot(page, 'admin-queue');
    await expectNoAxeViolations(page);

    // The listing: its report and the signals about its owner.
    await row.getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`/AdminDashboard/Reports/property/${propertyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const reports = page.getByRole('region', { name: 'Reports (1)' });
    await expect(reports).toContainText('Broker posing as owner');
    await expect(reports).toContainText(`By ${tenant.fullName}`);
    const signals = page.getByRole('region', { name: 'Signals' });
    await expect(signals).toContainText('1 property in 1 city');
    // One entry for the other listing (its photo and room photo both match: the closest pair is shown).
    await expect(signals.getByRole('img', { name: `As ${other.fullName} posted it` })).toHaveCount(1);
    await expect(signals.getByRole('link', { name: `${other.fullName}'s listing` })).toBeVisible();
    await expect(signals).toContainText('1 report in all');
    await shot(page, 'admin-target');
    await expectNoAxeViolations(page);

    // Hide listing: a reason is required, then it is hidden.
    await page.getByRole('button', { name: 'Hide listing' }).click();
    const dialog = page.getByRole('dialog', { name: `Hide the listing: ${TITLE}` });
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await expect(dialog.getByText('Please give the reason for this action (3 to 1000 characters).')).toBeVisible();
    await dialog.getByLabel(/Reason/).fill(REASON);
    await shot(page, 'admin-hide-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await expect(page.getByText('Listing hidden.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const about = page.getByRole('region', { name: 'What is reported' });
    await expect(about).toContainText('Hidden');
    await expect(about).toContainText(REASON);
    await expect(about.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What moderators did' })).toContainText(REASON);

    // Back to the queue (the listing has left it), then the audit log, newest first: this action on top.
    await page.getByRole('link', { name: 'Report queue' }).click();
    await expect(page.getByRole('article').filter({ hasText: TITLE })).toHaveCount(0);
    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('list', { name: 'Moderator actions, newest first' });
    await expect(log.getByRole('listitem').first()).toContainText('Hide the listing');
    await expect(log.getByRole('listitem').first()).toContainText(REASON);
    await shot(page, 'admin-audit');
    await expectNoAxeViolations(page);
  } finally {
    await ctx.close();
  }
});

test('the hidden listing is gone from /properties and its page answers 404', async ({ request }) => {
  const list = await request.get(`/api/v1/properties/fetch-all-properties?q=${encodeURIComponent(TITLE)}`);
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  // The server-rendered search echoes the words searched for, but lists nothing and links nowhere.
  const html = await (await request.get(`/properties?q=${encodeURIComponent(TITLE)}`)).text();
  expect(html).toContain('0 properties found');
  expect(html.includes(`/properties/${propertyId}`), 'a link to the hidden listing').toBe(false);
  const page = await request.get(`/properties/${propertyId}`);
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain('<meta name="robots" content="noindex" />');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/properties/${propertyId}<`);
});

test('the owner sees why, from the notification; the tenant hears the outcome', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  try {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/OwnerDashboard$/);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(`Your listing "${TITLE}" was hidden by Kiraya moderators`) }).click();
    await expect(page).toHaveURL(new RegExp(`/OwnerDashboard/rooms/${propertyId}$`));
    const notice = page.getByRole('note', { name: 'Hidden by Kiraya moderators' });
    await expect(notice).toContainText(REASON);
    await shot(page, 'owner-hidden');
    await expectNoAxeViolations(page);
    await page.goto('/OwnerDashboard/Properties');
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await expect(card.getByRole('note', { name: 'Hidden by Kiraya moderators' })).toContainText(REASON);
  } finally {
    await ctx.close();
  }

  const notes = await tenantPage.request.get('/api/v1/notifications/list');
  const items = ((await notes.json()) as { data: { items: { title: string; body: string }[] } }).data.items;
  expect(items.map((n) => `${n.title}: ${n.body}`)).toContain('We looked at your report: Thank you: we took action on what you reported.');
});

test('a new enquiry carries the safety advice; an owner asking for a token by UPI is marked with it', async () => {
  const page = tenantPage;
  const rooms = ((await (await page.request.get(`/api/v1/rooms/${otherPropertyId}`)).json()) as { data: { _id: string }[] }).data;
  const roomId = rooms[0]?._id as string;
  await page.goto(`/TenantDashboard/Messages?room=${roomId}`);
  await expect(page.getByRole('heading', { name: 'New message to the owner' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Safety advice' })).toContainText(ADVICE);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is room A-1 still free? Can I see it on Saturday?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log', { name: `Messages with ${other.fullName}` })).toContainText('Can I see it on Saturday?');

  // The owner, who never rented to this tenant, asks for a token amount by UPI before any visit.
  const threads = (await (await otherOwnerApi.get('/api/v1/messages/threads')).json()) as { data: { threads: { _id: string }[] } };
  const threadId = threads.data.threads[0]?._id as string;
  const sent = await otherOwnerApi.post(`/api/v1/messages/thread/${threadId}`, {
    data: { text: 'Yes. Send the ₹5,000 token amount to lakeview@okhdfcbank today to book it.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const log = page.getByRole('log', { name: `Messages with ${other.fullName}` });
  const asking = log.getByRole('listitem').filter({ hasText: 'lakeview@okhdfcbank' });
  await expect(asking).toContainText('Warning: this message asks for money.');
  await expect(asking).toContainText(ADVICE);
  await expect(log.getByRole('listitem').filter({ hasText: 'Can I see it on Saturday?' })).not.toContainText('Warning');
  // The other person of the conversation can be reported from it.
  await expect(page.getByRole('button', { name: 'Report' })).toBeVisible();
  await shot(page, 'message-warning');
  await expectNoAxeViolations(page);
});
