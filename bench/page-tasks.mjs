// The long main-thread tasks of one page while it loads and hydrates, on a phone-like CPU (4x slowdown, as
// Lighthouse's mobile preset), with what each task spent its time on: where a public page's Total Blocking
// Time comes from (issue 12, ADR 015). Usage, against a running Kiraya:
//   node bench/page-tasks.mjs http://localhost:3000/properties
// Tasks of 30 ms or more (at 4x) are listed, with their steps of 4 ms or more. "EvaluateScript" with no URL is
// Playwright's own injected script, not the page's.
import { chromium } from '@playwright/test';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await b.startTracing(page, {
  categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForSelector('html[data-hydrated]', { timeout: 30000 });
await page.waitForTimeout(1500);
const buf = await b.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents;
const mains = ev.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const count = (m) => ev.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
const main = mains.sort((a, c) => count(c) - count(a))[0];
const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 30000).sort((a, c) => a.ts - c.ts);
const t0 = Math.min(...mine.map((e) => e.ts));
for (const t of tasks) {
  const kids = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 4000 && e.name !== 'RunTask');
  console.log(`task @${((t.ts - t0) / 1000).toFixed(0)}ms ${(t.dur / 1000).toFixed(0)}ms`);
  for (const k of kids.slice(0, 14))
    console.log(
      `   ${k.name} ${(k.dur / 1000).toFixed(1)} ${JSON.stringify(k.args).slice(0, 160)} ${k.args?.data?.url?.split('/').pop() ?? k.args?.data?.functionName ?? ''} ${k.args?.beginData?.url?.split('/').pop() ?? ''}`,
    );
}
// Total Blocking Time as Lighthouse counts it (the part of each task over 50 ms, after the first paint),
// leaving out Playwright's own injected script.
const paint = mine.find((e) => e.name === 'Paint');
const own = tasks.filter(
  (t) =>
    !mine.some(
      (e) => e.name === 'EvaluateScript' && !e.args?.data?.url && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > t.dur / 2,
    ),
);
const blocking = own.filter((t) => !paint || t.ts >= paint.ts).reduce((n, t) => n + Math.max(0, t.dur / 1000 - 50), 0);
console.log(`blocking time after the first paint (4x CPU): ${blocking.toFixed(0)} ms`);
await b.close();
