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
