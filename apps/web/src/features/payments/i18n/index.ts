import { PAYMENT_METHOD_LABELS, type PaymentMethodKey, paymentMethodKey } from '@kiraya/contract/offline-payments';
import { defineArea } from '../../../lib/i18n';

/** Texts of the payment screens and receipts (ADR 039). */
export const usePaymentsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });

const KEY_OF_LABEL = new Map<string, PaymentMethodKey>(
  (Object.entries(PAYMENT_METHOD_LABELS) as [PaymentMethodKey, string][]).map(([key, label]) => [label, key]),
);

/**
 * A payment's method in the page's language, keyed by the contract's method key (`method.cash`): from the ledger
 * row's kind and method (`of`), or from the English label the API printed (`ofLabel`, the rent receipt's rows,
 * which carry only the label; an unknown label is shown as it came).
 */
export function useMethodName(): { of: (kind: string | null, method: string | null) => string; ofLabel: (label: string) => string } {
  const t = usePaymentsT();
  return {
    of: (kind, method) => t(`method.${paymentMethodKey(kind, method)}`),
    ofLabel: (label) => {
      const key = KEY_OF_LABEL.get(label);
      return key ? t(`method.${key}`) : label;
    },
  };
}

/**
 * A bill type (the contract's English constant, as the API answers it) in the page's language: the receipts and the
 * Pay screen name the bills a payment settles. The same words as the bills screens' (features never import each
 * other, ADR 008). An unknown type is shown as it came.
 */
export function useBillTypeLabel(): (type: string) => string {
  const t = usePaymentsT();
  return (type) => {
    const id = `billType.${type}` as Parameters<typeof t>[0];
    const text = t(id);
    return text === id ? type : text;
  };
}
