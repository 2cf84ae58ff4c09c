import { DEMO_PASSWORD, expect, expectNoAxeViolations, gotoReady, loginViaUi, newUser, signUpViaApi, test } from './fixtures';

/** Reaching the owner (B8, B9): Get Phone Number on a room card, OwnerDetails on another device, who asked, recent views. */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/reveals';
const OWNER_EMAIL: Record<string, string> = { priya_owner: 'priya@kiraya.demo', arjun_owner: 'arjun@kiraya.demo' };

test('a tenant reveals an owner from a room card and finds it in OwnerDetails in a fresh browser; the owner sees who asked', async ({
  browser,
  page,
  baseURL,
}) => {
  const tenant = newUser('tenant');
  await signUpViaApi(page.request, tenant, baseURL as string);
  const list = await (await page.request.get('/api/v1/properties/fetch-all-properties')).json();
  const property = (list.data as { _id: string; title: string; roomCount: number; owner: { username: string } }[]).find(
    (p) => p.roomCount > 0 && OWNER_EMAIL[p.owner.username],
  );
  expect(property).toBeTruthy();
  const { _id: propertyId, title } = property as NonNullable<typeof property>;

  // A visitor is sent to sign in.
  await gotoReady(page, `/properties/${propertyId}`);
  await page.getByRole('button', { name: 'Get Phone Number' }).first().click();
  await expect(page).toHaveURL(/\/auth\?why=phone&next=%2Fproperties%2F/);
  await expect(page.getByText("Sign in as a tenant to see the owner's phone number.", { exact: false })).toBeVisible();

  // The tenant asks from the room card.
  await loginViaUi(page, tenant.email, tenant.password);
  await page.goto(`/TenantDashboard/Search/${propertyId}`);
  await page.getByRole('button', { name: 'Get Phone Number' }).first().click();
  await expect(page.getByText('Owner number saved to your dashboard!')).toBeVisible();
  await expect(page).toHaveURL(/\/TenantDashboard\/OwnerDetails$/);
  await expect(page.getByRole('link', { name: /^\+\d/ })).toBeVisible();

  // Another device: a fresh context signs in and finds the same owner there (from the server).
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await loginViaUi(other, tenant.email, tenant.password);
  await other.goto('/TenantDashboard/OwnerDetails');
  const card = other.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expect(card.getByRole('link', { name: /^\+\d/ })).toHaveAttribute('href', /^tel:\+\d{11,13}$/);
  await expect(card.getByRole('link', { name: /@kiraya\.demo$/ })).toHaveAttribute('href', /^mailto:/);
  await expect(card.getByText(/^\d+ \/ \d+$/)).toBeVisible();
  await expectNoAxeViolations(other);
  await other.screenshot({ path: `${SHOTS}/owner-details-1280.png`, fullPage: true });
  await other.setViewportSize({ width: 390, height: 844 });
  await other.screenshot({ path: `${SHOTS}/owner-details-390.png`, fullPage: true });
  await expectNoAxeViolations(other);

  // Recently Viewed Property: the home tile opens the list, with the property the tenant opened.
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.goto('/TenantDashboard');
  await other.getByRole('link', { name: /Recently Viewed Property/ }).click();
  await expect(other).toHaveURL(/\/TenantDashboard\/Recent$/);
  await expect(other.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectNoAxeViolations(other);
  await other.screenshot({ path: `${SHOTS}/recent-1280.png`, fullPage: true });
  await other.setViewportSize({ width: 390, height: 844 });
  await other.screenshot({ path: `${SHOTS}/recent-390.png`, fullPage: true });
  await expectNoAxeViolations(other);
  await fresh.close();

  // The owner sees who asked: the tenant's name, not their phone or email.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await loginViaUi(owner, OWNER_EMAIL[(property as NonNullable<typeof property>).owner.username] as string, DEMO_PASSWORD);
  const panel = owner.getByRole('region', { name: 'Who asked for your number' });
  await expect(panel.getByText(tenant.fullName)).toBeVisible();
  await expect(panel).not.toContainText(tenant.email);
  await expectNoAxeViolations(owner);
  await owner.screenshot({ path: `${SHOTS}/who-asked-1280.png`, fullPage: true });
  await ownerContext.close();
});
