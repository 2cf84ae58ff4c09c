import type { Room } from '@kiraya/contract';
import { ArrowLeft, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { HiddenByKiraya } from '../../../components/HiddenByKiraya';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { useRooms, useRoomsProperty } from '../api/rooms';
import { useRoomsT } from '../i18n';
import { AddRoomWizard } from './AddRoomWizard';
import { RoomCard } from './RoomCard';
import { PATHS } from '../../../lib/paths';
import { useSharedT } from '../../../components/i18n';

/** /OwnerDashboard/rooms/{propertyId}: the property's rooms as expandable cards. */
export function RoomsDashboardPage({
  renderBilling,
  renderDocuments,
  renderMessages,
  renderUnread,
  renderLease,
  renderRent,
}: {
  renderBilling?: (room: Room) => ReactNode;
  renderDocuments?: (room: Room) => ReactNode;
  renderMessages?: (room: Room) => ReactNode;
  renderUnread?: (room: Room) => ReactNode;
  renderLease?: (room: Room) => ReactNode;
  /** An occupied room's rent for its header: the lease's rent in force (issue 22). */
  renderRent?: (room: Room) => ReactNode;
} = {}) {
  const t = useRoomsT();
  const names = useSharedT();
  const { id = '' } = useParams();
  // A notification about a room's messages opens its card (?room=).
  const [search] = useSearchParams();
  const openRoom = search.get('room');
  const property = useRoomsProperty(id);
  const rooms = useRooms(id);
  const [adding, setAdding] = useState(false);
  const list = rooms.data ?? [];
  const p = property.data;

  return (
    <>
      <Link to={PATHS.owner.properties} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('page.back')}
      </Link>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3 sm:mb-0 [&>div]:mb-0 sm:[&>div]:mb-6">
        <PageHeading
          title={p?.title ?? t('page.title')}
          subtitle={p ? t('page.subtitle.place', { city: p.city, state: p.state }) : t('page.subtitle')}
        />
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
          {names('name.addRoom')}
        </button>
      </div>
      {/* Hidden by moderators (issue 26): the owner is told why (the listingHidden notification opens this page). */}
      {p?.hidden ? <HiddenByKiraya reason={p.hiddenReason} /> : null}
      {rooms.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : list.length === 0 ? (
        // A failed list shows as empty on the owner side (spec 8).
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{t('page.empty.title')}</p>
          <p className="mt-1 text-slate-600">{t('page.empty.text')}</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {list.map((r) => (
            <li key={r._id}>
              <RoomCard
                room={r}
                billing={renderBilling?.(r)}
                documents={renderDocuments?.(r)}
                messages={renderMessages?.(r)}
                unread={renderUnread?.(r)}
                lease={r.tenantId ? renderLease?.(r) : undefined}
                rent={r.tenantId ? renderRent?.(r) : undefined}
                defaultOpen={openRoom === r._id}
                defaultTab={openRoom === r._id ? 'messages' : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <AddRoomWizard propertyId={id} open={adding} onOpenChange={setAdding} />
    </>
  );
}
