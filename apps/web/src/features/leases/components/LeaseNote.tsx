import { daysBetween } from '@kiraya/contract/calendar';
import { todayInIndia } from '@kiraya/contract/dates';
import { LEASE_END_NOTICE_DAYS } from '@kiraya/contract/leases';
import { formatPaise } from '@kiraya/contract/money';
import { Link } from 'react-router-dom';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useLease } from '../api/leases';
import { useLeasesT } from '../i18n';

/**
 * A line on the tenant's My Rooms card (issue 22 item 5): a renewal waiting for their answer (with a link to
 * the room, where they accept or decline it), or the term ending within 30 days. Nothing otherwise.
 */
export function LeaseNote({ roomId }: { roomId: string }) {
  const t = useLeasesT();
  const locale = useLocale();
  const lease = useLease(roomId).data;
  if (!lease || lease.leavingOn) return null;
  const r = lease.renewal;
  if (r?.status === 'open')
    return (
      <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
        {t.rich('note.renewal', {
          label: <span className="font-semibold">{t('note.renewalLabel')}</span>,
          rent: formatPaise(r.terms.rent),
          date: formatLongDate(r.endsOn, locale),
          link: (
            <Link to={PATHS.tenant.myRoom(roomId)} className="font-semibold underline">
              {t('note.review')}
            </Link>
          ),
        })}
      </p>
    );
  const left = daysBetween(todayInIndia(), lease.termEndsOn);
  if (left < 0 || left > LEASE_END_NOTICE_DAYS) return null;
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {t('note.termEnds', { date: formatLongDate(lease.termEndsOn, locale) })}
    </p>
  );
}
