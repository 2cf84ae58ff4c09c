import type { Property } from '@kiraya/contract';
import { AMENITY_KEYS, chipText } from '@kiraya/contract/constants';
import { Badge } from '../../../components/Badge';
import { factLabel, typeLabel } from '../filters';
import { usePropertiesT } from '../i18n';

/** street, landmark, city, state, pincode joined (spec 2). */
export const addressLine = (p: Pick<Property, 'street' | 'landmark' | 'city' | 'state' | 'pincode'>): string =>
  [p.street, p.landmark, p.city, p.state, p.pincode]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');

/**
 * The first image as a thumbnail (with its size to avoid layout shift), or the "No Image Available" text.
 * `priority` marks the page's LCP image: fetched first and decoded with the paint.
 */
export function PropertyThumb({ property, eager = false, priority = false }: { property: Property; eager?: boolean; priority?: boolean }) {
  const t = usePropertiesT();
  const img = property.images?.[0];
  const src = img?.thumbnailUrl || img?.url || property.propertyImages?.[0];
  if (!src) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center bg-slate-100 text-sm font-medium text-slate-600">
        {t('card.noImage')}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={property.title}
      width={img?.width || 400}
      height={img?.height || 300}
      {...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: eager ? 'eager' : 'lazy', decoding: 'async' })}
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
    />
  );
}

export function AmenityChips({ amenities, label }: { amenities: string[]; label?: string }) {
  const t = usePropertiesT();
  if (!amenities?.length) return null;
  return (
    <ul aria-label={label ?? t('card.amenities')} className="flex flex-wrap gap-1.5">
      {amenities.map((a) => {
        // The fixed amenities (ADR 048) by their name in the page's language; free text as the owner typed it.
        const name = (AMENITY_KEYS as readonly string[]).includes(a) ? factLabel(t, 'amenity', a) : a;
        return (
          <li
            key={a}
            title={name}
            className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-100"
          >
            {chipText(name)}
          </li>
        );
      })}
    </ul>
  );
}

export function AvailabilityBadges({ property, showPaused = false }: { property: Property; showPaused?: boolean }) {
  const t = usePropertiesT();
  return (
    <div className="flex flex-wrap gap-1.5">
      {property.isAvailable ? <Badge tone="green">{t('badge.available')}</Badge> : <Badge tone="red">{t('badge.notAvailable')}</Badge>}
      {property.isFullyRented ? <Badge tone="blue">{t('badge.fullyRented')}</Badge> : null}
      {showPaused && property.isPaused ? <Badge tone="yellow">{t('badge.paused')}</Badge> : null}
    </div>
  );
}

/** Title, description, address, type, amenities and badges: the body both card kinds share. */
export function PropertyCardBody({ property, showPaused = false }: { property: Property; showPaused?: boolean }) {
  const t = usePropertiesT();
  return (
    <div className="flex flex-1 flex-col gap-2">
      <AvailabilityBadges property={property} showPaused={showPaused} />
      <h2 className="text-lg font-semibold leading-snug text-slate-900">{property.title}</h2>
      <p className="line-clamp-3 text-sm text-slate-700">{property.description?.trim() || t('card.noDescription')}</p>
      <p className="text-sm text-slate-600">
        <span className="sr-only">{t('card.address')} </span>
        {addressLine(property)}
      </p>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{t('card.type')}</span>{' '}
        {property.propertyType?.trim() ? typeLabel(t, property.propertyType.trim()) : t('card.na')}
      </p>
      <AmenityChips amenities={property.amenities} />
    </div>
  );
}
