import { ANY_BILL_TYPES } from '@kiraya/contract/constants';
import { PAYMENT_METHOD_LABELS, type PaymentMethodKey } from '@kiraya/contract/offline-payments';
import { shortMonthInWords } from '../../../lib/format';
import type { AppLocale } from '../../../lib/i18n';
import type { useStatsT } from '../i18n';

type StatsT = ReturnType<typeof useStatsT>;
type BillType = (typeof ANY_BILL_TYPES)[number];

/**
 * The contract's English values in the page's language, through the statistics catalogue keyed by the value
 * (`billType.Electricity Bill`, `method.cash`, `status.partly_paid`); a value the contract does not list is shown as given.
 */
export const billTypeText = (t: StatsT, type: string): string =>
  (ANY_BILL_TYPES as readonly string[]).includes(type) ? t(`billType.${type as BillType}`) : type;

const METHOD_BY_LABEL = new Map(Object.entries(PAYMENT_METHOD_LABELS).map(([k, v]) => [v as string, k as PaymentMethodKey]));
/** A payment's method: the API sends its English label ("UPI direct"), shown through `method.<key>`. */
export const methodText = (t: StatsT, label: string): string => {
  const key = METHOD_BY_LABEL.get(label);
  return key ? t(`method.${key}`) : label;
};

export const BILL_STATUS_KEYS = ['unpaid', 'partly_paid', 'paid', 'overdue'] as const;
export const statusText = (t: StatsT, status: string): string =>
  (BILL_STATUS_KEYS as readonly string[]).includes(status) ? t(`status.${status as (typeof BILL_STATUS_KEYS)[number]}`) : status;

/** A chart's month ("2026-11"): "Nov 2026" in English, "नवंबर 2026" in Hindi (month, then year, split on the space). */
export const shortMonth = (month: string, locale: AppLocale): string => shortMonthInWords(month, locale);
