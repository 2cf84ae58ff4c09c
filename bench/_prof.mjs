import { chromium } from '@playwright/test';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
await page.goto(url, { waitUntil: 'load' });
await page.waitForSelector('html[data-hydrated]', { timeout: 30000 });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
console.log('longtasks', JSON.stringify(await page.evaluate(() => window.__lt)));
const self = {}; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; const counts = {};
profile.samples.forEach((s, i) => { counts[s] = (counts[s] || 0) + (dt[i] || 0); });
for (const [id, t] of Object.entries(counts)) { const n = byId.get(Number(id)); const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; self[key] = (self[key] || 0) + t; }
const byUrl={}; for (const [id,t] of Object.entries(counts)) { const f=byId.get(Number(id)).callFrame; const u=f.url.split('/').pop()||f.functionName; byUrl[u]=(byUrl[u]||0)+t; }
Object.entries(byUrl).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log('URL',(v/1000).toFixed(1).padStart(8),k));
Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(8), k));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
for (const [id, t] of Object.entries(counts)) { const n = byId.get(Number(id)); if (n.callFrame.functionName !== process.env.FN || t < 3000) continue; let p = parent.get(n.id); const st = []; while (p && st.length < 8) { const f = byId.get(p).callFrame; st.push(`${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`); p = parent.get(p); } console.log('STACK', (t/1000).toFixed(1), st.join(' < ')); }
await b.close();
