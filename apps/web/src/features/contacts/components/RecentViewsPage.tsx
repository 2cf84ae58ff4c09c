import { PROPERTY_TYPES, type PropertyType } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatRupees } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useRecentViews } from '../api/contacts';
import { useContactsT } from '../i18n';

const isPropertyType = (v: string): v is PropertyType => (PROPERTY_TYPES as readonly string[]).includes(v);

/** Recently Viewed Property (B8): the properties the tenant opened lately, newest first, from the server. */
export function RecentViewsPage() {
  const t = useContactsT();
  const msg = useMsg();
  const locale = useLocale();
  const views = useRecentViews();
  return (
    <>
      <PageHeading title={t('recent.title')} subtitle={t('recent.subtitle')} />
      {views.isPending ? (
        <Spinner label={t('recent.loading')} />
      ) : views.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(MSG.publicListFailed)}
        </p>
      ) : views.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-800">{msg(MSG.noRecentViews)}</p>
          <Link to={PATHS.tenant.search} className="mt-2 inline-block font-medium text-brand-700 underline">
            {t('recent.search')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {views.data.map((v) => (
            <li key={v._id}>
              <Link
                to={PATHS.tenant.searchProperty(v._id)}
                className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                {v.image ? (
                  <img
                    src={v.image.thumbnailUrl || v.image.url}
                    alt=""
                    width={v.image.width || undefined}
                    height={v.image.height || undefined}
                    loading="lazy"
                    className="aspect-[16/9] w-full bg-slate-100 object-cover"
                  />
                ) : (
                  <span className="flex aspect-[16/9] w-full items-center justify-center bg-slate-100 text-sm font-medium text-slate-600">
                    {t('recent.noImage')}
                  </span>
                )}
                <span className="flex flex-1 flex-col gap-1 p-4">
                  <span className="text-lg font-semibold text-slate-900">{v.title}</span>
                  <span className="flex items-center gap-1.5 text-sm text-slate-700">
                    <MapPin aria-hidden="true" className="h-4 w-4" />
                    {v.city}, {v.state}
                  </span>
                  <span className="text-sm text-slate-700">
                    {isPropertyType(v.propertyType) ? t(`propertyType.${v.propertyType}`) : v.propertyType}
                  </span>
                  <span className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
                    <span className="font-bold text-slate-900">
                      {v.rentAmount == null
                        ? t('recent.noRooms')
                        : t('recent.from', { rent: t('rent.perMonth', { amount: formatRupees(v.rentAmount) }) })}
                    </span>
                    <span className="text-xs text-slate-600">{t('recent.viewed', { date: formatDate(v.viewedAt, locale) })}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
