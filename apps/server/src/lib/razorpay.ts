import type { PaymentsConfig } from '../config.js';

/**
 * The one client of Razorpay's REST API (basic auth with the key id and secret), used by the payment gateway
 * (orders, ADR 019) and by Route (linked accounts and transfers, ADR 031). Each call has a deadline; any failure is
 * a GatewayError whose message names the method, the path, Razorpay's status and its description with long digit
 * runs hidden (Razorpay may quote what it refused: an account number), never a request body.
 */

/** A failure talking to Razorpay (network, timeout, a non-2xx answer); `status` is Razorpay's HTTP status when it answered. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Runs of 6 or more digits (account numbers and the like) as •••• (for gateway messages that are logged or shown). */
export const redactDigits = (s: string): string => s.replace(/\d{6,}/g, '••••');

export type RazorpayKeys = NonNullable<PaymentsConfig['razorpay']>;

export class RazorpayClient {
  constructor(
    private readonly cfg: RazorpayKeys,
    private readonly timeoutMs = 15_000,
  ) {}

  async call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const auth = Buffer.from(`${this.cfg.keyId}:${this.cfg.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.cfg.apiBase}${path}`, {
        method,
        headers: { authorization: `Basic ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}), accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new GatewayError(`Razorpay ${method} ${path} failed: ${(e as Error).name}`);
    }
    const text = await res.text();
    if (!res.ok) {
      // Razorpay's error body names the problem ({ error: { code, description } }).
      let description = '';
      try {
        description = redactDigits(String((JSON.parse(text) as { error?: { description?: string } }).error?.description ?? '')).slice(
          0,
          200,
        );
      } catch {
        /* not JSON */
      }
      throw new GatewayError(`Razorpay ${method} ${path} answered ${res.status} ${description}`.trim(), res.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`Razorpay ${method} ${path} answered something that is not JSON`);
    }
  }
}
