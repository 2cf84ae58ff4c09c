import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newUser, signUpViaApi, test } from './fixtures';

/**
 * Journey of issue 25 (password reset): a user who forgot the password follows "Forgot password?" from sign-in,
 * gives the email, opens the reset link from the development mailbox (no SMTP in e2e: the outbox worker marks
 * mail delivered there), chooses a new password, and signs in with it; the old one no longer works.
 * Screenshots (1280 and 390 px wide) go to MAIL_SHOTS_DIR when set.
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

test('forgot password → the link from the dev mailbox → a new password → signed in with it', async ({ page, request, baseURL }) => {
  const user = newUser('tenant');
  await signUpViaApi(request, user, baseURL as string);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the lazy page has replaced sign-in (whose form has an Email field too).
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await shot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses that email')).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker delivers within a second or two.
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/v1/dev/mailbox');
        const box = ((await res.json()) as { data: Mail[] }).data;
        mail = box.find((m) => m.to === user.email && m.subject === 'Reset your Kiraya password');
        return !!mail;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');

  // The development mailbox page lists it and shows it rendered.
  await page.goto('/dev/mailbox');
  await page.getByRole('button', { name: new RegExp(`Reset your Kiraya password\\s*To ${user.email.replace(/[.+]/g, '\\$&')}`) }).click();
  await expect(page.frameLocator('iframe[title="Email: Reset your Kiraya password"]').getByText('Choose a new password')).toBeVisible();
  await shot(page, 'dev-mailbox');

  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('Fresh4567');
  await page.getByLabel('Confirm new password').fill('Fresh4567');
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();
  await expectNoAxeViolations(page);

  // The link works once.
  const again = await request.post('/api/v1/users/reset-password', {
    data: { token: new URL(link).searchParams.get('token'), password: 'Other4567', confirmPassword: 'Other4567' },
    headers: { origin: baseURL as string },
  });
  expect(again.status()).toBe(400);

  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel('Password').fill('Fresh4567');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/TenantDashboard$/);

  // Profile's email settings: a category switched off stays off.
  await page.goto('/TenantDashboard/Profile');
  const reminders = page.getByRole('checkbox', { name: /Rent reminders/ });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await expect(page.getByText('Email settings saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Rent reminders/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Payments and bills/ })).toBeChecked();
  await page.getByRole('heading', { name: 'Email notifications' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-email-settings');
});
