#!/usr/bin/env node
// `npm run walkthrough` (B15): captures the landing page's walkthrough screenshots from the real app.
//
// Builds nothing: run `npm run build` first. Starts the built server (apps/server/dist/main.js) on a free port
// with a fresh embedded database and the demo data, drives it in Chromium through the owner's 15 and the
// tenant's 12 steps of apps/web/src/features/landing/steps.ts at a fixed 1280 x 800 viewport, and writes
// apps/web/public/walkthrough/{owner,tenant}-NN.webp (800 px wide) and -400.webp (400 px, for srcset), plus
// the manifest apps/web/src/features/landing/screenshots.ts that the landing page imports. Idempotent: every
// run rewrites the same files from a new database. A missing selector stops the run with the step's name.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const OUT = join(root, 'apps/web/public/walkthrough');
const MANIFEST = join(root, 'apps/web/src/features/landing/screenshots.ts');
const VIEWPORT = { width: 1280, height: 800 };
const WIDTHS = [800, 400];
const PASSWORD = 'Kiraya123'; // the demo accounts' published password (apps/server/src/seed/factories.ts)
const DEMO = { owner: 'priya@kiraya.demo', tenant: 'rahul@kiraya.demo', invited: 'sneha@kiraya.demo', others: ['imran@kiraya.demo'] };
const t0 = performance.now();
const log = (s) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${s}`);

const freePort = () =>
  spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .stdout.toString()
    .trim();

class StepError extends Error {}

/** Waits for `locator` to be visible; fails naming the step and what was looked for. */
async function need(step, locator, what, timeout = 15_000) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new StepError(`Walkthrough step "${step}": ${what} did not appear (selector: ${locator}).`);
  }
  return locator.first();
}

/** Waits for the page to settle: no request in flight, images decoded, no animation running. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // Lazily loaded routes and queries show "Loading" first: capture what follows.
  await page.waitForFunction(() => !/\bLoading\b/.test(document.body.innerText), undefined, { timeout: 10_000 }).catch(() => {});
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images]
        .filter((i) => !i.complete)
        .map((i) => new Promise((r) => i.addEventListener('load', r, { once: true }) || setTimeout(r, 3000))),
    );
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });
  await page.waitForTimeout(150);
}

async function login(page, email) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(OwnerDashboard|TenantDashboard)$/, { timeout: 20_000 });
}

/** Opens the first room card (on an owner's rooms page) whose status is `status`, on its tab `tab`. */
async function roomCard(step, page, status, tab) {
  const card = await need(
    step,
    page.getByRole('article').filter({ has: page.getByText(status, { exact: true }) }),
    `a ${status} room card`,
  );
  const header = card.getByRole('button', { name: /^Room / }).first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await (await need(step, card.getByRole('tab', { name: tab }), `the ${tab} tab`)).click();
  return card;
}

/** Logs out and in again as `email`. */
async function relogin(page, email) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, email);
}

/**
 * Opens, on the tenant's Messages page, the first conversation whose row matches `row` and whose messages
 * show `inThread`; returns false when the signed-in tenant has none.
 */
async function openThread(page, row, inThread) {
  await page.goto('/TenantDashboard/Messages');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.or(page.getByText('Choose a conversation')).first().waitFor({ state: 'visible' });
  await settle(page);
  const rows = nav.getByRole('button').filter({ has: page.getByText(row, { exact: true }) });
  for (let i = 0; i < (await rows.count()); i++) {
    await rows.nth(i).click();
    const thread = page.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
    await thread.first().waitFor({ state: 'visible' });
    if (!inThread || (await thread.filter({ hasText: inThread }).count()) > 0) return true;
  }
  return false;
}

/** Tries each demo tenant in turn until one has a conversation like `row` (and `inThread`). */
async function threadOfSomeTenant(step, page, row, inThread) {
  for (const email of [DEMO.tenant, DEMO.invited, ...DEMO.others]) {
    await relogin(page, email);
    if (await openThread(page, row, inThread)) return;
  }
  throw new StepError(`Walkthrough step "${step}": no demo tenant has a conversation "${row}"${inThread ? ` with "${inThread}"` : ''}.`);
}

// Each step: the title in steps.ts (checked), the alt text, and what to do before the capture.
const OWNER = [
  {
    title: 'Sign up as a House Owner',
    alt: 'The first step of the sign-up wizard with House Owner selected',
    run: async (page, s) => {
      await page.goto('/auth');
      await (await need(s, page.getByRole('button', { name: 'Sign up' }), 'the Sign up button')).click();
      await need(s, page.getByText('Step 1 of 5'), 'step 1 of the wizard');
      await page.getByText('House Owner', { exact: true }).click();
    },
  },
  {
    title: 'Tell us who you are',
    alt: 'The second step of the sign-up wizard with a username and full name filled in',
    run: async (page, s) => {
      await page.getByRole('button', { name: 'Next' }).click();
      await need(s, page.getByText('Step 2 of 5'), 'step 2 of the wizard');
      await page.getByLabel('Username').fill('meera_iyer');
      await page.getByLabel('Full name').fill('Meera Iyer');
      await need(s, page.getByText('Username is available.'), 'the username check');
    },
  },
  {
    title: 'Sign in',
    alt: "The owner's dashboard right after signing in",
    run: async (page, s) => {
      await login(page, DEMO.owner);
      await need(s, page.getByRole('heading', { level: 1 }), "the dashboard's heading");
    },
  },
  {
    title: 'Open Properties',
    alt: "The owner's Properties dashboard with the listed properties",
    run: async (page, s) => {
      await page.goto('/OwnerDashboard/Properties');
      await need(s, page.getByRole('heading', { level: 1, name: 'Properties Dashboard' }), 'the Properties Dashboard');
      await need(s, page.getByRole('article'), 'a property card');
    },
  },
  {
    title: 'Add a property: basics',
    alt: 'Step 1 of the Add Property wizard: property name and amenities',
    run: async (page, s) => {
      await page.getByRole('button', { name: 'Add Property' }).click();
      const d = await need(s, page.getByRole('dialog', { name: 'Add Property' }), 'the Add Property dialog');
      await d.getByLabel('Property Name').fill('Lakeview Residency');
      await d.getByLabel('Amenities').fill('WiFi, Covered parking, Lift, Power backup');
    },
  },
  {
    title: 'Add the address',
    alt: 'Step 2 of the Add Property wizard: the address',
    run: async (page, s) => {
      const d = page.getByRole('dialog', { name: 'Add Property' });
      await d.getByRole('button', { name: 'Next' }).click();
      await need(s, d.getByLabel('Street'), 'the Street field');
      await d.getByLabel('Street').fill('21 Gangapur Road');
      await d.getByLabel('City').fill('Nashik');
      await d.getByLabel('State').fill('Maharashtra');
      await d.getByLabel('Pincode').fill('422013');
      await d.getByLabel('Landmark').fill('Opposite Lake Garden');
    },
  },
  {
    title: 'Describe the property',
    alt: 'Step 3 of the Add Property wizard: property type and description',
    run: async (page, s) => {
      const d = page.getByRole('dialog', { name: 'Add Property' });
      await d.getByRole('button', { name: 'Next' }).click();
      await (await need(s, d.getByRole('button', { name: 'Flat' }), 'the Flat type')).click();
      await d.getByLabel('Property Description').fill('Bright two-bedroom flats facing the lake, ten minutes from the station.');
    },
  },
  {
    title: 'Upload photos',
    alt: 'Step 4 of the Add Property wizard with two photos selected',
    run: async (page, s, ctx) => {
      const d = page.getByRole('dialog', { name: 'Add Property' });
      await d.getByRole('button', { name: 'Next' }).click();
      await need(s, d.getByRole('button', { name: 'Submit' }), 'the Submit button');
      await d.locator('input[type=file]').setInputFiles(ctx.photos);
      await need(s, d.getByRole('list', { name: 'Selected images' }).getByRole('listitem'), 'the selected photos');
    },
  },
  {
    title: 'Manage its rooms',
    alt: "A property's rooms page with its room cards",
    run: async (page, s) => {
      await page.keyboard.press('Escape');
      await page.goto('/OwnerDashboard/Properties');
      await (await need(s, page.getByRole('link', { name: /^Manage/ }), 'a Manage link')).click();
      await need(s, page.getByRole('button', { name: 'Add new room' }), 'the rooms page');
      await need(s, page.getByRole('article'), 'a room card');
    },
  },
  {
    title: 'Add rooms',
    alt: 'The first step of the Add New Room wizard: room number and type',
    run: async (page, s) => {
      await page.getByRole('button', { name: 'Add new room' }).click();
      const d = await need(s, page.getByRole('dialog', { name: 'Add New Room' }), 'the Add New Room dialog');
      await d.getByLabel('Room Number').fill('204');
      await d.getByLabel('Room Type').fill('2bhk');
    },
  },
  {
    title: 'Find your tenant',
    alt: 'The Search Tenant dialog finding a tenant by username',
    run: async (page, s) => {
      await page.keyboard.press('Escape');
      const card = await roomCard(s, page, 'Vacant', 'Tenant Details');
      await (await need(s, card.getByRole('button', { name: 'Assign Tenant' }), 'the Assign Tenant button')).click();
      const d = await need(s, page.getByRole('dialog', { name: 'Search Tenant' }), 'the Search Tenant dialog');
      await d.getByRole('searchbox').fill('imran');
      await need(s, d.getByRole('button', { name: /^Add imran/ }), 'the search result');
    },
  },
  {
    title: 'Send a request',
    alt: 'The request sent to the tenant, pending in the Invitations list',
    run: async (page, s) => {
      const d = page.getByRole('dialog', { name: 'Search Tenant' });
      await d
        .getByRole('button', { name: /^Add imran/ })
        .first()
        .click();
      await need(s, d.getByRole('list', { name: 'Invitations' }).getByRole('listitem'), 'the invitation');
    },
  },
  {
    title: 'Upload bills',
    alt: 'The Upload Bills dialog of an occupied room',
    run: async (page, s) => {
      await page.keyboard.press('Escape');
      await page.reload();
      const card = await roomCard(s, page, 'Occupied', 'Billing Details');
      await (await need(s, card.getByRole('button', { name: 'Upload Bill' }), 'the Upload Bill button')).click();
      const d = await need(s, page.getByRole('dialog', { name: 'Upload Bills' }), 'the Upload Bills dialog');
      await need(s, d.getByLabel(/^Amount/), 'the amount field');
    },
  },
  {
    title: 'Get paid online',
    alt: "An occupied room's Billing Details with the payments received online and their receipts",
    run: async (page, s) => {
      await page.keyboard.press('Escape');
      await page.reload();
      const card = await roomCard(s, page, 'Occupied', 'Billing Details');
      const received = await need(s, card.getByRole('region', { name: 'Payments received' }), 'the Payments received list');
      await need(s, received.getByRole('link', { name: /^Receipt / }), 'a payment with its receipt link');
      await settle(page);
      // The last bills at the top of the screen, the payments received with their receipts below them.
      await received.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -300);
      });
    },
  },
  {
    title: 'Keep track',
    alt: "The owner's Statistics: rent billed and collected, what is owed and how full the rooms are",
    run: async (page, s) => {
      await page.goto('/OwnerDashboard/Statistics');
      await need(s, page.getByRole('heading', { level: 1, name: 'Statistics' }), 'the Statistics heading');
      await need(s, page.locator('main figure svg'), 'a chart');
    },
  },
];

const TENANT = [
  {
    title: 'Sign up as a Tenant',
    alt: 'The first step of the sign-up wizard with Tenant selected',
    run: async (page, s) => {
      await page.goto('/auth');
      await (await need(s, page.getByRole('button', { name: 'Sign up' }), 'the Sign up button')).click();
      await need(s, page.getByText('Step 1 of 5'), 'step 1 of the wizard');
      await page.getByText('Tenant', { exact: true }).click();
    },
  },
  {
    title: 'Sign in',
    alt: "The tenant's dashboard right after signing in",
    run: async (page, s) => {
      await login(page, DEMO.tenant);
      await need(s, page.getByRole('heading', { level: 1 }), "the dashboard's heading");
    },
  },
  {
    title: 'Search properties',
    alt: 'Search Properties with its filters and the matching listings',
    run: async (page, s) => {
      await page.goto('/TenantDashboard/Search');
      await need(s, page.getByRole('article'), 'a listing');
    },
  },
  {
    title: 'View the rooms',
    alt: "A property's page with its rooms, rent and details",
    run: async (page, s) => {
      await (await need(s, page.getByRole('article').getByRole('link'), "a listing's link")).click();
      await need(s, page.getByRole('button', { name: 'Get Phone Number' }), 'the rooms and their Get Phone Number buttons');
    },
  },
  {
    title: 'Get the phone number',
    alt: "The owner's phone number shown after Get Phone Number",
    run: async (page, s) => {
      await page.getByRole('button', { name: 'Get Phone Number' }).first().click();
      await need(s, page.getByRole('link', { name: /^\+\d/ }), "the owner's number");
    },
  },
  {
    title: 'Talk to the owner',
    alt: "Messages: a tenant's enquiry to an owner about a vacant room",
    run: async (page, s) => {
      await threadOfSomeTenant(s, page, 'Enquiry');
    },
  },
  {
    title: 'Accept the request',
    alt: "A tenant's Requests with an owner's invitation to accept or reject",
    run: async (page, s) => {
      await relogin(page, DEMO.invited);
      await page.goto('/TenantDashboard/Requests');
      await need(s, page.getByRole('button', { name: /^Accept/ }), 'the Accept button');
    },
  },
  {
    title: 'See your room',
    alt: 'My Rooms with the rented room, its rent, last bill and last payment',
    run: async (page, s) => {
      await relogin(page, DEMO.tenant);
      await page.goto('/TenantDashboard/MyRooms');
      await need(s, page.getByRole('link', { name: /Room / }), 'a room card');
    },
  },
  {
    title: 'See your bills',
    alt: 'Billings: the tenant’s bills grouped by date',
    run: async (page, s) => {
      await page.goto('/TenantDashboard/Billings');
      await need(s, page.getByRole('heading', { level: 1 }), "the Billings page's heading");
    },
  },
  {
    title: 'Pay online',
    alt: 'The Pay Bill screen with the sandbox checkout open, ready to pay the amount owed by UPI',
    run: async (page, s) => {
      await page.goto('/TenantDashboard/Billings');
      const group = await need(s, page.locator('main button[aria-expanded]'), 'a group of bills');
      if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
      await (await need(s, page.getByRole('link', { name: /^Pay / }), 'a Pay button')).click();
      await need(s, page.getByRole('heading', { level: 1, name: 'Pay Bill' }), 'the Pay Bill screen');
      await (await need(s, page.getByRole('button', { name: 'Pay Now' }), 'the Pay Now button')).click();
      const d = await need(s, page.getByRole('dialog', { name: 'Kiraya Sandbox' }), 'the sandbox checkout');
      await d.getByLabel('UPI ID').fill('rahul@okaxis');
      await need(s, d.getByRole('button', { name: /^Pay ₹/ }), "the checkout's Pay button");
    },
  },
  {
    title: 'Keep your receipts',
    alt: 'A payment receipt: payer, payee, room, the bills settled and the amount paid',
    run: async (page, s) => {
      // Not paid in step 10: the checkout is closed, and the receipt is one of the demo's payments.
      await page.keyboard.press('Escape');
      await page.goto('/TenantDashboard/MyRooms');
      await (await need(s, page.getByRole('link', { name: /Room / }), 'a room card')).click();
      await (await need(s, page.getByRole('link', { name: /^Receipt / }), "a payment's receipt link")).click();
      await need(s, page.getByRole('heading', { level: 1, name: 'Payment Receipt' }), 'the receipt');
      await need(s, page.getByTestId('receipt-amount'), "the receipt's amount");
    },
  },
  {
    title: 'Stay in touch',
    alt: 'Messages: the conversation about your room, ending with a maintenance request to the owner',
    run: async (page, s) => {
      if (!(await openThread(page, 'Your room', 'Maintenance request')))
        await threadOfSomeTenant(s, page, 'Your room', 'Maintenance request');
    },
  },
];

async function photosFrom(base, dir) {
  // Two of the demo's listing photos, as a person would pick them from their phone.
  const html = await (await fetch(`${base}/properties`)).text();
  const urls = [...new Set([...html.matchAll(/src="(\/uploads\/properties\/[^"]+)"/g)].map((m) => m[1]))].slice(0, 2);
  if (urls.length < 2) throw new StepError('Walkthrough: the demo data has no listing photos to upload (is DEMO_DATA loaded?).');
  return Promise.all(
    urls.map(async (u, i) => {
      const file = join(dir, `photo-${i + 1}.jpg`);
      const buf = Buffer.from(await (await fetch(`${base}${u}`)).arrayBuffer());
      await sharp(buf).jpeg({ quality: 85 }).toFile(file);
      return file;
    }),
  );
}

async function main() {
  const { readFileSync } = await import('node:fs');
  const stepsSource = readFileSync(join(root, 'apps/web/src/features/landing/steps.ts'), 'utf8');
  for (const { title } of [...OWNER, ...TENANT])
    if (!stepsSource.includes(`title: '${title}'`)) throw new StepError(`Walkthrough step "${title}" is not in steps.ts any more.`);

  const port = freePort();
  const base = `http://localhost:${port}`;
  const data = mkdtempSync(join(tmpdir(), 'kiraya-walkthrough-'));
  log(`starting the built server on ${base} (data in ${data})`);
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: data,
      PUBLIC_URL: base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
    },
  });
  let stderr = '';
  server.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  let browser;
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`The server stopped (is it built? npm run build):\n${stderr}`);
      if (i > 240) throw new Error('The server did not get ready in 120 s.');
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    log('server ready; capturing');
    const photos = await photosFrom(base, data);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars'],
    });
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const manifest = { owner: [], tenant: [] };
    for (const [audience, steps] of [
      ['owner', OWNER],
      ['tenant', TENANT],
    ]) {
      const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      for (const [i, step] of steps.entries()) {
        const name = `${audience}-${String(i + 1).padStart(2, '0')}`;
        try {
          await step.run(page, step.title, { photos });
        } catch (err) {
          const shot = join(tmpdir(), 'walkthrough-failure.png');
          await page.screenshot({ path: shot }).catch(() => {});
          console.error(`(the page when it failed: ${shot})`);
          if (err instanceof StepError) throw err;
          throw new StepError(`Walkthrough step "${step.title}" (${audience} ${i + 1}) failed: ${err.message.split('\n')[0]}`);
        }
        await settle(page);
        // Toasts (e.g. "Request sent") would cover the content: they are left out of the capture.
        const png = await page.screenshot({ type: 'png', style: '[data-sonner-toaster] { display: none !important; }' });
        for (const w of WIDTHS) {
          const file = w === WIDTHS[0] ? `${name}.webp` : `${name}-${w}.webp`;
          await sharp(png)
            .resize({ width: w })
            .webp({ quality: w === WIDTHS[0] ? 62 : 58, effort: 5 })
            .toFile(join(OUT, file));
        }
        const height = Math.round((VIEWPORT.height * WIDTHS[0]) / VIEWPORT.width);
        manifest[audience].push({
          src: `/walkthrough/${name}.webp`,
          srcSet: `/walkthrough/${name}-400.webp 400w, /walkthrough/${name}.webp 800w`,
          // The alt text lives in the landing catalogue (`<audience>.<n>.alt`, both languages: ADR 039).
          width: WIDTHS[0],
          height,
        });
        log(`${name}  ${step.title}`);
      }
      await context.close();
    }
    const ts = `// Generated by scripts/walkthrough.mjs (npm run walkthrough): do not edit by hand.
import type { Screenshot } from './steps';

/** The walkthrough's screenshots, in the order of OWNER_STEPS and TENANT_STEPS. */
export const SCREENSHOTS: { owner: readonly Screenshot[]; tenant: readonly Screenshot[] } = ${JSON.stringify(manifest, null, 2)};
`;
    writeFileSync(MANIFEST, ts);
    spawnSync('npx', ['biome', 'format', '--write', MANIFEST], { cwd: root, stdio: 'ignore' });
    const bytes = readdirSync(OUT).reduce((n, f) => n + readFileSync(join(OUT, f)).length, 0);
    log(`wrote ${readdirSync(OUT).length} images (${(bytes / 1024).toFixed(0)} KB) and ${MANIFEST.slice(root.length)}`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof StepError ? err.message : err);
  process.exit(1);
});
