// Runs Lighthouse (mobile) against one or more URLs with the system Chromium and prints the four
// category scores plus every failing audit. Usage: node bench/lighthouse.mjs <url> [url ...]
// Exit code 1 when accessibility, best practices or SEO is below 100 (MIN_SCORE to change).
import { ensureBenchTools } from './_tools.mjs';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node bench/lighthouse.mjs <url> [url ...]');
  process.exit(2);
}
ensureBenchTools();
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
const MIN = Number(process.env.MIN_SCORE ?? 100);
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
let failed = false;
try {
  for (const url of urls) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) console.log(`  runtime error: ${runtimeError.code}: ${runtimeError.message}`);
    for (const w of runWarnings ?? []) console.log(`  warning: ${w}`);
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    console.log(`\n${url}`);
    console.log(
      `  performance ${score('performance')}  accessibility ${score('accessibility')}  best-practices ${score('best-practices')}  seo ${score('seo')}`,
    );
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
      if (audits[id]) console.log(`  ${id}: ${audits[id].displayValue}`);
    }
    for (const cat of ['accessibility', 'best-practices', 'seo', 'performance']) {
      for (const ref of categories[cat]?.auditRefs ?? []) {
        const a = audits[ref.id];
        if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
        console.log(`  [${cat}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
    }
    if (['accessibility', 'best-practices', 'seo'].some((c) => score(c) < MIN)) failed = true;
  }
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
