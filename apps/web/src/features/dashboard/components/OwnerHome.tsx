import { BarChart3, Building2, ReceiptIndianRupee } from 'lucide-react';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../../lib/session';
import { type Tile, Tiles } from './Tiles';
import { WhoAskedPanel } from './WhoAskedPanel';
import { CollectionPanel } from './CollectionPanel';
import { PATHS } from '../../../lib/paths';
import { useOwnerProgress } from '../api/firstRun';
import { FirstRunGuide } from './FirstRunGuide';

const TILES: Tile[] = [
  { to: PATHS.owner.properties, title: 'Properties', text: 'Add properties and rooms, find tenants.', icon: Building2 },
  { to: PATHS.owner.billings, title: 'Billings', text: 'Bills and payments across your rooms.', icon: ReceiptIndianRupee },
  { to: PATHS.owner.statistics, title: 'Statistics', text: 'Occupancy, income and dues at a glance.', icon: BarChart3 },
];

/** Owner home (spec 2): the three tiles once there is a property; until a room is let, the first steps. */
export function OwnerHome() {
  const { user } = useSession();
  const props = useOwnerProgress();
  const list = props.data ?? [];
  const hasProperty = props.isPending || props.isError || list.length > 0;
  const withRooms = list.find((p) => p.roomCount > 0);
  const hasRooms = Boolean(withRooms);
  const hasTenant = list.some((p) => p.roomCount > p.vacantRoomCount);
  const next = !list.length
    ? { to: PATHS.owner.properties, label: 'Add your first property' }
    : !hasRooms
      ? { to: PATHS.owner.rooms((list[0] as { _id: string })._id), label: 'Add rooms' }
      : {
          to: PATHS.owner.rooms((list.find((p) => p.vacantRoomCount > 0) ?? withRooms ?? (list[0] as { _id: string }))._id),
          label: 'Invite a tenant',
        };
  const guide =
    props.isSuccess && !hasTenant ? (
      <FirstRunGuide
        title={list.length ? 'Next steps' : 'Get started in three steps'}
        intro="Kiraya keeps your rooms, tenants, bills and payments in one place. Start here:"
        steps={[
          { title: 'Add a property', text: 'Its address, type, amenities and photos.', done: list.length > 0 },
          { title: 'Add rooms', text: 'Rent, size and photos for each room you let.', done: hasRooms },
          { title: 'Invite a tenant', text: 'Search a tenant by username and send a request for a room.', done: hasTenant },
        ]}
        action={next}
      />
    ) : null;
  return (
    <>
      <PageHeading title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Manage your rental experience with ease" />
      {guide}
      {hasProperty ? <Tiles tiles={TILES} /> : null}
      {hasRooms ? <CollectionPanel /> : null}
      {hasProperty ? <WhoAskedPanel /> : null}
    </>
  );
}
