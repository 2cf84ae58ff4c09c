import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, loginViaUi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journeys of issue 25 item 4 and issue 26 item 2 (ADR 033): a fresh owner signs up, sees the email banner, opens the
 * verification link from the development mailbox (the banner goes), lists a flat ("Owner not verified yet"), verifies
 * the phone with the code the development mailbox shows as an SMS, and the property page shows "Verified owner".
 * Screenshots (1280 and 390 px wide) go to TRUST_SHOTS_DIR when set.
 */
const SHOTS = process.env.TRUST_SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

type Mail = { channel: 'email' | 'sms'; to: string; subject: string; text: string };

/** Waits for the outbox worker to deliver a message the predicate finds, and answers it. */
async function waitForMail(request: APIRequestContext, find: (m: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/dev/mailbox');
        found = ((await res.json()) as { data: Mail[] }).data.find(find);
        return !!found;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

test('an owner verifies the email from the link and the phone with the SMS code; the listing shows "Verified owner"', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = newUser('owner');
  await signUpViaApi(request, owner, baseURL as string);
  await loginViaUi(page, owner.email, owner.password);

  // The account works at once, with the banner until the email is verified.
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(`Please verify your email address: we sent a link to ${owner.email}.`);
  await shot(page, 'email-banner');
  await expectNoAxeViolations(page);

  const mail = await waitForMail(
    request,
    (m) => m.channel === 'email' && m.to === owner.email && m.subject === 'Verify your email address for Kiraya',
  );
  await page.goto('/dev/mailbox');
  await page
    .getByRole('button', { name: /Verify your email address for Kiraya/ })
    .first()
    .click();
  await expect(page.frameLocator('iframe[title="Email: Verify your email address for Kiraya"]').getByText('Verify my email')).toBeVisible();
  await shot(page, 'verify-email-mail');
  const link = new URL(mail.text.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0] ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();
  await shot(page, 'verify-email');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/OwnerDashboard$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A listing of this owner: not verified yet (the phone is not).
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const title = `Verified Nest ${owner.username.slice(-6)}`;
  const created = await page.request.post('/api/v1/properties/add-new-property', {
    headers: { origin: baseURL as string },
    multipart: {
      title,
      description: 'A listing whose owner verifies the phone.',
      street: '9 Lake Road',
      city: 'Mysuru',
      state: 'Karnataka',
      pincode: '570001',
      landmark: 'Near the palace',
      amenities: 'WiFi',
      propertyType: 'Apartment/Flat',
      propertyImages: { name: 'front.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const propertyId = ((await created.json()) as { data: { _id: string } }).data._id;
  await page.goto(`/properties/${propertyId}`);
  await expect(page.getByText('Owner not verified yet')).toBeVisible();

  // Profile → Verify phone: the code arrives in the development mailbox as an SMS to the number.
  await page.goto('/OwnerDashboard/Profile');
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  const sms = await waitForMail(request, (m) => m.channel === 'sms' && m.to === `+91${owner.phoneNumber}`);
  const code = sms.text.match(/^(\d{6}) is your Kiraya verification code/)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel(/6-digit code/).fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await page.getByLabel(/6-digit code/).fill(code);
  await shot(page, 'verify-phone');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Phone verification' })).toContainText('Your phone number is verified.');
  await expectNoAxeViolations(page);

  // The development mailbox shows the SMS, marked as one.
  await page.goto('/dev/mailbox');
  await page
    .getByRole('button', { name: new RegExp(`SMS.*SMS to \\+91${owner.phoneNumber}`) })
    .first()
    .click();
  await expect(page.getByRole('article', { name: 'SMS' })).toContainText(code);
  await shot(page, 'dev-mailbox-sms');

  // The badge, on the property page and the public list (server-rendered for a visitor too).
  await page.goto(`/properties/${propertyId}`);
  await expect(page.getByText('Verified owner')).toBeVisible();
  await shot(page, 'property-verified');
  const visitor = await page.context().browser()?.newContext();
  const v = await visitor?.newPage();
  if (v) {
    await v.goto(`${baseURL}/properties?q=${encodeURIComponent(title)}`);
    await expect(v.getByRole('article').filter({ hasText: title }).getByText('Verified owner')).toBeVisible();
    await shot(v, 'list-verified');
    await visitor?.close();
  }
});
