import type { LateFee, LeaseTerms, RequestTerms } from '@kiraya/contract/leases';
import { formatLongDate } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise } from '@kiraya/contract/money';
import { TriangleAlert } from 'lucide-react';

/**
 * Lease terms as both sides read them (issue 22): the invitation on the tenant's Requests, the lease on the
 * owner's Tenant Details and the tenant's room. Money arrives in paise (the contract's leases schema).
 */

const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** "₹500.00 after 3 days' grace", "5% of the overdue rent after 0 days' grace", "None". */
export function lateFeeText(fee: LateFee | null): string {
  if (!fee) return 'None';
  const what = fee.kind === 'flat' ? formatPaise(fee.amount) : `${fee.percent}% of the overdue rent`;
  return fee.graceDays > 0 ? `${what}, ${days(fee.graceDays)} after the due date` : `${what}, the day after the due date`;
}

/** "5th of each month"; an open due day (an invitation without a start date) is the start's day. */
export function dueDayText(day: number | null): string {
  if (day === null) return 'The start date’s day (at most the 28th)';
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix} of each month`;
}

/** The deposit warning (a warning, never a refusal): the Model Tenancy Act's 2 months for homes. */
export function DepositWarning({ className = '', text = MSG.leaseDepositWarning }: { className?: string; text?: string }) {
  return (
    <p role="note" className={`flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {text}
    </p>
  );
}

export function LeaseTermsList({
  terms,
  depositWarning = false,
  termEndsOn,
  label = 'Lease terms',
}: {
  terms: LeaseTerms | RequestTerms;
  depositWarning?: boolean;
  /** The last day of the term, when known (a current lease). */
  termEndsOn?: string;
  label?: string;
}) {
  const rows: [string, string][] = [
    ['Monthly rent', formatPaise(terms.rent)],
    ['Security deposit', terms.securityDeposit > 0 ? formatPaise(terms.securityDeposit) : 'None'],
    ['Rent due', dueDayText(terms.rentDueDay)],
    ['Lease start', terms.startDate ? formatLongDate(terms.startDate) : 'The day the invitation is accepted'],
    ['Term', termEndsOn ? `${months(terms.termMonths)}, to ${formatLongDate(termEndsOn)}` : months(terms.termMonths)],
    ['Yearly increment', terms.incrementPercent > 0 ? `${terms.incrementPercent}% each year` : 'None'],
    ['Notice period', terms.noticeMonths > 0 ? months(terms.noticeMonths) : 'None'],
    ['Late fee', lateFeeText(terms.lateFee)],
  ];
  return (
    <div role="group" aria-label={label}>
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
      {depositWarning ? (
        <DepositWarning
          className="mt-3"
          text="This deposit is more than 2 months' rent, the Model Tenancy Act's limit for residential lets."
        />
      ) : null}
    </div>
  );
}
