import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const url of process.argv.slice(2)) {
  const page = await b.newPage();
  const seen = [];
  page.on('response', async (r) => { if (r.request().resourceType() === 'script') { const s = (await r.body().catch(() => Buffer.alloc(0))).length; seen.push([r.url().split('/').pop(), s, r.headers()['content-encoding']]); } });
  await page.goto(url); await page.waitForSelector('html[data-hydrated]'); await page.waitForTimeout(1000);
  console.log('==', url, seen.length); for (const s of seen) console.log('  ', s.join(' '));
  await page.close();
}
await b.close();
