/**
 * The checkout abstraction (issue 10): an order is paid through the window of its gateway. Razorpay's
 * checkout script is loaded from Razorpay at run time, once; the sandbox's window is an in-app dialog
 * (SandboxCheckoutDialog). Both end the same way: the checkout's identifiers go to verify-payment.
 */
import type { CheckoutResult, PaymentOrder } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { CHECKOUT_DESCRIPTION, PAYMENT_CURRENCY } from '@kiraya/contract/payments';

/** How a checkout window ended. */
export type CheckoutOutcome = { kind: 'paid'; result: CheckoutResult } | { kind: 'dismissed' } | { kind: 'failed'; message: string };

export type CheckoutPrefill = { name?: string; email?: string; contact?: string };
export type CheckoutRequest = { order: PaymentOrder; roomId: string; prefill: CheckoutPrefill; merchant: string };

/** Opens the order's checkout window; settles once the window is done with. */
export type Checkout = (req: CheckoutRequest) => Promise<CheckoutOutcome>;

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The script could not be loaded: the Pay screen shows MSG.paymentUnavailable. */
export class CheckoutUnavailableError extends Error {
  constructor() {
    super(MSG.paymentUnavailable);
    this.name = 'CheckoutUnavailableError';
  }
}

type RazorpayFailure = { error?: { description?: string; reason?: string } };
type RazorpayInstance = { open(): void; on(event: 'payment.failed', cb: (r: RazorpayFailure) => void): void };
type RazorpayCtor = new (options: RazorpayOptions) => RazorpayInstance;
declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

/** Razorpay's checkout options (spec 7). */
export type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: CheckoutPrefill;
  notes: { roomId: string };
  handler: (r: CheckoutResult) => void;
  modal: { ondismiss: () => void };
};

let loading: Promise<RazorpayCtor> | null = null;
/** Loads checkout.js once per page; a failed load may be tried again later. */
export function loadRazorpay(doc: Document = document): Promise<RazorpayCtor> {
  if (typeof window !== 'undefined' && window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const s = doc.createElement('script');
    s.src = RAZORPAY_SCRIPT;
    s.async = true;
    s.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new CheckoutUnavailableError()));
    s.onerror = () => {
      s.remove();
      reject(new CheckoutUnavailableError());
    };
    doc.head.appendChild(s);
  }).catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Spec 7: order id, amount in paise, INR, "Room Rent Payment", prefill, notes with the room id. */
export function razorpayOptions(req: CheckoutRequest, settle: (o: CheckoutOutcome) => void): RazorpayOptions {
  return {
    key: req.order.key,
    order_id: req.order.id,
    amount: req.order.amount,
    currency: req.order.currency ?? PAYMENT_CURRENCY,
    name: 'Kiraya',
    description: CHECKOUT_DESCRIPTION,
    prefill: req.prefill,
    notes: { roomId: req.roomId },
    handler: (result) => settle({ kind: 'paid', result }),
    modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
  };
}

/**
 * Razorpay's window. A failed attempt (payment.failed) is told at once; the window stays open for another
 * try, as Razorpay's checkout does, and settles when paid or dismissed.
 */
export function razorpayCheckout(onFailed: (message: string) => void): Checkout {
  return async (req) => {
    const Razorpay = await loadRazorpay();
    return new Promise<CheckoutOutcome>((resolve) => {
      let done = false;
      const settle = (o: CheckoutOutcome) => {
        if (done) return;
        done = true;
        resolve(o);
      };
      const rzp = new Razorpay(razorpayOptions(req, settle));
      rzp.on('payment.failed', (r) => onFailed(r.error?.description || MSG.paymentFailed));
      rzp.open();
    });
  };
}
