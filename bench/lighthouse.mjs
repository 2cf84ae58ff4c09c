// Runs Lighthouse (mobile) against one or more URLs with the system Chromium and prints the four
// category scores, the metrics, the LCP element, the JavaScript transferred and the load average, plus every
// failing audit. Usage:
//   node bench/lighthouse.mjs [--locale hi-IN] [--cookie 'kiraya_lang=hi-IN'] [--runs 3] <url> [url ...]
// --locale sends `Accept-Language: <locale>` with every request (a first visit in that language), --cookie sends a
// Cookie header (a visitor who chose a language with the switch), --runs measures each URL that many times and
// ends with the best and the spread of each figure (a shared machine's load moves TBT, and so performance).
// LH_JSON_DIR=dir keeps every run's report (JSON). Exit code 1 when accessibility, best practices or SEO is below
// 100 (MIN_SCORE to change).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBenchTools } from './_tools.mjs';

const { values: opts, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: { locale: { type: 'string' }, cookie: { type: 'string' }, runs: { type: 'string', default: '1' } },
});
if (urls.length === 0) {
  console.error("usage: node bench/lighthouse.mjs [--locale hi-IN] [--cookie 'kiraya_lang=hi-IN'] [--runs N] <url> [url ...]");
  process.exit(2);
}
ensureBenchTools();
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
const MIN = Number(process.env.MIN_SCORE ?? 100);
const RUNS = Math.max(1, Number(opts.runs));
const extraHeaders = {
  ...(opts.locale ? { 'Accept-Language': opts.locale } : {}),
  ...(opts.cookie ? { Cookie: opts.cookie } : {}),
};
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const CATS = ['performance', 'accessibility', 'best-practices', 'seo'];
let failed = false;
const rows = [];
try {
  for (const url of urls) {
    for (let run = 1; run <= RUNS; run++) {
      const load = loadavg()[0];
      // Lighthouse's trace now and then misses its navigation (NO_NAVSTART, NO_FCP) on a busy machine: such a run
      // says nothing about the page, so it is tried again (as bench/public-pages.mjs does); three in a row count.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const result = await lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error', ...(Object.keys(extraHeaders).length ? { extraHeaders } : {}) },
          undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        console.log(`  ${url}: runtime error ${lhr.runtimeError.code} (attempt ${attempt} of 3)`);
      }
      const { categories, audits, runtimeError, runWarnings } = lhr;
      if (process.env.LH_JSON_DIR) {
        mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
        const name = `${url.replace(/^https?:\/\//, '').replace(/[^\w.-]+/g, '_')}${opts.locale ? `.${opts.locale}` : ''}.${run}.json`;
        writeFileSync(join(process.env.LH_JSON_DIR, name), JSON.stringify(lhr));
      }
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const js = (audits['network-requests']?.details?.items ?? [])
        .filter((r) => r.resourceType === 'Script')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0);
      const lcpItem = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      const row = {
        url,
        scores: Object.fromEntries(CATS.map((c) => [c, score(c)])),
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        js,
        load,
      };
      rows.push(row);
      console.log(
        `\n${url}${opts.locale ? ` (Accept-Language: ${opts.locale})` : ''}${opts.cookie ? ` (Cookie: ${opts.cookie})` : ''}${RUNS > 1 ? ` run ${run}/${RUNS}` : ''}`,
      );
      if (runtimeError) console.log(`  runtime error: ${runtimeError.code}: ${runtimeError.message}`);
      for (const w of runWarnings ?? []) console.log(`  warning: ${w}`);
      console.log(`  load average ${load.toFixed(2)}${lhr.finalDisplayedUrl === url ? '' : ` (landed on ${lhr.finalDisplayedUrl})`}`);
      console.log(
        `  performance ${row.scores.performance}  accessibility ${row.scores.accessibility}  best-practices ${row.scores['best-practices']}  seo ${row.scores.seo}`,
      );
      console.log(
        `  FCP ${(row.fcp / 1000).toFixed(2)} s  LCP ${(row.lcp / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(3)}  JS ${(js / 1024).toFixed(1)} KiB transferred`,
      );
      if (lcpItem) console.log(`  LCP element: ${lcpItem.nodeLabel?.slice(0, 60)} (${lcpItem.selector})`);
      for (const cat of CATS) {
        for (const ref of categories[cat]?.auditRefs ?? []) {
          const a = audits[ref.id];
          if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
          console.log(`  [${cat}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
      if (['accessibility', 'best-practices', 'seo'].some((c) => row.scores[c] < MIN)) failed = true;
    }
  }
} finally {
  await chrome.kill();
}
if (RUNS > 1) {
  console.log(
    `\nbest (spread) over ${RUNS} runs${opts.locale ? `, Accept-Language: ${opts.locale}` : ''}${opts.cookie ? `, Cookie: ${opts.cookie}` : ''}; a11y, bp, seo, CLS and JS: the worst run`,
  );
  console.log('url                                              perf      a11y bp   seo  LCP s          TBT ms      CLS    JS KiB  load');
  for (const url of urls) {
    const r = rows.filter((x) => x.url === url);
    const span = (f, best) => {
      const v = r.map(f);
      return { best: best(...v), min: Math.min(...v), max: Math.max(...v) };
    };
    const perf = span((x) => x.scores.performance, Math.max);
    const lcp = span((x) => x.lcp / 1000, Math.min);
    const tbt = span((x) => x.tbt, Math.min);
    const label = url.replace(/^https?:\/\/[^/]+/, '');
    const worst = (f) => Math.min(...r.map(f));
    const cols = [
      [label.length > 48 ? `${label.slice(0, 45)}...` : label, 49],
      [`${perf.best} (${perf.min}-${perf.max})`, 10],
      [worst((x) => x.scores.accessibility), 5],
      [worst((x) => x.scores['best-practices']), 5],
      [worst((x) => x.scores.seo), 5],
      [`${lcp.best.toFixed(2)} (-${lcp.max.toFixed(2)})`, 15],
      [`${Math.round(tbt.best)} (-${Math.round(tbt.max)})`, 12],
      [Math.max(...r.map((x) => x.cls)).toFixed(3), 7],
      [(Math.max(...r.map((x) => x.js)) / 1024).toFixed(1), 8],
      [`${worst((x) => x.load).toFixed(1)}-${Math.max(...r.map((x) => x.load)).toFixed(1)}`, 0],
    ];
    console.log(cols.map(([v, w]) => String(v).padEnd(w)).join(''));
  }
}
process.exit(failed ? 1 : 0);
