import { type OwnerContact, TENANT_TYPES, type TenantType } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate, formatPhone, formatRupees } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useMyReveals } from '../api/contacts';
import { useContactsT } from '../i18n';
import { ImageCarousel } from './ImageCarousel';

/** OwnerDetails (spec 2, B8): every owner the tenant revealed, from the server, newest first. */
export function OwnerDetailsPage() {
  const t = useContactsT();
  const msg = useMsg();
  const reveals = useMyReveals();
  return (
    <>
      <PageHeading title={t('owner.title')} subtitle={t('owner.subtitle')} />
      {reveals.isPending ? (
        <Spinner label={t('owner.loading')} />
      ) : reveals.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(MSG.ownerDetailsUnavailable)}
        </p>
      ) : reveals.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-800">{msg(MSG.noOwnerDetails)}</p>
          <Link to={PATHS.tenant.search} className="mt-2 inline-block font-medium text-brand-700 underline">
            {t('owner.search')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-6">
          {reveals.data.map((c) => (
            <li key={c._id}>
              <OwnerCard contact={c} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const isTenantType = (v: string): v is TenantType => (TENANT_TYPES as readonly string[]).includes(v);

function OwnerCard({ contact: c }: { contact: OwnerContact }) {
  const t = useContactsT();
  const locale = useLocale();
  const label = t('owner.card', { property: c.property.title, room: c.room.roomNumber });
  return (
    <article
      aria-label={label}
      className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
    >
      <ImageCarousel images={c.room.images} label={label} />
      <div className="min-w-0 space-y-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{c.owner.fullName}</h2>
          <p className="text-sm text-slate-600">
            {t('owner.ownerOf', { property: c.property.title, date: formatLongDate(c.revealedAt, locale) })}
          </p>
        </div>
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <li>
            <a
              href={`tel:${c.owner.phoneNumber}`}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {formatPhone(c.owner.phoneNumber)}
            </a>
          </li>
          <li className="min-w-0">
            <a
              href={`mailto:${c.owner.email}`}
              className="inline-flex max-w-full items-center gap-2 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="truncate">{c.owner.email}</span>
            </a>
          </li>
        </ul>
        <div>
          <h3 className="font-semibold text-slate-900">{c.property.title}</h3>
          <p className="flex items-start gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {c.property.street}, {c.property.city}, {c.property.state} {c.property.pincode}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Fact label={t('fact.room')} value={c.room.roomNumber} />
          <Fact label={t('fact.roomType')} value={c.room.roomType} />
          <Fact label={t('fact.rent')} value={t('rent.perMonth', { amount: formatRupees(c.room.rentAmount) })} />
          <Fact label={t('fact.floor')} value={c.room.floor === 0 ? t('fact.ground') : String(c.room.floor)} />
          <Fact
            label={t('fact.tenantType')}
            value={isTenantType(c.room.tenantType) ? t(`tenantType.${c.room.tenantType}`) : c.room.tenantType}
          />
          <Fact label={t('fact.occupants')} value={String(c.room.maxOccupancy)} />
          <Fact label={t('fact.furniture')} value={c.room.isFurnitured ? t('fact.furnished') : t('fact.unfurnished')} />
          <Fact label={t('fact.bathroom')} value={c.room.hasAttachedBath ? t('fact.attached') : t('fact.notAttached')} />
        </dl>
        <p className="text-sm text-slate-700">{c.room.description}</p>
      </div>
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
