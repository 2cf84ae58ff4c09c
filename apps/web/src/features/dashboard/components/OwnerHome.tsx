import { BarChart3, Building2, ReceiptIndianRupee } from 'lucide-react';
import { useDashboardT } from '../i18n';
import { PageHeading } from '../../../components/PageHeading';
import { useSession } from '../../../lib/session';
import { type Tile, Tiles } from './Tiles';
import { WhoAskedPanel } from './WhoAskedPanel';
import { CollectionPanel } from './CollectionPanel';
import { WaitingPanel } from './WaitingPanel';
import { PATHS } from '../../../lib/paths';
import { useOwnerProgress } from '../api/firstRun';
import { FirstRunGuide } from './FirstRunGuide';
import { useSharedT } from '../../../components/i18n';

/** The tiles; each one's words are `owner.tile.<id>` and `owner.tile.<id>.text` in the dashboard catalogue. */
const TILES = [
  { id: 'properties', to: PATHS.owner.properties, icon: Building2 },
  { id: 'billings', to: PATHS.owner.billings, icon: ReceiptIndianRupee },
  { id: 'statistics', to: PATHS.owner.statistics, icon: BarChart3 },
] as const;

/**
 * Owner home (spec 2): the three tiles once there is a property; until a room is let, the first steps; then what
 * waits for the owner (ADR 042) and this month's collection.
 */
export function OwnerHome() {
  const t = useDashboardT();
  const names = useSharedT();
  const { user } = useSession();
  const props = useOwnerProgress();
  const tiles: Tile[] = TILES.map(({ id, to, icon }) => ({ to, icon, title: names(`name.${id}`), text: t(`owner.tile.${id}.text`) }));
  const list = props.data ?? [];
  const hasProperty = props.isPending || props.isError || list.length > 0;
  const withRooms = list.find((p) => p.roomCount > 0);
  const hasRooms = Boolean(withRooms);
  const hasTenant = list.some((p) => p.roomCount > p.vacantRoomCount);
  const next = !list.length
    ? { to: `${PATHS.owner.properties}?add=1`, label: t('owner.next.property') }
    : !hasRooms
      ? { to: PATHS.owner.rooms((list[0] as { _id: string })._id), label: t('owner.next.rooms') }
      : {
          to: PATHS.owner.rooms((list.find((p) => p.vacantRoomCount > 0) ?? withRooms ?? (list[0] as { _id: string }))._id),
          label: t('owner.next.tenant'),
        };
  const guide =
    props.isSuccess && !hasTenant ? (
      <FirstRunGuide
        title={list.length ? t('owner.guide.next') : t('owner.guide.start')}
        intro={t('owner.guide.intro')}
        steps={[
          { title: t('owner.guide.property'), text: t('owner.guide.property.text'), done: list.length > 0 },
          { title: t('owner.guide.rooms'), text: t('owner.guide.rooms.text'), done: hasRooms },
          { title: t('owner.guide.tenant'), text: t('owner.guide.tenant.text'), done: hasTenant },
        ]}
        action={next}
      />
    ) : null;
  return (
    <>
      <PageHeading title={t('welcome', { name: user?.fullName ?? '' })} subtitle={t('owner.subtitle')} />
      {guide}
      {hasProperty ? <Tiles tiles={tiles} /> : null}
      {hasRooms ? <WaitingPanel /> : null}
      {hasRooms ? <CollectionPanel /> : null}
      {hasProperty ? <WhoAskedPanel /> : null}
    </>
  );
}
