import type { Property } from '@kiraya/contract';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { HiddenByKiraya } from '../../../components/HiddenByKiraya';
import { useOwnerPropertiesT } from '../i18n/owner';
import { PropertyCardBody, PropertyThumb } from './PropertyCardParts';
import { PATHS } from '../../../lib/paths';
import { useSharedT } from '../../../components/i18n';

type Props = {
  property: Property;
  onDelete: (p: Property) => void;
  onTogglePause: (p: Property) => void;
  pausing?: boolean;
  eager?: boolean;
};

const iconBtn = 'inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-200 bg-white hover:bg-slate-50';

/** The owner's property card: edit, delete, pause/resume (B13) and Manage rooms. */
export function OwnerPropertyCard({ property, onDelete, onTogglePause, pausing = false, eager = false }: Props) {
  const t = useOwnerPropertiesT();
  const names = useSharedT();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <PropertyThumb property={property} eager={eager} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* Hidden by moderators (issue 26): said first, with their reason. */}
        {property.hidden ? <HiddenByKiraya reason={property.hiddenReason} compact /> : null}
        {/* Listed before the facts existed (ADR 048): Edit saves them. */}
        {property.factsConfirmed === false ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">{t('facts.confirm')}</p>
        ) : null}
        <PropertyCardBody property={property} showPaused />
        <p className="text-sm text-slate-600">{t('card.rooms', { rooms: property.roomCount, vacant: property.vacantRoomCount })}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Link
            to={PATHS.owner.rooms(property._id)}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {names('name.manage')}
          </Link>
          <button
            type="button"
            onClick={() => onTogglePause(property)}
            disabled={pausing}
            aria-pressed={property.isPaused}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {property.isPaused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
            {property.isPaused ? t('card.resume') : t('card.pause')}
          </button>
          <span className="ml-auto flex gap-2">
            <Link
              to={PATHS.owner.editProperty(property._id)}
              aria-label={t('card.editLabel', { title: property.title })}
              title={t('card.edit')}
              className={`${iconBtn} text-slate-700`}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Link>
            <button
              type="button"
              onClick={() => onDelete(property)}
              aria-label={t('card.deleteLabel', { title: property.title })}
              title={t('card.delete')}
              className={`${iconBtn} text-red-700`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </span>
        </div>
      </div>
    </article>
  );
}
