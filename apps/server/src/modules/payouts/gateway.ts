import { createHash, randomBytes } from 'node:crypto';
import { type LinkedAccountState, PAYMENT_CURRENCY } from '@kiraya/contract';
import type { Config, PaymentsConfig } from '../../config.js';
import { GatewayError, RazorpayClient, redactDigits } from '../../lib/razorpay.js';

/**
 * Razorpay Route (ADR 031): each owner is a linked account (account, stakeholder, the Route product with the
 * settlement bank account), and each captured payment is transferred to it. The app talks to one
 * RouteGateway: Razorpay's API when its keys are set, else the sandbox, which walks a linked account
 * through the same states on its own (created → under_review → activated, one step every
 * PAYOUTS_SANDBOX_STEP_SECONDS) and settles a transfer one step after it is made, with a UTR.
 */

/** A failure talking to Route (network, timeout, a non-2xx answer); `status` is Razorpay's HTTP status when it answered. */
export { GatewayError, redactDigits };

/** What creating or updating a linked account needs. Nothing here is ever logged. */
export type LinkedAccountInput = {
  /** Kiraya's owner id (Razorpay's reference_id). */
  ownerId: string;
  email: string;
  phone: string;
  contactName: string;
  holderName: string;
  pan: string;
  accountNumber: string;
  ifsc: string;
};

export type LinkedAccountRef = { linkedAccountId: string; stakeholderId: string | null; productId: string | null };
export type LinkedAccountStatus = { status: LinkedAccountState; reason: string | null };

export type GatewayTransfer = { transferId: string; recipient: string; amountPaise: number };

export type TransferStatus = {
  /** Razorpay's: pending, processed, failed, reversed (and partially_reversed). */
  status: string;
  failureReason: string | null;
  settlement: { id: string; utr: string | null; settledAt: Date } | null;
};

export interface RouteGateway {
  readonly name: 'sandbox' | 'razorpay';
  /** Creates the linked account, its stakeholder and its Route product with the settlement bank account. */
  createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccountRef & LinkedAccountStatus>;
  /** Changes the settlement bank account of an existing linked account. */
  updateSettlementAccount(ref: LinkedAccountRef, input: LinkedAccountInput): Promise<LinkedAccountStatus>;
  /** The linked account's state now. */
  accountStatus(ref: LinkedAccountRef): Promise<LinkedAccountStatus>;
  /** Transfers `amountPaise` of a captured payment to a linked account. */
  transfer(gatewayPaymentId: string, linkedAccountId: string, amountPaise: number, notes: Record<string, string>): Promise<GatewayTransfer>;
  /** The transfers already made from a payment (asked before transferring again after an interrupted attempt). */
  paymentTransfers(gatewayPaymentId: string): Promise<GatewayTransfer[]>;
  /** A transfer's state and, once paid out, its settlement to the owner's bank. */
  transferStatus(transferId: string): Promise<TransferStatus>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomBody = (n: number) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('');

/** Razorpay's product activation states, as the app's. */
export function toAccountState(s: unknown): LinkedAccountState | null {
  switch (s) {
    case 'created':
    case 'requested':
      return 'created';
    case 'under_review':
      return 'under_review';
    case 'activated':
      return 'activated';
    case 'needs_clarification':
      return 'needs_clarification';
    default:
      return null;
  }
}

const ACCOUNT_ID = /^acc_[A-Za-z0-9]+$/;
const PRODUCT_ID = /^acc_prd_[A-Za-z0-9]+$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]+$/;
const TRANSFER_ID = /^trf_[A-Za-z0-9]+$/;

type RzpProduct = {
  id?: unknown;
  activation_status?: unknown;
  requirements?: { field_reference?: unknown; reason_code?: unknown; description?: unknown }[];
};
type RzpTransfer = {
  id?: unknown;
  recipient?: unknown;
  amount?: unknown;
  status?: unknown;
  error?: { description?: unknown; reason?: unknown } | null;
  recipient_settlement_id?: unknown;
  recipient_settlement?: { id?: unknown; utr?: unknown; created_at?: unknown; status?: unknown } | null;
};

const reasonOf = (p: RzpProduct): string | null => {
  const r = (p.requirements ?? [])
    .map((x) => (typeof x.description === 'string' ? x.description : typeof x.reason_code === 'string' ? x.reason_code : ''))
    .filter(Boolean);
  return r.length > 0 ? redactDigits(r.join('; ')).slice(0, 300) : null;
};

const toTransfer = (t: RzpTransfer): GatewayTransfer | null =>
  typeof t.id === 'string' && typeof t.recipient === 'string' && typeof t.amount === 'number'
    ? { transferId: t.id, recipient: t.recipient, amountPaise: t.amount }
    : null;

/**
 * Razorpay Route through the one Razorpay client (lib/razorpay.ts, shared with the payments gateway):
 * /v2/accounts, /stakeholders, /products; /v1/payments/{id}/transfers; /v1/transfers/{id}. Any failure is a
 * GatewayError (its message names the path and Razorpay's description, never a request body).
 */
export class RazorpayRouteGateway implements RouteGateway {
  readonly name = 'razorpay' as const;
  private readonly client: RazorpayClient;

  constructor(cfg: NonNullable<PaymentsConfig['razorpay']>, timeoutMs = 15_000) {
    this.client = new RazorpayClient(cfg, timeoutMs);
  }

  private call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    return this.client.call<T>(method, path, body);
  }

  private async settlementAccount(accountId: string, productId: string, input: LinkedAccountInput): Promise<LinkedAccountStatus> {
    const p = await this.call<RzpProduct>('PATCH', `/v2/accounts/${accountId}/products/${productId}`, {
      settlements: { account_number: input.accountNumber, ifsc_code: input.ifsc, beneficiary_name: input.holderName },
      tnc_accepted: true,
    });
    return { status: toAccountState(p.activation_status) ?? 'created', reason: reasonOf(p) };
  }

  async createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccountRef & LinkedAccountStatus> {
    const acc = await this.call<{ id?: unknown }>('POST', '/v2/accounts', {
      email: input.email,
      phone: input.phone,
      type: 'route',
      reference_id: input.ownerId.replace(/-/g, '').slice(0, 20),
      legal_business_name: input.holderName,
      business_type: 'individual',
      contact_name: input.contactName,
      profile: { category: 'housing', subcategory: 'space_rental' },
      legal_info: { pan: input.pan },
    });
    if (typeof acc.id !== 'string' || !ACCOUNT_ID.test(acc.id)) throw new GatewayError('Razorpay returned no linked account id');
    const sth = await this.call<{ id?: unknown }>('POST', `/v2/accounts/${acc.id}/stakeholders`, {
      name: input.holderName,
      email: input.email,
      kyc: { pan: input.pan },
    });
    const product = await this.call<RzpProduct>('POST', `/v2/accounts/${acc.id}/products`, { product_name: 'route', tnc_accepted: true });
    if (typeof product.id !== 'string' || !PRODUCT_ID.test(product.id)) throw new GatewayError('Razorpay returned no product id');
    const status = await this.settlementAccount(acc.id, product.id, input);
    return { linkedAccountId: acc.id, stakeholderId: typeof sth.id === 'string' ? sth.id : null, productId: product.id, ...status };
  }

  async updateSettlementAccount(ref: LinkedAccountRef, input: LinkedAccountInput): Promise<LinkedAccountStatus> {
    if (!ref.productId) throw new GatewayError('The linked account has no Route product');
    return this.settlementAccount(ref.linkedAccountId, ref.productId, input);
  }

  async accountStatus(ref: LinkedAccountRef): Promise<LinkedAccountStatus> {
    if (!ref.productId || !ACCOUNT_ID.test(ref.linkedAccountId) || !PRODUCT_ID.test(ref.productId)) {
      throw new GatewayError('Not a Razorpay linked account');
    }
    const p = await this.call<RzpProduct>('GET', `/v2/accounts/${ref.linkedAccountId}/products/${ref.productId}`);
    const status = toAccountState(p.activation_status);
    if (!status) throw new GatewayError('Razorpay answered an unknown activation status');
    return { status, reason: reasonOf(p) };
  }

  async transfer(gatewayPaymentId: string, linkedAccountId: string, amountPaise: number, notes: Record<string, string>) {
    if (!PAYMENT_ID.test(gatewayPaymentId)) throw new GatewayError('Not a Razorpay payment id', 400);
    const list = await this.call<{ items?: RzpTransfer[] }>('POST', `/v1/payments/${gatewayPaymentId}/transfers`, {
      transfers: [{ account: linkedAccountId, amount: amountPaise, currency: PAYMENT_CURRENCY, notes, on_hold: false }],
    });
    const made = (list.items ?? []).map(toTransfer).find((t) => t && t.recipient === linkedAccountId);
    if (!made || !TRANSFER_ID.test(made.transferId)) throw new GatewayError('Razorpay returned no transfer');
    return made;
  }

  async paymentTransfers(gatewayPaymentId: string): Promise<GatewayTransfer[]> {
    if (!PAYMENT_ID.test(gatewayPaymentId)) return [];
    const list = await this.call<{ items?: RzpTransfer[] }>('GET', `/v1/payments/${gatewayPaymentId}/transfers`);
    return (list.items ?? []).map(toTransfer).filter((t): t is GatewayTransfer => t !== null);
  }

  async transferStatus(transferId: string): Promise<TransferStatus> {
    if (!TRANSFER_ID.test(transferId)) throw new GatewayError('Not a Razorpay transfer id', 400);
    const t = await this.call<RzpTransfer>('GET', `/v1/transfers/${transferId}?expand[]=recipient_settlement`);
    const s = t.recipient_settlement;
    const settled = s && typeof s.id === 'string' && (s.status === undefined || s.status === 'processed');
    return {
      status: typeof t.status === 'string' ? t.status : 'pending',
      failureReason:
        t.status === 'failed'
          ? redactDigits(String(t.error?.description ?? t.error?.reason ?? 'The transfer failed at Razorpay')).slice(0, 300)
          : null,
      settlement: settled
        ? {
            id: String(s.id),
            utr: typeof s.utr === 'string' ? s.utr : null,
            settledAt: typeof s.created_at === 'number' ? new Date(s.created_at * 1000) : new Date(),
          }
        : null,
    };
  }
}

/** A sandbox id: prefix, the creation time (ms, base 36, 9 characters), then random characters. */
const sandboxId = (prefix: string, at: number) => `${prefix}Sbx${at.toString(36).padStart(9, '0')}${randomBody(5)}`;
function sandboxTime(id: string, prefix: string): number | null {
  if (!id.startsWith(`${prefix}Sbx`)) return null;
  const t = Number.parseInt(id.slice(prefix.length + 3, prefix.length + 12), 36);
  return Number.isFinite(t) ? t : null;
}

/**
 * The sandbox's Route: no state of its own (like Razorpay's servers, what it knows is in its ids): a linked
 * account's state follows from when it was made, a transfer is processed at once and settled one step
 * later, with a settlement id and UTR derived from the transfer id. An IFSC of bank code SBXC gives an
 * account that needs clarification (to see that state in development).
 */
export class SandboxRouteGateway implements RouteGateway {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly stepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private stateAt(createdAt: number): LinkedAccountState {
    const steps = this.stepMs <= 0 ? 2 : Math.floor((this.now() - createdAt) / this.stepMs);
    return steps >= 2 ? 'activated' : steps >= 1 ? 'under_review' : 'created';
  }

  async createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccountRef & LinkedAccountStatus> {
    const linkedAccountId = sandboxId('acc_', this.now());
    const ref = { linkedAccountId, stakeholderId: `sth_Sbx${randomBody(14)}`, productId: `acc_prd_Sbx${randomBody(14)}` };
    if (input.ifsc.startsWith('SBXC')) return { ...ref, status: 'needs_clarification', reason: 'The bank account could not be verified.' };
    return { ...ref, status: this.stateAt(this.now()), reason: null };
  }

  /** The sandbox takes a new bank account as it is: the linked account keeps its state. */
  async updateSettlementAccount(ref: LinkedAccountRef, input: LinkedAccountInput): Promise<LinkedAccountStatus> {
    if (input.ifsc.startsWith('SBXC')) return { status: 'needs_clarification', reason: 'The bank account could not be verified.' };
    return this.accountStatus(ref);
  }

  async accountStatus(ref: LinkedAccountRef): Promise<LinkedAccountStatus> {
    const at = sandboxTime(ref.linkedAccountId, 'acc_');
    if (at === null) throw new GatewayError('Not a sandbox linked account');
    return { status: this.stateAt(at), reason: null };
  }

  async transfer(_gatewayPaymentId: string, linkedAccountId: string, amountPaise: number): Promise<GatewayTransfer> {
    return { transferId: sandboxId('trf_', this.now()), recipient: linkedAccountId, amountPaise };
  }

  async paymentTransfers(): Promise<GatewayTransfer[]> {
    return [];
  }

  async transferStatus(transferId: string): Promise<TransferStatus> {
    const at = sandboxTime(transferId, 'trf_');
    if (at === null) throw new GatewayError('Not a sandbox transfer', 400);
    const settledAt = at + Math.max(this.stepMs, 0);
    if (this.now() < settledAt) return { status: 'processed', failureReason: null, settlement: null };
    const digest = createHash('sha256').update(transferId).digest();
    const utr = `SBXN${String(digest.readUInt32BE(0)).padStart(10, '0')}${String(digest.readUInt16BE(4) % 100).padStart(2, '0')}`;
    return {
      status: 'processed',
      failureReason: null,
      settlement: { id: `setl_Sbx${digest.toString('hex').slice(0, 14)}`, utr, settledAt: new Date(settledAt) },
    };
  }
}

/** The Route gateway for the app's configuration, or null when online payment is off. */
export function routeGatewayFor(config: Config): RouteGateway | null {
  const p = config.payments;
  if (p.gateway === 'razorpay' && p.razorpay) return new RazorpayRouteGateway(p.razorpay);
  if (p.gateway === 'sandbox') return new SandboxRouteGateway(config.payouts.sandboxStepMs);
  return null;
}
