import { Placeholder } from '../../../components/Placeholder';

export function OwnerPropertiesPage() {
  return <Placeholder title="My properties" />;
}
