import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger.js';
import { lazyChildLogger } from './lazy-logger.js';

/** A Fastify app logging through the app's pino options into memory, with the lazy request loggers. */
function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({
    logger: { ...loggerOptions(level), stream },
    childLoggerFactory: lazyChildLogger,
    disableRequestLogging: true,
  });
  app.get('/quiet', async () => 'ok');
  app.get('/loud', async (req) => {
    req.log.warn({ email: 'a@b.example', route: '/loud' }, 'something happened');
    req.log.debug('not at this level');
    return 'ok';
  });
  return { app, lines };
}

describe('lazy request loggers', () => {
  it('write the same line as a pino child: the request id bound, personal fields redacted', async () => {
    const { app, lines } = appWithLog('info');
    const res = await app.inject('/loud');
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'something happened',
      email: '[redacted]',
      route: '/loud',
      reqId: expect.any(String),
    });
    await app.close();
  });

  it('write nothing, and make no child, for a request that logs nothing or below the level', async () => {
    const { app, lines } = appWithLog('error');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect((await app.inject('/loud')).statusCode).toBe(200);
    expect(lines).toHaveLength(0);
    await app.close();
  });
});
