import { DoorOpen, History, Inbox, MessageSquare, Search } from 'lucide-react';
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

const TILES: Tile[] = [
  { to: PATHS.tenant.myRooms, title: 'My Rooms', text: 'Your room, rent, bills and payments.', icon: DoorOpen },
  { to: PATHS.tenant.search, title: 'Search Properties', text: 'Find a room that suits you.', icon: Search },
  { to: PATHS.tenant.recent, title: 'Recently Viewed Property', text: 'Properties you looked at lately.', icon: History },
  { to: PATHS.tenant.requests, title: 'Requests', text: 'Room requests from owners.', icon: Inbox },
  { to: PATHS.tenant.messages, title: 'Messages', text: 'Talk to your owners; maintenance requests.', icon: MessageSquare },
];

/** Tenant home (spec 2): four tiles; Requests shows how many invitations wait for an answer (asked afresh). */
export function TenantHome() {
  const { user } = useSession();
  useFreshUser();
  const pending = (user?.incomingRequests ?? []).filter((r) => r.status === 'pending').length;
  const badge = { count: pending, label: pending === 1 ? 'pending request' : 'pending requests' };
  const rooms = useTenantCurrentRooms();
  const owing = (rooms.data ?? []).some((r) => r.outstanding > 0);
  const payable = useOwedBillByRoom(owing);
  const reveals = useTenantReveals();
  const isNew = rooms.isSuccess && reveals.isSuccess && rooms.data.length === 0 && reveals.data.length === 0 && pending === 0;
  const unread = useUnreadCounts().data?.messages ?? 0;
  const messages = { count: unread, label: unread === 1 ? 'unread message' : 'unread messages' };
  const tiles = TILES.map((t) =>
    t.to === PATHS.tenant.requests ? { ...t, badge } : t.to === PATHS.tenant.messages ? { ...t, badge: messages } : t,
  );
  return (
    <>
      <PageHeading title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Find your room and manage your rent in one place" />
      {isNew ? (
        <FirstRunGuide
          title="Find your room"
          intro="You have no room and no owner contacts yet. Here is how renting through Kiraya works:"
          steps={[
            { title: 'Search properties', text: 'Filter by city, rent and type; open a property to see its rooms.', done: false },
            { title: "Reveal an owner's number", text: 'Get Phone Number on a room saves the owner to your dashboard.', done: false },
            { title: 'Accept the owner’s request', text: 'The owner invites you to the room; accept it under Requests.', done: false },
          ]}
          action={{ to: PATHS.tenant.search, label: 'Search properties' }}
        />
      ) : (
        <>
          {rooms.data?.length ? (
            <section aria-labelledby="tenant-owes" className="mb-6">
              <h2 id="tenant-owes" className="mb-3 text-lg font-semibold text-slate-900">
                Your rent
              </h2>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {rooms.data.map((r) => (
                  <li key={r._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <Link
                      to={PATHS.tenant.myRoom(r.roomId)}
                      className="mb-2 block font-semibold text-slate-900 hover:text-brand-800 hover:underline"
                    >
                      Room {r.room.roomNumber} · {r.property_id.title}
                    </Link>
                    <OwedSummary
                      outstanding={r.outstanding}
                      overdue={r.overdue}
                      nextDue={r.nextDue}
                      payBillId={payable.data?.get(r.roomId)}
                      roomLabel={`Room ${r.room.roomNumber}`}
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
