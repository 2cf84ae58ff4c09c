import { Placeholder } from '../../../components/Placeholder';

export function PropertyRoomsPage() {
  return <Placeholder title="Rooms" />;
}
