import AxeBuilder from '@axe-core/playwright';
import { verhoeffComplete } from '@kiraya/contract/aadhaar';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { freePort, type KirayaServer, startServer } from './server';

export { expect };

/**
 * Every spec's `test`: each Playwright worker has a Kiraya server of its own on a copy of the demo (e2e/server.ts,
 * ADR 040), and `baseURL` points at it. `kiraya.dataDir` is that server's DATA_DIR (for operator commands), and
 * `kiraya.frontPort` a second origin it trusts (e2e/cross-origin.spec.ts).
 */
export const test = base.extend<Record<never, never>, { kiraya: KirayaServer & { frontPort: number } }>({
  kiraya: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const frontPort = await freePort();
      const server = await startServer({
        env: {
          // The outbox worker delivers to the development mailbox (the password-reset journey reads it).
          OUTBOX_INTERVAL_SECONDS: '1',
          TRUSTED_ORIGINS: `http://localhost:${frontPort}`,
        },
      });
      await use({ ...server, frontPort });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ kiraya }, use) => use(kiraya.url),
});

export const DEMO_PASSWORD = 'Kiraya123';
export const DEMO = { owner: 'priya@kiraya.demo', tenant: 'rahul@kiraya.demo' } as const;

let counter = 0;
/** A unique, lower-case suffix per call and per run. */
export const unique = (): string => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A valid Aadhaar number (12 digits, first digit 2-9, Verhoeff check digit). */
export function validAadhaar(): string {
  let digits = String(2 + Math.floor(Math.random() * 8));
  while (digits.length < 11) digits += String(Math.floor(Math.random() * 10));
  return verhoeffComplete(digits);
}

/** A valid 10-digit Indian mobile number. */
export const validPhone = (): string => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

export type NewUser = {
  role: 'owner' | 'tenant';
  username: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  aadharCardNumber: string;
  address: string;
  password: string;
};

/** Fresh sign-up data for a role; nothing clashes with demo data or other runs. */
export function newUser(role: 'owner' | 'tenant'): NewUser {
  const id = unique();
  // Full names allow letters and spaces only.
  const letters = id
    .replace(/[^a-z]/g, '')
    .padEnd(4, 'x')
    .slice(0, 8);
  return {
    role,
    username: `${role}_${id}`,
    fullName: `${role === 'owner' ? 'Meera Owner' : 'Arjun Tenant'} ${letters}`,
    email: `${role}.${id}@example.com`,
    phoneNumber: validPhone(),
    aadharCardNumber: validAadhaar(),
    address: `${Math.floor(Math.random() * 200) + 1} Residency Road, Bengaluru`,
    password: 'Secret123',
  };
}

/** Registers a user through the API (faster than the wizard when sign-up is not what is tested). */
export async function signUpViaApi(request: APIRequestContext, user: NewUser, baseURL: string): Promise<void> {
  const res = await request.post('/api/v1/users/register', {
    data: { ...user, confirmPassword: user.password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Signs in through the /auth form and waits for the role's dashboard. */
export async function loginViaUi(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(OwnerDashboard|TenantDashboard)$/);
}

/**
 * Signs in through the API (cookies land in the page's context) and saves the user as the app does,
 * then opens `path`.
 */
export async function loginViaApi(page: Page, email: string, baseURL: string, path = '/', password: string = DEMO_PASSWORD) {
  const res = await page.request.post('/api/v1/users/login', { data: { email, password }, headers: { origin: baseURL } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = await res.json();
  await page.goto('/properties');
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), data.user);
  await page.goto(path);
  return data.user as { _id: string; role: string; fullName: string };
}

/** WCAG 2 A/AA axe check of the current page, toasts included. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A toast sliding in is half transparent, and its colours then blend with the page: axe would measure a
  // frame of the animation, not the toast people read. Wait for transitions and animations to end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Every rule set the accessibility walk holds (ADR 044): WCAG 2.0 and 2.1 A/AA, and axe's best practices. */
export const AXE_ALL = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The accessibility walk's check (ADR 044): every violation of any impact, named with where it was (`where`), so one
 * run of the walk lists them all (a soft assertion: the walk goes on to the next page).
 */
export async function expectNoA11yViolations(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_ALL).analyze();
  expect
    .soft(
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      where,
    )
    .toEqual([]);
}

/**
 * Opens a page and waits until React has hydrated it: public listings are rendered on the server, so their
 * buttons are visible before their handlers are attached (ADR 015).
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // The root commits before lazily loaded routes below it have hydrated: wait for their chunks too.
  await page.waitForLoadState('networkidle');
}
