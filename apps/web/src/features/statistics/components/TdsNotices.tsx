import { formatPaise } from '@kiraya/contract/money';
import { TDS_194IB_THRESHOLD_PAISE } from '@kiraya/contract/offline-payments';
import type { TdsNotice } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useStatsT } from '../i18n';

/**
 * Section 194-IB on the statistics pages (issue 23): for each tenant and room whose monthly rent is above
 * ₹50,000 this financial year, the tax the tenant deducts at source, when, and whether the owner has given
 * the PAN it needs (never the PAN). The figures are the server's (the yearly rent receipt's computation).
 */
export function TdsNotices({ notices, viewer }: { notices: readonly TdsNotice[]; viewer: 'owner' | 'tenant' }) {
  const t = useStatsT();
  const locale = useLocale();
  if (notices.length === 0) return null;
  const threshold = formatPaise(TDS_194IB_THRESHOLD_PAISE);
  // The period is FY2026-27; its label ("Financial year 2026-27") is the server's English.
  const year = (n: TdsNotice) => {
    const m = /^FY(\d{4}-\d{2})$/.exec(n.period);
    return m ? t('tds.financialYear', { years: m[1] as string }) : n.financialYear.toLowerCase();
  };
  return (
    <section className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" aria-labelledby="tds-heading">
      <h2 id="tds-heading" className="text-base font-semibold">
        {t('tds.heading')}
      </h2>
      <ul className="mt-2 space-y-3 text-sm">
        {notices.map((n) => (
          <li key={`${n.room._id}-${n.tenant._id}`} data-testid="tds-notice">
            <p className="font-medium">
              {viewer === 'owner'
                ? t('tds.place.owner', { property: n.property.title, room: n.room.roomNumber, tenant: n.tenant.fullName })
                : t('place', { property: n.property.title, room: n.room.roomNumber })}
            </p>
            <p className="mt-1">
              {t.rich(viewer === 'tenant' ? 'tds.text.tenant' : 'tds.text.owner', {
                rent: formatMoney(n.monthlyRent),
                threshold,
                tenant: n.tenant.fullName,
                rate: n.ratePercent,
                tax: <span className="font-semibold">{formatMoney(n.tax)}</span>,
                yearRent: formatMoney(n.yearRent),
                year: year(n),
                date: formatLongDate(n.deductOn, locale),
              })}
            </p>
            <p className="mt-1">
              {viewer === 'tenant'
                ? n.ownerHasPan
                  ? t('tds.pan.tenant.added')
                  : t('tds.pan.tenant.missing')
                : n.ownerHasPan
                  ? t('tds.pan.owner.added')
                  : t('tds.pan.owner.missing')}{' '}
              {viewer === 'owner' && !n.ownerHasPan ? (
                <Link to={PATHS.owner.profile} className="font-medium underline">
                  {t('tds.addPan')}
                </Link>
              ) : null}
            </p>
            <Link
              to={viewer === 'tenant' ? PATHS.tenant.rentReceiptsFor(n.room._id) : PATHS.owner.rentReceipts(n.room._id)}
              className="mt-1 inline-block font-medium underline"
            >
              {t('tds.receipt')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
