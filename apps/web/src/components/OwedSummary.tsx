import { formatPaise } from '@kiraya/contract/money';
import { Link } from 'react-router-dom';
import { formatLongDate } from '../lib/format';
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
}: {
  outstanding: number;
  overdue: number;
  nextDue: { date: string; amount: number } | null;
  payBillId: string | undefined;
  /** "Room 101": names the Pay button for screen readers. */
  roomLabel: string;
}) {
  const t = useCommonT();
  const locale = useLocale();
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm text-slate-600">{t('owed.now')}</p>
          <p data-testid="outstanding" className={`text-xl font-bold ${overdue > 0 ? 'text-red-700' : 'text-slate-900'}`}>
            {formatPaise(outstanding)}
          </p>
        </div>
        {outstanding > 0 && payBillId ? (
          <Link
            to={PATHS.tenant.payBill(payBillId)}
            aria-label={t('owed.payFor', { amount: formatPaise(outstanding), room: roomLabel })}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('owed.pay')}
          </Link>
        ) : null}
      </div>
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
