import { randomBytes } from 'node:crypto';
import { MSG } from '@kiraya/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createOwner } from '../seed/factories.js';
import { createTestContext } from '../test/harness.js';
import { createRedis, redisReady } from './redis.js';
import { RedisFailureCounter } from './throttle.js';

const quiet = { warn: () => undefined, info: () => undefined };

describe('Redis unreachable (ADR 018)', () => {
  it('logins still work, rate-limited routes answer, and the failed-login limit holds per instance', async () => {
    const ctx = await createTestContext({
      redisUrl: 'redis://127.0.0.1:9',
      rateLimits: {
        signupsPerHour: 10_000,
        failedLoginsPerMinute: 2,
        failedLoginsPerAccountPer15Minutes: 50,
        loginsPerIpPerMinute: 10_000,
      },
    });
    try {
      const owner = await createOwner(ctx.deps);
      const login = (password: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: owner.email, password } });
      expect((await login(owner.password)).statusCode).toBe(200);
      expect((await login('Wrong-password-1')).statusCode).toBe(401);
      expect((await login('Wrong-password-1')).statusCode).toBe(401);
      const refused = await login(owner.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG.tooManyLogins);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});

const url = process.env.REDIS_URL;
if (!url) console.log('redis: the shared-counter tests are skipped (REDIS_URL is not set)');

describe.skipIf(!url)('RedisFailureCounter on the real Redis', () => {
  const redis = url ? createRedis(url, quiet) : null;
  afterAll(() => redis?.quit());

  it('counts hits from several counters (instances) against one limit, with an expiry, and resets', async () => {
    expect(await redisReady(redis!)).toBe(true);
    const prefix = `kiraya-test-${randomBytes(4).toString('hex')}:`;
    const a = new RedisFailureCounter(redis!, prefix, 3, 60_000);
    const b = new RedisFailureCounter(redis!, prefix, 3, 60_000);
    await a.hit('k');
    await b.hit('k');
    expect(await a.blocked('k')).toBe(false);
    await Promise.all([a.hit('k'), b.hit('k')]);
    expect(await a.blocked('k')).toBe(true);
    expect(await b.blocked('k')).toBe(true);
    expect(await redis!.get(`${prefix}k`)).toBe('4');
    const ttl = await redis!.pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await b.reset('k');
    expect(await a.blocked('k')).toBe(false);
  });

  it('a window ends with its key’s expiry', async () => {
    const prefix = `kiraya-test-${randomBytes(4).toString('hex')}:`;
    const c = new RedisFailureCounter(redis!, prefix, 1, 50);
    await c.hit('short');
    expect(await c.blocked('short')).toBe(true);
    while ((await redis!.exists(`${prefix}short`)) === 1) await new Promise((r) => setTimeout(r, 20));
    expect(await c.blocked('short')).toBe(false);
  });
});
