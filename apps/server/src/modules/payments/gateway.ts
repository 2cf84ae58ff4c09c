import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MSG, PAYMENT_CURRENCY, type PaymentGatewayName } from '@kiraya/contract';
import { asc, eq } from 'drizzle-orm';
import type { Config, PaymentsConfig } from '../../config.js';
import type { Db } from '../../db/index.js';
import { sandboxGatewayPayments } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { GatewayError, RazorpayClient } from '../../lib/razorpay.js';

/**
 * Payment gateways (ADR 019). The app talks to one PaymentGateway, chosen by configuration: Razorpay when
 * its keys are set, else the offline sandbox (in production only with PAYMENTS_SANDBOX=true; otherwise online
 * payment is off and gatewayFor refuses with PAYMENTS_OFF). Both sign a payment the same way (HMAC-SHA256 of
 * `order_id|payment_id`, hex), so the very same verify code runs in development, demos, tests and production.
 */

/** A payment the gateway knows for an order (what reconciliation asks for). */
export type GatewayPayment = {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  /** Razorpay's states: created, authorized, captured, refunded, failed. */
  status: string;
  method: string | null;
  /** When the gateway created it (ms since epoch). */
  createdAt: number;
};

export type NewGatewayOrder = { amountPaise: number; receipt: string; notes: Record<string, string> };

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** The public key id the checkout needs (the sandbox's is `sandbox`). */
  readonly keyId: string;
  /** The secret webhook deliveries are signed with; null: the webhook endpoint is off. */
  readonly webhookSecret: string | null;
  /** Creates the order at the gateway and returns its id (order_…). */
  createOrder(order: NewGatewayOrder): Promise<{ id: string }>;
  /** Every payment the gateway has for an order. */
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Whether `signature` is the gateway's signature of this order and payment (constant time). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
}

/** HMAC-SHA256 as lower-case hex. */
export const hmacHex = (secret: string, data: string | Buffer): string => createHmac('sha256', secret).update(data).digest('hex');

/** Compares a hex signature with the expected one in constant time (any other length or alphabet: false). */
export function signatureMatches(expectedHex: string, given: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's payment signature: HMAC-SHA256(`order_id|payment_id`) keyed with the key secret. */
export const paymentSignature = (secret: string, orderId: string, paymentId: string): string => hmacHex(secret, `${orderId}|${paymentId}`);

/** Razorpay's webhook signature: HMAC-SHA256 of the raw request body keyed with the webhook secret. */
export const webhookSignature = (secret: string, rawBody: string | Buffer): string => hmacHex(secret, rawBody);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A 14-character id body like Razorpay's. */
function idBody(): string {
  const bytes = randomBytes(14);
  return Array.from(bytes, (b) => BASE62[b % 62]).join('');
}

/** A failure talking to the gateway (network, timeout, a non-2xx answer): the caller answers 503. */
export { GatewayError };

/**
 * The offline sandbox: orders are made here (order_Sbx…), the sandbox checkout "pays" them through
 * POST /payments/sandbox/pay, which signs like Razorpay with a secret derived from the app's secret.
 * What it paid is kept in the database (`sandbox_gateway_payments`), as Razorpay keeps payments on its
 * servers, so reconciliation works on every instance and after a restart.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly keyId = 'sandbox';
  readonly webhookSecret: string;

  constructor(
    private readonly secret: string,
    webhookSecret: string,
    private readonly db: Db,
  ) {
    this.webhookSecret = webhookSecret;
  }

  async createOrder(): Promise<{ id: string }> {
    return { id: `order_Sbx${idBody()}` };
  }

  async orderPayments(orderId: string): Promise<GatewayPayment[]> {
    const rows = await this.db
      .select()
      .from(sandboxGatewayPayments)
      .where(eq(sandboxGatewayPayments.gatewayOrderId, orderId))
      .orderBy(asc(sandboxGatewayPayments.createdAt));
    return rows.map((r) => ({
      id: r.id,
      orderId: r.gatewayOrderId,
      amountPaise: r.amountPaise,
      currency: r.currency,
      status: r.status,
      method: r.method,
      createdAt: r.createdAt.getTime(),
    }));
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(paymentSignature(this.secret, orderId, paymentId), signature);
  }

  /** The sandbox checkout's successful payment of an order: what Razorpay's checkout hands the browser. */
  async pay(orderId: string, amountPaise: number, method: string): Promise<{ paymentId: string; signature: string }> {
    const paymentId = `pay_Sbx${idBody()}`;
    await this.db
      .insert(sandboxGatewayPayments)
      .values({ id: paymentId, gatewayOrderId: orderId, amountPaise, currency: PAYMENT_CURRENCY, status: 'captured', method });
    return { paymentId, signature: paymentSignature(this.secret, orderId, paymentId) };
  }
}

type RazorpayPaymentEntity = {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  method?: string | null;
  created_at: number;
};

export const toGatewayPayment = (p: RazorpayPaymentEntity): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id,
  amountPaise: p.amount,
  currency: p.currency,
  status: p.status,
  method: p.method ?? null,
  createdAt: p.created_at * 1000,
});

/**
 * Razorpay's orders through the one Razorpay client (lib/razorpay.ts): POST /v1/orders and
 * GET /v1/orders/{id}/payments. Any failure is a GatewayError.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  readonly webhookSecret: string | null;

  private readonly client: RazorpayClient;

  constructor(
    private readonly cfg: NonNullable<PaymentsConfig['razorpay']>,
    timeoutMs = 15_000,
  ) {
    this.keyId = cfg.keyId;
    this.webhookSecret = cfg.webhookSecret;
    this.client = new RazorpayClient(cfg, timeoutMs);
  }

  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return this.client.call<T>(method, path, body);
  }

  async createOrder(order: NewGatewayOrder): Promise<{ id: string }> {
    const made = await this.call<{ id?: unknown; amount?: unknown }>('POST', '/v1/orders', {
      amount: order.amountPaise,
      currency: PAYMENT_CURRENCY,
      receipt: order.receipt.slice(0, 40),
      notes: order.notes,
    });
    if (typeof made.id !== 'string' || !/^order_[A-Za-z0-9]+$/.test(made.id)) throw new GatewayError('Razorpay returned no order id');
    if (made.amount !== order.amountPaise) throw new GatewayError('Razorpay returned an order for another amount');
    return { id: made.id };
  }

  async orderPayments(orderId: string): Promise<GatewayPayment[]> {
    if (!/^order_[A-Za-z0-9]+$/.test(orderId)) return [];
    const list = await this.call<{ items?: RazorpayPaymentEntity[] }>('GET', `/v1/orders/${orderId}/payments`);
    return (list.items ?? []).filter((p) => p && typeof p.id === 'string' && typeof p.amount === 'number').map(toGatewayPayment);
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(paymentSignature(this.cfg.keySecret, orderId, paymentId), signature);
  }
}

/**
 * The app's gateway for its configuration. Both kinds hold no state of their own (the sandbox keeps its
 * payments in `db`), so one is made per call.
 */
export function gatewayFor({ config, db }: { config: Config; db: Db }): PaymentGateway {
  const p = config.payments;
  if (p.gateway === 'off') throw new AppError('PAYMENTS_OFF', MSG.paymentsOff);
  return p.gateway === 'razorpay' && p.razorpay
    ? new RazorpayGateway(p.razorpay)
    : new SandboxGateway(p.sandboxSecret, p.sandboxWebhookSecret, db);
}

/** Razorpay's checkout: its script, the frames it opens, and the API it calls from the browser. */
export const RAZORPAY_CHECKOUT_ORIGINS = { script: 'https://checkout.razorpay.com', api: 'https://api.razorpay.com' } as const;

/**
 * The origins the content security policy adds for the configured gateway: Razorpay's checkout script
 * and frames only when Razorpay is the gateway; the sandbox needs none (its checkout is the app's own).
 */
export function paymentCsp(config: Config): { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[] } {
  if (config.payments.gateway !== 'razorpay') return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  const { script, api } = RAZORPAY_CHECKOUT_ORIGINS;
  return { scriptSrc: [script], frameSrc: [script, api], connectSrc: [api] };
}
