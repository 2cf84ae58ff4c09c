import { MSG } from '@kiraya/contract/messages';
import { PhoneIncoming } from 'lucide-react';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useWhoAsked } from '../api/asked';
import { useDashboardT } from '../i18n';

/** The owner home's "Who asked for your number" panel (B8): tenants by username and full name, newest first. */
export function WhoAskedPanel() {
  const t = useDashboardT();
  const msg = useMsg();
  const locale = useLocale();
  const asked = useWhoAsked();
  return (
    <section aria-labelledby="who-asked" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="who-asked" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <PhoneIncoming aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('asked.heading')}
      </h2>
      {asked.isPending ? (
        <Spinner label={t('asked.loading')} />
      ) : asked.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {msg(MSG.internal)}
        </p>
      ) : asked.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{msg(MSG.noOneAsked)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {asked.data.map((a) => (
            <li key={a._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
              <span>
                <span className="font-semibold text-slate-900">{a.tenant.fullName}</span>{' '}
                <span className="text-slate-600">@{a.tenant.username}</span>
              </span>
              <span className="text-slate-700">{t('place', { property: a.property.title, room: a.room.roomNumber })}</span>
              <span className="text-slate-600">{formatDate(a.revealedAt, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
