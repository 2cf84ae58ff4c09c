import type { Property } from '@kiraya/contract';
import { chipText } from '@kiraya/contract/constants';
import { Building2, CalendarDays, Landmark, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { OwnerVerification } from '../../../components/OwnerVerification';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { usePublicRoomsT } from '../i18n/public';

const ICON = 'absolute top-0.5 left-0 flex h-7 w-7 items-center justify-center rounded-full bg-brand-50 text-brand-700';

type Facts = Pick<Property, 'description' | 'street' | 'landmark' | 'amenities' | 'propertyType' | 'owner' | 'createdAt'>;

/** The property's description, street and landmark, type, owner's username (B9), listing date and amenities (B17). */
export function PropertyFacts({ property: p }: { property: Facts }) {
  const t = usePublicRoomsT();
  const locale = useLocale();
  const landmark = p.landmark?.trim();
  const type = p.propertyType?.trim();
  const typeText = type ? t(`type.${type}` as Parameters<typeof t>[0]) : t('facts.na');
  return (
    <section aria-labelledby="property-about" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="property-about" className="text-lg font-semibold text-slate-900">
        {t('facts.about')}
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-700">{p.description?.trim() || t('facts.noDescription')}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <Fact icon={<Building2 className="h-4 w-4" />} label={t('facts.type')} value={typeText.startsWith('type.') ? type : typeText} />
        <Fact icon={<MapPin className="h-4 w-4" />} label={t('facts.street')} value={p.street} />
        {landmark ? <Fact icon={<Landmark className="h-4 w-4" />} label={t('facts.landmark')} value={landmark} /> : null}
        <Fact
          icon={<UserRound className="h-4 w-4" />}
          label={t('facts.listedBy')}
          value={
            <span className="flex flex-wrap items-center gap-2">
              {p.owner.username}
              <OwnerVerification verified={p.owner.verified} />
            </span>
          }
        />
      </dl>
      <p className="relative mt-3 flex min-h-8 items-center pl-10 text-sm font-medium text-slate-900">
        <span aria-hidden="true" className={ICON}>
          <CalendarDays className="h-4 w-4" />
        </span>
        <time dateTime={p.createdAt}>{t('facts.listedSince', { date: formatLongDate(p.createdAt, locale) })}</time>
      </p>
      {p.amenities?.length ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('facts.amenities')}</h3>
          <ul aria-label={t('facts.amenities')} className="mt-2 flex flex-wrap gap-2">
            {p.amenities.map((a) => (
              <li
                key={a}
                title={a}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-100"
              >
                {chipText(a)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="relative min-h-7 pl-10">
      <dt className="text-slate-600">
        <span aria-hidden="true" className={ICON}>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}
