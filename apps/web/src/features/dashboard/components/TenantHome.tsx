import { DoorOpen, History, Inbox, Search } from 'lucide-react';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../../lib/session';
import { type Tile, Tiles } from './Tiles';
import { PATHS } from '../../../lib/paths';

const TILES: Tile[] = [
  { to: PATHS.tenant.myRooms, title: 'My Rooms', text: 'Your room, rent, bills and payments.', icon: DoorOpen },
  { to: PATHS.tenant.search, title: 'Search Properties', text: 'Find a room that suits you.', icon: Search },
  { to: PATHS.tenant.recent, title: 'Recently Viewed Property', text: 'Properties you looked at lately.', icon: History },
  { to: PATHS.tenant.requests, title: 'Requests', text: 'Room requests from owners.', icon: Inbox },
];

/** Tenant home (spec 2): four tiles. */
export function TenantHome() {
  const { user } = useSession();
  return (
    <>
      <PageHeading title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Find your room and manage your rent in one place" />
      <Tiles tiles={TILES} />
    </>
  );
}
