import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  type Metric,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

/**
 * Metrics (ADR 026). Every app (buildApp) has its own registry, found by its deps object, so tests that
 * build several apps in one process do not mix their figures; the process metrics (memory, CPU, event
 * loop, GC) are the process's, kept once and served by every app.
 *
 * Later work registers its own figures on the app's registry:
 *
 *   appMetrics(deps).gauge({ name: 'kiraya_outbox_depth', help: '…', collect() { this.set(depth()); } });
 *   const runs = appMetrics(deps).counter({ name: 'kiraya_rent_cycle_runs_total', help: '…', labelNames: ['outcome'] });
 *
 * (get-or-create by name: registering twice returns the first). Code that may run outside an app (the
 * seed, scripts) counts through `metricsOf(deps)?.…`, which is a no-op there.
 */

/** Latency buckets (seconds): cached reads are well under a millisecond, a slow request is 0.5 s and more. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** The route label of a request that matched no route (any address: one label value, never the URL). */
export const UNMATCHED_ROUTE = 'unmatched';

type Labels = Record<string, string | number>;
type Series = { labels: Labels; buckets: Float64Array; sum: number; count: number };
type PromValue = { labels: Labels; value: number; metricName?: string };
type PromMetric = { name: string; help: string; type: string; values: PromValue[]; aggregator: 'sum' };

/** A web app's built files are each a route: their hashed names collapse into one label value. */
function routeLabel(route: string): string {
  return route.startsWith('/assets/') ? '/assets/*' : route;
}

/**
 * Requests by method, route pattern and status class: a latency histogram and a request counter read from
 * the same series. prom-client's Histogram spends 1.3–1.8 µs an observation (a labels object, a validation
 * and a string key each time: measured on the 2-core box); this one is two Map lookups and four additions,
 * with no allocation once a series exists, and still renders through prom-client's registry.
 */
export class HttpRequestMetrics {
  /** route pattern → method → status class index → series; patterns with one label share one method map. */
  private readonly byRoute = new Map<string, Map<string, (Series | undefined)[]>>();
  private readonly byLabel = new Map<string, Map<string, (Series | undefined)[]>>();
  private readonly all: Series[] = [];

  observe(method: string, route: string, status: number, seconds: number): void {
    let methods = this.byRoute.get(route);
    if (methods === undefined) methods = this.routeMap(route);
    let classes = methods.get(method);
    if (classes === undefined) {
      classes = [];
      methods.set(method, classes);
    }
    const c = status >= 500 ? 4 : status >= 400 ? 3 : status >= 300 ? 2 : status >= 200 ? 1 : 0;
    const s = classes[c] ?? this.newSeries(classes, c, method, route);
    s.count += 1;
    s.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
    (s.buckets as Float64Array)[i] = (s.buckets[i] as number) + 1;
  }

  private routeMap(route: string) {
    const label = routeLabel(route);
    let methods = this.byLabel.get(label);
    if (!methods) {
      methods = new Map();
      this.byLabel.set(label, methods);
    }
    this.byRoute.set(route, methods);
    return methods;
  }

  private newSeries(classes: (Series | undefined)[], c: number, method: string, route: string): Series {
    const s: Series = {
      labels: { method, route: routeLabel(route), status_class: STATUS_CLASSES[c] as string },
      buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
      sum: 0,
      count: 0,
    };
    classes[c] = s;
    this.all.push(s);
    return s;
  }

  reset(): void {
    for (const s of this.all) {
      s.buckets.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }

  /** The histogram, as prom-client's registry reads a metric. */
  histogram(name: string, help: string) {
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum' as const,
      reset: () => this.reset(),
      get: async (): Promise<PromMetric> => {
        const values: PromValue[] = [];
        for (const s of this.all) {
          let acc = 0;
          for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
            acc += s.buckets[i] as number;
            values.push({ labels: { ...s.labels, le: LATENCY_BUCKETS[i] as number }, value: acc, metricName: `${name}_bucket` });
          }
          values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${name}_bucket` });
          values.push({ labels: s.labels, value: s.sum, metricName: `${name}_sum` });
          values.push({ labels: s.labels, value: s.count, metricName: `${name}_count` });
        }
        return { name, help, type: 'histogram', values, aggregator: 'sum' };
      },
    };
  }

  /** The request counter (the histogram's counts), as prom-client's registry reads a metric. */
  counter(name: string, help: string) {
    return {
      name,
      help,
      type: 'counter',
      aggregator: 'sum' as const,
      reset: () => this.reset(),
      get: async (): Promise<PromMetric> => ({
        name,
        help,
        type: 'counter',
        values: this.all.map((s) => ({ labels: s.labels, value: s.count })),
        aggregator: 'sum',
      }),
    };
  }
}

/** How a payment verification ended (verify: the checkout's answer; webhook; reconcile: the sweep and check-order). */
export type PaymentSourceLabel = 'verify' | 'webhook' | 'reconcile';
export type PaymentOutcome = 'recorded' | 'duplicate' | 'bad_signature' | 'ignored' | 'amount_mismatch' | 'error';

export class AppMetrics {
  readonly registry = new Registry();
  readonly http = new HttpRequestMetrics();
  readonly paymentVerifications: Counter<'source' | 'outcome'>;

  constructor() {
    this.registry.registerMetric(
      this.http.counter('kiraya_http_requests_total', 'HTTP requests by method, route pattern and status class.') as unknown as Metric,
    );
    this.registry.registerMetric(
      this.http.histogram(
        'kiraya_http_request_duration_seconds',
        'HTTP request latency (seconds) by method, route pattern and status class.',
      ) as unknown as Metric,
    );
    this.paymentVerifications = this.counter({
      name: 'kiraya_payment_verifications_total',
      help: 'Payment verifications by source (verify, webhook, reconcile) and outcome.',
      labelNames: ['source', 'outcome'],
    });
  }

  /** The counter of this name, created on first use. */
  counter<T extends string>(config: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
    return (this.registry.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter({ ...config, registers: [this.registry] });
  }

  /** The gauge of this name, created on first use (give it a `collect` to read the figure at scrape time). */
  gauge<T extends string>(config: Omit<GaugeConfiguration<T>, 'registers'>): Gauge<T> {
    return (this.registry.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge({ ...config, registers: [this.registry] });
  }

  /** The histogram of this name, created on first use (for rare events: prom-client's costs about 1.5 µs an observation). */
  histogram<T extends string>(config: Omit<HistogramConfiguration<T>, 'registers'>): Histogram<T> {
    return (
      (this.registry.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram({ ...config, registers: [this.registry] })
    );
  }

  /** The Prometheus text of this app's figures and the process's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return processRegistry ? `${own}\n${await processRegistry.metrics()}` : own;
  }
}

const byOwner = new WeakMap<object, AppMetrics>();

/** The metrics of the app whose deps these are (created on first use). */
export function appMetrics(deps: object): AppMetrics {
  let m = byOwner.get(deps);
  if (!m) {
    m = new AppMetrics();
    byOwner.set(deps, m);
  }
  return m;
}

/** The metrics of the app whose deps these are, if it has any (none for the seed and scripts). */
export function metricsOf(deps: object): AppMetrics | undefined {
  return byOwner.get(deps);
}

/** Counts a payment verification's outcome (modules/payments); nothing outside an app. */
export function countPayment(deps: object, source: PaymentSourceLabel, outcome: PaymentOutcome): void {
  byOwner.get(deps)?.paymentVerifications.inc({ source, outcome });
}

let processRegistry: Registry | null = null;

/** Starts prom-client's default process metrics (memory, CPU, event loop lag, GC, handles) once per process. */
export function startProcessMetrics(): void {
  if (processRegistry) return;
  processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
}

/**
 * PGlite runs one statement at a time: "in use" is whether one is running (0 or 1) and "waiting" how many
 * queries and transactions wait for it. Counted by wrapping the client's query, exec and transaction
 * (once per client; what drizzle calls).
 */
export type SerialUse = { inFlight: number };
const serialUses = new WeakMap<object, SerialUse>();

export function trackSerialClient(client: object): SerialUse {
  let use = serialUses.get(client);
  if (use) return use;
  const u: SerialUse = { inFlight: 0 };
  const c = client as Record<string, unknown>;
  for (const name of ['query', 'exec', 'transaction']) {
    const original = c[name];
    if (typeof original !== 'function') continue;
    c[name] = function tracked(this: unknown, ...args: unknown[]) {
      u.inFlight += 1;
      let result: unknown;
      try {
        result = (original as (...a: unknown[]) => unknown).apply(this ?? client, args);
      } catch (e) {
        u.inFlight -= 1;
        throw e;
      }
      return Promise.resolve(result).finally(() => {
        u.inFlight -= 1;
      });
    };
  }
  use = u;
  serialUses.set(client, use);
  return use;
}
