import type { LateFee, LeaseTerms, RequestTerms } from '@kiraya/contract/leases';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise } from '@kiraya/contract/money';
import { TriangleAlert } from 'lucide-react';
import { formatLongDate } from '../lib/format';
import { type AppLocale, useLocale } from '../lib/i18n';
import { useMsg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';

type CommonT = ReturnType<typeof useCommonT>;

/**
 * Lease terms as both sides read them (issue 22): the invitation on the tenant's Requests, the lease on the
 * owner's Tenant Details and the tenant's room. Money arrives in paise (the contract's leases schema).
 */

/** "₹500.00, 3 days after the due date", "5% of the overdue rent, the day after the due date", "None". */
export function lateFeeText(t: CommonT, fee: LateFee | null): string {
  if (!fee) return t('lease.none');
  const what = fee.kind === 'flat' ? formatPaise(fee.amount) : t('lease.lateFeePercent', { percent: fee.percent });
  return t('lease.lateFeeAfter', { what, days: fee.graceDays });
}

/** "5th of each month"; an open due day (an invitation without a start date) is the start's day. */
export function dueDayText(t: CommonT, day: number | null): string {
  if (day === null) return t('lease.dueDayStart');
  const suffix =
    day % 10 === 1 && day !== 11 ? 'one' : day % 10 === 2 && day !== 12 ? 'two' : day % 10 === 3 && day !== 13 ? 'few' : 'other';
  return t('lease.dueDay', { day, suffix });
}

/** The deposit warning (a warning, never a refusal): the Model Tenancy Act's 2 months for homes. */
export function DepositWarning({ className = '', text = MSG.leaseDepositWarning }: { className?: string; text?: string }) {
  const msg = useMsg();
  return (
    <p role="note" className={`flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {msg(text)}
    </p>
  );
}

const termText = (t: CommonT, locale: AppLocale, terms: LeaseTerms | RequestTerms, termEndsOn: string | undefined) =>
  termEndsOn
    ? t('lease.termTo', { months: terms.termMonths, date: formatLongDate(termEndsOn, locale) })
    : t('lease.months', { months: terms.termMonths });

export function LeaseTermsList({
  terms,
  depositWarning = false,
  termEndsOn,
  label,
}: {
  terms: LeaseTerms | RequestTerms;
  depositWarning?: boolean;
  /** The last day of the term, when known (a current lease). */
  termEndsOn?: string;
  label?: string;
}) {
  const t = useCommonT();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('lease.rent'), formatPaise(terms.rent)],
    [t('lease.deposit'), terms.securityDeposit > 0 ? formatPaise(terms.securityDeposit) : t('lease.none')],
    [t('lease.rentDue'), dueDayText(t, terms.rentDueDay)],
    [t('lease.start'), terms.startDate ? formatLongDate(terms.startDate, locale) : t('lease.startOnAccept')],
    [t('lease.term'), termText(t, locale, terms, termEndsOn)],
    [
      t('lease.increment'),
      terms.incrementPercent > 0 ? t('lease.incrementEachYear', { percent: terms.incrementPercent }) : t('lease.none'),
    ],
    [t('lease.notice'), terms.noticeMonths > 0 ? t('lease.months', { months: terms.noticeMonths }) : t('lease.none')],
    [t('lease.lateFee'), lateFeeText(t, terms.lateFee)],
  ];
  return (
    <div role="group" aria-label={label ?? t('lease.terms')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm min-[400px]:grid-cols-2">
        {rows.map(([k, v]) => (
          <div
            key={k}
            className="flex justify-between gap-3 border-b border-slate-100 pb-1 min-[400px]:block min-[400px]:border-0 min-[400px]:pb-0"
          >
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right font-medium text-slate-900 min-[400px]:text-left">{v}</dd>
          </div>
        ))}
      </dl>
      {depositWarning ? <DepositWarning className="mt-3" text={t('lease.depositOverLimit')} /> : null}
    </div>
  );
}
