// Lighthouse (mobile defaults, system Chromium) on the dashboards of a running Kiraya, signed in: the owner's home and
// Billings, the tenant's home, My Rooms, Billings and Pay, in English and in Hindi. Chromium is started once; the demo
// owner and tenant sign in through the /auth form in it (Playwright over the DevTools protocol), and Lighthouse then
// loads each page in the same profile without clearing its storage, so the page opens signed in, as it does for
// someone coming back to the app. Prints performance, LCP, TBT and the JavaScript each page loads, and the load
// average (a busy machine inflates TBT, which Lighthouse's simulated 4x slower CPU multiplies). Usage: node bench/dashboard-pages.mjs [base URL]; RUNS=3 for three runs.
// Exits 1 when a page could not be measured (a Lighthouse runtime error three times, or no signed-in page).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ensureBenchTools } from './_tools.mjs';

ensureBenchTools();
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 1);
const PASSWORD = 'Kiraya123';
const ACCOUNTS = { owner: 'priya@kiraya.demo', tenant: 'rahul@kiraya.demo' };
const profile = mkdtempSync(join(tmpdir(), 'kiraya-bench-profile-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  userDataDir: profile,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = browser.contexts()[0];
const score = (lhr) => String(Math.round((lhr.categories.performance?.score ?? 0) * 100));
let failed = false;

/** Signs `email` in through the form; answers the path of a bill to pay (the tenant's) or null. */
async function signIn(email, lang) {
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}/auth`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL(/\/(OwnerDashboard|TenantDashboard)$/, { timeout: 60_000 });
  await context.addCookies([{ name: 'kiraya_lang', value: lang, url: base }]);
  let pay = null;
  if (email === ACCOUNTS.tenant) {
    const groups = (await (await page.request.get(`${base}/api/v1/bills/tenant`)).json()).data ?? [];
    const bill = groups.flatMap((g) => g.bills).find((b) => b.status !== 'paid');
    if (bill) pay = `/TenantDashboard/PayBill/${bill._id}`;
  }
  await page.close();
  return pay;
}

try {
  console.log('page                           lang   perf LCP      FCP      TBT       JS (KB)       load');
  for (const lang of ['en-IN', 'hi-IN']) {
    for (const role of ['owner', 'tenant']) {
      const pay = await signIn(ACCOUNTS[role], lang);
      const pages =
        role === 'owner'
          ? ['/OwnerDashboard', '/OwnerDashboard/Billings']
          : ['/TenantDashboard', '/TenantDashboard/MyRooms', '/TenantDashboard/Billings', ...(pay ? [pay] : [])];
      for (const path of pages) {
        for (let run = 0; run < runs; run++) {
          const label = path.startsWith('/TenantDashboard/PayBill/') ? '/TenantDashboard/PayBill/…' : path;
          let lhr = null;
          for (let attempt = 1; attempt <= 3; attempt++) {
            const result = await lighthouse(`${base}${path}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              disableStorageReset: true,
            });
            lhr = result?.lhr ?? null;
            if (lhr && !lhr.runtimeError) break;
            console.log(`${label.padEnd(31)}runtime error: ${lhr?.runtimeError?.code ?? 'no result'} (attempt ${attempt} of 3)`);
          }
          if (!lhr || lhr.runtimeError) {
            failed = true;
            continue;
          }
          if (!/Dashboard/.test(lhr.finalDisplayedUrl)) {
            console.log(`${label.padEnd(31)}not signed in: landed on ${lhr.finalDisplayedUrl}`);
            failed = true;
            continue;
          }
          const a = lhr.audits;
          // The profile keeps its HTTP cache (a returning user): scripts may come from it, so their size, not the bytes
          // transferred, says how much JavaScript the page runs.
          const js = (a['network-requests']?.details?.items ?? [])
            .filter((r) => r.resourceType === 'Script')
            .reduce((n, r) => n + (r.resourceSize ?? 0), 0);
          console.log(
            `${label.padEnd(31)}${lang.padEnd(7)}${score(lhr).padEnd(5)}${a['largest-contentful-paint'].displayValue.padEnd(9)}${a['first-contentful-paint'].displayValue.padEnd(9)}${a['total-blocking-time'].displayValue.padEnd(10)}${(js / 1024).toFixed(1).padEnd(14)}${loadavg()[0].toFixed(1)}`,
          );
        }
      }
    }
  }
} finally {
  await browser.close().catch(() => {});
  await chrome.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
