import { Redis } from 'ioredis';

type Log = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

/**
 * The shared Redis (ADR 018). Commands fail at once while it is unreachable (no offline queue, one
 * retry, a short command timeout) so a request never waits on it: callers fall back or fail open.
 * It reconnects by itself; a lost connection is logged once per outage, not once per attempt.
 */
export function createRedis(url: string, log: Log): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis unreachable: rate limits are skipped and failed logins are counted in memory until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
  });
  return redis;
}

/** Resolves once the client is connected, or after `ms` (the app starts anyway and falls back). */
export function redisReady(redis: Redis, ms = 2_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}
