import { Placeholder } from '../../../components/Placeholder';

export function RoomsDashboardPage() {
  return <Placeholder title="Rooms" />;
}
