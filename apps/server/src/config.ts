import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Parameterised queries as named prepared statements (parsed and planned once per connection); false behind a transaction-mode pooler. */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  DATA_KEY: z.string().min(32, 'DATA_KEY must be at least 32 characters.').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: on, except in production. In production only an explicit true loads the demo. */
  DEMO_DATA: bool.optional(),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** How long a just-rotated refresh token presented again (two tabs refreshing at once) is refused without revoking. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Which proxies may set X-Forwarded-*: false (default), true, a hop count, or comma-separated addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** The whole request (headers and body) must arrive within this; 0 turns it off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(120),
  /** The request headers must arrive within this. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(15),
  /** A connection on which nothing moves for this long is closed; 0 turns it off. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** An idle keep-alive connection is closed after this. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(5),
  /** Razorpay (ADR 019): both set → the Razorpay gateway; neither → the offline sandbox gateway. */
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_….')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8).optional(),
  /** The secret of the webhook set up in Razorpay's dashboard; without it the webhook endpoint answers 404. */
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8).optional(),
  /** Razorpay's API origin (tests point it at a local server). */
  RAZORPAY_API_BASE: z.string().url().default('https://api.razorpay.com'),
  /**
   * The offline sandbox gateway (takes no money). Unset: on without Razorpay keys, except in production,
   * where only an explicit true (a staging site) turns it on. false turns it off anywhere.
   */
  PAYMENTS_SANDBOX: bool.optional(),
  /** How often orders left `created` are checked with the gateway; 0 turns it off (default 120, and 0 in tests). */
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** How often meter photos uploaded but never attached (a day old) are deleted; 0 turns it off (default 3600, and 0 in tests). */
  METER_PHOTO_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** How often each instance runs the rent cycle (issue 22, ADR 028); 0 turns it off (default 3600, and 0 in tests). */
  RENT_CYCLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Days before the due day a period's Rent Bill is raised (default 5). */
  RENT_CYCLE_LEAD_DAYS: z.coerce.number().int().min(0).max(27).default(5),
  /** Payouts (issue 24, ADR 031): Kiraya's fee on each online payment in basis points (0 to 10000; default 0). */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The sandbox Route gateway: seconds per step (linked account created → under review → activated; transfer → settled). */
  PAYOUTS_SANDBOX_STEP_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** How often pending linked accounts and unsettled transfers are checked; 0 turns it off (default 60, and 0 in tests). */
  PAYOUT_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Shared rate limits and failed-login counters (ADR 018); unset: in this process's memory. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every key Kiraya writes in Redis (several apps or test runs can share one Redis). */
  REDIS_PREFIX: z.string().default('kiraya:'),
  /** S3-compatible object storage for uploads (ADR 018); unset: DATA_DIR/uploads on local disk. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Self-hosted or non-AWS stores (MinIO, R2, Spaces…): their URL. Unset: AWS for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name: most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** GET /metrics answers only `Authorization: Bearer <this>` (ADR 026); unset: /metrics is 404 for everyone. */
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
  /** A request slower than this (ms) is logged once at warn, with its route pattern only (ADR 026); 0 turns it off. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(3_600_000).default(500),
  /** Email over SMTP (issue 25, ADR 030): smtp://user:pass@host:587 or smtps://…; unset: the development mailbox (never in production). */
  SMTP_URL: z.string().url().optional(),
  /** The From of every email. */
  MAIL_FROM: z.string().trim().min(3).default('Kiraya <no-reply@kiraya.local>'),
  /** How often each instance delivers due outbox messages; 0 turns it off (default 5, and 0 in tests). */
  OUTBOX_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** Phone codes by SMS (issue 26, ADR 033): 'msg91'; unset: the development mailbox (never in production). */
  SMS_PROVIDER: z.enum(['msg91']).optional(),
  /**
   * The development mailbox (ADR 043): 'on' even when PUBLIC_URL is not localhost, 'off' always; unset: on only
   * when PUBLIC_URL is localhost. Never in production, and only to requests from this machine.
   */
  DEV_MAILBOX: z.enum(['on', 'off']).optional(),
  /** One more push service origin the server may post to (ADR 043), e.g. a test's stand-in; unset: the known services only. */
  PUSH_SERVICE_ORIGIN: z
    .string()
    .url()
    .transform((u) => new URL(u).origin)
    .optional(),
  /** MSG91's authkey (dashboard: Authkey) and the DLT-approved OTP template's id (its text uses ##otp##). */
  MSG91_AUTH_KEY: z.string().trim().min(8).optional(),
  MSG91_TEMPLATE_ID: z.string().trim().min(1).optional(),
  /** MSG91's Flow API address (tests point it at a local server). */
  MSG91_API_URL: z.string().url().default('https://control.msg91.com/api/v5/flow'),
  /** Web Push (issue 27, ADR 035): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key.')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{40,45}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key.')
    .optional(),
  /** Who push services contact about this sender: mailto:… or https://…; default: mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL.')
    .optional(),
});

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Unset: the SDK's default chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

function smsConfig(
  e: { SMS_PROVIDER?: 'msg91'; MSG91_AUTH_KEY?: string; MSG91_TEMPLATE_ID?: string; MSG91_API_URL: string },
  isProduction: boolean,
): SmsConfig {
  if (e.SMS_PROVIDER === 'msg91') {
    if (!e.MSG91_AUTH_KEY || !e.MSG91_TEMPLATE_ID) throw new Error('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.');
    return { provider: 'msg91', msg91: { authKey: e.MSG91_AUTH_KEY, templateId: e.MSG91_TEMPLATE_ID, apiUrl: e.MSG91_API_URL } };
  }
  return isProduction ? { provider: 'off' } : { provider: 'devMailbox' };
}

/** TRUST_PROXY → Fastify's trustProxy: never trust forwarded headers unless told to. */
export function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  const s = (v ?? '').trim().toLowerCase();
  if (s === '' || s === 'false' || s === '0' || s === 'no') return false;
  if (s === 'true' || s === 'yes') return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_PREPARED_STATEMENTS */
  databasePrepare: boolean;
  jwtSecret: string;
  dataKey: string;
  publicUrl: string;
  trustedOrigins: string[];
  logLevel: string;
  demoData: boolean;
  webDist: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** A rotated refresh token presented again within this window is refused without revoking its family. */
  refreshReuseGraceMs: number;
  /** Fastify's trustProxy (TRUST_PROXY); rate limits key on the client address it yields. */
  trustProxy: boolean | number | string[];
  /**
   * Sign-ups per address per hour; failed logins per account and address per minute, and per account
   * (any address) per 15 minutes (50 when not given); login calls per address per minute.
   */
  rateLimits: {
    signupsPerHour: number;
    failedLoginsPerMinute: number;
    failedLoginsPerAccountPer15Minutes?: number;
    loginsPerIpPerMinute: number;
    /** Payment orders a tenant may create per minute (issue 18: 8 tenants made 120 a second); 20 when not given. */
    ordersPerUserPerMinute?: number;
    /** Password reset requests per network and per address asked for, per 15 minutes (issue 25); 10 when not given. */
    resetsPer15Minutes?: number;
  };
  /** HTTP server timeouts (ms): whole request, headers, idle socket, idle keep-alive; 0 turns request/connection off. */
  timeouts: { requestMs: number; headersMs: number; connectionMs: number; keepAliveMs: number };
  /** Payments (ADR 019). */
  payments: PaymentsConfig;
  /** Interval of the sweep of meter photos never attached to a bill (ms); 0 = off (ADR 016). */
  meterPhotoSweepIntervalMs: number;
  /** The rent cycle (ADR 028): how often it runs (ms; 0 = off) and how many days before the due day it raises a Rent Bill. */
  rentCycle: { intervalMs: number; leadDays: number };
  /** Payouts (ADR 031): the platform fee (bps), the sandbox's step (ms), the sync interval (ms; 0 = off). */
  payouts: { feeBps: number; sandboxStepMs: number; syncIntervalMs: number };
  /** REDIS_URL: rate limits and failed-login counters shared by every instance; undefined keeps them in memory. */
  redisUrl: string | undefined;
  redisPrefix: string;
  /** S3_*: uploads in an S3-compatible bucket; undefined keeps them under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: /metrics answers 404 (ADR 026). */
  metricsToken: string | undefined;
  /** SLOW_REQUEST_MS: requests slower than this are logged at warn; 0 = off (ADR 026). */
  slowRequestMs: number;
  /**
   * Email (issue 25, ADR 030): SMTP_URL (undefined: kept in the outbox and shown in the development mailbox,
   * never in production), MAIL_FROM, and how often the outbox worker runs (ms; 0 = off).
   */
  mail: { smtpUrl: string | undefined; from: string; outboxIntervalMs: number };
  /**
   * SMS (ADR 033): MSG91 when SMS_PROVIDER=msg91; otherwise the development mailbox, or 'off' in production
   * (phone codes then answer 503 SMS_OFF).
   */
  sms: SmsConfig;
  /** Web Push (issue 27, ADR 035): the VAPID keys (configured, or generated once into DATA_DIR) and subject. */
  push: { readonly publicKey: string; readonly privateKey: string; subject: string };
  /** PUSH_SERVICE_ORIGIN: one more push service the server may post to (ADR 043); tests point it at their stand-in. */
  pushServiceOrigin: string | undefined;
  /**
   * Whether GET /dev/mailbox answers (ADR 043): 'on' (DEV_MAILBOX=on), 'local' (PUBLIC_URL is localhost), 'off'
   * (production, DEV_MAILBOX=off, or a PUBLIC_URL that is not localhost). Only to requests from this machine.
   */
  devMailbox: 'on' | 'local' | 'off';
};

export type SmsConfig =
  | { provider: 'msg91'; msg91: { authKey: string; templateId: string; apiUrl: string } }
  | { provider: 'devMailbox' }
  | { provider: 'off' };

export type PaymentsConfig = {
  /** 'off': no online payment (production without Razorpay keys): create-order answers 503 PAYMENTS_OFF. */
  gateway: 'sandbox' | 'razorpay' | 'off';
  /** Set when the gateway is Razorpay. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | null; apiBase: string } | null;
  /** The sandbox gateway's signing key and webhook secret, derived from JWT_SECRET (never sent to a browser). */
  sandboxSecret: string;
  sandboxWebhookSecret: string;
  /** Interval of the sweep of orders left `created` (ms); 0 = off. */
  reconcileIntervalMs: number;
};

/** What `secureTransport` reads: a whole Config, or just these two fields. */
export type TransportConfig = Pick<Config, 'isProduction'> & Partial<Pick<Config, 'publicUrl'>>;

/**
 * Whether the app is reached over HTTPS: in production, and whenever PUBLIC_URL is https (a staging or
 * demo deployment with another NODE_ENV). Turns on HSTS, upgrade-insecure-requests and Secure cookies.
 */
export function secureTransport(config: TransportConfig): boolean {
  if (config.isProduction) return true;
  try {
    return new URL(config.publicUrl ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Payment settings from the environment: Razorpay when both keys are given; else the sandbox, except in
 * production, where the sandbox runs only with PAYMENTS_SANDBOX=true (issue 18: it took no money) and
 * online payment is otherwise off.
 */
function paymentsConfig(e: z.infer<typeof envSchema>, jwtSecret: string): PaymentsConfig {
  if (!!e.RAZORPAY_KEY_ID !== !!e.RAZORPAY_KEY_SECRET) {
    throw new Error('Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together.');
  }
  const derive = (purpose: string) => createHmac('sha256', jwtSecret).update(`kiraya:payments:${purpose}`).digest('hex');
  return {
    gateway: e.RAZORPAY_KEY_ID ? 'razorpay' : (e.PAYMENTS_SANDBOX ?? e.NODE_ENV !== 'production') ? 'sandbox' : 'off',
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null,
            apiBase: e.RAZORPAY_API_BASE.replace(/\/$/, ''),
          }
        : null,
    sandboxSecret: derive('sandbox'),
    sandboxWebhookSecret: derive('sandbox-webhook'),
    reconcileIntervalMs: (e.PAYMENT_RECONCILE_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 120)) * 1000,
  };
}

/**
 * What the start log says about payments (issue 18): a loud warning when the sandbox, which takes no money,
 * runs in production (PAYMENTS_SANDBOX=true, a staging site), and a line when online payment is off.
 */
export function paymentsStartNotice(config: Pick<Config, 'isProduction' | 'payments'>): string | null {
  if (config.payments.gateway === 'off')
    return 'Online payment is OFF: no RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set. Tenants are asked to pay their owner directly.';
  if (config.payments.gateway === 'sandbox' && config.isProduction)
    return '!!! PAYMENTS_SANDBOX=true in production: payments go through the SANDBOX and take NO MONEY. Every Pay screen and receipt says so. Use this for a staging site only. !!!';
  return null;
}

/** True when `url` names this machine: localhost (or a *.localhost name), 127.x.x.x or [::1]. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * What the start log says about the development mailbox (ADR 043), when email or SMS has no provider outside
 * production: where it is and who may read it, or that it is off and why.
 */
export function devMailboxStartNotice(config: Pick<Config, 'isProduction' | 'devMailbox' | 'publicUrl' | 'mail' | 'sms'>): string | null {
  if (config.isProduction || (config.mail.smtpUrl && config.sms.provider !== 'devMailbox')) return null;
  if (config.devMailbox === 'off')
    return 'Development mailbox: OFF (PUBLIC_URL is not localhost, or DEV_MAILBOX=off). Emails and SMS without SMTP_URL or SMS_PROVIDER are kept, not shown; DEV_MAILBOX=on turns it on for this machine.';
  return `Development mailbox: on at ${config.publicUrl}/dev/mailbox, for requests from this machine only (reset links and codes land there until SMTP_URL and SMS_PROVIDER are set).`;
}

/** A secret from the environment, or one generated once and kept in DATA_DIR (never in production). */
function secret(name: string, value: string | undefined, dataDir: string, production: boolean): string {
  if (value) return value;
  if (production) throw new Error(`${name} is required in production.`);
  const file = join(dataDir, `.${name.toLowerCase()}`);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    // A truncated or emptied file would give a weak (or empty) key: replace it instead.
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or a P-256 pair generated once and kept
 * in DATA_DIR/.vapid (0600). Several instances must share one pair (a subscription is bound to the public key):
 * configure it, or share DATA_DIR. The file is read or written only when a key is first used, so a command that
 * merely reads the configuration (backup, restore) writes nothing.
 */
function vapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
  dataDir: string,
): { readonly publicKey: string; readonly privateKey: string } {
  if ((publicKey === undefined) !== (privateKey === undefined))
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together.');
  if (publicKey && privateKey) return { publicKey, privateKey };
  let pair: { publicKey: string; privateKey: string } | undefined;
  const kept = () => {
    pair ??= keptVapidKeys(dataDir);
    return pair;
  };
  return {
    get publicKey() {
      return kept().publicKey;
    },
    get privateKey() {
      return kept().privateKey;
    },
  };
}

function keptVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, '.vapid');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (
        typeof kept.publicKey === 'string' &&
        typeof kept.privateKey === 'string' &&
        kept.publicKey.length === 87 &&
        kept.privateKey.length === 43
      )
        return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // A damaged file is replaced: the browsers subscribe again with the new key.
    }
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const raw = ecdh.getPrivateKey();
  // 32 bytes always (a key with leading zero bytes comes back shorter).
  const privateBytes = Buffer.concat([Buffer.alloc(32 - raw.length), raw]);
  const pair = { publicKey: ecdh.getPublicKey('base64url', 'uncompressed'), privateKey: privateBytes.toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/** The keys (their getters kept, so a kept pair is still read only when used) and the subject. */
function withSubject(keys: { readonly publicKey: string; readonly privateKey: string }, subject: string): Config['push'] {
  return Object.defineProperties({ subject } as Config['push'], {
    publicKey: { get: () => keys.publicKey, enumerable: true },
    privateKey: { get: () => keys.privateKey, enumerable: true },
  });
}

/** The address of MAIL_FROM ("Kiraya <no-reply@kiraya.local>" → no-reply@kiraya.local). */
const fromAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** Reads and validates the environment once; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An unset variable and an empty one (`PORT=` in a compose file) both mean "use the default".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...(e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        // Browsers send a bare origin (no path, no trailing slash); compare like with like.
        try {
          return new URL(s).origin;
        } catch {
          throw new Error(`Invalid configuration:\n  TRUSTED_ORIGINS: "${s}" is not a URL.`);
        }
      }),
  ];
  const jwtSecret = secret('JWT_SECRET', e.JWT_SECRET, dataDir, isProduction);
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  }
  const s3: S3Config | undefined = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
      }
    : undefined;
  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePrepare: e.DATABASE_PREPARED_STATEMENTS,
    jwtSecret,
    dataKey: secret('DATA_KEY', e.DATA_KEY, dataDir, isProduction),
    publicUrl,
    trustedOrigins,
    logLevel: e.LOG_LEVEL,
    // The demo accounts share a published password: never loaded in production unless asked for explicitly.
    demoData: e.DEMO_DATA ?? !isProduction,
    webDist: e.WEB_DIST,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      signupsPerHour: 20,
      failedLoginsPerMinute: 10,
      failedLoginsPerAccountPer15Minutes: 50,
      loginsPerIpPerMinute: 120,
      ordersPerUserPerMinute: 20,
    },
    timeouts: {
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      connectionMs: Math.round(e.CONNECTION_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    payments: paymentsConfig(e, jwtSecret),
    meterPhotoSweepIntervalMs: (e.METER_PHOTO_SWEEP_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 3600)) * 1000,
    rentCycle: {
      intervalMs: (e.RENT_CYCLE_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 3600)) * 1000,
      leadDays: e.RENT_CYCLE_LEAD_DAYS,
    },
    payouts: {
      feeBps: e.PLATFORM_FEE_BPS,
      sandboxStepMs: Math.round(e.PAYOUTS_SANDBOX_STEP_SECONDS * 1000),
      syncIntervalMs: (e.PAYOUT_SYNC_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    s3,
    metricsToken: e.METRICS_TOKEN,
    slowRequestMs: e.SLOW_REQUEST_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxIntervalMs: (e.OUTBOX_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    },
    sms: smsConfig(e, isProduction),
    pushServiceOrigin: e.PUSH_SERVICE_ORIGIN,
    devMailbox: isProduction || e.DEV_MAILBOX === 'off' ? 'off' : e.DEV_MAILBOX === 'on' ? 'on' : isLocalUrl(publicUrl) ? 'local' : 'off',
    push: withSubject(
      overrides.push ?? vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir),
      e.VAPID_SUBJECT ?? `mailto:${fromAddress(e.MAIL_FROM)}`,
    ),
    ...overrides,
  };
}
