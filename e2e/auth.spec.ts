import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoReady, loginViaUi, type NewUser, newUser, signUpViaApi, test } from './fixtures';

/** Journeys of issue "Foundation and accounts": sign-up, sign-in, dashboards, profile, guards, logout. */

async function signUpThroughWizard(page: Page, u: NewUser) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await page.getByText(u.role === 'owner' ? 'House Owner' : 'Tenant', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.getByLabel('Username').fill(u.username);
  await page.getByLabel('Full name').fill(u.fullName);
  await expect(page.getByText('Username is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Phone number').fill(u.phoneNumber);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await page.getByLabel('Aadhaar number').fill(u.aadharCardNumber);
  await page.getByLabel('Address').fill(u.address);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByLabel('Confirm password').fill(u.password);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('Signup successful!')).toBeVisible();
  // The new account is signed in and on its dashboard (issue 19), not on an empty sign-in form.
  await expect(page).toHaveURL(new RegExp(`${u.role === 'owner' ? '/OwnerDashboard' : '/TenantDashboard'}$`));
}

test('the landing page is prerendered, hydrates cleanly and passes axe', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('How it works');
  await gotoReady(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'For tenants' }).click();
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(12);
  await expectNoAxeViolations(page);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(messages).toEqual([]);
});

test('the mobile menu opens, closes on Escape and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoReady(page, '/');
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const panelId = await button.getAttribute('aria-controls');
  await button.click();
  await page.locator(`[id="${panelId}"]`).getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('a visitor opening a dashboard route is told why on /auth and brought back after signing in', async ({ page }) => {
  await page.goto('/OwnerDashboard/Properties');
  await expect(page).toHaveURL(/\/auth\?why=page&next=%2FOwnerDashboard%2FProperties$/);
  await page.goto('/TenantDashboard/Billings');
  await expect(page).toHaveURL(/\/auth\?why=page&next=%2FTenantDashboard%2FBillings$/);
  await expect(page.getByText('Please sign in to open that page.')).toBeVisible();
  await page.getByLabel('Email').fill('rahul@kiraya.demo');
  await page.getByLabel('Password').fill('Kiraya123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/TenantDashboard\/Billings$/);
});

test('an unknown address answers 404 and shows a not-found page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect((await page.request.get('/TenantDashboard/Billings')).status()).toBe(200);
});

for (const role of ['owner', 'tenant'] as const) {
  test(`a new ${role} signs up, signs in, edits the profile, is kept out of the other area and logs out`, async ({ page }) => {
    const u = newUser(role);
    const home = role === 'owner' ? '/OwnerDashboard' : '/TenantDashboard';
    const other = role === 'owner' ? '/TenantDashboard/MyRooms' : '/OwnerDashboard/Properties';

    await signUpThroughWizard(page, u);

    // The same username is now taken (B2).
    const taken = await page.request.get(`/api/v1/users/check-username?username=${encodeURIComponent(u.username)}`);
    expect((await taken.json()).data).toMatchObject({ available: false, message: 'Username is already taken. Please choose another.' });

    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${u.fullName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    // A brand-new account's home says what to do first instead of tiles on an empty screen (issue 11).
    if (role === 'owner') {
      await expect(page.getByText('Manage your rental experience with ease')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add your first property', exact: true })).toHaveAttribute(
        'href',
        `${home}/Properties?add=1`,
      );
    } else {
      await expect(page.getByRole('heading', { name: 'Find your room' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Search properties', exact: true })).toHaveAttribute('href', `${home}/Search`);
    }

    // Profile: view, edit, save, reload.
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}/Profile$`));
    // Masked, the holder's own too (ADR 043); Save keeps it (the masked value means "keep mine").
    await expect(page.getByText(`XXXX XXXX ${u.aadharCardNumber.slice(-4)}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const address = `${u.address}, near the lake`;
    await page.getByLabel('Address').fill(address);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await page.reload();
    await expect(page.getByText(address)).toBeVisible();

    // Cancel restores.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('Somebody Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Somebody Else')).toHaveCount(0);

    // The other role's routes send them home.
    await page.goto(other);
    await expect(page).toHaveURL(new RegExp(`${home}$`));

    // The Dashboard link returns to the role's root.
    await page.goto(`${home}/Profile`);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`${home}$`));

    // Opening / while signed in goes to the dashboard.
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`${home}$`));

    // Logout.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(home);
    await expect(page).toHaveURL(/\/auth\?why=page&next=/);
  });
}

test('wrong credentials show the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('Wrong1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid user credentials');
});

test('a user changes the password in Profile: the other device is signed out, the new password works', async ({ browser, baseURL }) => {
  const u = newUser('tenant');
  const here = await browser.newContext();
  const other = await browser.newContext();
  const page = await here.newPage();
  await signUpViaApi(page.request, u, baseURL as string);
  const second = await other.newPage();
  await loginViaUi(second, u.email, u.password);
  await loginViaUi(page, u.email, u.password);

  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('not-it-9');
  await page.getByLabel('New password', { exact: true }).fill('Newpass2026');
  await page.getByLabel('Confirm new password').fill('Newpass2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(u.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices have been signed out.')).toBeVisible();
  await expectNoAxeViolations(page);

  // This device stays signed in; the other one is sent to sign in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await second.reload();
  await expect(second).toHaveURL(/\/auth/);
  await loginViaUi(second, u.email, 'Newpass2026');
  await here.close();
  await other.close();
});
