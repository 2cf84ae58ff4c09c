import { MSG } from '@kiraya/contract/messages';
import { IndianRupee } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { formatMoney, monthInWords } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useOwnerCollection } from '../api/collection';
import { useDashboardT } from '../i18n';

/**
 * The owner home's "This month's collection" (issue 22): what this month's bills came to and still owe, what
 * was collected this month (by payment date, ADR 042: the Statistics' "Received" of the month), per room with
 * the overdue rooms first (overdue counts bills of any month past their due date). Each figure says what it
 * counts. Each room opens its bills in Billings.
 */
export function CollectionPanel() {
  const t = useDashboardT();
  const msg = useMsg();
  const locale = useLocale();
  const q = useOwnerCollection();
  return (
    <section aria-labelledby="collection" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="collection" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <IndianRupee aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {q.data ? t('collection.headingMonth', { month: monthInWords(q.data.month, locale) }) : t('collection.heading')}
      </h2>
      {q.isPending ? (
        <Spinner label={t('collection.loading')} />
      ) : q.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {msg(MSG.internal)}
        </p>
      ) : q.data.rooms.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t('collection.empty')}</p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Total label={t('collection.billed')} value={q.data.totals.billed} />
            <Total label={t('collection.collected')} value={q.data.totals.collected} tone="good" />
            <Total label={t('collection.pending')} value={q.data.totals.pending} />
            <Total label={t('collection.overdue')} value={q.data.totals.overdue} tone={q.data.totals.overdue > 0 ? 'bad' : 'plain'} />
          </dl>
          <p className="mt-2 text-xs text-slate-600">{t('collection.note')}</p>
          <ul className="mt-4 divide-y divide-slate-200">
            {q.data.rooms.map((r) => (
              <li key={r.room._id} className="grid grid-cols-1 gap-1 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
                <div>
                  <Link
                    to={`${PATHS.owner.billings}?${new URLSearchParams({ propertyId: r.property._id, roomId: r.room._id })}`}
                    className="font-semibold text-slate-900 underline-offset-2 hover:underline"
                  >
                    {t('place', { property: r.property.title, room: r.room.roomNumber })}
                  </Link>
                  <span className="block text-slate-600">{r.tenant ? r.tenant.fullName : t('collection.noTenant')}</span>
                </div>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700 sm:justify-end">
                  <span>{t('collection.row.billed', { amount: formatMoney(r.billed) })}</span>
                  <span className="text-emerald-800">{t('collection.row.collected', { amount: formatMoney(r.collected) })}</span>
                  <span>{t('collection.row.pending', { amount: formatMoney(r.pending) })}</span>
                  {r.overdue > 0 ? (
                    <span className="font-semibold text-red-700">{t('collection.row.overdue', { amount: formatMoney(r.overdue) })}</span>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Total({ label, value, tone = 'plain' }: { label: string; value: number; tone?: 'plain' | 'good' | 'bad' }) {
  const color = tone === 'good' ? 'text-emerald-800' : tone === 'bad' ? 'text-red-700' : 'text-slate-900';
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={`mt-1 text-base font-semibold ${color}`}>{formatMoney(value)}</dd>
    </div>
  );
}
