import type { Property } from '@kiraya/contract';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { OwnerVerification } from '../../../components/OwnerVerification';
import { formatRupees } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { factLabel } from '../filters';
import { usePropertiesT } from '../i18n';
import { PropertyCardBody, PropertyThumb } from './PropertyCardParts';
import { PATHS } from '../../../lib/paths';

/** View goes to /properties/{id} when logged out and to the tenant's Search/{id} when signed in as a tenant. */
export const viewHref = (id: string, role: string | undefined): string =>
  role === 'tenant' ? PATHS.tenant.searchProperty(id) : PATHS.property(id);

/** A property card of the public list and tenant Search: the owner's username only (B9). */
export function PublicPropertyCard({
  property,
  eager = false,
  priority = false,
}: {
  property: Property;
  eager?: boolean;
  /** The list's first card: its photo is the page's LCP element. */
  priority?: boolean;
}) {
  const t = usePropertiesT();
  const { user } = useSession();
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <PropertyThumb property={property} eager={eager} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <p className="flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="h-4 w-4" />
            <span>
              {t.rich('card.listedBy', {
                owner: <span className="font-medium text-slate-800">{property.owner?.username ?? t('card.owner')}</span>,
              })}
            </span>
          </p>
          <OwnerVerification verified={property.owner?.verified} />
        </div>
        <PropertyCardBody property={property} />
        <PropertyFactsLine property={property} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <p className="text-sm text-slate-700">
            {property.rentAmount !== null && property.rentAmount !== undefined
              ? t.rich('card.from', {
                  rent: <span className="text-base font-semibold text-slate-900">{formatRupees(property.rentAmount)}</span>,
                })
              : null}
          </p>
          <Link
            to={viewHref(property._id, user?.role)}
            aria-label={t('card.viewLabel', { title: property.title })}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('card.view')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The facts a renter filters by, in one line: "2 BHK · Furnished · Family · Indiranagar · Deposit ₹50,000" (ADR 048). */
function PropertyFactsLine({ property: p }: { property: Property }) {
  const t = usePropertiesT();
  if (!p.configuration) return null;
  const parts = [
    factLabel(t, 'configuration', p.configuration),
    factLabel(t, 'furnishing', p.furnishing),
    factLabel(t, 'tenantType', p.tenantType),
    p.locality,
    p.deposit ? t('card.deposit', { amount: formatRupees(p.deposit) }) : '',
  ].filter(Boolean);
  return <p className="text-sm font-medium text-slate-800">{parts.join(' · ')}</p>;
}
