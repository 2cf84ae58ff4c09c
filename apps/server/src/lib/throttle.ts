/** Counts events per key in a fixed window (in memory, per instance). */
export class WindowCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key has reached its limit in the current window. */
  blocked(key: string): boolean {
    const h = this.hits.get(key);
    if (!h) return false;
    if (h.resetAt <= this.now()) {
      this.hits.delete(key);
      return false;
    }
    return h.count >= this.limit;
  }

  hit(key: string): void {
    const t = this.now();
    const h = this.hits.get(key);
    if (!h || h.resetAt <= t) this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
    else h.count++;
    if (this.hits.size > 100_000) this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, h] of this.hits) if (h.resetAt <= t) this.hits.delete(k);
  }
}

/** A window counter that may live outside the process (ADR 018): the failed-login counts. */
export interface FailureCounter {
  /** True when the key has reached its limit in the current window. */
  blocked(key: string): Promise<boolean>;
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** This process's memory: the default, and what a single instance needs. */
export class MemoryFailureCounter implements FailureCounter {
  readonly counter: WindowCounter;
  constructor(limit: number, windowMs: number, now?: () => number) {
    this.counter = new WindowCounter(limit, windowMs, now);
  }
  async blocked(key: string): Promise<boolean> {
    return this.counter.blocked(key);
  }
  async hit(key: string): Promise<void> {
    this.counter.hit(key);
  }
  async reset(key: string): Promise<void> {
    this.counter.reset(key);
  }
}

/** The subset of an ioredis client the counter uses. */
export type RedisLike = {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
};

// One round trip, atomic: the first hit of a window starts its expiry, later hits only count.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Counts in Redis, shared by every instance. Each hit is also counted in memory: while Redis is
 * unreachable the in-memory count decides (the limit then holds per instance instead of failing open).
 */
export class RedisFailureCounter implements FailureCounter {
  private readonly local: WindowCounter;
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly onError: (err: unknown) => void = () => undefined,
    now?: () => number,
  ) {
    this.local = new WindowCounter(limit, windowMs, now);
  }
  async blocked(key: string): Promise<boolean> {
    try {
      const v = await this.redis.get(this.prefix + key);
      return Number(v ?? 0) >= this.limit;
    } catch (err) {
      this.onError(err);
      return this.local.blocked(key);
    }
  }
  async hit(key: string): Promise<void> {
    this.local.hit(key);
    try {
      await this.redis.eval(HIT, 1, this.prefix + key, this.windowMs);
    } catch (err) {
      this.onError(err);
    }
  }
  async reset(key: string): Promise<void> {
    this.local.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.onError(err);
    }
  }
}
