import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectNoA11yViolations, expectNoAxeViolations, gotoReady, newUser, test } from './fixtures';

/**
 * Kiraya in Hindi (issue 27, ADR 039): a visitor whose browser asks for Hindi gets the listing and a property page
 * in Hindi (the server renders them so); the header's switch changes the language, which sticks across reloads and
 * is stored on the account; signing in adopts the stored language; a page in one language is never answered to the
 * other from a cache, the service worker's included.
 */

const HINDI_MONTH = '(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर)';
const controlled = (page: Page) => page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('a visitor whose browser asks for Hindi', () => {
  test.use({ locale: 'hi-IN', extraHTTPHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.5' } });

  test('sees the listing and a property page in Hindi: words, ₹ amounts with Latin digits, a Hindi date; axe passes', async ({
    page,
    request,
  }) => {
    // The server's HTML, before any script: the language, its address and the words. Answered in Hindi at the English
    // address, it names the Hindi address as canonical and no hreflang alternates (they would call this address the
    // English page); the Hindi address names them.
    const html = await (await request.get('/properties')).text();
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/properties\?lang=hi-IN" \/>/);
    expect(html).not.toContain('hreflang');
    expect(html).toContain('<meta property="og:locale" content="hi_IN" />');
    expect(html).toContain('प्रॉपर्टी मिल');
    const own = await (await request.get('/properties?lang=hi-IN')).text();
    expect(own).toMatch(/<link rel="alternate" hreflang="en-IN" href="[^"]+\/properties" \/>/);
    expect(own).toMatch(/<link rel="alternate" hreflang="hi-IN" href="[^"]+\/properties\?lang=hi-IN" \/>/);
    expect(own).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]+\/properties" \/>/);

    await gotoReady(page, '/properties');
    await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
    await expect(h1(page)).toHaveText('प्रॉपर्टी');
    await expect(page.getByText(/^\d+ प्रॉपर्टी मिलीं?$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'खोजें', exact: true })).toBeVisible();
    // A listing with rooms (other specs add listings without any, which show no rent).
    const card = page
      .getByRole('article')
      .filter({ hasText: /\/माह से/ })
      .first();
    await expect(card).toContainText(/₹\d{1,3}(,\d{2})*(,\d{3})?\/माह से/);
    await expect(card.getByRole('link', { name: /देखें$/ })).toBeVisible();

    await card.getByRole('link', { name: /देखें$/ }).click();
    await expect(page).toHaveURL(/\/properties\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'इस प्रॉपर्टी के बारे में' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^\\d{1,2} ${HINDI_MONTH} \\d{4} से लिस्टेड$`))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'कमरे' })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText(/₹\d[\d,]*\/माह/);
    await expect(page.getByRole('link', { name: 'सभी प्रॉपर्टी' })).toBeVisible();
    // The same page rendered by the server says its language and its Hindi address.
    const pageHtml = await (await request.get(new URL(page.url()).pathname)).text();
    expect(pageHtml).toContain('<html lang="hi-IN"');
    expect(pageHtml).toMatch(/<link rel="canonical" href="[^"]+\?lang=hi-IN" \/>/);
    // Hindi pages bring their Devanagari font with their head; it never counts as a script.
    expect(pageHtml).toMatch(/<link rel="preload" href="\/assets\/noto-sans-devanagari-[^"]+\.woff2" as="font"/);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
});

test("the header's switch changes the language: it sticks across reloads, is stored on the account, and signing in adopts it", async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const visitor = await browser.newContext({ baseURL: origin, locale: 'en-IN', extraHTTPHeaders: { 'Accept-Language': 'en-IN,en;q=0.9' } });
  const page = await visitor.newPage();
  await gotoReady(page, '/properties');
  await expect(h1(page)).toHaveText('Properties');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(h1(page)).toHaveText('प्रॉपर्टी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  expect((await visitor.cookies()).find((c) => c.name === 'kiraya_lang')?.value).toBe('hi-IN');
  // A reload: the server renders the page in Hindi (the cookie), before any script.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(h1(page)).toHaveText('प्रॉपर्टी');
  await page.goto('/');
  await expect(h1(page)).toContainText('कमरा');

  // Signing up stores the visitor's language; signing in then opens the dashboard in it.
  const tenant = newUser('tenant');
  const res = await page.request.post('/api/v1/users/register', {
    data: { ...tenant, confirmPassword: tenant.password },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/auth');
  await page.getByLabel('ईमेल').fill(tenant.email);
  await page.getByLabel('पासवर्ड').fill(tenant.password);
  await page.getByRole('button', { name: 'साइन इन करें', exact: true }).click();
  await page.waitForURL(/\/TenantDashboard$/);
  await expect(page.getByRole('link', { name: 'प्रोफ़ाइल' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');

  // Switched in the dashboard's header: stored on the account (PATCH /users/locale), kept across a reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/locale') && r.request().method() === 'PATCH');
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await visitor.close();

  // Another device whose browser asks for Hindi: /auth is in Hindi, and signing in adopts the stored English.
  const other = await browser.newContext({ baseURL: origin, locale: 'hi-IN', extraHTTPHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9' } });
  const second = await other.newPage();
  await second.goto('/auth');
  await second.getByLabel('ईमेल').fill(tenant.email);
  await second.getByLabel('पासवर्ड').fill(tenant.password);
  await second.getByRole('button', { name: 'साइन इन करें', exact: true }).click();
  await second.waitForURL(/\/TenantDashboard$/);
  await expect(second.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'en-IN');
  expect((await other.cookies()).find((c) => c.name === 'kiraya_lang')?.value).toBe('en-IN');
  await other.close();
});

test("a page in one language is never answered to the other: HTTP caches (Vary, ETag) and the service worker's", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const origin = baseURL ?? '';
  // HTTP: the same address answers each language its own page, says it varies, and never 304s the other's copy.
  const http = await playwright.request.newContext({ baseURL: origin });
  for (const path of ['/', '/properties']) {
    const en = await http.get(path, { headers: { 'Accept-Language': 'en-IN' } });
    expect(en.headers().vary).toMatch(/Accept-Language/);
    expect(en.headers().vary).toMatch(/Cookie/);
    expect(await en.text()).toContain('<html lang="en-IN"');
    const hi = await http.get(path, { headers: { 'Accept-Language': 'hi-IN', 'If-None-Match': en.headers().etag ?? '' } });
    expect(hi.status(), path).toBe(200);
    expect(await hi.text()).toContain('<html lang="hi-IN"');
    const back = await http.get(path, { headers: { 'Accept-Language': 'en-IN', 'If-None-Match': hi.headers().etag ?? '' } });
    expect(back.status(), path).toBe(200);
    expect(await back.text()).toContain('<html lang="en-IN"');
  }
  await http.dispose();

  // The service worker keeps public pages for offline use: after a switch, never the other language's copy.
  const context = await browser.newContext({ baseURL: origin, locale: 'en-IN', extraHTTPHeaders: { 'Accept-Language': 'en-IN' } });
  const page = await context.newPage();
  await gotoReady(page, '/properties');
  await controlled(page);
  await page.reload();
  await expect(h1(page)).toHaveText('Properties');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(h1(page)).toHaveText('प्रॉपर्टी');
  await page.reload();
  await expect(h1(page)).toHaveText('प्रॉपर्टी');
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(h1(page)).toHaveText('प्रॉपर्टी');
  // And back to English: the Hindi copy goes too.
  await context.setOffline(false);
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
  await expect(h1(page)).toHaveText('Properties');
  await page.reload();
  await expect(h1(page)).toHaveText('Properties');
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(h1(page)).toHaveText('Properties');
  await context.close();
});

/**
 * The accessibility walk (issue 35 item 5, ADR 044): axe (WCAG 2.0/2.1 A and AA, and best practices) on the public
 * pages and the main dashboard pages of an owner and a tenant in English at 1280 px, on the pages people use most in
 * Hindi at 390 px, with the notifications menu and the owner's dialogs open; any violation of any impact fails.
 * Each page is checked once its heading and data have arrived (the dashboards keep a live connection open, so never
 * "network idle").
 */
test.describe('the accessibility walk', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Opens `path` and waits for its h1 and for every "Loading…" to go. */
  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(h1(page).first()).toBeVisible();
    await expect(page.locator('main [role="status"][aria-busy="true"], main .animate-spin')).toHaveCount(0);
  }

  async function signIn(page: Page, email: string, baseURL: string) {
    const res = await page.request.post('/api/v1/users/login', { data: { email, password: DEMO_PASSWORD }, headers: { origin: baseURL } });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { data } = await res.json();
    await page.goto('/auth');
    await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), data.user);
  }

  // biome-ignore lint/suspicious/noExplicitAny: API answers are read by the lines that use them.
  const data = async (page: Page, path: string): Promise<any> => (await (await page.request.get(`/api/v1${path}`)).json()).data;

  test('English at 1280 px: public pages, the owner and the tenant, with the menu and the dialogs open', async ({ browser, baseURL }) => {
    const base = baseURL ?? '';
    const context = await browser.newContext({ baseURL: base, locale: 'en-IN', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The listing and a property page are checked above and in ssr.spec.ts.
    for (const path of ['/', '/auth']) {
      await gotoReady(page, path);
      await expectNoA11yViolations(page, path);
    }

    await signIn(page, DEMO.owner, base);
    const [property] = (await data(page, '/properties/fetch-properties')) as { _id: string }[];
    const owner = [
      '/OwnerDashboard',
      '/OwnerDashboard/Properties',
      `/OwnerDashboard/rooms/${property?._id}`,
      '/OwnerDashboard/Billings',
      '/OwnerDashboard/Statistics',
      '/OwnerDashboard/Messages',
      '/OwnerDashboard/Profile',
    ];
    for (const path of owner) {
      await open(page, path);
      await expectNoA11yViolations(page, path);
    }
    // The notifications menu open over the owner's home.
    await open(page, '/OwnerDashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoA11yViolations(page, 'notifications menu');
    await page.keyboard.press('Escape');
    // The Add Property wizard, on its first step and on a step after Next.
    await open(page, '/OwnerDashboard/Properties');
    await page.getByRole('button', { name: 'Add Property' }).first().click();
    const wizard = page.getByRole('dialog');
    await expect(wizard).toBeVisible();
    await expectNoA11yViolations(page, 'Add Property wizard');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('alert')).toBeVisible();
    await expectNoA11yViolations(page, 'Add Property wizard with its step message');
    await page.keyboard.press('Escape');

    await context.clearCookies();
    await signIn(page, DEMO.tenant, base);
    const [room] = (await data(page, '/tenant/room-details')) as { roomId: string }[];
    const groups = (await data(page, '/bills/tenant')) as { bills: { _id: string; status: string }[] }[];
    const bill = groups.flatMap((g) => g.bills).find((b) => b.status !== 'paid');
    const tenant = [
      '/TenantDashboard',
      '/TenantDashboard/MyRooms',
      `/TenantDashboard/MyRooms/${room?.roomId}`,
      '/TenantDashboard/Billings',
      ...(bill ? [`/TenantDashboard/PayBill/${bill._id}`] : []),
      '/TenantDashboard/Messages',
      '/TenantDashboard/Requests',
      '/TenantDashboard/Search',
      '/TenantDashboard/Profile',
    ];
    for (const path of tenant) {
      await open(page, path);
      await expectNoA11yViolations(page, path);
    }
    await context.close();
  });

  test("Hindi at 390 px: the owner's home with the notifications menu open, the tenant's home, Billings and Pay", async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const context = await browser.newContext({
      baseURL: base,
      locale: 'hi-IN',
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'Accept-Language': 'hi-IN,hi;q=0.9' },
    });
    const page = await context.newPage();
    const hindi = () => context.addCookies([{ name: 'kiraya_lang', value: 'hi-IN', url: base }]);
    await signIn(page, DEMO.owner, base);
    await hindi();
    await open(page, '/OwnerDashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expectNoA11yViolations(page, '/OwnerDashboard (hi-IN, 390 px)');
    await page.getByRole('button', { name: /^सूचनाएँ/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoA11yViolations(page, 'notifications menu (hi-IN, 390 px)');

    await context.clearCookies();
    await signIn(page, DEMO.tenant, base);
    await hindi();
    const groups = (await data(page, '/bills/tenant')) as { bills: { _id: string; status: string }[] }[];
    const bill = groups.flatMap((g) => g.bills).find((b) => b.status !== 'paid');
    for (const path of ['/TenantDashboard', '/TenantDashboard/Billings', ...(bill ? [`/TenantDashboard/PayBill/${bill._id}`] : [])]) {
      await open(page, path);
      await expectNoA11yViolations(page, `${path} (hi-IN, 390 px)`);
    }
    await context.close();
  });
});
