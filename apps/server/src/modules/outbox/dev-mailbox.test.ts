import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailboxStartNotice, loadConfig } from '../../config.js';
import { createTestContext, TEST_ENV, type TestContext } from '../../test/harness.js';

/** The development mailbox holds every reset link and phone code: safe by default outside production (ADR 043). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const mailbox = (o: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox', ...o });

describe('GET /dev/mailbox', () => {
  it('answers requests from this machine (loopback, no proxy headers) while PUBLIC_URL is localhost', async () => {
    expect(ctx.config.devMailbox).toBe('local');
    expect((await mailbox()).statusCode).toBe(200);
    expect((await mailbox({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await mailbox({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('is not found from another machine, or through a proxy (forwarding headers), whatever they claim', async () => {
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1']) {
      expect((await mailbox({ remoteAddress })).statusCode, remoteAddress).toBe(404);
    }
    for (const [h, v] of [
      ['x-forwarded-for', '127.0.0.1'],
      ['forwarded', 'for=127.0.0.1'],
      ['x-real-ip', '127.0.0.1'],
      ['via', '1.1 proxy'],
    ] as const) {
      expect((await mailbox({ headers: { [h]: v } })).statusCode, h).toBe(404);
    }
  });

  it('is off when the mailbox is off (a PUBLIC_URL that is not localhost, or DEV_MAILBOX=off), even from this machine', async () => {
    const was = ctx.config.devMailbox;
    ctx.config.devMailbox = 'off';
    try {
      expect((await mailbox()).statusCode).toBe(404);
    } finally {
      ctx.config.devMailbox = was;
    }
  });
});

describe('DEV_MAILBOX and PUBLIC_URL', () => {
  const config = (env: Record<string, string>) => loadConfig({ ...TEST_ENV, DATA_DIR: ctx.config.dataDir, ...env });
  it('is on for localhost, off for any other PUBLIC_URL unless DEV_MAILBOX=on, and never in production', () => {
    expect(config({}).devMailbox).toBe('local');
    expect(config({ PUBLIC_URL: 'http://127.0.0.1:4000' }).devMailbox).toBe('local');
    expect(config({ PUBLIC_URL: 'https://staging.kiraya.example' }).devMailbox).toBe('off');
    expect(config({ PUBLIC_URL: 'http://192.168.1.5:3000' }).devMailbox).toBe('off');
    expect(config({ PUBLIC_URL: 'https://staging.kiraya.example', DEV_MAILBOX: 'on' }).devMailbox).toBe('on');
    expect(config({ DEV_MAILBOX: 'off' }).devMailbox).toBe('off');
    expect(config({ NODE_ENV: 'production', DEV_MAILBOX: 'on', PUBLIC_URL: 'http://localhost:3000' }).devMailbox).toBe('off');
  });

  it('the start log says where the mailbox is and who may read it, or that it is off and how to turn it on', () => {
    expect(devMailboxStartNotice(config({}))).toBe(
      'Development mailbox: on at http://localhost:3000/dev/mailbox, for requests from this machine only (reset links and codes land there until SMTP_URL and SMS_PROVIDER are set).',
    );
    expect(devMailboxStartNotice(config({ PUBLIC_URL: 'https://staging.kiraya.example' }))).toMatch(
      /^Development mailbox: OFF \(PUBLIC_URL is not localhost, or DEV_MAILBOX=off\).*DEV_MAILBOX=on turns it on/,
    );
    expect(devMailboxStartNotice(config({ NODE_ENV: 'production', PUBLIC_URL: 'https://kiraya.example' }))).toBeNull();
  });
});
