import { describe, expect, it } from 'vitest';
import { HttpRequestMetrics, appMetrics, countPayment, metricsOf, trackSerialClient } from './metrics.js';

describe('app metrics (ADR 026)', () => {
  it('gives every app its own registry, and a metric registered twice is the same one', async () => {
    const a = {};
    const b = {};
    expect(appMetrics(a)).toBe(appMetrics(a));
    expect(appMetrics(a)).not.toBe(appMetrics(b));
    const runs = appMetrics(a).counter({ name: 'kiraya_test_runs_total', help: 'Test runs.', labelNames: ['outcome'] });
    expect(appMetrics(a).counter({ name: 'kiraya_test_runs_total', help: 'Test runs.', labelNames: ['outcome'] })).toBe(runs);
    runs.inc({ outcome: 'ok' }, 2);
    appMetrics(a).gauge({
      name: 'kiraya_test_depth',
      help: 'Depth.',
      collect() {
        this.set(7);
      },
    });
    const text = await appMetrics(a).text();
    expect(text).toContain('kiraya_test_runs_total{outcome="ok"} 2');
    expect(text).toContain('kiraya_test_depth 7');
    expect(await appMetrics(b).text()).not.toContain('kiraya_test_');
  });

  it('counts payments only for an app that has metrics (the seed and scripts count nothing)', async () => {
    const app = {};
    const script = {};
    appMetrics(app);
    countPayment(app, 'webhook', 'recorded');
    countPayment(script, 'webhook', 'recorded');
    expect(metricsOf(script)).toBeUndefined();
    expect(await appMetrics(app).text()).toContain('kiraya_payment_verifications_total{source="webhook",outcome="recorded"} 1');
  });

  it('keeps one series per method, route pattern and status class, with cumulative buckets', async () => {
    const m = new HttpRequestMetrics();
    m.observe('GET', '/a/:id', 200, 0.0004);
    m.observe('GET', '/a/:id', 204, 0.003);
    m.observe('GET', '/a/:id', 404, 0.2);
    m.observe('GET', '/assets/index-abc.js', 200, 20);
    m.observe('GET', '/assets/app-def.css', 304, 0.001);
    m.observe('GET', '/assets/app-xyz.css', 200, 0.001);
    const h = await m.histogram('h', 'h').get();
    const v = (name: string, labels: Record<string, string | number>) =>
      h.values.find((x) => x.metricName === name && Object.entries(labels).every(([k, val]) => x.labels[k] === val))?.value;
    expect(v('h_count', { route: '/a/:id', status_class: '2xx' })).toBe(2);
    expect(v('h_bucket', { route: '/a/:id', status_class: '2xx', le: 0.0005 })).toBe(1);
    expect(v('h_bucket', { route: '/a/:id', status_class: '2xx', le: 0.005 })).toBe(2);
    expect(v('h_sum', { route: '/a/:id', status_class: '4xx' })).toBeCloseTo(0.2);
    // Built files collapse into one route value; a time past the last bucket is only in +Inf.
    expect(v('h_count', { route: '/assets/*', status_class: '2xx' })).toBe(2);
    expect(v('h_bucket', { route: '/assets/*', status_class: '2xx', le: 10 })).toBe(1);
    expect(v('h_bucket', { route: '/assets/*', status_class: '2xx', le: '+Inf' })).toBe(2);
    const c = await m.counter('c', 'c').get();
    expect(c.values).toHaveLength(4);
    expect(c.values.some((x) => String(x.labels.route).includes('index-abc'))).toBe(false);
  });

  it('counts the statements a serial client (PGlite) runs and queues', async () => {
    let release: () => void = () => {};
    const client = {
      query: () =>
        new Promise<string>((r) => {
          release = () => r('done');
        }),
      exec: async () => 'ok',
      transaction: () => {
        throw new Error('refused');
      },
    };
    const use = trackSerialClient(client);
    expect(trackSerialClient(client)).toBe(use);
    const q = client.query();
    expect(use.inFlight).toBe(1);
    const e = client.exec();
    expect(use.inFlight).toBe(2);
    await e;
    expect(use.inFlight).toBe(1);
    release();
    expect(await q).toBe('done');
    expect(use.inFlight).toBe(0);
    expect(() => client.transaction()).toThrow('refused');
    expect(use.inFlight).toBe(0);
  });
});
