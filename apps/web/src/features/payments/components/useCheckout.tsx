import { type ReactNode, useCallback, useRef, useState } from 'react';
import { type Checkout, type CheckoutOutcome, type CheckoutRequest, razorpayCheckout } from '../api/checkout';
import { SandboxCheckoutDialog } from './SandboxCheckoutDialog';

/**
 * The checkout of an order's gateway: Razorpay's script window, or the sandbox dialog, which this hook
 * renders (`dialog` goes into the page). `onFailed` hears of a failed Razorpay attempt while its window stays open.
 */
export function useCheckout(onFailed: (message: string) => void): { checkout: Checkout; dialog: ReactNode } {
  const [sandbox, setSandbox] = useState<CheckoutRequest | null>(null);
  const resolveRef = useRef<((o: CheckoutOutcome) => void) | null>(null);
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;

  const checkout = useCallback<Checkout>((req) => {
    if (req.order.gateway === 'razorpay') return razorpayCheckout((m) => failedRef.current(m))(req);
    return new Promise<CheckoutOutcome>((resolve) => {
      resolveRef.current = resolve;
      setSandbox(req);
    });
  }, []);

  const done = (o: CheckoutOutcome) => {
    setSandbox(null);
    resolveRef.current?.(o);
    resolveRef.current = null;
  };
  return { checkout, dialog: sandbox ? <SandboxCheckoutDialog key={sandbox.order.id} request={sandbox} onDone={done} /> : null };
}
