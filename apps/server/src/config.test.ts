import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, paymentsStartNotice, secureTransport } from './config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiraya-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000'],
      logLevel: 'info',
      demoData: true,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      refreshReuseGraceMs: 10_000,
      rateLimits: { signupsPerHour: 20, failedLoginsPerMinute: 10, failedLoginsPerAccountPer15Minutes: 50, loginsPerIpPerMinute: 120 },
    });
  });

  it('generates JWT_SECRET and DATA_KEY once outside production and keeps them in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.dataKey.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.dataKey);
    expect(readFileSync(join(dir, '.jwt_secret'), 'utf8')).toBe(first.jwtSecret);
    expect(statSync(join(dir, '.jwt_secret')).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.dataKey).toBe(first.dataKey);
  });

  it('replaces a kept secret that was emptied or truncated', () => {
    writeFileSync(join(dir, '.jwt_secret'), 'short');
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, '.jwt_secret'), 'utf8')).toBe(c.jwtSecret);
  });

  it('uses the secrets from the environment when given, without writing files', () => {
    const c = loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: 'k'.repeat(32) });
    expect(c.jwtSecret).toBe(SECRET);
    expect(c.dataKey).toBe('k'.repeat(32));
    expect(() => statSync(join(dir, '.jwt_secret'))).toThrow();
  });

  it('requires JWT_SECRET and DATA_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, DATA_KEY: SECRET })).toThrow('JWT_SECRET is required in production.');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET })).toThrow('DATA_KEY is required in production.');
    const c = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: SECRET });
    expect(c.isProduction).toBe(true);
  });

  it('keeps the demo data (published password) out of production unless DEMO_DATA=true is set explicitly', () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: SECRET };
    expect(loadConfig(prod).demoData).toBe(false);
    expect(loadConfig({ ...prod, DEMO_DATA: '' }).demoData).toBe(false);
    expect(loadConfig({ ...prod, DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ ...prod, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).demoData).toBe(true);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters.');
  });

  it('rejects an invalid PORT and accepts a valid one', () => {
    for (const PORT of ['abc', '70000', '-1', '3000.5'])
      expect(() => loadConfig({ DATA_DIR: dir, PORT })).toThrow(/Invalid configuration:[\s\S]*PORT/);
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' })).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080' });
    expect(loadConfig({ DATA_DIR: dir, PORT: '' }).port).toBe(3000);
  });

  it('lists every problem at once', () => {
    let text = '';
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'x', NODE_ENV: 'staging', DATABASE_URL: 'not a url' });
    } catch (e) {
      text = (e as Error).message;
    }
    expect(text).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'NODE_ENV', 'DATABASE_URL']) expect(text).toContain(`  ${name}: `);
  });

  it('reads the database URL, public URL and trusted origins', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kiraya',
      PUBLIC_URL: 'https://kiraya.example/',
      TRUSTED_ORIGINS: 'https://admin.kiraya.example/, http://localhost:5173',
      DEMO_DATA: 'false',
    });
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/kiraya');
    expect(c.publicUrl).toBe('https://kiraya.example');
    expect(c.trustedOrigins).toEqual(['https://kiraya.example', 'https://admin.kiraya.example', 'http://localhost:5173']);
    expect(c.demoData).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, TRUSTED_ORIGINS: 'not-an-origin' })).toThrow(/TRUSTED_ORIGINS/);
  });

  it('turns on HSTS and Secure cookies in production and whenever PUBLIC_URL is https', () => {
    expect(secureTransport(loadConfig({ DATA_DIR: dir }))).toBe(false);
    expect(secureTransport(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://kiraya.example' }))).toBe(false);
    expect(secureTransport(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://kiraya.example' }))).toBe(true);
    expect(secureTransport(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', PUBLIC_URL: 'HTTPS://Kiraya.example/' }))).toBe(true);
    const prod = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: SECRET });
    expect([prod.publicUrl, secureTransport(prod)]).toEqual(['http://localhost:3000', true]);
    expect(secureTransport({ isProduction: false, publicUrl: 'https://kiraya.example' })).toBe(true);
  });

  it('treats empty variables as unset and reads booleans in any case', () => {
    const c = loadConfig({ DATA_DIR: dir, PORT: ' ', DATABASE_URL: '', JWT_SECRET: '', DEMO_DATA: 'FALSE', LOG_LEVEL: '' });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, demoData: false, logLevel: 'info' });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir, DEMO_DATA: 'Yes' }).demoData).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir, DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('reads the reuse grace window in seconds', () => {
    expect(loadConfig({ DATA_DIR: dir, REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, REFRESH_REUSE_GRACE_SECONDS: '3' }).refreshReuseGraceMs).toBe(3000);
  });

  it('lets overrides win over the environment', () => {
    const c = loadConfig(
      { DATA_DIR: dir, PORT: '4000' },
      { port: 5000, rateLimits: { signupsPerHour: 1, failedLoginsPerMinute: 2, loginsPerIpPerMinute: 3 } },
    );
    expect(c.port).toBe(5000);
    expect(c.publicUrl).toBe('http://localhost:5000');
    expect(c.rateLimits.failedLoginsPerMinute).toBe(2);
  });
});

describe('parseTrustProxy', () => {
  it('trusts no proxy unless told to', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});

describe('payments configuration (ADR 019)', () => {
  it('defaults to the sandbox with secrets derived from JWT_SECRET, and a reconciliation sweep off in tests', () => {
    const c = loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET });
    expect(c.payments).toMatchObject({ gateway: 'sandbox', razorpay: null, reconcileIntervalMs: 120_000 });
    expect(c.payments.sandboxSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(c.payments.sandboxSecret).not.toBe(c.payments.sandboxWebhookSecret);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET }).payments.sandboxSecret).toBe(c.payments.sandboxSecret);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40) }).payments.sandboxSecret).not.toBe(c.payments.sandboxSecret);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).payments.reconcileIntervalMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', PAYMENT_RECONCILE_INTERVAL_SECONDS: '30' }).payments.reconcileIntervalMs).toBe(
      30_000,
    );
  });

  it('sweeps unattached meter photos hourly, not in tests unless configured (issue 20)', () => {
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET }).meterPhotoSweepIntervalMs).toBe(3_600_000);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).meterPhotoSweepIntervalMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', METER_PHOTO_SWEEP_INTERVAL_SECONDS: '60' }).meterPhotoSweepIntervalMs).toBe(
      60_000,
    );
  });

  it('uses Razorpay when both keys are set, and refuses one without the other', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      RAZORPAY_KEY_ID: 'rzp_test_abc123',
      RAZORPAY_KEY_SECRET: 'secret-secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
      RAZORPAY_API_BASE: 'http://127.0.0.1:9999/',
    });
    expect(c.payments).toMatchObject({
      gateway: 'razorpay',
      razorpay: { keyId: 'rzp_test_abc123', keySecret: 'secret-secret', webhookSecret: 'hook-secret', apiBase: 'http://127.0.0.1:9999' },
    });
    expect(() => loadConfig({ DATA_DIR: dir, RAZORPAY_KEY_ID: 'rzp_test_abc123' })).toThrow(/must be set together/);
    expect(() => loadConfig({ DATA_DIR: dir, RAZORPAY_KEY_ID: 'nope', RAZORPAY_KEY_SECRET: 'secret-secret' })).toThrow(/RAZORPAY_KEY_ID/);
  });

  it('never runs the sandbox in production unless PAYMENTS_SANDBOX=true; without keys online payment is off (issue 18)', () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: SECRET };
    const off = loadConfig(prod);
    expect(off.payments.gateway).toBe('off');
    expect(paymentsStartNotice(off)).toMatch(/Online payment is OFF/);
    const staging = loadConfig({ ...prod, PAYMENTS_SANDBOX: 'true' });
    expect(staging.payments.gateway).toBe('sandbox');
    expect(paymentsStartNotice(staging)).toMatch(/SANDBOX and take NO MONEY/);
    const live = loadConfig({
      ...prod,
      PAYMENTS_SANDBOX: 'true',
      RAZORPAY_KEY_ID: 'rzp_live_abc123',
      RAZORPAY_KEY_SECRET: 'secret-secret',
    });
    expect(live.payments.gateway).toBe('razorpay');
    expect(paymentsStartNotice(live)).toBeNull();
    // Outside production the sandbox is the default, and can be turned off too.
    expect(loadConfig({ DATA_DIR: dir }).payments.gateway).toBe('sandbox');
    expect(paymentsStartNotice(loadConfig({ DATA_DIR: dir }))).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, PAYMENTS_SANDBOX: 'false' }).payments.gateway).toBe('off');
  });
});

describe('SMS (ADR 033)', () => {
  it('uses MSG91 when configured with its key and template; otherwise the development mailbox, and nothing in production', () => {
    const msg91 = loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'authkey-1234', MSG91_TEMPLATE_ID: 'tmpl-1' });
    expect(msg91.sms).toEqual({
      provider: 'msg91',
      msg91: { authKey: 'authkey-1234', templateId: 'tmpl-1', apiUrl: 'https://control.msg91.com/api/v5/flow' },
    });
    expect(() => loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'authkey-1234' })).toThrow(/MSG91_TEMPLATE_ID/);
    expect(() => loadConfig({ DATA_DIR: dir, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ DATA_DIR: dir }).sms).toEqual({ provider: 'devMailbox' });
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: SECRET, DATA_KEY: SECRET }).sms).toEqual({ provider: 'off' });
  });
});

describe('shared state for several instances (ADR 018)', () => {
  it('keeps counters in memory and uploads on disk unless told otherwise', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.redisUrl).toBeUndefined();
    expect(c.redisPrefix).toBe('kiraya:');
    expect(c.s3).toBeUndefined();
  });

  it('reads Redis and an S3-compatible bucket from the environment', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      REDIS_URL: 'rediss://:pw@redis.internal:6380',
      REDIS_PREFIX: 'city1:',
      S3_BUCKET: 'kiraya-uploads',
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: 'secret1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.redisUrl).toBe('rediss://:pw@redis.internal:6380');
    expect(c.redisPrefix).toBe('city1:');
    expect(c.s3).toEqual({
      bucket: 'kiraya-uploads',
      region: 'ap-south-1',
      endpoint: 'https://minio.internal:9000',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret1' },
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, virtual-host style, credentials from the SDK's chain (an instance role).
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'b' }).s3).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses half a key pair and a Redis URL that is not one', () => {
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});
