import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, loginViaApi, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journey of issue 25 item 7, two browser contexts: an owner searches Assign Tenant for an email nobody has,
 * invites it by email, sees it waiting on the room; the email (development mailbox) links to sign-up with the
 * address filled in and the role Tenant; the new person signs up from it, opens the verification link, finds the invitation in Requests and
 * accepts; the owner's room shows the tenant. Screenshots (1280 and 390 px) go to MAIL_SHOTS_DIR when set.
 */
const SHOTS = process.env.MAIL_SHOTS_DIR ?? '';
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

type Mail = { to: string; subject: string; text: string; html: string; sentAt: string };

test('an owner invites an email with no account; the person signs up from the link and accepts', async ({ browser, baseURL }) => {
  const api = baseURL as string;
  const owner = newUser('owner');
  const invitee = newUser('tenant');
  const ownerCtx = await browser.newContext({ baseURL });
  const newCtx = await browser.newContext({ baseURL });
  const ownerPage = await ownerCtx.newPage();
  const page = await newCtx.newPage();
  try {
    // A fresh owner with one vacant room, through the API.
    await signUpViaApi(ownerPage.request, owner, api);
    await loginViaApi(ownerPage, owner.email, api, '/OwnerDashboard', owner.password);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 140, b: 120 } } })
      .png()
      .toBuffer();
    const image = { name: 'front.png', mimeType: 'image/png', buffer: png };
    const prop = await ownerPage.request.post('/api/v1/properties/add-new-property', {
      headers: { origin: api },
      multipart: {
        title: 'Invite Lane Residency',
        description: 'Quiet building near the metro with daily water supply and covered parking.',
        street: '9 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
        landmark: 'Near the park',
        amenities: 'WiFi, Parking',
        propertyType: 'Apartment/Flat',
        propertyImages: image,
      },
    });
    expect(prop.status(), await prop.text()).toBe(201);
    const propertyId = (await prop.json()).data._id as string;
    const room = await ownerPage.request.post('/api/v1/rooms/new-room', {
      headers: { origin: api },
      multipart: {
        propertyId,
        roomNumber: 'E-1',
        roomType: '1BHK',
        tenantType: 'Both',
        floor: '1',
        rentAmount: '9500',
        maxOccupancy: '2',
        isFurnitured: 'true',
        hasAttachedBath: 'true',
        description: 'Bright room with a balcony and a wardrobe.',
        roomImages: image,
      },
    });
    expect(room.status(), await room.text()).toBe(201);

    // Assign Tenant: nobody has the address, so the owner invites it by email.
    await ownerPage.goto(`/OwnerDashboard/rooms/${propertyId}`);
    const header = ownerPage.getByRole('button', { name: /^Room E-1\b/ });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await ownerPage.getByRole('tab', { name: 'Tenant Details' }).click();
    await ownerPage.getByRole('button', { name: 'Assign Tenant' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Search Tenant' });
    await dialog.getByRole('searchbox').fill(invitee.email);
    await expect(dialog.getByText('No tenant has this username, phone number or email.')).toBeVisible();
    await shot(ownerPage, 'invite-by-email-dialog');
    await dialog.getByRole('button', { name: 'Invite by email' }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${invitee.email}`).first()).toBeVisible();
    const waiting = dialog.getByRole('list', { name: 'Invitations by email' });
    await expect(waiting.getByRole('listitem').filter({ hasText: invitee.email })).toContainText('Waiting for sign-up');
    await ownerPage.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoAxeViolations(ownerPage);
    await shot(ownerPage, 'invite-by-email-waiting');

    // The invitation email, from the development mailbox.
    let mail: Mail | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/v1/dev/mailbox');
          mail = ((await res.json()) as { data: Mail[] }).data.find((m) => m.to === invitee.email);
          return !!mail;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(mail?.subject).toBe(`${owner.fullName} invites you to rent Room E-1, Invite Lane Residency`);
    expect(mail?.text).toContain('₹9,500/month');
    const link = mail?.text.match(/https?:\/\/\S+\/auth\?signup=1&role=tenant&email=\S+/)?.[0] ?? '';
    expect(link).not.toBe('');
    await page.goto('/dev/mailbox');
    await page
      .getByRole('button', { name: /invites you to rent Room E-1/ })
      .first()
      .click();
    await expect(page.frameLocator(`iframe[title="Email: ${mail?.subject}"]`).getByText('Sign up and see the invitation')).toBeVisible();
    await shot(page, 'invite-by-email-mail');

    // The link opens sign-up with the role Tenant and the address filled in.
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Tenant/ })).toBeChecked();
    await shot(page, 'invite-by-email-signup');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await page.getByLabel('Username').fill(invitee.username);
    await page.getByLabel('Full name').fill(invitee.fullName);
    await expect(page.getByText('Username is available.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 3 of 5')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
    await page.getByLabel('Phone number').fill(invitee.phoneNumber);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    await page.getByLabel('Aadhaar number').fill(invitee.aadharCardNumber);
    await page.getByLabel('Address').fill(invitee.address);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByLabel('Confirm password').fill(invitee.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/TenantDashboard$/);

    // The invitation waits for the address to be shown to be the new tenant's: the link sign-up sent (ADR 033).
    let verify: Mail | undefined;
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/v1/dev/mailbox');
          verify = ((await res.json()) as { data: Mail[] }).data.find(
            (m) => m.to === invitee.email && m.subject === 'Verify your email address for Kiraya',
          );
          return !!verify;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const verifyLink = new URL(verify?.text.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0] ?? '');
    await page.goto(verifyLink.pathname + verifyLink.search);
    await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();

    // The invitation is waiting in Requests; accepting it gives the room.
    await page.goto('/TenantDashboard/Requests');
    const request = page.getByRole('listitem').filter({ hasText: 'Invite Lane Residency' }).first();
    await expect(request).toBeVisible();
    await shot(page, 'invite-by-email-requests');
    await request.getByRole('button', { name: /^Accept/ }).click();
    await expect(request.getByText('Accepted')).toBeVisible();

    // The owner's room shows the tenant; the invitation by email is no longer waiting.
    await ownerPage.goto(`/OwnerDashboard/rooms/${propertyId}`);
    const header2 = ownerPage.getByRole('button', { name: /^Room E-1\b/ });
    if ((await header2.getAttribute('aria-expanded')) !== 'true') await header2.click();
    await ownerPage.getByRole('tab', { name: 'Tenant Details' }).click();
    await expect(ownerPage.getByText(invitee.fullName).first()).toBeVisible();
    await expect(ownerPage.getByText('Current Tenant')).toBeVisible();
    await expect(ownerPage.getByRole('list', { name: 'Invitations by email' })).toHaveCount(0);
  } finally {
    await ownerCtx.close();
    await newCtx.close();
  }
});
