import { DoorOpen, History, Inbox, MessageSquare, Search } from 'lucide-react';
import { useDashboardT } from '../i18n';
import { Link } from 'react-router-dom';
import { OwedSummary } from '../../../components/OwedSummary';
import { PageHeading } from '../../../components/PageHeading';
import { useOwedBillByRoom } from '../../../lib/owedBills';
import { useUnreadCounts } from '../../../lib/live';
import { useSession } from '../../../lib/session';
import { useFreshUser } from '../../../lib/useFreshUser';
import { type Tile, Tiles } from './Tiles';
import { PATHS } from '../../../lib/paths';
import { useTenantCurrentRooms, useTenantReveals } from '../api/firstRun';
import { FirstRunGuide } from './FirstRunGuide';
import { useSharedT } from '../../../components/i18n';
import { useCommonT } from '../../../components/i18n/common';

/** The tiles; each one's words are `tenant.tile.<id>` and `tenant.tile.<id>.text` in the dashboard catalogue. */
const TILES = [
  { id: 'myRooms', to: PATHS.tenant.myRooms, icon: DoorOpen },
  { id: 'search', to: PATHS.tenant.search, icon: Search },
  { id: 'recent', to: PATHS.tenant.recent, icon: History },
  { id: 'requests', to: PATHS.tenant.requests, icon: Inbox },
  { id: 'messages', to: PATHS.tenant.messages, icon: MessageSquare },
] as const;

/** Tenant home (spec 2): four tiles; Requests shows how many invitations wait for an answer (asked afresh). */
export function TenantHome() {
  const t = useDashboardT();
  const names = useSharedT();
  const common = useCommonT();
  const { user } = useSession();
  useFreshUser();
  const waiting = (user?.incomingRequests ?? []).filter((r) => r.status === 'pending');
  const pending = waiting.length;
  const badge = { count: pending, text: t('tenant.badge.requests', { count: pending }) };
  const rooms = useTenantCurrentRooms();
  const owing = (rooms.data ?? []).some((r) => r.outstanding > 0);
  const payable = useOwedBillByRoom(owing);
  const reveals = useTenantReveals();
  const isNew = rooms.isSuccess && reveals.isSuccess && rooms.data.length === 0 && reveals.data.length === 0 && pending === 0;
  const unread = useUnreadCounts().data?.messages ?? 0;
  const messages = { count: unread, text: t('tenant.badge.messages', { count: unread }) };
  const tiles: Tile[] = TILES.map(({ id, to, icon }) => ({
    to,
    icon,
    // The tiles the landing guide names are in the shared catalogue (its `name.*`); Recently Viewed is not.
    title: id === 'recent' ? common('name.recent') : names(`name.${id}`),
    text: t(`tenant.tile.${id}.text`),
    ...(id === 'requests' ? { badge } : id === 'messages' ? { badge: messages } : {}),
  }));
  return (
    <>
      <PageHeading title={t('welcome', { name: user?.fullName ?? '' })} subtitle={t('tenant.subtitle')} />
      {isNew ? (
        <FirstRunGuide
          title={t('tenant.guide.title')}
          intro={t('tenant.guide.intro')}
          steps={[
            { title: t('tenant.guide.search'), text: t('tenant.guide.search.text'), done: false },
            { title: t('tenant.guide.reveal'), text: t('tenant.guide.reveal.text'), done: false },
            { title: t('tenant.guide.accept'), text: t('tenant.guide.accept.text'), done: false },
          ]}
          action={{ to: PATHS.tenant.search, label: t('tenant.guide.search') }}
        />
      ) : (
        <>
          {waiting.length ? (
            // The invitation that brought a new tenant here, by name, with a way straight to it (Requests).
            <section aria-labelledby="tenant-invited" className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
              <h2 id="tenant-invited" className="font-semibold text-slate-900">
                {t('tenant.invited.title', { count: waiting.length })}
              </h2>
              <ul className="mt-2 space-y-2">
                {waiting.slice(0, 3).map((r) => (
                  <li key={r._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                    <span className="text-slate-800">
                      {t('tenant.invited', { owner: r.ownerId.fullName, room: r.roomId.roomNumber, property: r.title })}
                    </span>
                    <Link
                      to={`${PATHS.tenant.requests}#request-${r._id}`}
                      className="font-semibold text-brand-800 underline hover:text-brand-900"
                    >
                      {t('tenant.invited.open', { room: r.roomId.roomNumber })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {rooms.data?.length ? (
            <section aria-labelledby="tenant-owes" className="mb-6">
              <h2 id="tenant-owes" className="mb-3 text-lg font-semibold text-slate-900">
                {t('tenant.rent')}
              </h2>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {rooms.data.map((r) => (
                  <li key={r._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <Link
                      to={PATHS.tenant.myRoom(r.roomId)}
                      className="mb-2 block font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                    >
                      {t('tenant.roomAt', { room: r.room.roomNumber, property: r.property_id.title })}
                    </Link>
                    <OwedSummary
                      outstanding={r.outstanding}
                      overdue={r.overdue}
                      nextDue={r.nextDue}
                      payBillId={payable.data?.get(r.roomId)}
                      roomLabel={t('room', { room: r.room.roomNumber })}
                      reported={r.reported}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Tiles tiles={tiles} />
        </>
      )}
    </>
  );
}
