import { Placeholder } from '../../../components/Placeholder';

export function PublicPropertiesPage() {
  return <Placeholder title="Properties" />;
}
