import { Placeholder } from '../../../components/Placeholder';

export function TenantSearchPage() {
  return <Placeholder title="Search properties" />;
}
