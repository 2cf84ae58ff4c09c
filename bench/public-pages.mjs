// Lighthouse (mobile defaults, system Chromium) for the three public pages of a running Kiraya, with the
// JavaScript each page loads (gzip bytes over the wire). Usage: node bench/public-pages.mjs [base URL]
// (default http://localhost:3000). The listing page is the first one in the sitemap.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const listing = /<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
const pages = ['/', '/properties', ...(listing ? [listing] : [])];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  console.log('page                      perf   LCP      CLS     TBT     JS (KB gzip)');
  for (const path of pages) {
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const a = lhr.audits;
    const js = (a['network-requests']?.details?.items ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((n, r) => n + (r.transferSize ?? 0), 0);
    const label = path.length > 24 ? `${path.slice(0, 21)}...` : path;
    console.log(
      `${label.padEnd(26)}${String(Math.round((lhr.categories.performance.score ?? 0) * 100)).padEnd(7)}${a['largest-contentful-paint'].displayValue.padEnd(9)}${String(a['cumulative-layout-shift'].numericValue.toFixed(3)).padEnd(8)}${a['total-blocking-time'].displayValue.padEnd(8)}${(js / 1024).toFixed(1)}`,
    );
  }
} finally {
  await chrome.kill();
}
