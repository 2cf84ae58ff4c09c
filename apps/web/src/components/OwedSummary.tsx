import { formatPaise } from '@kiraya/contract/money';
import { Link } from 'react-router-dom';
import { formatDate, formatLongDate } from '../lib/format';
import { useLocale } from '../lib/i18n';
import { useCommonT } from './i18n/common';
import { PATHS } from '../lib/paths';

/**
 * What a tenant owes on one room (issue 22), where they look (My Rooms, the home, the room): outstanding now,
 * the overdue part in red, the next due date and amount, and Pay, which opens the Pay screen for the room's
 * whole balance (`payBillId`: one of its owed bills). Money in paise, as GET /tenant/room-details sends it.
 */
export function OwedSummary({
  outstanding,
  overdue,
  nextDue,
  payBillId,
  roomLabel,
  reported,
}: {
  outstanding: number;
  overdue: number;
  nextDue: { date: string; amount: number } | null;
  payBillId: string | undefined;
  /** "Room 101": names the Pay button for screen readers. */
  roomLabel: string;
  /** UPI payments the tenant reported that wait for the owner (ADR 042), paise: shown, and not invited again. */
  reported?: { amount: number; paidOn: string; count: number } | null;
}) {
  const t = useCommonT();
  const locale = useLocale();
  // What is left to pay once the reported payments are confirmed: Pay asks for this, never for the reported money again.
  const left = Math.max(0, outstanding - (reported?.amount ?? 0));
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm text-slate-600">{t('owed.now')}</p>
          <p data-testid="outstanding" className={`text-xl font-bold ${overdue > 0 ? 'text-red-700' : 'text-slate-900'}`}>
            {formatPaise(outstanding)}
          </p>
        </div>
        {left > 0 && payBillId ? (
          <Link
            to={PATHS.tenant.payBill(payBillId)}
            aria-label={t('owed.payFor', { amount: formatPaise(left), room: roomLabel })}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('owed.pay')}
          </Link>
        ) : null}
      </div>
      {reported ? (
        <div role="status" data-testid="reported" className="mt-2 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900">
          <p className="font-medium">
            {reported.count > 1
              ? t('owed.reportedMany', {
                  amount: formatPaise(reported.amount),
                  count: reported.count,
                  date: formatDate(reported.paidOn, locale),
                })
              : t('owed.reported', { amount: formatPaise(reported.amount), date: formatDate(reported.paidOn, locale) })}
          </p>
          <p data-testid="left-after-reported">
            {left > 0 ? t('owed.afterReported', { amount: formatPaise(left) }) : t('owed.coveredByReported')}
          </p>
        </div>
      ) : null}
      {overdue > 0 ? (
        <p className="mt-1 text-sm font-semibold text-red-700">{t('owed.overdue', { amount: formatPaise(overdue) })}</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">
        {nextDue
          ? t.rich('owed.next', {
              date: formatLongDate(nextDue.date, locale),
              amount: <span className="font-semibold text-slate-900">{formatPaise(nextDue.amount)}</span>,
            })
          : outstanding === 0
            ? t('owed.none')
            : null}
      </p>
    </div>
  );
}
