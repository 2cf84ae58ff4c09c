import { BarChart3, Building2, ReceiptIndianRupee } from 'lucide-react';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../../lib/session';
import { type Tile, Tiles } from './Tiles';
import { WhoAskedPanel } from './WhoAskedPanel';
import { PATHS } from '../../../lib/paths';

const TILES: Tile[] = [
  { to: PATHS.owner.properties, title: 'Properties', text: 'Add properties and rooms, find tenants.', icon: Building2 },
  { to: PATHS.owner.billings, title: 'Billings', text: 'Bills and payments across your rooms.', icon: ReceiptIndianRupee },
  { to: PATHS.owner.statistics, title: 'Statistics', text: 'Occupancy, income and dues at a glance.', icon: BarChart3 },
];

/** Owner home (spec 2). */
export function OwnerHome() {
  const { user } = useSession();
  return (
    <>
      <PageHeading title={`Welcome, ${user?.fullName ?? ''}`} subtitle="Manage your rental experience with ease" />
      <Tiles tiles={TILES} />
      <WhoAskedPanel />
    </>
  );
}
