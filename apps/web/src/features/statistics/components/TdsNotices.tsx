import { formatPaise } from '@kiraya/contract/money';
import { TDS_194IB_THRESHOLD_PAISE } from '@kiraya/contract/offline-payments';
import type { TdsNotice } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';

/**
 * Section 194-IB on the statistics pages (issue 23): for each tenant and room whose monthly rent is above
 * ₹50,000 this financial year, the tax the tenant deducts at source, when, and whether the owner has given
 * the PAN it needs (never the PAN). The figures are the server's (the yearly rent receipt's computation).
 */
export function TdsNotices({ notices, viewer }: { notices: readonly TdsNotice[]; viewer: 'owner' | 'tenant' }) {
  if (notices.length === 0) return null;
  const threshold = formatPaise(TDS_194IB_THRESHOLD_PAISE);
  return (
    <section className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" aria-labelledby="tds-heading">
      <h2 id="tds-heading" className="text-base font-semibold">
        Tax deducted at source on rent (section 194-IB)
      </h2>
      <ul className="mt-2 space-y-3 text-sm">
        {notices.map((n) => (
          <li key={`${n.room._id}-${n.tenant._id}`} data-testid="tds-notice">
            <p className="font-medium">
              {n.property.title} · Room {n.room.roomNumber}
              {viewer === 'owner' ? ` · ${n.tenant.fullName}` : ''}
            </p>
            <p className="mt-1">
              The monthly rent ({formatMoney(n.monthlyRent)}) is above {threshold}, so{' '}
              {viewer === 'tenant' ? 'you must deduct' : `${n.tenant.fullName} must deduct`} tax at source of {n.ratePercent}% once a year,
              or in the month of moving out: <span className="font-semibold">{formatMoney(n.tax)}</span> on {formatMoney(n.yearRent)} of
              rent paid for the {n.financialYear.toLowerCase()} so far, deducted on {formatLongDate(n.deductOn)}.
            </p>
            <p className="mt-1">
              {viewer === 'tenant'
                ? n.ownerHasPan
                  ? "You need your owner's PAN for it: your owner has added it to Kiraya."
                  : "You need your owner's PAN for it: your owner has not added it to Kiraya yet, so ask them for it."
                : n.ownerHasPan
                  ? 'Your tenant needs your PAN for it: you have added it to Kiraya.'
                  : 'Your tenant needs your PAN for it: you have not added it yet.'}{' '}
              {viewer === 'owner' && !n.ownerHasPan ? (
                <Link to={PATHS.owner.profile} className="font-medium underline">
                  Add your PAN in Profile
                </Link>
              ) : null}
            </p>
            <Link
              to={viewer === 'tenant' ? PATHS.tenant.rentReceiptsFor(n.room._id) : PATHS.owner.rentReceipts(n.room._id)}
              className="mt-1 inline-block font-medium underline"
            >
              Yearly rent receipt
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
