// Lighthouse (mobile defaults, system Chromium) for the three public pages of a running Kiraya, with the
// JavaScript each page loads (gzip bytes over the wire) and the machine's load average (a busy machine
// inflates TBT, which Lighthouse multiplies by its 4x CPU slowdown). Usage:
//   node bench/public-pages.mjs [base URL] (default http://localhost:3000); RUNS=3 for three runs per page,
//   PAGES=/properties,/ for only those pages. The listing page is the first one in the sitemap.
// Exits 1 when a page could not be measured (a Lighthouse runtime error); bench/pages.ts runs it on a fresh server.
import { loadavg } from 'node:os';
import { ensureBenchTools } from './_tools.mjs';

ensureBenchTools();
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 1);
const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
const listing = /<loc>[^<]*?(\/properties\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
const pages = process.env.PAGES ? process.env.PAGES.split(',') : ['/', '/properties', ...(listing ? [listing] : [])];
let failed = false;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const score = (lhr, c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100));
try {
  console.log('page                      perf a11y bp   seo  LCP      CLS    TBT       JS (KB gzip)  load');
  for (const path of pages) {
    for (let run = 0; run < runs; run++) {
      const label = path.length > 24 ? `${path.slice(0, 21)}...` : path;
      // Lighthouse's trace now and then misses its navigation (NO_NAVSTART, NO_FCP) on a busy machine: such a
      // run says nothing about the page, so it is tried again; three in a row fail the bench.
      let lhr = null;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        lhr = result?.lhr ?? null;
        if (lhr && !lhr.runtimeError) break;
        console.log(`${label.padEnd(26)}runtime error: ${lhr?.runtimeError?.code ?? 'no result'} (attempt ${attempt} of 3)`);
      }
      if (!lhr || lhr.runtimeError) {
        failed = true;
        continue;
      }
      const a = lhr.audits;
      const js = (a['network-requests']?.details?.items ?? [])
        .filter((r) => r.resourceType === 'Script')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0);
      console.log(
        `${label.padEnd(26)}${score(lhr, 'performance').padEnd(5)}${score(lhr, 'accessibility').padEnd(5)}${score(lhr, 'best-practices').padEnd(5)}${score(lhr, 'seo').padEnd(5)}${a['largest-contentful-paint'].displayValue.padEnd(9)}${a['cumulative-layout-shift'].numericValue.toFixed(3).padEnd(7)}${a['total-blocking-time'].displayValue.padEnd(10)}${(js / 1024).toFixed(1).padEnd(14)}${loadavg()[0].toFixed(1)}`,
      );
    }
  }
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
